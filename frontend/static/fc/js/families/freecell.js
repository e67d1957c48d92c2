// The FreeCell family (FreeCell, ForeCell), mirroring engine/families/freecell/:
// its rules as pure functions on position JSON (moves in fc-solve standard
// notation), its piles and what its board draws. No DOM in here; the page
// reaches it through families.js and rules.js.

import { BadNotation, IllegalMove, RANKS, SUITS } from "../cards.js";
import { rulesetOf } from "../catalogue.js";
import { CELL_IDS, columnId, columnIds, FOUNDATION_IDS, pileFromToken, tokenOf } from "../piles.js";

const RED = new Set(["H", "D"]);

// What this module knows how to play: the FreeCell family as the engine's
// fields describe it. A ruleset asking for anything else is refused, not guessed.
const PLAYABLE = {
  family: "freecell", decks: 1, columns: 8, cells: 4, foundations: 4, stock: "none",
  tableau_build: "down_alternate_colour", foundation_build: "up_by_suit_from_ace",
  group_moves: true, win: "all_on_foundations",
};

/** True when these rules play the ruleset. */
export const playable = (ruleset) =>
  Boolean(ruleset) && Object.entries(PLAYABLE).every(([field, value]) => ruleset[field] === value);

export const rankOf = (card) => RANKS.indexOf(card[0]) + 1;
export const suitOf = (card) => card[1];
export const isRed = (card) => RED.has(card[1]);

/** True when `lower` may sit on `upper` in a column: one rank down, other colour. */
export const builds = (lower, upper) =>
  rankOf(lower) + 1 === rankOf(upper) && isRed(lower) !== isRed(upper);

const rulesOf = (variant) => {
  const rules = rulesetOf(variant);
  if (!rules) throw new IllegalMove("variant", `unknown variant ${variant}`);
  if (!playable(rules)) throw new IllegalMove("variant", `${variant} is not played by these rules`);
  return rules;
};

// --- notation -------------------------------------------------------------------

// Case matters and nothing is trimmed, as in the engine: `12V3` and ` 12` are not moves.
const MOVE_PATTERN = /^([1-8]|[a-d]|h[hcds])([1-8]|[a-d]|h)(?:v([1-9a-f][0-9a-f]*))?$/;
const FOUNDATION = { kind: "foundation", suit: null };

/**
 * Parse a move: `parseMove("82vc")` is 12 cards from column 8 to column 2. A
 * column-to-column move without `v` has `count: null`: onto an occupied
 * column it means the run whose head fits there, into an empty one one card.
 */
export function parseMove(text) {
  const match = typeof text === "string" ? MOVE_PATTERN.exec(text) : null;
  if (!match) throw new BadNotation(text);
  const from = pileFromToken(match[1]);
  const to = pileFromToken(match[2]);
  const columns = from.kind === "column" && to.kind === "column";
  if (match[3] !== undefined && !columns) throw new BadNotation(text);
  const count = columns ? (match[3] === undefined ? null : parseInt(match[3], 16)) : 1;
  return { from, to, count };
}

/** Write a move; a column-to-column move writes its count unless it is unstated (null). */
export function formatMove({ from, to, count }) {
  const text = tokenOf(from) + (to.kind === "foundation" ? "h" : tokenOf(to));
  if (from.kind === "column" && to.kind === "column" && count !== null) return `${text}v${count.toString(16)}`;
  return text;
}

/**
 * The canonical form of a checked move, as `legal_moves` writes it: `v` exactly
 * when the destination column is empty (`14v1`, `83vc`); onto a card never
 * (`85`), since only one run of the source fits there.
 */
export function canonicalOf(position, move) {
  const columns = move.from.kind === "column" && move.to.kind === "column";
  const spelled = columns && position.columns[move.to.index].length === 0;
  return formatMove({ ...move, count: spelled ? move.count : null });
}

/** Text rewritten the way the engine writes it back, or null when it is not a move. */
export function canonicalMove(text) {
  try {
    return formatMove(parseMove(text));
  } catch (error) {
    if (error instanceof BadNotation) return null;
    throw error;
  }
}

// --- reading a position ----------------------------------------------------------

export const emptyCells = (position) => position.cells.filter((c) => c === null).length;
export const emptyColumns = (position) => position.columns.filter((c) => c.length === 0).length;
export const isWon = (position) => SUITS.every((s) => position.foundations[s] === 13);
const topOf = (column) => column[column.length - 1];
const foundationTop = (position, suit) =>
  position.foundations[suit] ? RANKS[position.foundations[suit] - 1] + suit : null;

/** How many cards one move may carry: `{to_occupied, to_empty}`; `to_empty` is null without an empty column. */
export function supermoveCapacity(position) {
  const rules = rulesOf(position.variant);
  const cells = emptyCells(position) + 1;
  const columns = emptyColumns(position);
  const toEmpty = (n) => (columns ? n : null);
  if (!rules.capacity_uses_empty_columns) return { to_occupied: cells, to_empty: toEmpty(cells) };
  return { to_occupied: cells * 2 ** columns, to_empty: toEmpty(cells * 2 ** Math.max(columns - 1, 0)) };
}

