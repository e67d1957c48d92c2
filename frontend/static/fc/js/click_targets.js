// Where a click, a tap or Enter sends a card, and what the finish button plays.
// Pure: it asks rules.js which moves are legal and picks among them in the
// order the game's help page promises.

import {
  SUITS, canonicalOf, checkMove, homeMove, IllegalMove, rulesetOf, runLength,
} from "./rules.js";

const columns = (position) => position.columns.map((_, index) => ({ kind: "column", index }));
const cells = (position) => position.cells.map((_, index) => ({ kind: "cell", index }));
const FOUNDATION = { kind: "foundation", suit: null };

function legal(position, move) {
  try {
    return canonicalOf(position, checkMove(position, move));
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

/**
 * The move a click on `from` plays, `depth` cards from the exposed end of a
 * column (1 = the exposed card; more = the head of a run), or null.
 */
export function clickMove(position, from, depth = 1) {
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
    return { move: canonicalOf(position, checkMove(position, { from, to: target, count })) };
  } catch (error) {
    if (error instanceof IllegalMove) return { error };
    throw error;
  }
}

/** How many cards a grab at `depth` may lift from a column: 0 when they are not a run. */
export const grabbable = (column, depth) => (depth >= 1 && depth <= runLength(column) ? depth : 0);

/**
 * A nudge when the server cannot be asked: a foundation play first, then a
 * build, a card into a free cell only when nothing else goes; never a card back.
 */
export function localHint(position) {
  const home = homeMove(position);
  if (home) return home;
  let parked = null;
  for (const from of [...columns(position), ...cells(position)]) {
    const depth = from.kind === "column" ? runLength(position.columns[from.index]) : 1;
    for (let count = depth; count >= 1; count -= 1) {
      const move = clickMove(position, from, count);
      if (move && !/^.[a-d]$/.test(move)) return move;
      parked ??= move;
    }
  }
  return parked;
}

export { SUITS };
