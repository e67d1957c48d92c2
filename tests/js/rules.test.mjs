import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  applyMove, autoFinishReady, BadNotation, canonicalMove, canonicalOf, checkMove, IllegalMove, isStuck,
  legalMoves, parseMove, perft, replay, supermoveCapacity,
} from "../../frontend/static/fc/js/rules.js";
import { msDeal, position } from "./helpers.mjs";

const refusal = (pos, move) => {
  try {
    checkMove(pos, move);
  } catch (error) {
    if (error instanceof IllegalMove) return error.check;
    throw error;
  }
  return null;
};

describe("notation", () => {
  test("reads every kind of move in standard notation", () => {
    assert.deepEqual(parseMove("82vc"), { from: { kind: "column", index: 7 }, to: { kind: "column", index: 1 }, count: 12 });
    assert.equal(parseMove("5a").to.kind, "cell");
    assert.equal(parseMove("ah").to.kind, "foundation");
    assert.deepEqual(parseMove("hs5").from, { kind: "foundation", suit: "S" });
    assert.deepEqual(parseMove("hda").to, { kind: "cell", index: 0 });
  });

  test("refuses text that is not a move", () => {
    for (const text of ["", "9a", "ae", "h5", "hx5", "26v0", "26v03", "a", "1A", " 12", "1hv2"]) {
      assert.throws(() => parseMove(text), BadNotation, text);
    }
  });

  test("writes a count only where the text or the position needs one", () => {
    assert.equal(canonicalMove("26v1"), "26v1");
    assert.equal(canonicalMove("26vA"), null);
    const pos = position({ columns: ["9C", "8H 7S", ""] });
    assert.equal(canonicalOf(pos, checkMove(pos, "21")), "21");
    assert.equal(canonicalOf(pos, checkMove(pos, "21v2")), "21");
    assert.equal(canonicalOf(pos, checkMove(pos, "23")), "23v1");
    assert.equal(canonicalOf(pos, checkMove(pos, "1a")), "1a");
  });
});

describe("capacity", () => {
  test("FreeCell doubles per empty column that is not the destination", () => {
    const pos = position({ columns: ["KS", "QH", "", "JC"], cells: ["2H", "3H"] });
    // 2 empty cells, 5 empty columns.
    assert.deepEqual(supermoveCapacity(pos), { to_occupied: 3 * 32, to_empty: 3 * 16 });
  });

  test("ForeCell counts the free cells only", () => {
    const pos = position({ variant: "forecell", columns: ["KS"], cells: ["2H"] });
    assert.deepEqual(supermoveCapacity(pos), { to_occupied: 4, to_empty: 4 });
    const full = position({ variant: "forecell", columns: ["KS", "QH", "2C", "3C", "4C", "5C", "6C", "7C"] });
    assert.equal(supermoveCapacity(full).to_empty, null);
  });

  test("a run longer than the capacity is refused for capacity", () => {
    const pos = position({
      columns: ["9C", "8H 7S 6D 5C 4H 3S", "2C", "2D", "2S", "3C", "3D", "4C"],
      cells: ["AH", "AD", null, null],
    });
    assert.equal(refusal(pos, "21v6"), "capacity");
    assert.equal(refusal(pos, "21v3"), "destination");
  });

  test("the six-card transfer of docs/rules.md fits two cells and one empty column", () => {
    const pos = position({
      columns: ["9C", "8H 7S 6D 5C 4H 3S", "", "2D", "2S", "3C", "3D", "4C"],
      cells: ["AH", "AD", null, null],
    });
    assert.equal(refusal(pos, "21"), null);
    assert.deepEqual(applyMove(pos, "21").columns[0], ["9C", "8H", "7S", "6D", "5C", "4H", "3S"]);
    assert.equal(refusal(pos, "23v4"), "capacity");
    assert.equal(refusal(pos, "23v3"), null);
  });
});

describe("checks", () => {
  test("names the rule a refused move breaks", () => {
    const pos = position({
      columns: ["KS QH", "5D 4S", "", "5H JC TH 9S", "AS"],
      cells: ["2H", null, null, null],
      foundations: { S: 0, D: 1 },
    });
    assert.equal(refusal(pos, "2a"), "destination");
    assert.equal(refusal(pos, "b1"), "availability");
    assert.equal(refusal(pos, "43v3"), null);
    assert.equal(refusal(pos, "43v4"), "group_order");
    assert.equal(refusal(pos, "21"), "destination");
    assert.equal(refusal(pos, "hs1"), "availability");
    assert.equal(refusal(pos, "hd3"), null);
    assert.equal(refusal(pos, "5h"), null);
    assert.equal(refusal(pos, "ah"), "destination");
  });

  test("each variant takes foundation cards back only where it says", () => {
    const base = { columns: ["2S", "", "KD"], foundations: { H: 1 } };
    const check = (variant, move) => refusal(position({ ...base, variant }), move);
    assert.equal(check("freecell", "hhb"), null);
    assert.equal(check("freecell", "hh1"), null);
    assert.equal(check("freecell-tableau", "hhb"), "variant");
    assert.equal(check("freecell-tableau", "hh1"), null);
    assert.equal(check("freecell-classic", "hh1"), "variant");
    assert.equal(check("forecell", "hh1"), "variant");
  });

  test("ForeCell fills an empty column with a King or a King-led run only", () => {
    const pos = position({ variant: "forecell", columns: ["9C 8H", "", "AS KH QS"] });
    assert.equal(refusal(pos, "12"), "empty_column");
    assert.equal(refusal(pos, "32v2"), null);
    assert.equal(refusal(pos, "32"), "empty_column");
  });
});

describe("whole games", () => {
  test("MS deal 1 has the usual opening moves", () => {
    const deal = msDeal(1);
    const moves = legalMoves(deal);
    // No exposed card builds on another and no Ace is exposed: only cell moves.
    assert.equal(moves.length, 32);
    assert.ok(moves.includes("1a") && moves.includes("8d"));
  });

  test("a log replays move by move and stops at the first illegal move", () => {
    const deal = msDeal(1);
    assert.throws(() => replay(deal, ["1a", "1b", "5h"]), IllegalMove);
    const after = replay(deal, ["6a", "6b", "6h"]);
    assert.equal(after.foundations.C, 1);
    assert.deepEqual(after.cells, ["3D", "2C", null, null]);
  });

  test("auto-finish is ready when every column descends by rank", () => {
    assert.equal(autoFinishReady(position({ columns: ["KS QS 2H", "9D 8C"], cells: ["3D"] })), true);
    assert.equal(autoFinishReady(position({ columns: ["9D 9C"] })), false);
    assert.equal(autoFinishReady(position({ columns: ["2H 3S"] })), false);
  });

  test("a position without a legal move is stuck", () => {
    const pos = position({
      variant: "freecell-classic",
      columns: ["2S 3H", "2C 3D", "2D 3C", "2H 3S", "4S 5H", "4C 5D", "4D 5C", "4H 5S"],
      cells: ["6S", "6C", "6D", "6H"],
    });
    assert.equal(isStuck(pos), true);
  });

  test("perft counts move sequences", () => {
    const deal = msDeal(1);
    assert.equal(perft(deal, 1), legalMoves(deal).length);

    assert.equal(perft(deal, 0), 1);
  });
});