/** Length of the ordered run at the exposed end of a column (0 for an empty one). */
export function runLength(column) {
  let length = column.length ? 1 : 0;
  while (length < column.length && builds(column[column.length - length], column[column.length - length - 1])) {
    length += 1;
  }
  return length;
}

/** True when every column runs high to low by rank: the rest can go home. */
export function autoFinishReady(position) {
  return !isWon(position) && position.columns.every((column) =>
    column.every((card, i) => i === 0 || rankOf(card) < rankOf(column[i - 1])),
  );
}

const fitsFoundation = (position, card) => position.foundations[suitOf(card)] + 1 === rankOf(card);

/** The lowest card that can go home (columns, then cells, on a tie), as a move, or null. */
export function homeMove(position) {
  let best = null;
  const consider = (card, source) => {
    if (card && fitsFoundation(position, card) && (!best || rankOf(card) < best.rank)) best = { rank: rankOf(card), move: `${source}h` };
  };
  position.columns.forEach((column, i) => consider(topOf(column), columnId(i)));
  position.cells.forEach((card, i) => consider(card, CELL_IDS[i]));
  return best?.move ?? null;
}

/** The moves that send every card home once `autoFinishReady`, else []. */
export function autoFinishMoves(position) {
  if (!autoFinishReady(position)) return [];
  const moves = [];
  for (let current = position; !isWon(current);) {
    const move = homeMove(current);
    moves.push(move);
    current = applyMove(current, move);
  }
  return moves;
}

// --- checking and applying a move -------------------------------------------------

function movingCards(position, move) {
  const { from } = move;
  if (from.kind === "column") {
    const column = position.columns[from.index];
    if (column.length === 0) throw new IllegalMove("availability", `column ${from.index + 1} is empty`);
    const count = move.count ?? inferredCount(position, move);
    if (count > column.length) {
      throw new IllegalMove("availability", `column ${from.index + 1} has only ${column.length} cards`);
    }
    return column.slice(column.length - count);
  }
  if (from.kind === "cell") {
    const card = position.cells[from.index];
    if (card === null) throw new IllegalMove("availability", `cell ${CELL_IDS[from.index]} is empty`);
    return [card];
  }
  const top = foundationTop(position, from.suit);
  if (top === null) throw new IllegalMove("availability", `the ${from.suit} foundation is empty`);
  return [top];
}

// Onto an occupied column only one count can fit; into an empty one the count
// must be written, except for a single card that is the whole choice anyway.
function inferredCount(position, move) {
  const source = position.columns[move.from.index];
  const target = position.columns[move.to.index];
  if (target.length === 0) return 1;
  const wanted = rankOf(topOf(target)) - 1;
  const run = runLength(source);
  for (let count = 1; count <= run; count += 1) {
    if (rankOf(source[source.length - count]) === wanted) return count;
  }
  return 1;
}

function checkVariant(position, move) {
  const rules = rulesOf(position.variant);
  if (move.from.kind === "cell" && move.to.kind === "cell" && !rules.cell_to_cell) {
    throw new IllegalMove("variant", `${position.variant} never moves a card from cell to cell`);
  }
  if (move.from.kind !== "foundation" || move.to.kind === "foundation") return;
  if (!rules.foundation_return.includes(move.to.kind)) {
    throw new IllegalMove("variant", `${position.variant} never takes a card back to a ${move.to.kind}`);
  }
}

function checkGroupOrder(cards) {
  for (let i = 1; i < cards.length; i += 1) {
    if (!builds(cards[i], cards[i - 1])) {
      throw new IllegalMove("group_order", `${cards[i]} does not build on ${cards[i - 1]}`);
    }
  }
}

function checkDestination(position, move, cards) {
  const { to } = move;
  const head = cards[0];
  if (to.kind === "cell") {
    if (position.cells[to.index] !== null) {
      throw new IllegalMove("destination", `cell ${CELL_IDS[to.index]} holds ${position.cells[to.index]}`);
    }
    return;
  }
  if (to.kind === "foundation") {
    if (!fitsFoundation(position, head)) throw new IllegalMove("destination", `${head} does not fit its foundation`);
    return;
  }
  const target = position.columns[to.index];
  if (target.length === 0) {
    if (rulesOf(position.variant).empty_column_accepts === "king" && rankOf(head) !== 13) {
      throw new IllegalMove("empty_column", `only a King may fill an empty column, not ${head}`);
    }
    return;
  }
  if (!builds(head, topOf(target))) throw new IllegalMove("destination", `${head} does not build on ${topOf(target)}`);
}

function checkCapacity(position, move, cards) {
  if (cards.length === 1) return;
  const capacity = supermoveCapacity(position);
  const empty = position.columns[move.to.index].length === 0;
  const limit = empty ? capacity.to_empty : capacity.to_occupied;
  if (cards.length > limit) {
    throw new IllegalMove("capacity", `${cards.length} cards exceed the capacity of ${limit}`);
  }
}

