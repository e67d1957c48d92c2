// The rules of Klondike and Spider, mirroring engine/klondike.py and
// spider.py: pure functions on position JSON. A position is either the
// server's full copy (every card named, `face_down` counts) or a player's
// view (face-down and stock cards null); a move that turns cards up on a
// view takes them from `revealed`, the server's `[{pile, card}]` list.

import { rulesetOf } from "./catalogue.js";
import { BadNotation, IllegalMove, RANKS, SUITS } from "./cards.js";

const RED = new Set(["H", "D"]);
const rankOf = (card) => RANKS.indexOf(card[0]) + 1;
const isRed = (card) => RED.has(card[1]);
const builds = (lower, upper) => rankOf(lower) + 1 === rankOf(upper) && isRed(lower) !== isRed(upper);
const topOf = (pile) => pile[pile.length - 1];

// What this module plays, as the engine's fields describe it.
const PLAYABLE = {
  klondike: { decks: 1, columns: 7, stock: "waste", deal_layout: "klondike", empty_column_accepts: "king",
    group_order: "down_alternate_colour", win: "all_on_foundations" },
  spider: { decks: 2, columns: 10, stock: "deal_row", deal_layout: "spider", empty_column_accepts: "any",
    group_order: "down_same_suit", tableau_build: "down_any_suit", win: "all_runs_removed" },
};

/** True when this module plays the ruleset (Klondike or Spider as the engine describes them). */
export const stockPlayable = (ruleset) => Boolean(ruleset && PLAYABLE[ruleset.family]) &&
  Object.entries(PLAYABLE[ruleset.family]).every(([field, value]) => ruleset[field] === value);

/** A move on a player's view that turns up a card the server has not revealed. */
export class MissingReveal extends Error {
  constructor(pile) {
    super(`the card turned up on pile ${pile} is not known yet`);
    this.pile = pile;
  }
}

const rulesOf = (variant) => {
  const rules = rulesetOf(variant);
  if (!stockPlayable(rules)) throw new IllegalMove("variant", `${variant} is not played by these rules`);
  return rules;
};

// --- notation ---------------------------------------------------------------------

const PATTERN = /^(?:s|([0-9]|w|h[hcds])([0-9]|h)(?:v([1-9a-f][0-9a-f]*))?)$/;
export const pileName = (index) => String((index + 1) % 10);

function pileFrom(token, rules, text) {
  if (token[0] === "h") return token.length === 2 ? { kind: "foundation", suit: token[1].toUpperCase() } : { kind: "foundation" };
  if (token === "w") {
    if (rules.stock !== "waste") throw new BadNotation(text);
    return { kind: "waste" };
  }
  const index = (Number(token) + 9) % 10;
  if (index >= rules.columns) throw new BadNotation(text);
  return { kind: "column", index };
}

/** Read a move of the variant: `{stock: true}` or `{from, to, count}` (count null when not written). */
export function parseStockMove(text, variant) {
  const rules = rulesOf(variant);
  const match = typeof text === "string" ? PATTERN.exec(text) : null;
  if (!match) throw new BadNotation(text);
  if (text === "s") return { stock: true };
  const from = pileFrom(match[1], rules, text);
  const to = pileFrom(match[2], rules, text);
  const columns = from.kind === "column" && to.kind === "column";
  if (match[3] !== undefined && !columns) throw new BadNotation(text);
  return { from, to, count: match[3] === undefined ? null : parseInt(match[3], 16) };
}

const pileText = (pile, source) => {
  if (pile.kind === "column") return pileName(pile.index);
  if (pile.kind === "waste") return "w";
  return source ? `h${pile.suit.toLowerCase()}` : "h";
};

/** Write a move; a column-to-column count is written unless it is null. */
export function formatStockMove(move) {
  if (move.stock) return "s";
  const text = pileText(move.from, true) + pileText(move.to, false);
  const columns = move.from.kind === "column" && move.to.kind === "column";
  return columns && move.count !== null ? `${text}v${move.count.toString(16)}` : text;
}

