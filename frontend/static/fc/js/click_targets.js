// Where a click, a tap or Enter sends a card, and what the finish button plays.
// Pure: it asks rules.js which moves are legal and picks among them in the
// order the game's help page promises.

import { familyOf } from "./families.js";
import { SUITS, applyMove, homeMove, IllegalMove, legalText, rankOf, rulesetOf, runLength, legalMoves } from "./rules.js";

const columns = (position) => position.columns.map((_, index) => ({ kind: "column", index }));
const cells = (position) => (position.cells ?? []).map((_, index) => ({ kind: "cell", index }));
const FOUNDATION = { kind: "foundation", suit: null };

// Klondike and Spider hide cards and have no free cells; a card the move would
// turn up counts as turned (its name comes with the server's answer).
const isStock = (position) => familyOf(position.variant).hidesCards;

const check = (position, move) => legalText(position, move);

function legal(position, move) {
  try {
    return check(position, move);
  } catch (error) {
    if (error instanceof IllegalMove) return null;
    throw error;
  }
}

const firstLegal = (position, moves) => {
  for (const move of moves) {
    const text = legal(position, move);
    if (text) return text;
  }
  return null;
};

const occupied = (position, piles) => piles.filter((p) => position.columns[p.index].length > 0);
const empty = (position, piles) => piles.filter((p) => position.columns[p.index].length === 0);

// FreeCell: foundation, another column, a free cell. ForeCell: foundation, a
// column it builds on, an empty cell, and a King last of all into an empty column.
function singleCardTargets(position, from) {
  const others = columns(position).filter((p) => from.kind !== "column" || p.index !== from.index);
  if (isStock(position)) return [...(position.foundations ? [FOUNDATION] : []), ...stockColumns(position, from, 1, others)];
  const kingOnly = rulesetOf(position.variant).empty_column_accepts === "king";
  const targets = [FOUNDATION, ...occupied(position, others)];
  if (kingOnly) targets.push(...(from.kind === "cell" ? [] : cells(position)), ...empty(position, others));
  else targets.push(...empty(position, others), ...(from.kind === "cell" ? [] : cells(position)));
  return targets;
}

// A card on a foundation comes back to a column it builds on, else an empty
// cell, else an empty column, where the variant allows it at all.
function returnTargets(position) {
  return [...occupied(position, columns(position)), ...cells(position), ...empty(position, columns(position))];
}

// Klondike and Spider: a column it builds on (in Spider the same suit first), then an empty one.
function stockColumns(position, from, depth, others) {
  const source = from.kind === "waste" ? position.waste : position.columns[from.index] ?? [];
  const head = source.at(-depth);
  const suited = (p) => position.columns[p.index].at(-1)?.[1] === head?.[1];
  return [...occupied(position, others).sort((a, b) => suited(b) - suited(a)), ...empty(position, others)];
}

/**
 * The move a click on `from` plays, `depth` cards from the exposed end of a
 * column (1 = the exposed card; more = the head of a run), or null.
 */
export function clickMove(position, from, depth = 1) {
  if (isStock(position) && depth > 1) {
    const others = columns(position).filter((p) => p.index !== from.index);
    return firstLegal(position, stockColumns(position, from, depth, others).map((to) => ({ from, to, count: depth })));
  }
  if (from.kind === "foundation") {
    return firstLegal(position, returnTargets(position).map((to) => ({ from, to, count: 1 })));
  }
  if (depth > 1) {
    const others = columns(position).filter((p) => p.index !== from.index);
    const moves = [...occupied(position, others), ...empty(position, others)].map((to) => ({ from, to, count: depth }));
    return firstLegal(position, moves);
  }
  return firstLegal(position, singleCardTargets(position, from).map((to) => ({ from, to, count: 1 })));
}

/** Every pile that would take `count` cards from `from`, for highlighting a drag. */
export function legalTargets(position, from, count) {
  const piles = [...columns(position), ...cells(position), FOUNDATION];
  return piles.filter((to) => {
    if (to.kind === "column" && from.kind === "column" && to.index === from.index) return false;
    if (count > 1 && to.kind !== "column") return false;
    return legal(position, { from, to, count }) !== null;
  });
}

/** The move that carries `count` cards from `from` to `to`, or the refusal. */
export function moveBetween(position, from, to, count) {
  const target = to.kind === "foundation" ? FOUNDATION : to;
  try {
    return { move: check(position, { from, to: target, count }) };
  } catch (error) {
    if (error instanceof IllegalMove) return { error };
    throw error;
  }
}

/** How many cards a grab at `depth` may lift from a column: 0 when they are not a run. */
export const grabbable = (column, depth) => (depth >= 1 && depth <= runLength(column) ? depth : 0);

/** Klondike (alternate colours) or Spider (one suit): may the last `depth` cards of a column be lifted together? */
export function stockGrabbable(column, depth, spider) {
  const cards = column.slice(-depth);
  return depth >= 1 && cards.length === depth && cards.every((card, k) => card && (!k
    || (rankOf(card) + 1 === rankOf(cards[k - 1]) && (spider ? card[1] === cards[k - 1][1] : ("HD".includes(card[1]) !== "HD".includes(cards[k - 1][1]))))));
}

/**
 * A nudge when the server cannot be asked: a foundation play first, then a
 * build, a card into a free cell only when nothing else goes; never a card back
 * from a foundation, and never a move back to a position in `seen` (the
 * positions the game has been in, such as the one before the last move).
 */
export function localHint(position, seen = []) {
  const been = new Set(seen.map((p) => JSON.stringify(p)));
  const fresh = (move) => !been.size || !been.has(JSON.stringify(afterNudge(position, move)));
  if (isStock(position)) {
    const moves = legalMoves(position).filter((m) => m[0] !== "h" && fresh(m));
    return moves.find((m) => m.endsWith("h")) ?? moves.find((m) => m !== "s") ?? moves[0] ?? null;
  }
  const home = homeMove(position);
  if (home) return home;
  let parked = null;
  for (const from of [...columns(position), ...cells(position)]) {
    const depth = from.kind === "column" ? runLength(position.columns[from.index]) : 1;
    for (let count = depth; count >= 1; count -= 1) {
      const move = clickMove(position, from, count);
      if (!move || !fresh(move)) continue;
      if (!/^.[a-d]$/.test(move)) return move;
      parked ??= move;
    }
  }
  return parked;
}

// The position a nudge leads to; a Klondike or Spider card it would turn up stays unnamed.
function afterNudge(position, move) {
  return applyMove(position, move, null);
}

export { SUITS };
