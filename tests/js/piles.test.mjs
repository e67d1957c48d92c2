import assert from "node:assert/strict";
import test from "node:test";

import {
  columnId, columnIndex, columnNumber, idOf, idOfKey, keyOf, kindOf, PILE_ORDER, pileFromToken, pileOf, pilesOf, tokenOf,
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

test("no module but piles.js converts column ids or numbers", async () => {
  const { readdirSync, readFileSync } = await import("node:fs");
  const dir = new URL("../../frontend/static/fc/js/", import.meta.url);
  // A column's id from its index ((i + 1) % 10), its index from its id ((id + 9) % 10), a test of an id's shape.
  const converting = /\+ ?1\) ?% ?10|\+ ?9\) ?% ?10|\/\^\[0-9\]\$\/\.test|id === "0"/;
  const found = readdirSync(dir, { recursive: true }).filter((name) => name.endsWith(".js") && name !== "piles.js")
    .flatMap((name) => readFileSync(new URL(name, dir), "utf8").split("\n").map((line, i) => [name, i + 1, line]))
    .filter(([, , line]) => converting.test(line));
  assert.deepEqual(found, []);
});

test("columns, the waste and the stock convert both ways, the tenth column as 0", () => {
  assert.deepEqual([columnId(0), columnId(8), columnId(9)], ["1", "9", "0"]);
  assert.deepEqual(["1", "9", "0"].map(columnIndex), [0, 8, 9]);
  assert.equal(columnNumber("0"), 10);
  assert.deepEqual(pileFromToken("0"), { kind: "column", index: 9 });
  assert.deepEqual(pileFromToken("w"), { kind: "waste" });
  assert.deepEqual(["0", "w", "s", "x"].map((id) => tokenOf(pileOf(id))), ["0", "w", "s", "x"]);
  assert.deepEqual(["3", "b", "s", "hS", "w"].map(keyOf), ["3", "B", "S", undefined, undefined]);
  assert.deepEqual(["3", "B", "f", "W"].map(idOfKey), ["3", "b", "hH", "w"]);
});
