import assert from "node:assert/strict";
import { test } from "node:test";

import { clickMove, grabbable, legalTargets, localHint } from "../../frontend/static/fc/js/click_targets.js";
import { applyMove } from "../../frontend/static/fc/js/rules.js";
import { position } from "./helpers.mjs";

const column = (n) => ({ kind: "column", index: n - 1 });
const cell = (letter) => ({ kind: "cell", index: "abcd".indexOf(letter) });

test("FreeCell plays an exposed card home first", () => {
  const pos = position({ columns: ["5S AH", "2C"], foundations: {} });
  assert.equal(clickMove(pos, column(1)), "1h");
});

test("FreeCell then builds on a column, then takes an empty column, then a free cell", () => {
  const onto = position({ columns: ["5S 7H", "8C", "KD"] });
  assert.equal(clickMove(onto, column(1)), "12");
  const empty = position({ columns: ["5S 7H", "8H", "KD"] });
  assert.equal(clickMove(empty, column(1)), "14v1");
  const full = position({ columns: ["5S 7H", "8H", "KD", "2C", "3C", "4C", "5C", "6C"] });
  assert.equal(clickMove(full, column(1)), "1a");
});

test("ForeCell prefers an empty free cell to an empty column, and a King goes there last", () => {
  const pos = position({ variant: "forecell", columns: ["5S KH", "8H", "QD"], cells: ["2C", null, "3C", "4C"] });
  assert.equal(clickMove(pos, column(1)), "1b");
  const noCell = position({ variant: "forecell", columns: ["5S KH", "8H", "QD"], cells: ["2C", "9C", "3C", "4C"] });
  assert.equal(clickMove(noCell, column(1)), "14v1");
  const queen = position({ variant: "forecell", columns: ["5S 7D", "8H"], cells: ["2C", "9C", "3C", "4C"] });
  assert.equal(clickMove(queen, column(1)), null);
});

test("the head of a run moves the run to a column", () => {
  const pos = position({ columns: ["9C", "KS 8H 7S", "2D"] });
  assert.equal(clickMove(pos, column(2), 2), "21");
});

test("a cell card goes home or back to a column, never to another cell", () => {
  const home = position({ columns: ["9C"], cells: ["AS"] });
  assert.equal(clickMove(home, cell("a")), "ah");
  const back = position({ columns: ["9C", "2D", "3D", "4D", "5D", "6D", "7D", "8D"], cells: ["8H"] });
  assert.equal(clickMove(back, cell("a")), "a1");
  const stay = position({ columns: ["9H", "2D", "3D", "4D", "5D", "6D", "7D", "8D"], cells: ["8H"] });
  assert.equal(clickMove(stay, cell("a")), null);
});

test("a foundation's top card comes back only where the variant allows", () => {
  const base = { columns: ["3S", "2D", "3D", "4D", "5D", "6D", "7D", "8D"], foundations: { H: 2 } };
  const foundation = { kind: "foundation", suit: "H" };
  assert.equal(clickMove(position({ ...base }), foundation), "hh1");
  const noColumn = { ...base, columns: ["3H", "2D", "3D", "4D", "5D", "6D", "7D", "8D"] };
  assert.equal(clickMove(position(noColumn), foundation), "hha");
  assert.equal(clickMove(position({ ...noColumn, variant: "freecell-tableau" }), foundation), null);
  assert.equal(clickMove(position({ ...base, variant: "forecell" }), foundation), null);
});

test("legal targets for a drag, and what may be grabbed", () => {
  const pos = position({ columns: ["9C", "KS 8H 7S", "2D", "3D", "4D", "5D", "6D", "7D"] });
  assert.deepEqual(legalTargets(pos, column(2), 2).map((p) => p.index), [0]);
  assert.equal(legalTargets(pos, column(2), 1).filter((p) => p.kind === "cell").length, 4);
  assert.equal(grabbable(["KS", "8H", "7S"], 2), 2);
  assert.equal(grabbable(["KS", "8H", "7S"], 3), 0);
});

test("the local hint favours a foundation play and never takes a card back", () => {
  const pos = position({ columns: ["5S AH", "2C 3D"], foundations: { S: 4 } });
  assert.equal(localHint(pos), "1h");
  const back = position({ columns: ["KD", "QC"], foundations: { H: 3 } });
  assert.ok(!/^h/.test(localHint(back) ?? ""));
});

test("the local nudge never goes back to a position the game has been in", () => {
  const before = position({ columns: ["2S KH QS", "3S KD", "4S QH", "5S QD", "6S JH", "7S JD", "8S TH", "9S TD"] });
  assert.equal(localHint(before), "12");
  const after = applyMove(before, "12");
  assert.equal(localHint(after), "21"); // knowing nothing of the game, the queen would go straight back
  const nudge = localHint(after, [before]);
  assert.ok(nudge && nudge !== "21");
  assert.notDeepEqual(applyMove(after, nudge), before);
});

test("the local nudge parks a card in a free cell when nothing else goes", () => {
  const pos = position({ columns: ["2S KH", "3S KD", "4S QH", "5S QD", "6S JH", "7S JD", "8S TH", "9S TD"] });
  assert.match(localHint(pos), /^[12][a-d]$/);
});
