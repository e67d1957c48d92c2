// What Klondike and Spider share, mirroring engine/families/stock/: the stock
// notation, a position as mutable piles, the cards a move turns up, and the
// family object built around a game's own moves (klondike.js, spider.js).
// A position is either the server's full copy (every card named, `face_down`
// counts) or a player's view (face-down and stock cards null); a move that
// turns cards up on a view takes them from `revealed`, the server's
// `[{pile, card}]` list.

import { rulesetOf } from "../catalogue.js";
import { BadNotation, IllegalMove, RANKS } from "../cards.js";
import { columnId, idOf, pileFromToken, pilesOf, tokenOf } from "../piles.js";

export const rankOf = (card) => RANKS.indexOf(card[0]) + 1;
export const topOf = (pile) => pile[pile.length - 1];

/** A move on a player's view that turns up a card the server has not revealed. */
export class MissingReveal extends Error {
  constructor(pile) {
    super(`the card turned up on pile ${pile} is not known yet`);
    this.pile = pile;
  }
}

// --- notation ---------------------------------------------------------------------

const PATTERN = /^(?:s|([0-9]|w|h[hcds])([0-9]|h)(?:v([1-9a-f][0-9a-f]*))?)$/;

function pileFrom(token, rules, text) {
  const pile = pileFromToken(token);
  if (pile.kind === "waste" && rules.stock !== "waste") throw new BadNotation(text);
  if (pile.kind === "column" && pile.index >= rules.columns) throw new BadNotation(text);
  return pile.kind === "foundation" && !pile.suit ? { kind: "foundation" } : pile;
}

/** Read a move of `rules`' variant: `{stock: true}` or `{from, to, count}` (count null when not written). */
export function parseStockMove(text, rules) {
  const match = typeof text === "string" ? PATTERN.exec(text) : null;
  if (!match) throw new BadNotation(text);
  if (text === "s") return { stock: true };
  const from = pileFrom(match[1], rules, text);
  const to = pileFrom(match[2], rules, text);
  const columns = from.kind === "column" && to.kind === "column";
  if (match[3] !== undefined && !columns) throw new BadNotation(text);
  return { from, to, count: match[3] === undefined ? null : parseInt(match[3], 16) };
}

/** Write a move; a column-to-column count is written unless it is null. */
export function formatStockMove(move) {
  if (move.stock) return "s";
  const text = tokenOf(move.from) + (move.to.kind === "foundation" ? "h" : tokenOf(move.to));
  const columns = move.from.kind === "column" && move.to.kind === "column";
  return columns && move.count !== null ? `${text}v${move.count.toString(16)}` : text;
}

// --- a position as mutable piles --------------------------------------------------------