/** Text rewritten as the engine writes it back, or null when it is not a move of the variant. */
export function canonicalStockText(text, variant) {
  try {
    return formatStockMove(parseStockMove(text, variant));
  } catch (error) {
    if (error instanceof BadNotation) return null;
    throw error;
  }
}

// --- a position as mutable piles --------------------------------------------------------

function tableOf(position) {
  const full = Array.isArray(position.face_down);
  const columns = position.columns.map((c) => c.slice());
  const down = full ? position.face_down.slice()
    : columns.map((c) => { let n = c.length; while (n && c[n - 1] !== null) n -= 1; return n; });
  return {
    variant: position.variant, full, columns, down, stock: position.stock.slice(),
    waste: position.waste?.slice(), foundations: position.foundations && { ...position.foundations },
    removed: position.removed?.slice(),
  };
}

function positionOf(table) {
  const out = { variant: table.variant };
  if (table.full) {
    Object.assign(out, { columns: table.columns, face_down: table.down, stock: table.stock });
  } else {
    out.columns = table.columns.map((c, i) => c.map((card, k) => (k < table.down[i] ? null : card)));
    out.stock = table.stock.map(() => null);
  }
  if (table.removed) out.removed = table.removed;
  else Object.assign(out, { waste: table.waste, foundations: table.foundations });
  return out;
}

function revealer(revealed = []) {
  if (!revealed) return () => null;
  const used = new Set();
  return (pile) => {
    const index = revealed.findIndex((r, i) => !used.has(i) && r.pile === pile);
    if (index < 0) throw new MissingReveal(pile);
    used.add(index);
    return revealed[index].card;
  };
}

function turnUp(table, i, reveal) {
  const column = table.columns[i];
  if (column.length && table.down[i] >= column.length) {
    table.down[i] = column.length - 1;
    if (column[column.length - 1] === null) column[column.length - 1] = reveal(pileName(i));
  }
}

const faceUp = (table, i) => table.columns[i].length - table.down[i];

// --- Klondike ---------------------------------------------------------------------------

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

