import assert from "node:assert/strict";
import test from "node:test";

import {
  idOf, kindOf, PILE_ORDER, pileFromToken, pileOf, pilesOf, tokenOf,
} from "../../frontend/static/fc/js/piles.js";
import { position } from "./helpers.mjs";

test("every pile id round-trips through its object", () => {
  for (const id of PILE_ORDER) assert.equal(idOf(pileOf(id)), id);
  assert.deepEqual(pileOf("3"), { kind: "column", index: 2 });
  assert.deepEqual(pileOf("b"), { kind: "cell", index: 1 });
  assert.deepEqual(pileOf("hS"), { kind: "foundation", suit: "S" });
  assert.deepEqual(PILE_ORDER.map(kindOf).filter((k) => k === "column").length, 8);
});

test("a foundation named without a suit takes the moving card's", () => {
  assert.equal(idOf({ kind: "foundation", suit: null }, "7D"), "hD");
});

test("notation tokens round-trip, the bare h included", () => {
  for (const token of ["1", "8", "a", "d", "h", "hs", "hh"]) assert.equal(tokenOf(pileFromToken(token)), token);
  assert.deepEqual(pileFromToken("hc"), { kind: "foundation", suit: "C" });
  assert.deepEqual(pileFromToken("h"), { kind: "foundation", suit: null });
});

test("a position's piles by id, foundations spelled out card by card", () => {
  const piles = pilesOf(position({ columns: ["KS QH"], cells: [null, "5C"], foundations: { D: 2 } }));
  assert.deepEqual(piles["1"], ["KS", "QH"]);
  assert.deepEqual(piles.b, ["5C"]);
  assert.deepEqual(piles.a, []);
  assert.deepEqual(piles.hD, ["AD", "2D"]);
});