/** The position as mutable piles, with the face-down count of each column. */
export function tableOf(position) {
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

/** Turn column `i`'s exposed card face up when it lies face down. */
export function turnUp(table, i, reveal) {
  const column = table.columns[i];
  if (column.length && table.down[i] >= column.length) {
    table.down[i] = column.length - 1;
    if (column[column.length - 1] === null) column[column.length - 1] = reveal(columnId(i));
  }
}

export const faceUp = (table, i) => table.columns[i].length - table.down[i];

/**
 * The cards a move from the full position `before` to `after` turned up (the
 * engine's `revealed_cards`): those a stock move brought out, then those a
 * column's face-down part gave up.
 */
export function revealedCards(before, after, stockMove) {
  const rules = rulesetOf(before.variant);
  const found = [];
  if (stockMove) {
    const top = [...before.stock].reverse();
    if (rules.stock === "waste") top.slice(0, rules.draw_count).forEach((card) => found.push({ pile: idOf({ kind: "waste" }), card }));
    else top.slice(0, rules.columns).forEach((card, i) => found.push({ pile: columnId(i), card }));
  }
  before.face_down.forEach((down, i) => {
    const column = after.columns[i];
    column.slice(after.face_down[i], Math.min(down, column.length)).forEach((card) => found.push({ pile: columnId(i), card }));
  });
  return found;
}

// --- the family ------------------------------------------------------------------------------

/**
 * A family of games with a stock and face-down cards, from its own parts:
 * `plays` (the ruleset fields it plays, as the engine's `PLAYS`), `move(table,
 * rules, move, reveal)` (apply a parsed move to the mutable piles, or throw
 * IllegalMove), `canonical(position, move)` (the canonical move of a legal
 * one), `sources(position)` (the piles moves may start from), `isWon(position)`,
 * its auto-finish (`finishReady`, `finishMoves`, none by default) and what
 * its board draws (`board`).
 */
export function stockFamily({ name, plays, move, canonical, sources, isWon, finishReady = () => false,
  finishMoves = () => [], board }) {
  const playable = (ruleset) => Boolean(ruleset) && ruleset.family === name &&
    Object.entries(plays).every(([field, value]) => ruleset[field] === value);
  const rulesOf = (variant) => {
    const rules = rulesetOf(variant);
    if (!playable(rules)) throw new IllegalMove("variant", `${variant} is not played by these rules`);
    return rules;
  };
  const parseMove = (text, variant) => parseStockMove(text, rulesOf(variant));
  const parsed = (position, text) => (typeof text === "string" ? parseMove(text, position.variant) : text);

  function applyMove(position, text, revealed = []) {
    const rules = rulesOf(position.variant);
    const table = tableOf(position);
    move(table, rules, parsed(position, text), revealer(revealed));
    return positionOf(table);
  }

  const canonicalOf = (position, text) => formatStockMove(canonical(position, parsed(position, text)));

  const accepted = (position, candidate) => {
    try {
      applyMove(position, candidate, []);
      return true;
    } catch (error) {
      if (error instanceof MissingReveal) return true;
      if (error instanceof IllegalMove) return false;
      throw error;
    }
  };

  function* candidates(position) {
    const { down } = tableOf(position);
    yield { stock: true };
    const columns = [...position.columns.keys()].map((index) => ({ kind: "column", index }));
    for (const from of sources(position, columns)) {
      if (from.kind !== "foundation") yield { from, to: { kind: "foundation" }, count: null };
      for (const to of columns) {
        if (from.kind !== "column") yield { from, to, count: null };
        else for (let count = 1; count <= position.columns[from.index].length - down[from.index]; count += 1) yield { from, to, count };
      }
    }
  }

  function legalMoves(position) {
    rulesOf(position.variant);
    const moves = new Set();
    for (const candidate of candidates(position)) {
      if (accepted(position, candidate)) moves.add(canonicalOf(position, candidate));
    }
    return [...moves].sort();
  }

  const perft = (position, depth) => {
    if (depth === 0) return 1;
    const moves = legalMoves(position);
    if (depth === 1) return moves.length;
    return moves.reduce((sum, m) => sum + perft(applyMove(position, m), depth - 1), 0);
  };

  return Object.freeze({
    name,
    playable,
    parseMove,
    formatMove: formatStockMove,
    applyMove,
    /** The canonical text of a legal move. */
    canonical: canonicalOf,
    /** The text as the engine writes it back, or null when it is not a move of the variant. */
    canonicalText(text, variant) {
      try {
        return formatStockMove(parseMove(text, variant));
      } catch (error) {
        if (error instanceof BadNotation) return null;
        throw error;
      }
    },
    /** A legal move's canonical text; a card it turns up need not be known (throws IllegalMove otherwise). */
    legalText(position, text) {
      applyMove(position, text, null);
      return canonicalOf(position, text);
    },
    /** A legal move in the rules' terms: its piles and the cards its source loses. */
    checked(position, text) {
      const parsedMove = parsed(position, text);
      const after = applyMove(position, parsedMove, null);
      if (parsedMove.stock) {
        const to = after.stock.length > position.stock.length ? "stock" : after.waste ? "waste" : "column";
        return { from: { kind: "stock" }, to: { kind: to, index: 0 }, cards: [] };
      }
      const id = idOf(parsedMove.from);
      return { ...parsedMove, cards: pilesOf(position)[id].slice(pilesOf(after)[id].length) };
    },
    legalMoves,
    isWon: (position) => isWon(position, rulesOf(position.variant)),
    perft,
    autoFinishReady: (position) => finishReady(position, { rules: rulesOf(position.variant), applyMove }),
    autoFinishMoves: (position) => finishMoves(position, { rules: rulesOf(position.variant), applyMove }),
    hidesCards: true,
    ...board,
  });
}