function klondikeGroupSize(table, from, to) {
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

function klondikeStock(table, rules, reveal) {
  if (table.stock.length) {
    const n = Math.min(rules.draw_count, table.stock.length);
    for (let k = 0; k < n; k += 1) {
      const card = table.stock.pop();
      table.waste.push(card ?? reveal("w"));
    }
  } else if (table.waste.length) {
    table.stock = table.waste.reverse();
    table.waste = [];
  } else {
    throw new IllegalMove("stock", "the stock and the waste are both empty");
  }
}

function klondikeColumnMove(table, move, reveal) {
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
    const count = move.count ?? klondikeGroupSize(table, i, j);
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

function klondikeSingle(table, move) {
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

function klondikeMove(table, rules, move, reveal) {
  if (move.stock) klondikeStock(table, rules, reveal);
  else if (move.from.kind === "column") klondikeColumnMove(table, move, reveal);
  else klondikeSingle(table, move);
}

// --- Spider -----------------------------------------------------------------------------

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

function spiderDeal(table, rules, reveal) {
  if (!table.stock.length) throw new IllegalMove("stock", "the stock is empty");
  const empty = table.columns.findIndex((c) => c.length === 0);
  if (rules.deal_needs_every_column && empty >= 0) {
    throw new IllegalMove("stock", `the stock cannot be dealt while column ${empty + 1} is empty`);
  }
  const dealt = Math.min(table.columns.length, table.stock.length);
  for (let i = 0; i < dealt; i += 1) {
    const card = table.stock.pop();
    table.columns[i].push(card ?? reveal(pileName(i)));
  }
  removeRuns(table, [...Array(dealt).keys()]);
}

function spiderColumnMove(table, move) {
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

function spiderMove(table, rules, move, reveal) {
  if (move.stock) spiderDeal(table, rules, reveal);
  else spiderColumnMove(table, move);
  table.columns.forEach((_, i) => turnUp(table, i, reveal));
}

// --- the public functions ----------------------------------------------------------------

/**
 * The position after `text` (a new object in the same form: full position or
 * player's view). On a view, cards the move turns up come from `revealed`;
 * throws IllegalMove, BadNotation, or MissingReveal when a card is not given.
 * `revealed` null: a card turned up and not known yet stays null (drawn face
 * down until the server's answer names it).
 */
export function applyStockMove(position, text, revealed = []) {
  const rules = rulesOf(position.variant);
  const move = typeof text === "string" ? parseStockMove(text, position.variant) : text;
  const table = tableOf(position);
  const reveal = revealer(revealed);
  if (rules.family === "klondike") klondikeMove(table, rules, move, reveal);
  else spiderMove(table, rules, move, reveal);
  return positionOf(table);
}

/** The canonical text of a legal move: Klondike writes no count, Spider one exactly into an empty column. */
export function stockCanonicalOf(position, text) {
  const rules = rulesOf(position.variant);
  const move = typeof text === "string" ? parseStockMove(text, position.variant) : text;
  if (move.stock || move.from.kind !== "column" || move.to.kind !== "column") return formatStockMove(move);
  if (rules.family === "klondike" || position.columns[move.to.index].length) return formatStockMove({ ...move, count: null });
  return formatStockMove({ ...move, count: move.count ?? 1 });
}

const accepted = (position, move) => {
  try {
    applyStockMove(position, move, []);
    return true;
  } catch (error) {
    if (error instanceof MissingReveal) return true;
    if (error instanceof IllegalMove) return false;
    throw error;
  }
};

function* candidates(position, rules) {
  const { down } = tableOf(position);
  yield { stock: true };
  const columns = [...position.columns.keys()].map((index) => ({ kind: "column", index }));
  const home = { kind: "foundation" };
  const sources = [...columns];
  if (rules.family === "klondike") {
    sources.push({ kind: "waste" }, ...SUITS.map((suit) => ({ kind: "foundation", suit })));
  }
  for (const from of sources) {
    if (from.kind !== "foundation") yield { from, to: home, count: null };
    for (const to of columns) {
      if (from.kind !== "column") yield { from, to, count: null };
      else for (let count = 1; count <= position.columns[from.index].length - down[from.index]; count += 1) yield { from, to, count };
    }
  }
}

/** Every legal move, canonical, sorted by text as the engine sorts them. */
export function stockLegalMoves(position) {
  const rules = rulesOf(position.variant);
  const moves = new Set();
  for (const move of candidates(position, rules)) {
    if (accepted(position, move)) moves.add(stockCanonicalOf(position, move));
  }
  return [...moves].sort();
}

/** Klondike: all 52 cards home; Spider: every run removed. */
export function stockIsWon(position) {
  const rules = rulesOf(position.variant);
  if (rules.family === "spider") return position.removed.length === rules.foundations;
  return SUITS.every((s) => position.foundations[s] === 13);
}

// --- Klondike's auto-finish ----------------------------------------------------------------

/**
 * True when a Klondike game has nothing left to decide: not won, the stock
 * and the waste empty, and every card face up in columns that descend. Then
 * the lowest card left lies at the foot of its column and fits its
 * foundation, however the suits fall, so the rest always goes home.
 * Spider is never ready: its runs leave by themselves.
 */
export function stockFinishReady(position) {
  if (rulesOf(position.variant).family !== "klondike" || stockIsWon(position)) return false;
  if (position.stock.length || position.waste.length) return false;
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
      best = { rank: rankOf(card), move: `${pileName(i)}h` };
    }
  });
  return best?.move ?? null;
}

/** The column-to-foundation moves that win a game once `stockFinishReady`, lowest card first; else []. */
export function stockFinishMoves(position) {
  if (!stockFinishReady(position)) return [];
  const moves = [];
  for (let current = position, move = lowestHomeMove(current); move; move = lowestHomeMove(current)) {
    moves.push(move);
    current = applyStockMove(current, move);
  }
  return moves;
}

/** Number of move paths of length `depth` (stock turns included); full positions only. */
export function stockPerft(position, depth) {
  if (depth === 0) return 1;
  const moves = stockLegalMoves(position);
  if (depth === 1) return moves.length;
  return moves.reduce((sum, move) => sum + stockPerft(applyStockMove(position, move), depth - 1), 0);
}
