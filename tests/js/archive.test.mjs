import assert from "node:assert/strict";
import test from "node:test";

import { dayWords, monthWeeks, shiftMonth } from "../../frontend/static/fc/js/archive.js";
import { linePositions, replayLines } from "../../frontend/static/fc/js/replay.js";
import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { msDeal, vectors } from "./helpers.mjs";

test("months step across years", () => {
  assert.equal(shiftMonth("2026-12", 1), "2027-01");
  assert.equal(shiftMonth("2026-01", -1), "2025-12");
  assert.equal(shiftMonth("2026-11", 0), "2026-11");
});

test("a month's calendar starts on Monday and pads with empty days", () => {
  const weeks = monthWeeks("2026-12"); // 1 December 2026 is a Tuesday
  assert.deepEqual(weeks[0].slice(0, 2), [null, "2026-12-01"]);
  assert.ok(weeks.every((week) => week.length === 7));
  assert.equal(weeks.flat().filter(Boolean).length, 31);
});

test("a day says whether it was won, played or not", () => {
  assert.equal(dayWords(null).text, "no daily");
  assert.deepEqual(dayWords({ won: true, played: true, moves: 1, seconds: 65 }), { mark: "✓", text: "won in 1 move, 1:05" });
  assert.equal(dayWords({ won: false, played: true, open: false }).mark, "●");
  assert.equal(dayWords({ won: false, played: false, open: true }).text, "today's daily");
});

test("the replay offers the par line first, then the players by rank, and steps through positions", () => {
  const data = { par_line: ["6a", "6b"], players: [{ rank: 1, player: "dana", moves: ["6a"] }] };
  assert.deepEqual(replayLines(data).map((l) => l.label), ["Par line (solver), 2 moves", "#1 dana, 1 move"]);
  const steps = linePositions(msDeal(1), ["6a", "6b"]);
  assert.equal(steps.length, 3);
  assert.deepEqual(steps[1].cards, ["3D"]);
  assert.equal(steps[2].position.cells[1], "2C");
  assert.match(steps[1].words, /^Three of diamonds from column 6 to free cell A/);
});

test("a closed Klondike or Spider daily replays from its full deal, each move in words", () => {
  loadCatalogue({ rulesets: vectors.rulesets });
  const start = (variant) => vectors.stock_deals.find((d) => d.variant === variant && d.number === 1).position;
  const klondike = linePositions(start("klondike-draw3"), ["s", "7h"]);
  assert.equal(klondike[1].words, "Stock turned.");
  assert.deepEqual(klondike[1].position.waste, ["4H", "AC", "4D"]);
  assert.equal(klondike[2].words, "Ace of spades from column 7 to its foundation.");
  assert.equal(klondike[2].position.face_down[6], 5); // the card under it turned up
  const spider = linePositions(start("spider-2suits"), ["s"]);
  assert.equal(spider[1].words, "A row dealt from the stock.");
  assert.equal(spider[1].position.columns.reduce((n, c) => n + c.length, 0), 64);
});

test("a closed stock daily replays from the player's view with the cards the server says each move turned up", () => {
  loadCatalogue({ rulesets: vectors.rulesets });
  const game = vectors.stock_replays.find((r) => r.variant === "spider-2suits");
  const full = vectors.stock_deals.find((d) => d.variant === game.variant && d.number === Number(game.number)).position;
  const { face_down: down, ...rest } = full;
  const view = { ...rest, columns: full.columns.map((c, i) => c.map((card, k) => (k < down[i] ? null : card))), stock: full.stock.map(() => null) };
  const moves = game.moves.slice(0, 30);
  const fromView = linePositions(view, moves, game.revealed.slice(0, 30));
  const fromFull = linePositions(full, moves);
  assert.deepEqual(fromView.at(-1).position.columns, fromFull.at(-1).position.columns.map((c, i) => c.map((card, k) => (k < fromFull.at(-1).position.face_down[i] ? null : card))));
  // Without the reveals a view cannot be replayed: refused, not guessed.
  assert.throws(() => linePositions(view, ["s"]), /turns up were not sent/);
});
