// The piles, named three ways and converted here only: an id for the page
// ("3", "b", "hS"; Klondike and Spider add "s" stock, "w" waste, "x" the
// finished runs, and "0" for Spider's tenth column), an object for the rules
// ({kind: "column", index: 2}), and a token of standard notation ("3", "b",
// "w", "h" or "hs" as a source). Which piles a game has is its family's answer
// (families.js `pileIdsOf`).

import { RANKS, SUITS } from "./cards.js";

export { SUITS };
const CELLS = "abcd";
const KINDS = { s: "stock", w: "waste", x: "removed" };
const IDS = { stock: "s", waste: "w", removed: "x" };

/** The id of column `index` (0-based): "1".."9", and "0" for the tenth. */
export const columnId = (index) => String((index + 1) % 10);
/** The ids of `count` columns, left to right. */
export const columnIds = (count) => Array.from({ length: count }, (_, i) => columnId(i));
export const COLUMN_IDS = columnIds(8);
export const CELL_IDS = [...CELLS];
export const FOUNDATION_IDS = SUITS.map((s) => `h${s}`);
/** The order the view lays piles out and looks for one under a point: top row first. */
export const PILE_ORDER = [...CELL_IDS, ...FOUNDATION_IDS, ...COLUMN_IDS];

/** "column", "cell", "foundation", "stock", "waste" or "removed" for a pile id. */
export const kindOf = (id) => (/^[0-9]$/.test(id) ? "column" : CELLS.includes(id) ? "cell" : KINDS[id] ?? "foundation");
export const isColumnId = (id) => kindOf(id) === "column";
export const isFoundationId = (id) => kindOf(id) === "foundation";
/** The 0-based index of a column id ("0" is the tenth column). */
export const columnIndex = (id) => (Number(id) + 9) % 10;
/** The number players read for a column id: 1 to 10. */
export const columnNumber = (id) => columnIndex(id) + 1;

/** The key that chooses a pile, as the page shows it: "3", "B" (a free cell), "S" (the stock); none for the others. */
export function keyOf(id) {
  const kind = kindOf(id);
  if (kind === "column") return id;
  if (kind === "cell" || kind === "stock") return id.toUpperCase();
  return undefined;
}

/** The pile a key chooses (the inverse of `keyOf`, any case): "f" the hearts foundation (F again: see input.js). */
export const idOfKey = (key) => (key.toLowerCase() === "f" ? FOUNDATION_IDS[0] : key.toLowerCase());

/** `pileOf("3")` is `{kind: "column", index: 2}`; `pileOf("hS")` the spades foundation. */
export function pileOf(id) {
  const kind = kindOf(id);
  if (kind === "column") return { kind, index: columnIndex(id) };
  if (kind === "cell") return { kind, index: CELLS.indexOf(id) };
  return kind === "foundation" ? { kind, suit: id[1] } : { kind };
}

/** The id of a pile object; a foundation named without its suit takes the suit of `card`. */
export function idOf(pile, card) {
  if (pile.kind === "column") return columnId(pile.index);
  if (pile.kind === "cell") return CELLS[pile.index];
  if (pile.kind !== "foundation") return IDS[pile.kind];
  return `h${pile.suit ?? card[1]}`;
}

/** A notation token as a pile object: "h" is "a foundation", "hs" the spades one, "0" the tenth column. */
export function pileFromToken(token) {
  if (token[0] === "h") return { kind: "foundation", suit: token.length === 2 ? token[1].toUpperCase() : null };
  if (CELLS.includes(token)) return { kind: "cell", index: CELLS.indexOf(token) };
  if (KINDS[token]) return { kind: KINDS[token] };
  return { kind: "column", index: columnIndex(token) };
}

/** A pile object as a notation token (a foundation as a source names its suit). */
export function tokenOf(pile) {
  if (pile.kind === "column") return columnId(pile.index);
  if (pile.kind === "cell") return CELLS[pile.index];
  if (pile.kind !== "foundation") return IDS[pile.kind];
  return pile.suit ? `h${pile.suit.toLowerCase()}` : "h";
}

/**
 * The cards of every pile of a position, by id, exposed card last; null for a
 * card face down (Klondike and Spider views). The finished runs ("x") are
 * listed Ace to King, run after run.
 */
export function pilesOf(position) {
  const piles = {};
  position.columns.forEach((column, i) => { piles[columnId(i)] = column; });
  position.cells?.forEach((card, i) => { piles[CELL_IDS[i]] = card ? [card] : []; });
  if (position.foundations) {
    for (const suit of SUITS) piles[`h${suit}`] = [...RANKS.slice(0, position.foundations[suit])].map((rank) => rank + suit);
  }
  if (position.stock) piles.s = position.stock;
  if (position.waste) piles.w = position.waste;
  if (position.removed) piles.x = position.removed.flatMap((suit) => [...RANKS].map((rank) => rank + suit));
  return piles;
}
