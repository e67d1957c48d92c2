import assert from "node:assert/strict";
import { test } from "node:test";

import { loadGame, startDaily } from "../../frontend/static/fc/js/loader.js";
import { newGame, play, serialize } from "../../frontend/static/fc/js/state.js";
import { createStorage, gameKey } from "../../frontend/static/fc/js/storage.js";
import { fakeApi, memoryStorage, serverGame } from "./fakes.mjs";
import { msDeal } from "./helpers.mjs";

const deal1 = { user: "alice", variant: "freecell", number: 1, daily: null };
const today = { date: "2026-01-02", variant: "freecell" };
const daily = { user: "alice", variant: "freecell", number: null, daily: today };
// The API deals an open daily only once the player's attempt exists: no position before.
const openDaily = { date: today.date, variant: "freecell", position: null, open: true, number: null, par: 80 };

function storeWith(moves, { owner = "alice", serverId = null, key = gameKey("freecell", 1), start = msDeal(1) } = {}) {
  const store = createStorage(memoryStorage());
  const game = moves.reduce((g, m) => play(g, m), newGame({ variant: "freecell", number: 1, start }));
  store.saveGame(key, { ...serialize({ ...game, serverId }), owner }, { variant: "freecell", number: 1, ply: moves.length });
  return store;
}

const writes = (server) => server.calls.filter(([name]) => !["games", "game", "deal", "daily"].includes(name));

test("the player's games on the deal are looked up whatever their state", async () => {
  const server = fakeApi();
  await loadGame(deal1, createStorage(memoryStorage()), server.client);
  assert.deepEqual(server.called("games"), [["games", { variant: "freecell", number: 1 }]]);
});

test("opening a deal with no game on the server starts none", async () => {
  const server = fakeApi();
  const loaded = await loadGame(deal1, createStorage(memoryStorage()), server.client);
  assert.deepEqual(writes(server), []);
  assert.equal(loaded.remote, null);
  assert.deepEqual(loaded.game.moves, []);
});

test("a won game opens won, and neither it nor a saved winning log is sent again", async () => {
  const won = serverGame({ id: 9, moves: ["6a", "6b", "6h"], state: "won" });
  const server = fakeApi({ games: [won] });
  const loaded = await loadGame(deal1, storeWith(["6a", "6b", "6h"], { serverId: 9 }), server.client);
  assert.equal(loaded.finished, won);
  assert.equal(loaded.remote, null);
  assert.deepEqual(loaded.game.moves, ["6a", "6b", "6h"]);
  assert.deepEqual(writes(server), []);
});

test("a won game's clock shows the time it took, not the time since", async () => {
  const won = serverGame({ id: 9, moves: ["6a"], state: "won" });
  const loaded = await loadGame(deal1, createStorage(memoryStorage()), fakeApi({ games: [won] }).client);
  assert.equal(loaded.game.times.at(-1), 5 * 60 * 1000);
});

test("a replay begun after a win comes back from the local save", async () => {
  const won = serverGame({ id: 9, moves: ["6a", "6b", "6h"], state: "won" });
  const loaded = await loadGame(deal1, storeWith(["1a", "1b"]), fakeApi({ games: [won] }).client);
  assert.equal(loaded.finished, null);
  assert.equal(loaded.remote, null);
  assert.deepEqual(loaded.game.moves, ["1a", "1b"]);
});

test("the newest game in progress resumes, with a local log that extends it", async () => {
  const playing = serverGame({ id: 4, moves: ["6a"] });
  const server = fakeApi({ games: [playing] });
  const loaded = await loadGame(deal1, storeWith(["6a", "6b"], { serverId: 4 }), server.client);
  assert.equal(loaded.remote, playing);
  assert.deepEqual(loaded.game.moves, ["6a", "6b"]);
  assert.equal(loaded.game.serverId, 4);
});

test("a server log that the local one does not extend wins", async () => {
  const playing = serverGame({ id: 4, moves: ["6a", "6b", "6h"] });
  const loaded = await loadGame(deal1, storeWith(["1a"]), fakeApi({ games: [playing] }).client);
  assert.deepEqual(loaded.game.moves, ["6a", "6b", "6h"]);
});

test("another player's save on this browser is not used", async () => {
  const loaded = await loadGame(deal1, storeWith(["6a"], { owner: "mallory" }), fakeApi().client);
  assert.deepEqual(loaded.game.moves, []);
});

test("a guest's save on a numbered deal is taken over by the player who logs in", async () => {
  const loaded = await loadGame(deal1, storeWith(["6a"], { owner: null }), fakeApi().client);
  assert.deepEqual(loaded.game.moves, ["6a"]);
});

test("today's daily is not dealt on opening: nothing starts until the player asks", async () => {
  const server = fakeApi({ daily: openDaily });
  const loaded = await loadGame(daily, createStorage(memoryStorage()), server.client);
  assert.deepEqual(writes(server), []);
  assert.deepEqual(server.called("games"), [["games", { variant: "freecell", daily: today.date }]]);
  assert.equal(loaded.unstarted, true);
  assert.equal(loaded.ranked, true);
  assert.equal(loaded.game, null);
});

test("starting today's daily starts the ranked server game and shows its deal", async () => {
  const server = fakeApi({ daily: openDaily });
  const loaded = await loadGame(daily, createStorage(memoryStorage()), server.client);
  const started = await startDaily(loaded, daily, server.client);
  assert.deepEqual(server.called("startDaily"), [["startDaily", today.date, "freecell"]]);
  assert.equal(started.ranked, true);
  assert.equal(started.remote.id, started.game.serverId);
  assert.deepEqual(started.game.daily, today);
  assert.deepEqual(started.game.start, msDeal(1));
});

test("a daily already played is not ranked again; a closed daily never is", async () => {
  const played = serverGame({ id: 2, moves: ["6a"], state: "won", daily: today, ranked: true });
  const again = await loadGame(daily, createStorage(memoryStorage()), fakeApi({ daily: openDaily, games: [played] }).client);
  assert.equal(again.finished, played);
  assert.equal(again.ranked, false);
  const closed = { ...openDaily, open: false, number: 5 };
  const past = await loadGame(daily, createStorage(memoryStorage()), fakeApi({ daily: closed }).client);
  assert.equal(past.ranked, false);
  assert.equal(past.daily.number, 5);
});
