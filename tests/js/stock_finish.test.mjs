// Klondike's auto-finish: when a game has nothing left to decide, and the
// moves that win it, replayed through the Klondike family module (rules.js hands it the position).
import assert from "node:assert/strict";
import { test } from "node:test";

import { createFinisher } from "../../frontend/static/fc/js/auto_finish.js";
import {
  applyMove as applyStockMove, autoFinishMoves, autoFinishMoves as stockFinishMoves, autoFinishReady,
  autoFinishReady as stockFinishReady, canonicalTextOf as canonicalStockText, isWon,
} from "../../frontend/static/fc/js/rules.js";
import { fakeTable, vectors, viewOf } from "./helpers.mjs";

const RANKS = "A23456789TJQK";
// Kings down to Aces, colours alternating, the suits paired red with black.
const run = (first, second) => [...RANKS].reverse().map((rank, k) => rank + (k % 2 ? second : first));

/** A Klondike position, every card face up, nothing in the stock or the waste; `change` overrides fields. */
function allUp(change = {}) {
  const columns = [run("S", "H"), run("H", "S"), run("C", "D"), run("D", "C"), [], [], []];
  return {
    variant: "klondike-draw1", columns, face_down: columns.map(() => 0), stock: [], waste: [],
    foundations: { H: 0, C: 0, D: 0, S: 0 }, ...change,
  };
}

function replay(position, moves) {
  return moves.reduce((current, move) => applyStockMove(current, move), position);
}

test("every card face up with the stock and the waste empty: ready, in both forms", () => {
  assert.equal(stockFinishReady(allUp()), true);
  assert.equal(stockFinishReady(viewOf(allUp())), true);
  assert.equal(autoFinishReady(viewOf(allUp())), true);
});

test("a face-down card left: not ready, in the full position and in the view", () => {
  const position = allUp({ face_down: [1, 0, 0, 0, 0, 0, 0] });
  assert.equal(stockFinishReady(position), false);
  assert.equal(stockFinishReady(viewOf(position)), false);
  assert.deepEqual(autoFinishMoves(viewOf(position)), []);
});

test("a card in the stock or in the waste: not ready", () => {
  const full = allUp();
  const [ace, ...rest] = [full.columns[0].at(-1), ...full.columns[0].slice(0, -1)];
  assert.equal(stockFinishReady(allUp({ columns: [rest, ...full.columns.slice(1)], stock: [ace] })), false);
  assert.equal(stockFinishReady(viewOf(allUp({ columns: [rest, ...full.columns.slice(1)], stock: [ace] }))), false);
  assert.equal(stockFinishReady(allUp({ columns: [rest, ...full.columns.slice(1)], waste: [ace] })), false);
});

test("a column out of order, a won game and a game's first deal: not ready", () => {
  const full = allUp();
  const [king, ...below] = full.columns[0];
  assert.equal(stockFinishReady(allUp({ columns: [[...below, king], ...full.columns.slice(1)] })), false);
  const won = allUp({ columns: [[], [], [], [], [], [], []], foundations: { H: 13, C: 13, D: 13, S: 13 } });
  assert.equal(stockFinishReady(won), false);
  assert.deepEqual(stockFinishMoves(won), []);
  const first = vectors.stock_deals.find((d) => d.variant === "klondike-draw3").position;
  assert.equal(stockFinishReady(viewOf(first)), false);
});

test("Spider never finishes by itself", () => {
  const spider = vectors.stock_deals.find((d) => d.variant.startsWith("spider")).position;
  const upturned = { ...spider, face_down: spider.columns.map(() => 0), stock: [] };
  assert.equal(autoFinishReady(upturned), false);
  assert.deepEqual(autoFinishMoves(upturned), []);
});

test("the moves play the lowest card that fits, written as the engine writes them, and win", () => {
  const start = allUp();
  const moves = stockFinishMoves(start);
  assert.equal(moves.length, 52);
  assert.deepEqual(moves.slice(0, 4), ["1h", "2h", "3h", "4h"]);
  for (const move of moves) assert.equal(canonicalStockText(move, "klondike-draw1"), move);
  assert.equal(isWon(replay(start, moves)), true);
  // The same from the player's view, part-way home, in Draw 3.
  const partway = viewOf(allUp({ variant: "klondike-draw3" }));
  const played = replay(partway, moves.slice(0, 9));
  assert.deepEqual(autoFinishMoves(played), moves.slice(9));
  assert.equal(isWon(replay(played, autoFinishMoves(played))), true);
});

test("the finisher plays a Klondike finish through the table, one move at a time", async () => {
  const table = fakeTable(viewOf(allUp()), applyStockMove);
  const said = [];
  await createFinisher({ table, say: (t) => said.push(t), stepMs: 0 }).auto({ complete: true });
  assert.equal(table.game().moves.length, 52);
  assert.equal(isWon(table.game().position), true);
  assert.match(said.at(-1), /^All cards home\. You won in 52 moves!/);
});
