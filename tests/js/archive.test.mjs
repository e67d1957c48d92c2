import assert from "node:assert/strict";
import test from "node:test";

import { dayWords, monthWeeks, shiftMonth } from "../../frontend/static/fc/js/archive.js";
import { linePositions, replayLines } from "../../frontend/static/fc/js/replay.js";
import { msDeal } from "./helpers.mjs";

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
