// Fakes of what the client's modules talk to: the web API and localStorage.

import { msDeal } from "./helpers.mjs";

/** An error shaped like api.js's ApiError. */
export const apiError = (status, code) => Object.assign(new Error(code), { status, code });

/** localStorage in memory. */
export function memoryStorage() {
  const map = new Map();
  return {
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k),
  };
}

/** A server Game (docs/api.md) on MS deal `number`. */
export function serverGame({ id = 1, number = 1, moves = [], state = "playing", ranked = false, daily = null } = {}) {
  return {
    id, variant: "freecell", deal: { number: daily ? null : number }, daily, ranked, state, ply: moves.length,
    moves, start: msDeal(number), undos: 0, hints: 0, started_at: "2026-01-01T00:00:00Z",
    finished_at: state === "won" ? "2026-01-01T00:05:00Z" : null,
  };
}

/**
 * The games API as a player's account holds it: `games` newest first. Every
 * call is recorded; `refuse[name]` makes that call throw the given error.
 * `hints`: the answers of the first hints, in order (then a move).
 */
export function fakeApi({ games = [], daily = null, refuse = {}, hints = [] } = {}) {
  const server = { games: games.slice(), calls: [], refuse: { ...refuse }, nextId: 100, hints: hints.slice() };
  const call = (name, ...args) => {
    server.calls.push([name, ...args]);
    if (server.refuse[name]) throw server.refuse[name];
  };
  const find = (id) => server.games.find((g) => g.id === id);
  server.client = {
    async games(filters) { call("games", filters); return { games: server.games.slice() }; },
    async game(id) { call("game", id); return find(id); },
    async deal(variant, number) { call("deal", variant, number); return { variant, number, position: msDeal(number) }; },
    async daily(date, variant) { call("daily", date, variant); return daily; },
    async startGame(variant, number) {
      call("startGame", variant, number);
      const game = serverGame({ id: server.nextId++, number });
      server.games.unshift(game);
      return game;
    },
    async startDaily(date, variant) {
      call("startDaily", date, variant);
      const ranked = daily?.open && !server.games.length;
      const game = serverGame({ id: server.nextId++, daily: { date, variant }, ranked });
      server.games.unshift(game);
      return game;
    },
    async appendMoves(id, expected, moves) {
      call("appendMoves", id, expected, moves);
      const game = find(id);
      game.moves = [...game.moves, ...moves];
      return { ...game };
    },
    async undoTo(id, expected, to) {
      call("undoTo", id, expected, to);
      const game = find(id);
      game.moves = game.moves.slice(0, to);
      return { ...game };
    },
    async hint(id) {
      call("hint", id);
      const game = find(id);
      game.ranked = false;
      if (server.hints.length) return server.hints.shift();
      return { status: "move", move: "6a", last_good_ply: null, hints: 1, scope: "", ranked: false };
    },
    async dealHint(variant, number, moves) {
      call("dealHint", variant, number, moves);
      return { status: "move", move: "6a", last_good_ply: null, hints: null, scope: "" };
    },
  };
  server.called = (name) => server.calls.filter((c) => c[0] === name);
  return server;
}
