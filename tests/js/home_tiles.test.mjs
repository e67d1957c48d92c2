import assert from "node:assert/strict";
import test from "node:test";

import { tileStatus } from "../../frontend/static/fc/js/home_tiles.js";

const won = (review) => ({ state: "won", ply: 84, moves: new Array(84).fill("1a"), submission: { result: { review } } });

test("a daily tile says today's result and the streak", () => {
  assert.equal(tileStatus(null, 0), "Not started");
  assert.equal(tileStatus({ state: "playing", ply: 1 }, 0), "Playing, 1 move");
  assert.equal(tileStatus({ state: "won", ply: 84, moves: new Array(84).fill("1a") }, 3), "Won in 84 moves · 3-day streak");
});

test("a held win says it is under review until staff decide, then follows the decision", () => {
  assert.equal(tileStatus(won("held"), 2), "Under review: won in 84 moves");
  assert.equal(tileStatus(won("cleared"), 1), "Won in 84 moves · 1-day streak");
  assert.equal(tileStatus(won("voided"), 0), "Won in 84 moves, not counted after review");
});
