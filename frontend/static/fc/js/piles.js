// The piles, named three ways and converted here only: an id for the page
// ("3", "b", "hS"; Klondike and Spider add "s" stock, "w" waste, "x" the
// finished runs, and "0" for Spider's tenth column), an object for the rules
// ({kind: "column", index: 2}), and a token of standard notation ("3", "b",
// "h" or "hs" as a source).

import { RANKS, SUITS } from "./cards.js";

export { SUITS };
const CELLS = "abcd";
export const COLUMN_IDS = ["1", "2", "3", "4", "5", "6", "7", "8"];
export const CELL_IDS = [...CELLS];
export const FOUNDATION_IDS = SUITS.map((s) => `h${s}`);
/** The order the view lays piles out and looks for one under a point: top row first. */
export const PILE_ORDER = [...CELL_IDS, ...FOUNDATION_IDS, ...COLUMN_IDS];

/** "column", "cell" or "foundation" for a pile id. */
const KINDS = { s: "stock", w: "waste", x: "removed" };
export const kindOf = (id) => (/^[0-9]$/.test(id) ? "column" : CELLS.includes(id) ? "cell" : KINDS[id] ?? "foundation");
export const isColumnId = (id) => kindOf(id) === "column";
export const isFoundationId = (id) => kindOf(id) === "foundation";

/** `pileOf("3")` is `{kind: "column", index: 2}`; `pileOf("hS")` the spades foundation. */
export function pileOf(id) {
  const kind = kindOf(id);
  if (kind === "column") return { kind, index: (Number(id) + 9) % 10 };
  if (kind === "cell") return { kind, index: CELLS.indexOf(id) };
  return kind === "foundation" ? { kind, suit: id[1] } : { kind };
}

/** The id of a pile object; a foundation named without its suit takes the suit of `card`. */
export function idOf(pile, card) {
  if (pile.kind === "column") return String((pile.index + 1) % 10);
  if (pile.kind === "cell") return CELLS[pile.index];
  if (pile.kind !== "foundation") return { waste: "w", stock: "s", removed: "x" }[pile.kind];
  return `h${pile.suit ?? card[1]}`;
}

/** A notation token as a pile object: "h" is "a foundation", "hs" the spades one. */
export function pileFromToken(token) {
  if (token[0] === "h") return { kind: "foundation", suit: token.length === 2 ? token[1].toUpperCase() : null };
  if (CELLS.includes(token)) return { kind: "cell", index: CELLS.indexOf(token) };
  return { kind: "column", index: Number(token) - 1 };
}

/** A pile object as a notation token. */
export function tokenOf(pile) {
  if (pile.kind === "column") return String(pile.index + 1);
  if (pile.kind === "cell") return CELLS[pile.index];
  return pile.suit ? `h${pile.suit.toLowerCase()}` : "h";
}

/** The pile ids of a position in the view's order, top row first: FreeCell, Klondike or Spider. */
export function pileIdsOf(position) {
  const columns = position.columns.map((_, i) => String((i + 1) % 10));
  if (position.cells) return PILE_ORDER;
  return ["s", ...(position.removed ? ["x"] : ["w", ...FOUNDATION_IDS]), ...columns];
}

/**
 * The cards of every pile of a position, by id, exposed card last; null for a
 * card face down (Klondike and Spider views). The finished runs ("x") are
 * listed Ace to King, run after run.
 */
export function pilesOf(position) {
  const piles = {};
  position.columns.forEach((column, i) => { piles[String((i + 1) % 10)] = column; });
  position.cells?.forEach((card, i) => { piles[CELL_IDS[i]] = card ? [card] : []; });
  if (position.foundations) {
    for (const suit of SUITS) piles[`h${suit}`] = [...RANKS.slice(0, position.foundations[suit])].map((rank) => rank + suit);
  }
  if (position.stock) piles.s = position.stock;
  if (position.waste) piles.w = position.waste;
  if (position.removed) piles.x = position.removed.flatMap((suit) => [...RANKS].map((rank) => rank + suit));
  return piles;
}
