import assert from "node:assert/strict";
import test from "node:test";

import { createFinisher, isSafeHome, safeHomeMove } from "../../frontend/static/fc/js/auto_finish.js";
import { applyMove } from "../../frontend/static/fc/js/rules.js";
import { fakeTable, position } from "./helpers.mjs";

test("Aces and Twos are always safe to send home", () => {
  const pos = position({ columns: ["KS AH", "2H"], foundations: {} });
  assert.equal(isSafeHome(pos, "AH"), true);
  assert.equal(safeHomeMove(pos), "1h");
  const next = applyMove(pos, "1h");
  assert.equal(isSafeHome(next, "2H"), true);
  assert.equal(safeHomeMove(next), "2h");
});

test("a Three waits until both black Twos are home", () => {
  const pos = position({ columns: ["3H"], foundations: { H: 2, C: 2, S: 1 } });
  assert.equal(isSafeHome(pos, "3H"), false);
  assert.equal(safeHomeMove(pos), null);
  const ready = position({ columns: ["3H"], foundations: { H: 2, C: 2, S: 2 } });
  assert.equal(safeHomeMove(ready), "1h");
});

test("a card that does not fit its foundation is never safe, and cells count too", () => {
  const pos = position({ columns: ["5D"], cells: [null, "AC"], foundations: { H: 5, C: 5, S: 5, D: 3 } });
  assert.equal(isSafeHome(pos, "5D"), false);
  assert.equal(safeHomeMove(pos), null);
  const cell = position({ cells: [null, "2C"], foundations: { C: 1 } });
  assert.equal(safeHomeMove(cell), "bh");
});

test("after a move the safe cards go home as moves played through the table", async () => {
  const table = fakeTable(position({ columns: ["KS AH", "2H", "AS"] }), applyMove);
  const said = [];
  await createFinisher({ table, say: (t) => said.push(t), stepMs: 0 }).auto({ safe: true });
  assert.deepEqual(table.game().moves, ["1h", "3h", "2h"]);
  assert.match(said[0], /^3 cards went home/);
});

test("with the setting off nothing moves by itself", async () => {
  let game = { position: position({ columns: ["AH"] }), moves: [] };
  const table = { game: () => game, commit: () => { throw new Error("no move expected"); } };
  await createFinisher({ table, say: () => {}, stepMs: 0 }).auto({ safe: false });
  assert.deepEqual(game.moves, []);
});

test("what waits for the cards going home goes on once they are home, in order; at once when none go", async () => {
  const table = fakeTable(position({ columns: ["KS AH", "2H", "AS"] }), applyMove);
  const finisher = createFinisher({ table, say: () => {}, stepMs: 0 });
  const seen = [];
  const going = finisher.auto({ safe: true });
  assert.equal(finisher.running(), true);
  finisher.after(() => seen.push(`first after ${table.game().moves.length}`));
  finisher.after(() => seen.push(`second after ${table.game().moves.length}`));
  assert.deepEqual(seen, []);
  await going;
  assert.deepEqual(seen, ["first after 3", "second after 3"]);
  const nothing = finisher.auto({ safe: true }); // nothing left to go home: not running, not even for a moment
  assert.equal(finisher.running(), false);
  finisher.after(() => seen.push("at once"));
  assert.equal(seen.at(-1), "at once");
  await nothing;
});