/** Check a move; returns the parsed move with its count settled, or throws IllegalMove. */
export function checkMove(position, text) {
  const move = typeof text === "string" ? parseMove(text) : text;
  rulesOf(position.variant);
  checkVariant(position, move);
  const cards = movingCards(position, move);
  checkGroupOrder(cards);
  checkDestination(position, move, cards);
  checkCapacity(position, move, cards);
  return { ...move, count: cards.length, cards };
}

function withoutSource(position, move) {
  const next = clonePosition(position);
  const { from, count } = move;
  if (from.kind === "column") next.columns[from.index].splice(-count, count);
  else if (from.kind === "cell") next.cells[from.index] = null;
  else next.foundations[from.suit] -= 1;
  return next;
}

/** The position after a legal move (a new object; the argument is untouched). Nothing is hidden here. */
export function applyMove(position, text) {
  const move = checkMove(position, text);
  const next = withoutSource(position, move);
  const { to, cards } = move;
  if (to.kind === "column") next.columns[to.index].push(...cards);
  else if (to.kind === "cell") next.cells[to.index] = cards[0];
  else next.foundations[suitOf(cards[0])] += 1;
  return next;
}

export function clonePosition(position) {
  return {
    variant: position.variant,
    columns: position.columns.map((c) => c.slice()),
    cells: position.cells.slice(),
    foundations: { ...position.foundations },
  };
}

// --- generating moves ----------------------------------------------------------------

function* candidateMoves(position) {
  const piles = [...position.columns.keys()].map((index) => ({ kind: "column", index }));
  const cells = [...position.cells.keys()].map((index) => ({ kind: "cell", index }));
  for (const from of piles) {
    const run = runLength(position.columns[from.index]);
    if (!run) continue;
    yield { from, to: FOUNDATION, count: 1 };
    for (const to of cells) yield { from, to, count: 1 };
    for (const to of piles) {
      if (to.index === from.index) continue;
      for (let count = 1; count <= run; count += 1) yield { from, to, count };
    }
  }
  for (const from of cells) {
    if (position.cells[from.index] === null) continue;
    yield { from, to: FOUNDATION, count: 1 };
    for (const to of piles) yield { from, to, count: 1 };
    for (const to of cells) if (to.index !== from.index) yield { from, to, count: 1 };
  }
  for (const suit of SUITS) {
    if (!position.foundations[suit]) continue;
    const from = { kind: "foundation", suit };
    for (const to of [...piles, ...cells]) yield { from, to, count: 1 };
  }
}

const isLegal = (position, move) => {
  try {
    checkMove(position, move);
    return true;
  } catch (error) {
    if (error instanceof IllegalMove) return false;
    throw error;
  }
};

/** Every legal move, in canonical notation. */
export function legalMoves(position) {
  const moves = [];
  for (const move of candidateMoves(position)) {
    if (isLegal(position, move)) moves.push(canonicalOf(position, move));
  }
  return moves;
}

/** The moves perft counts: legal moves without cell-to-cell ones, which only relabel a slot. */
export const perftMoves = (position) => legalMoves(position).filter((move) => !/^[a-d][a-d]$/.test(move));

/** Number of move paths of length `depth` over `perftMoves`. */
export function perft(position, depth) {
  if (depth === 0) return 1;
  const moves = perftMoves(position);
  if (depth === 1) return moves.length;
  return moves.reduce((sum, move) => sum + perft(applyMove(position, move), depth - 1), 0);
}

// --- the family --------------------------------------------------------------------------

/** The FreeCell family as the page asks it (families.js; Klondike and Spider answer the same). */
export const FREECELL = Object.freeze({
  name: "freecell",
  playable,
  parseMove: (text) => parseMove(text),
  formatMove,
  applyMove: (position, move) => applyMove(position, move),
  /** The canonical text of a legal move (throws IllegalMove for an illegal one). */
  canonical: (position, move) => canonicalOf(position, checkMove(position, move)),
  /** The text as the engine writes it back, or null when it is not a move. */
  canonicalText: (text) => canonicalMove(text),
  legalText: (position, move) => canonicalOf(position, checkMove(position, move)),
  /** A legal move in the rules' terms: its piles, its count and its cards. */
  checked: checkMove,
  legalMoves,
  isWon,
  perft,
  autoFinishReady,
  autoFinishMoves,
  /** The piles of a position in the view's order, top row first: free cells, foundations, columns. */
  pileIds: (position) => [...CELL_IDS, ...FOUNDATION_IDS, ...columnIds(position.columns.length)],
  // What the board draws and how games play.
  // Positions hide nothing: a move never waits for a card to be named.
  hidesCards: false,
  // Safe cards may go home by themselves after a move.
  autoHome: true,
  // A mouse click plays a card where an empty column takes only a King (else a double-click):
  // engine/families/freecell single_click.
  singleClick: (rules) => rules.empty_column_accepts === "king",
  // Any group headed by a lower card than the one it covers may be picked up (the rules decide).
  groupLimit: null,
  // The top row: cells then foundations.
  topSlot: (id) => [...CELL_IDS, ...FOUNDATION_IDS].indexOf(id),
  // Rows of cards the card size is planned for.
  plannedRows: 12,
  // Cards one stock turn or deal takes (no stock).
  stockTurn: 1,
  stockFan: false,
  stockWords: "",
});
