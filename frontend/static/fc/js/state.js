// A game is its start position plus its move log; undo is a shorter log.
// This module keeps the log, the redo stack and the undo floor (how far back
// undo may go), and turns all of it into plain JSON for saving.
//
// Klondike and Spider games are played on the player's view: `known` keeps,
// for each log prefix, the cards the server said its last move turned up, so
// undo and redo never need to ask again. A move whose cards are not known yet
// is played with them face down and the game is `pending` until they come.
// `seen` keeps, by place ("3:2": column 3, card 2), each face-down card the
// player has seen turned up in this game, so the board can still show it
// after an undo turns it down again (the rules still treat it as face down).
// The stock's places ("s:23") are kept the same way until the waste first
// comes back as the stock: before that a stock place always holds the same
// card, since turns and deals only take from its end. After it the stock is
// the old waste, which the player saw, and which of its cards are left
// depends on what was played: `recycledStock` holds them for the board.
//
// A numbered Klondike or Spider free game dealt in the page (local_deal.js)
// carries its full deal as `dealt`: each move's cards are known from it at
// once, so nothing is ever pending.

import { familyOf } from "./families.js";
import { revealsOf } from "./local_deal.js";
import { columnId } from "./piles.js";
import { applyMove, MissingReveal } from "./rules.js";

const keyOf = (moves, n) => moves.slice(0, n).join(" ");

/** Remember the server's `reveals` (one list per move of `moves`) in `known`. */
export function learn(known, moves, reveals) {
  reveals?.forEach((cards, i) => { if (cards) known[keyOf(moves, i + 1)] = cards; });
}

// Move n of `moves` on `position`: [the position after it, whether a card it turns up is not known yet].
function step(position, moves, n, known) {
  const move = moves[n - 1];
  if (!known) return [applyMove(position, move), false];
  const cards = known[keyOf(moves, n)];
  if (cards) return [applyMove(position, move, cards), false];
  try {
    return [applyMove(position, move, []), false];
  } catch (error) {
    if (!(error instanceof MissingReveal)) throw error;
    return [applyMove(position, move, null), true];
  }
}

/**
 * Where a batch sent to the server from move `from` ends: after a Klondike or
 * Spider move that turns a card up, or may (its cards are not known yet): the
 * server plays nothing after such a move in one batch.
 */
export function batchEnd(game, from) {
  let n = from + 1;
  while (game.known && n < game.moves.length && game.known[keyOf(game.moves, n)]?.length === 0) n += 1;
  return game.known ? n : game.moves.length;
}

/** `seen` with the column cards turned up where they lie between `before` and `after` (a new object when any). */
export function noteSeen(seen, before, after) {
  let out = seen;
  after.columns.forEach((column, i) => column.forEach((card, k) => {
    if (card && before.columns[i]?.[k] === null) {
      const place = `${columnId(i)}:${k}`;
      if (out[place] !== card) out = { ...out, [place]: card };
    }
  }));
  return out;
}

// The cards a stock move took from the end of the stock, in the order taken
// (the k-th was at stock index length-1-k), null where not known yet. Klondike
// turns them onto the waste; Spider deals one onto each column from the first,
// where a card that completed a run left with it: the Ace of that run's suit.
function stockTaken(before, after, count) {
  if (after.waste) return after.waste.slice(before.waste.length, before.waste.length + count);
  const runs = after.removed.slice(before.removed.length);
  return before.columns.slice(0, count).map((column, i) => {
    if (after.columns[i].length > column.length) return after.columns[i][column.length];
    return `A${runs.shift()}`;
  });
}

/**
 * What the player has seen after a move from `before` to `after`, given what
 * they had seen: `{seen, recycledStock}` (see the top of this module).
 */
