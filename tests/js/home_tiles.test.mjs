import assert from "node:assert/strict";
import test from "node:test";

import { tileStatus } from "../../frontend/static/fc/js/home_tiles.js";

test("a daily tile says today's result and the streak", () => {
  assert.equal(tileStatus(null, 0), "Not played yet");
  assert.equal(tileStatus({ state: "playing", ply: 1 }, 0), "In progress, 1 move");
  assert.equal(tileStatus({ state: "won", ply: 84, moves: new Array(84).fill("1a") }, 3), "Won in 84 moves · 3-day streak");
});
