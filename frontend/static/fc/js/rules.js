// The rules of the FreeCell family, mirroring games/engine/: pure functions on
// position JSON, moves in fc-solve standard notation. No DOM in here.

export const RANKS = "A23456789TJQK";
export const SUITS = ["H", "C", "D", "S"];
const RED = new Set(["H", "D"]);
const CELLS = "abcd";

// Rules are data: what differs between variants is said here and nowhere else.
export const VARIANTS = {
  freecell: { cellToCell: true, returns: ["column", "cell"], emptyColumn: "any", columnsDouble: true },
  "freecell-tableau": { cellToCell: true, returns: ["column"], emptyColumn: "any", columnsDouble: true },
  "freecell-classic": { cellToCell: true, returns: [], emptyColumn: "any", columnsDouble: true },
  forecell: { cellToCell: true, returns: [], emptyColumn: "king", columnsDouble: false },
};

/** A move the rules refuse; `check` names the rule, as the engine does. */
export class IllegalMove extends Error {
  constructor(check, message) {
    super(`${check}: ${message}`);
    this.check = check;
  }
}

/** Text that is not a move in standard notation. */
export class BadNotation extends Error {
  constructor(text) {
    super(`not a move in standard notation: ${JSON.stringify(text)}`);
    this.check = "notation";
  }
}

export const rankOf = (card) => RANKS.indexOf(card[0]) + 1;
export const suitOf = (card) => card[1];
export const isRed = (card) => RED.has(card[1]);

/** True when `lower` may sit on `upper` in a column: one rank down, other colour. */
export const builds = (lower, upper) =>
  rankOf(lower) + 1 === rankOf(upper) && isRed(lower) !== isRed(upper);

const rulesOf = (variant) => {
  const rules = VARIANTS[variant];
  if (!rules) throw new IllegalMove("variant", `unknown variant ${variant}`);
  return rules;
};

// --- notation -------------------------------------------------------------------

const PATTERNS = [
  [/^([1-8])([1-8])(?:v([0-9a-f]+))?$/, (m) => [col(m[1]), col(m[2]), m[3] ? parseInt(m[3], 16) : null]],
  [/^([1-8])([a-d])$/, (m) => [col(m[1]), cell(m[2]), 1]],
  [/^([1-8])h$/, (m) => [col(m[1]), FOUNDATION, 1]],
  [/^([a-d])([1-8])$/, (m) => [cell(m[1]), col(m[2]), 1]],
  [/^([a-d])h$/, (m) => [cell(m[1]), FOUNDATION, 1]],
  [/^([a-d])([a-d])$/, (m) => [cell(m[1]), cell(m[2]), 1]],
  [/^h([hcds])([1-8])$/, (m) => [found(m[1]), col(m[2]), 1]],
  [/^h([hcds])([a-d])$/, (m) => [found(m[1]), cell(m[2]), 1]],
];
const FOUNDATION = { kind: "foundation", suit: null };
const col = (digit) => ({ kind: "column", index: Number(digit) - 1 });
const cell = (letter) => ({ kind: "cell", index: CELLS.indexOf(letter) });
const found = (letter) => ({ kind: "foundation", suit: letter.toUpperCase() });

/** Parse a move: `parseMove("82vc")` is 12 cards from column 8 to column 2. */
export function parseMove(text) {
  const clean = String(text).trim().toLowerCase();
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(clean);
    if (!match) continue;
    const [from, to, count] = build(match);
    if (from.kind === to.kind && from.kind !== "foundation" && from.index === to.index) break;
    if (count === 0) break;
    return { from, to, count };
  }
  throw new BadNotation(text);
}

const pileText = (pile) => {
  if (pile.kind === "column") return String(pile.index + 1);
  if (pile.kind === "cell") return CELLS[pile.index];
  return pile.suit ? `h${pile.suit.toLowerCase()}` : "h";
};

/** Write a move; a column-to-column move names its count when it is not one card. */
export function formatMove({ from, to, count }) {
  const text = pileText(from) + pileText(to);
  if (from.kind === "column" && to.kind === "column" && count !== 1) {
    return `${text}v${count.toString(16)}`;
  }
  return text;
}

/** The canonical spelling of a move, or null when the text is not a move. */
export function canonicalMove(text) {
  try {
    const move = parseMove(text);
    if (move.count === null) return formatMove({ ...move, count: 1 });
    return formatMove(move);
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

/** How many cards one move may carry: `{to_occupied, to_empty}`. */
export function supermoveCapacity(position) {
  const rules = rulesOf(position.variant);
  const cells = emptyCells(position) + 1;
  if (!rules.columnsDouble) return { to_occupied: cells, to_empty: cells };
  const columns = emptyColumns(position);
  return { to_occupied: cells * 2 ** columns, to_empty: cells * 2 ** Math.max(columns - 1, 0) };
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
  return position.columns.every((column) =>
    column.every((card, i) => i === 0 || rankOf(card) <= rankOf(column[i - 1])),
  );
}

const fitsFoundation = (position, card) => position.foundations[suitOf(card)] + 1 === rankOf(card);

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
    if (card === null) throw new IllegalMove("availability", `cell ${CELLS[from.index]} is empty`);
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
  if (move.from.kind === "cell" && move.to.kind === "cell" && !rules.cellToCell) {
    throw new IllegalMove("variant", `${position.variant} never moves a card from cell to cell`);
  }
  if (move.from.kind !== "foundation") return;
  if (!rules.returns.includes(move.to.kind)) {
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
      throw new IllegalMove("destination", `cell ${CELLS[to.index]} holds ${position.cells[to.index]}`);
    }
    return;
  }
  if (to.kind === "foundation") {
    if (!fitsFoundation(position, head)) throw new IllegalMove("destination", `${head} does not fit its foundation`);
    return;
  }
  const target = position.columns[to.index];
  if (target.length === 0) {
    if (rulesOf(position.variant).emptyColumn === "king" && rankOf(head) !== 13) {
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

/** The position after a legal move (a new object; the argument is untouched). */
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

/** Replay a log from a start position; throws on the first illegal move. */
export function replay(start, moves) {
  return moves.reduce((position, move) => applyMove(position, move), start);
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
    if (isLegal(position, move)) moves.push(formatMove(move));
  }
  return moves;
}

/** True when no legal move is left and the game is not won. */
export const isStuck = (position) => !isWon(position) && legalMoves(position).length === 0;

/** Number of move sequences of the given depth (the standard perft count). */
export function perft(position, depth) {
  if (depth === 0) return 1;
  const moves = legalMoves(position);
  if (depth === 1) return moves.length;
  return moves.reduce((sum, move) => sum + perft(applyMove(position, move), depth - 1), 0);
}