export function noteSeenStock({ seen, recycledStock = null }, before, after) {
  seen = noteSeen(seen, before, after);
  const taken = before.stock.length - after.stock.length;
  if (taken < 0) return { seen, recycledStock: before.waste.slice().reverse() };
  if (taken === 0) return { seen, recycledStock };
  if (recycledStock) return { seen, recycledStock: recycledStock.slice(0, after.stock.length) };
  stockTaken(before, after, taken).forEach((card, k) => {
    const place = `s:${before.stock.length - 1 - k}`;
    if (card && seen[place] !== card) seen = { ...seen, [place]: card };
  });
  return { seen, recycledStock };
}

/** The face-down cards the board shows as seen, by place: the stock's from `recycledStock` once there is one. */
export function boardSeen(game) {
  const seen = game.seen ?? {};
  if (!game.recycledStock) return seen;
  const out = Object.fromEntries(Object.entries(seen).filter(([place]) => !place.startsWith("s:")));
  game.recycledStock.forEach((card, i) => { if (card) out[`s:${i}`] = card; });
  return out;
}

/**
 * The position after `moves` from `start`, with the cards `known` (null for
 * FreeCell): `{position, pending, seen, recycledStock}`, `seen` adding to the
 * one given.
 */
export function rebuild(start, moves, known = null, seen = {}) {
  let position = start;
  let pending = false;
  let sight = { seen, recycledStock: null };
  for (let n = 1; n <= moves.length; n += 1) {
    const [next, waits] = step(position, moves, n, known);
    if (known) sight = noteSeenStock(sight, position, next);
    position = next;
    pending ||= waits;
  }
  return { position, pending, ...sight };
}

const copy = (position) => structuredClone(position);
// The cards the server names as moves turn them up, kept per log prefix (families that hide cards).
const knownFor = (variant, known = {}) => (familyOf(variant).hidesCards ? { ...known } : null);

export const UNDO_LIMIT = 200;
export const UNDO_KEPT_ON_RELOAD = 50;

/** A new game from its start position; `now` is a clock in milliseconds. */
export function newGame({ variant, number = null, daily = null, start, now = Date.now() }) {
  return {
    variant,
    number,
    daily,
    start: copy(start),
    position: copy(start),
    known: knownFor(variant),
    seen: {},
    recycledStock: null,
    pending: false,
    moves: [],
    times: [],
    redo: [],
    undoFloor: 0,
    startedAt: now,
    undos: 0,
  };
}

export const ply = (game) => game.moves.length;

/**
 * When the game's clock starts, as the server's ranked time does: a daily's
 * server game at its start (the attempt deals the layout and starts the
 * clock), any other game at its first move (the server game starts there);
 * null while it has not started.
 */
export function clockStart(game) {
  if (game.daily && game.serverId) return game.startedAt;
  return game.times.length ? game.startedAt + game.times[0] : null;
}

/** The time a finished game took on that clock, in ms. */
export const playedMs = (game) => {
  const start = clockStart(game);
  return start === null ? 0 : game.startedAt + (game.times.at(-1) ?? 0) - start;
};
export const canUndo = (game) => game.moves.length > game.undoFloor;
export const canRedo = (game) => game.redo.length > 0;

/** Play a move (throws IllegalMove/BadNotation); returns the new game. */
export function play(game, move, now = Date.now()) {
  const moves = [...game.moves, move];
  if (game.dealt) learn(game.known, moves, revealsOf(game.dealt, moves));
  const [position, waits] = step(game.position, moves, moves.length, game.known);
  const redo = game.redo.length && game.redo.at(-1) === move ? game.redo.slice(0, -1) : [];
  return {
    ...game,
    position,
    ...(game.known && noteSeenStock({ seen: game.seen ?? {}, recycledStock: game.recycledStock }, game.position, position)),
    pending: game.pending || waits,
    moves,
    times: [...game.times, Math.max(now - game.startedAt, game.times.at(-1) ?? 0)],
    redo,
    undoFloor: Math.max(game.undoFloor, moves.length - UNDO_LIMIT),
  };
}

