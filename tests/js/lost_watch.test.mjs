import assert from "node:assert/strict";
import test from "node:test";

import { createLostWatch } from "../../frontend/static/fc/js/lost_watch.js";
import { msDeal } from "./helpers.mjs";

function setup(answers) {
  const asked = [];
  const client = {
    async dealVerdict(variant, number, moves) {
      asked.push(moves.slice());
      return answers.shift() ?? { status: "open" };
    },
  };
  let game = { moves: [], position: msDeal(1) };
  const heard = [];
  const watch = createLostWatch({
    client, session: {}, config: { user: null, variant: "freecell", number: 1 }, current: () => game,
    onLost: (lost) => heard.push(lost), delayMs: 0,
  });
  return { watch, asked, heard, setMoves: (moves) => { game = { ...game, moves }; } };
}

test("a lost position is told once, with the move after which a win was possible", async () => {
  const { watch, asked, heard, setMoves } = setup([{ status: "lost", last_good_ply: 1, scope: "" }]);
  setMoves(["6a", "6b"]);
  await watch.check();
  assert.deepEqual(heard, [{ lastGood: 1, scope: "" }]);
  setMoves(["6a", "6b", "6h"]);
  await watch.check();
  assert.equal(asked.length, 1, "still lost while the losing move is in the log: not asked again");
});

test("each position is asked about once, and nothing before the first move", async () => {
  const { watch, asked, heard, setMoves } = setup([]);
  await watch.check();
  assert.equal(asked.length, 0);
  setMoves(["6a"]);
  await watch.check();
  await watch.check();
  assert.equal(asked.length, 1);
  assert.deepEqual(heard, []);
});

test("after undoing past the losing move the watch asks again", async () => {
  const { watch, asked, setMoves } = setup([{ status: "lost", last_good_ply: 1, scope: "" }]);
  setMoves(["6a", "6b"]);
  await watch.check();
  setMoves(["6a", "1a"]);
  await watch.check();
  assert.equal(asked.length, 2);
});
