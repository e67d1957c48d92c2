// Klondike (Draw 1, Draw 3), mirroring engine/families/klondike/: its moves on
// the piles it shares with Spider (stock.js), its auto-finish, its piles and
// what its board draws.

import { IllegalMove, RANKS, SUITS } from "../cards.js";
import { columnId, columnIds, FOUNDATION_IDS, idOf, pileOf } from "../piles.js";
import { faceUp, rankOf, stockFamily, tableOf, topOf, turnUp } from "./stock.js";

const RED = new Set(["H", "D"]);
const isRed = (card) => RED.has(card[1]);
const builds = (lower, upper) => rankOf(lower) + 1 === rankOf(upper) && isRed(lower) !== isRed(upper);

// What this module plays, as the engine's fields describe it (engine/families/klondike/rules.py PLAYS).
const PLAYS = {
  decks: 1, columns: 7, stock: "waste", deal_layout: "klondike", empty_column_accepts: "king",
  group_order: "down_alternate_colour", win: "all_on_foundations",
};

function foundationCheck(table, card) {
  if (table.foundations[card[1]] + 1 !== rankOf(card)) throw new IllegalMove("destination", `${card} does not fit its foundation`);
}

function columnAccepts(table, index, head) {
  const target = table.columns[index];
  if (target.length) {
    if (!topOf(target) || !builds(head, topOf(target))) throw new IllegalMove("destination", `${head} does not build on ${topOf(target)}`);
  } else if (rankOf(head) !== 13) {
    throw new IllegalMove("empty_column", `only a King, alone or heading a run, may enter an empty column (${head})`);
  }
}

// Cards a move from column `from` to `to` carries when no count is written: the
// run whose head fits the target's exposed card, or into an empty column the
// group led by a face-up King.
function groupSize(table, from, to) {
  const source = table.columns[from];
  const up = faceUp(table, from);
  const target = table.columns[to];
  if (target.length) {
    const count = rankOf(topOf(target)) - rankOf(topOf(source));
    return count >= 1 && count <= up ? count : 1;
  }
  for (let count = 1; count <= up; count += 1) if (rankOf(source[source.length - count]) === 13) return count;
  return up;
}

function turnStock(table, rules, reveal) {
  if (table.stock.length) {
    const n = Math.min(rules.draw_count, table.stock.length);
    for (let k = 0; k < n; k += 1) {
      const card = table.stock.pop();
      table.waste.push(card ?? reveal(idOf({ kind: "waste" })));
    }
  } else if (table.waste.length) {
    table.stock = table.waste.reverse();
    table.waste = [];
  } else {
    throw new IllegalMove("stock", "the stock and the waste are both empty");
  }
}

function columnMove(table, move, reveal) {
  const i = move.from.index;
  const column = table.columns[i];
  if (!faceUp(table, i)) throw new IllegalMove("availability", `column ${i + 1} has no face-up card`);
  if (move.to.kind === "foundation") {
    foundationCheck(table, topOf(column));
    table.foundations[topOf(column)[1]] += 1;
    column.pop();
  } else {
    const j = move.to.index;
    if (j === i) throw new IllegalMove("destination", `${topOf(column)} is already in column ${i + 1}`);
    const count = move.count ?? groupSize(table, i, j);
    if (count > faceUp(table, i)) throw new IllegalMove("availability", `column ${i + 1} has fewer face-up cards`);
    const cards = column.slice(column.length - count);
    for (let k = 1; k < cards.length; k += 1) {
      if (!builds(cards[k], cards[k - 1])) throw new IllegalMove("group_order", `${cards.join(" ")} does not alternate`);
    }
    columnAccepts(table, j, cards[0]);
    table.columns[j].push(...column.splice(column.length - count, count));
  }
  turnUp(table, i, reveal);
}

function singleMove(table, move) {
  let card;
  if (move.from.kind === "waste") {
    if (!topOf(table.waste ?? [])) throw new IllegalMove("availability", "the waste is empty");
    card = topOf(table.waste);
  } else {
    const top = table.foundations[move.from.suit];
    if (!top) throw new IllegalMove("availability", `the ${move.from.suit} foundation is empty`);
    if (move.to.kind === "foundation") throw new IllegalMove("destination", "a foundation card comes back to a column");
    card = RANKS[top - 1] + move.from.suit;
  }
  if (move.to.kind === "foundation") {
    foundationCheck(table, card);
    table.foundations[card[1]] += 1;
  } else {
    columnAccepts(table, move.to.index, card);
    table.columns[move.to.index].push(card);
  }
  if (move.from.kind === "waste") table.waste.pop();
  else table.foundations[move.from.suit] -= 1;
}

function move(table, rules, parsed, reveal) {
  if (parsed.stock) turnStock(table, rules, reveal);
  else if (parsed.from.kind === "column") columnMove(table, parsed, reveal);
  else singleMove(table, parsed);
}

const isWon = (position) => SUITS.every((s) => position.foundations[s] === 13);

/**
 * True when a game has nothing left to decide: not won, the stock and the
 * waste empty, and every card face up in columns that descend. Then the lowest
 * card left lies at the foot of its column and fits its foundation, however
 * the suits fall, so the rest always goes home.
 */
function finishReady(position) {
  if (isWon(position) || position.stock.length || position.waste.length) return false;
  const { columns, down } = tableOf(position);
  return down.every((n) => n === 0) &&
    columns.every((column) => column.every((card, k) => k === 0 || rankOf(card) < rankOf(column[k - 1])));
}

// The column whose foot card is the lowest that fits its foundation, as a move (`3h`), or null.
function lowestHomeMove(position) {
  let best = null;
  position.columns.forEach((column, i) => {
    const card = topOf(column);
    if (card && position.foundations[card[1]] + 1 === rankOf(card) && (!best || rankOf(card) < best.rank)) {
      best = { rank: rankOf(card), move: `${columnId(i)}h` };
    }
  });
  return best?.move ?? null;
}

/** The column-to-foundation moves that win a game once `finishReady`, lowest card first; else []. */
function finishMoves(position, { applyMove }) {
  if (!finishReady(position)) return [];
  const moves = [];
  for (let current = position, next = lowestHomeMove(current); next; next = lowestHomeMove(current)) {
    moves.push(next);
    current = applyMove(current, next);
  }
  return moves;
}

export const KLONDIKE = stockFamily({
  name: "klondike",
  plays: PLAYS,
  move,
  // The canonical form of a legal move: Klondike writes no counts.
  canonical: (position, parsed) => (parsed.stock || parsed.from.kind !== "column" || parsed.to.kind !== "column"
    ? parsed : { ...parsed, count: null }),
  // Moves start from the columns, the waste and the foundations (a card may come back).
  sources: (position, columns) => [...columns, { kind: "waste" }, ...SUITS.map((suit) => ({ kind: "foundation", suit }))],
  isWon,
  finishReady,
  finishMoves,
  board: {
    /** The piles of a position in the view's order: the stock, the waste, the foundations, the columns. */
    pileIds: (position) => ["s", "w", ...FOUNDATION_IDS, ...columnIds(position.columns.length)],
    autoHome: false,
    singleClick: () => false,
    groupLimit: null,
    // The stock, the waste (fanned over the next slot), the foundations from the fourth.
    topSlot: (id) => ({ s: 0, w: 1 })[id] ?? 3 + SUITS.indexOf(pileOf(id).suit),
    plannedRows: 12,
    stockTurn: 1,
    stockFan: false,
    stockWords: "Stock turned.",
  },
});
