import assert from "node:assert/strict";
import { test } from "node:test";

import {
  canRedo, canUndo, clockStart, deserialize, fromServer, newGame, play, playedMs, redo, rewind, serialize, undo, UNDO_LIMIT,
} from "../../frontend/static/fc/js/state.js";
import { IllegalMove } from "../../frontend/static/fc/js/rules.js";
import { msDeal } from "./helpers.mjs";

// MS deal 1 opens with the Ace of clubs home; it can then go to a cell and
// back forever, which makes logs of any length.
const shuffle = (n) => ["6a", "6b", "6h", ...Array.from({ length: n - 3 }, (_, i) => (i % 2 ? "ch" : "hcc"))];
const playAll = (game, moves) => moves.reduce((g, m, i) => play(g, m, 1000 + i), game);
const start = () => newGame({ variant: "freecell", number: 1, start: msDeal(1), now: 1000 });

test("playing a move updates the position and the log, illegal moves throw", () => {
  const game = play(start(), "6a", 1500);
  assert.deepEqual(game.moves, ["6a"]);
  assert.deepEqual(game.times, [500]);
  assert.equal(game.position.cells[0], "3D");
  assert.throws(() => play(game, "6a"), IllegalMove);
});

test("undo and redo walk the log; a new move clears redo", () => {
  let game = playAll(start(), ["6a", "6b", "6h"]);
  game = undo(undo(game));
  assert.deepEqual(game.moves, ["6a"]);
  assert.equal(game.undos, 2);
  assert.ok(canRedo(game));
  game = redo(game);
  assert.deepEqual(game.moves, ["6a", "6b"]);
  game = play(game, "1c");
  assert.equal(canRedo(game), false);
});

test("redoing by playing the same move keeps the rest of the redo stack", () => {
  let game = rewind(playAll(start(), ["6a", "6b", "6h"]), 0);
  game = play(game, "6a");
  assert.deepEqual(game.redo, ["6h", "6b"]);
});

test("undo goes back at most 200 moves", () => {
  let game = playAll(start(), shuffle(UNDO_LIMIT + 10));
  game = rewind(game, 0);
  assert.equal(game.moves.length, 10);
  assert.deepEqual(game.redo.length, UNDO_LIMIT);
  assert.equal(canUndo(game), false);
  assert.equal(undo(game), game);
});

test("a saved game comes back with its board and the last 50 undo steps", () => {
  const game = playAll(start(), shuffle(80));
  const back = deserialize(JSON.parse(JSON.stringify(serialize(game))), 99_000);
  assert.deepEqual(back.position, game.position);
  assert.deepEqual(back.moves, game.moves);
  assert.equal(back.undoFloor, 30);
  assert.equal(rewind(back, 0).moves.length, 30);
});

test("a short game keeps all its undo steps across a reload", () => {
  const game = playAll(start(), ["6a", "6b"]);
  const back = deserialize(serialize(game));
  assert.equal(back.undoFloor, 0);
});

test("a game from the server replays its log", () => {
  const remote = {
    id: 7, variant: "freecell", deal: { number: 1 }, daily: null, start: msDeal(1),
    moves: ["6a", "6b"], undos: 3, started_at: "2026-01-01T00:00:00Z",
  };
  const game = fromServer(remote, Date.parse("2026-01-01T00:01:00Z"));
  assert.equal(game.serverId, 7);
  assert.equal(game.position.cells[1], "2C");
  // The server's clock runs from the first move: the shown clock does too.
  assert.deepEqual(game.times, [0, 60000]);
  const next = play(game, "6h", Date.parse("2026-01-01T00:01:05Z"));
  assert.equal(next.times.at(-1), 65000);
});

test("a game resumed from another device never sends a move time below that device's last", () => {
  // The other device's clock ran from its page's start, 90 s before its first move
  // reached the server: the server refuses a time below 95 s as going backwards.
  const remote = {
    id: 7, variant: "freecell", deal: { number: 1 }, daily: null, start: msDeal(1),
    moves: ["6a", "6b"], undos: 0, started_at: "2026-01-01T00:00:00Z", finished_at: null, client_ms: 95000,
  };
  const game = fromServer(remote, Date.parse("2026-01-01T00:00:10Z"));
  const next = play(game, "6h", Date.parse("2026-01-01T00:00:12Z"));
  assert.ok(next.times.at(-1) >= 95000, next.times);
  assert.deepEqual(next.times, [...next.times].sort((a, b) => a - b));
});

test("the clock of a game from the server runs from its first move to its last", () => {
  const remote = {
    id: 7, variant: "freecell", deal: { number: 1 }, daily: null, start: msDeal(1), moves: ["6a", "6b", "6h"],
    started_at: "2026-01-01T00:00:00Z", finished_at: "2026-01-01T00:00:27Z",
  };
  const game = fromServer(remote, Date.parse("2026-01-01T00:05:00Z"));
  assert.equal(game.times.at(-1) - game.times[0], 27000);
});

test("the clock starts at the first move, or at the start of a daily's server game", () => {
  const game = newGame({ variant: "freecell", number: 1, start: msDeal(1), now: 1000 });
  assert.equal(clockStart(game), null);
  const moved = play(game, "6a", 4000);
  assert.equal(clockStart(moved), 4000);
  assert.equal(playedMs(play(moved, "6b", 9000)), 5000);
  const daily = { ...newGame({ variant: "freecell", daily: { date: "2026-11-30", variant: "freecell" }, start: msDeal(1), now: 1000 }), serverId: 3 };
  assert.equal(clockStart(daily), 1000);
  assert.equal(playedMs(play(daily, "6a", 4000)), 3000);
});