/** Step back one move, or return the game unchanged when undo is spent. */
export function undo(game) {
  if (!canUndo(game)) return game;
  return rewind(game, game.moves.length - 1);
}

/** Step back to `targetPly` (not below the undo floor). */
export function rewind(game, targetPly) {
  const to = Math.max(targetPly, game.undoFloor);
  if (to >= game.moves.length) return game;
  const moves = game.moves.slice(0, to);
  const undone = game.moves.slice(to).reverse();
  return {
    ...game,
    ...rebuild(game.start, moves, game.known, game.seen),
    moves,
    times: game.times.slice(0, to),
    redo: [...game.redo, ...undone],
    undos: game.undos + undone.length,
  };
}

/** Play the last undone move again, or return the game unchanged. */
export function redo(game, now = Date.now()) {
  if (!canRedo(game)) return game;
  return play(game, game.redo.at(-1), now);
}

/** Plain JSON for local saving: the whole log, undo limited to the last 50 steps. */
export function serialize(game) {
  return {
    version: 1,
    variant: game.variant,
    number: game.number,
    daily: game.daily,
    start: game.start,
    moves: game.moves,
    times: game.times,
    undoFloor: Math.max(game.undoFloor, game.moves.length - UNDO_KEPT_ON_RELOAD),
    elapsed: game.times.at(-1) ?? 0,
    undos: game.undos,
    serverId: game.serverId ?? null,
    ...(game.known && { known: game.known }),
  };
}

/** Rebuild a game from `serialize`'s output; throws if the log does not replay. */
export function deserialize(data, now = Date.now()) {
  if (!data || data.version !== 1) throw new Error("unknown save format");
  const moves = data.moves.slice();
  const known = knownFor(data.variant, data.known);
  return {
    variant: data.variant,
    number: data.number ?? null,
    daily: data.daily ?? null,
    start: copy(data.start),
    ...rebuild(data.start, moves, known),
    known,
    moves,
    times: data.times.slice(),
    redo: [],
    undoFloor: Math.min(Math.max(data.undoFloor, moves.length - UNDO_KEPT_ON_RELOAD), moves.length),
    startedAt: now - (data.elapsed ?? 0),
    undos: data.undos ?? 0,
    serverId: data.serverId ?? null,
  };
}

/** `game` played on its full deal `full` (local_deal.js): every card its log turned up is known. */
export function withDeal(game, full) {
  const known = { ...game.known };
  learn(known, game.moves, revealsOf(full, game.moves));
  return { ...game, dealt: full, known, ...rebuild(game.start, game.moves, known, game.seen ?? {}) };
}

/** A game rebuilt from the server's copy (`Game` in docs/api.md). */
export function fromServer(remote, now = Date.now(), known = {}, seen = {}) {
  const started = Date.parse(remote.started_at);
  const startedAt = Number.isNaN(started) ? now : Math.min(started, now);
  const moves = remote.moves.slice();
  // A finished game's clock stops at its last move, not at the moment it is shown.
  const finished = Date.parse(remote.finished_at);
  const elapsed = (Number.isNaN(finished) ? now : Math.min(Math.max(finished, startedAt), now)) - startedAt;
  const game = newGame({ variant: remote.variant, number: remote.deal?.number ?? null, daily: remote.daily ?? null, start: remote.start, now });
  if (game.known) {
    game.known = known;
    learn(known, moves, remote.reveals);
  }
  return {
    ...game,
    ...rebuild(remote.start, moves, game.known, seen),
    moves,
    // The server game starts at the first move: its clock runs from there. A game
    // still played goes on from the last move's client time (`client_ms`, the clock
    // of the device that played it, which may have run from before the first move):
    // the server refuses a move time below it as going backwards.
    times: moves.map((_, i) => (i === 0 && moves.length > 1 ? 0 : Number.isNaN(finished) ? Math.max(elapsed, remote.client_ms ?? 0) : elapsed)),
    startedAt,
    undos: remote.undos ?? 0,
    serverId: remote.id,
  };
}
