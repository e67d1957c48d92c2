// Spider (1, 2, 4 suits), mirroring engine/families/spider/: its moves on the
// piles it shares with Klondike (stock.js), its piles and what its board draws.
// Complete runs leave by themselves; nothing is left to finish.

import { IllegalMove } from "../cards.js";
import { columnId, columnIds } from "../piles.js";
import { faceUp, rankOf, stockFamily, topOf, turnUp } from "./stock.js";

// What this module plays, as the engine's fields describe it (engine/families/spider/rules.py PLAYS).
const PLAYS = {
  decks: 2, columns: 10, stock: "deal_row", deal_layout: "spider", empty_column_accepts: "any",
  group_order: "down_same_suit", tableau_build: "down_any_suit", win: "all_runs_removed",
};

function removeRuns(table, touched) {
  for (const i of touched) {
    const column = table.columns[i];
    if (faceUp(table, i) < 13) continue;
    const run = column.slice(-13);
    if (run.every((card, k) => card && rankOf(card) === 13 - k && card[1] === run[0][1])) {
      column.splice(-13, 13);
      table.removed.push(run[0][1]);
    }
  }
}

function dealRow(table, rules, reveal) {
  if (!table.stock.length) throw new IllegalMove("stock", "the stock is empty");
  const empty = table.columns.findIndex((c) => c.length === 0);
  if (rules.deal_needs_every_column && empty >= 0) {
    throw new IllegalMove("stock", `the stock cannot be dealt while column ${empty + 1} is empty`);
  }
  const dealt = Math.min(table.columns.length, table.stock.length);
  for (let i = 0; i < dealt; i += 1) {
    const card = table.stock.pop();
    table.columns[i].push(card ?? reveal(columnId(i)));
  }
  removeRuns(table, [...Array(dealt).keys()]);
}

function columnMove(table, move) {
  if (move.from.kind !== "column" || move.to.kind !== "column") {
    throw new IllegalMove("variant", "no card goes to or comes from a foundation; complete runs leave by themselves");
  }
  const i = move.from.index;
  const j = move.to.index;
  const column = table.columns[i];
  if (!faceUp(table, i)) throw new IllegalMove("availability", `column ${i + 1} has no face-up card`);
  if (i === j) throw new IllegalMove("destination", `${topOf(column)} is already in column ${i + 1}`);
  const up = faceUp(table, i);
  const target = table.columns[j];
  let count = move.count;
  if (count === null) {
    count = target.length ? rankOf(topOf(target)) - rankOf(topOf(column)) : 1;
    if (count < 1 || count > up) count = 1;
  }
  if (count > up) throw new IllegalMove("availability", `column ${i + 1} has fewer face-up cards`);
  const cards = column.slice(column.length - count);
  for (let k = 1; k < cards.length; k += 1) {
    if (rankOf(cards[k]) + 1 !== rankOf(cards[k - 1])) throw new IllegalMove("group_order", `${cards.join(" ")} does not descend`);
  }
  if (cards.some((card) => card[1] !== cards[0][1])) throw new IllegalMove("group_order", `${cards.join(" ")} is not one suit`);
  if (target.length && (!topOf(target) || rankOf(topOf(target)) !== rankOf(cards[0]) + 1)) {
    throw new IllegalMove("destination", `${cards[0]} does not go on ${topOf(target)}`);
  }
  target.push(...column.splice(column.length - count, count));
  removeRuns(table, [j]);
}

function move(table, rules, parsed, reveal) {
  if (parsed.stock) dealRow(table, rules, reveal);
  else columnMove(table, parsed);
  table.columns.forEach((_, i) => turnUp(table, i, reveal));
}

// The canonical form of a legal move: a count exactly into an empty column.
function canonical(position, parsed) {
  if (parsed.stock || parsed.from.kind !== "column" || parsed.to.kind !== "column") return parsed;
  if (position.columns[parsed.to.index].length) return { ...parsed, count: null };
  return { ...parsed, count: parsed.count ?? 1 };
}

export const SPIDER = stockFamily({
  name: "spider",
  plays: PLAYS,
  move,
  canonical,
  // Moves start from the columns only.
  sources: (position, columns) => columns,
  isWon: (position, rules) => position.removed.length === rules.foundations,
  board: {
    /** The piles of a position in the view's order: the stock, the finished runs, the columns. */
    pileIds: (position) => ["s", "x", ...columnIds(position.columns.length)],
    autoHome: false,
    singleClick: () => false,
    // Only a one-suit run is lifted as a group.
    groupLimit: "any",
    // The finished runs from the left, the stock at the right.
    topSlot: (id) => (id === "s" ? 9 : 0),
    plannedRows: 16,
    // A deal puts one card on each of the ten columns; the stock fans by deal.
    stockTurn: 10,
    stockFan: true,
    stockWords: "A row dealt from the stock.",
  },
});
