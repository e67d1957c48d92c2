// The rules of every game, as the page asks them: each function hands the
// position to its variant's family (families.js), whose module mirrors the
// engine's (families/freecell.js, klondike.js, spider.js). Pure functions on
// position JSON; no DOM in here. A position of Klondike or Spider may be a
// player's view: a move that turns cards up takes them from `revealed` (the
// server's `[{pile, card}]`), and throws MissingReveal when one is missing.

import { familyOf } from "./families.js";

// Ranks, suits and the two refusals live in cards.js, shared by every family.
export { BadNotation, IllegalMove, RANKS, SUITS } from "./cards.js";
// Rules are data: each variant is a ruleset of the catalogue (catalogue.js),
// read with the engine's own field names.
export { rulesetOf } from "./catalogue.js";
export { MissingReveal } from "./families/stock.js";
// The FreeCell family's own helpers (capacity, runs, its notation), for the modules that play it.
export {
  builds, canonicalMove, canonicalOf, checkMove, clonePosition, emptyCells, emptyColumns, formatMove, homeMove,
  isRed, parseMove, rankOf, runLength, suitOf, supermoveCapacity,
} from "./families/freecell.js";

const familyAt = (position) => familyOf(position?.variant);

/** True when the page plays this ruleset: its family's module plays what it asks. */
export { playable } from "./families.js";

/**
 * The position after a legal move (a new object; the argument is untouched).
 * `revealed`: the cards the server turned up (families that hide cards; null:
 * a card turned up and not known yet stays face down).
 */
export const applyMove = (position, move, revealed = []) => familyAt(position).applyMove(position, move, revealed);
/** Every legal move, in canonical notation, sorted as the engine sorts them. */
export const legalMoves = (position) => familyAt(position).legalMoves(position);
export const isWon = (position) => familyAt(position).isWon(position);
/** True when no legal move is left and the game is not won. */
export const isStuck = (position) => !isWon(position) && legalMoves(position).length === 0;
/** True when the family's auto-finish may take over (FreeCell: every column descends). */
export const autoFinishReady = (position) => familyAt(position).autoFinishReady(position);
/** The moves that send every card home once `autoFinishReady`, else []. */
export const autoFinishMoves = (position) => familyAt(position).autoFinishMoves(position);
/** Number of move paths of length `depth` (full positions). */
export const perft = (position, depth) => familyAt(position).perft(position, depth);
/** A legal move's canonical text (a card it turns up need not be known); throws IllegalMove otherwise. */
export const legalText = (position, move) => familyAt(position).legalText(position, move);
/** A legal move in the rules' terms: `{from, to, count, cards}` (a stock move: from the stock, no cards). */
export const checkedMove = (position, move) => familyAt(position).checked(position, move);
/** A move's text read in the variant's notation: `{from, to, count}`, or `{stock: true}`. */
export const parseMoveOf = (text, variant) => familyOf(variant).parseMove(text, variant);
/** Text rewritten the way the engine writes it back, or null when it is not a move of the variant. */
export const canonicalTextOf = (text, variant) => familyOf(variant).canonicalText(text, variant);

/**
 * Every move of `moves`, played in turn from `start`, in the one form the engine
 * writes (`canonical_line` in engine/canonical.py): `41` and `41v1` are one
 * Spider move, `21v6` onto a card is `21`. Throws at the first illegal move.
 */
export function canonicalLine(start, moves) {
  let position = start;
  return moves.map((text) => {
    const written = familyAt(position).canonical(position, text);
    position = applyMove(position, text);
    return written;
  });
}

/** Replay a log from a start position; throws on the first illegal move. */
export function replay(start, moves) {
  return moves.reduce((position, move) => applyMove(position, move), start);
}
