import assert from "node:assert/strict";
import { test } from "node:test";

import { createSession } from "../../frontend/static/fc/js/session.js";
import { apiError, fakeApi, serverGame } from "./fakes.mjs";

const player = { user: "alice", variant: "freecell", number: 1, daily: null };
const localGame = (moves) => ({ moves, times: moves.map((_, i) => i * 100) });

test("opening a game starts nothing on the server; the first move starts it and sends the log", async () => {
  const server = fakeApi();
  let game = localGame([]);
  const session = createSession({ client: server.client, config: player, current: () => game });
  await session.push();
  assert.deepEqual(server.calls, []);
  game = localGame(["6a"]);
  await session.push();
  await session.flushed();
  assert.deepEqual(server.calls.map((c) => c[0]), ["startGame", "appendMoves"]);
  assert.deepEqual(server.games[0].moves, ["6a"]);
  assert.equal(session.id(), server.games[0].id);
});

test("moves made while the game is being started go up with the first batch", async () => {
  const server = fakeApi();
  let game = localGame(["6a"]);
  const session = createSession({ client: server.client, config: player, current: () => game });
  const first = session.push();
  game = localGame(["6a", "6b"]);
  const second = session.push();
  await Promise.all([first, second]);
  await session.flushed();
  assert.equal(server.called("startGame").length, 1);
  assert.deepEqual(server.games[0].moves, ["6a", "6b"]);
});

test("a daily is started on the daily, at the first move", async () => {
  const server = fakeApi({ daily: { open: true } });
  let game = localGame([]);
  const config = { user: "alice", variant: "freecell", number: null, daily: { date: "2026-01-02", variant: "freecell" } };
  const session = createSession({ client: server.client, config, current: () => game, ranked: true });
  assert.equal(session.ranked(), true);
  game = localGame(["6a"]);
  await session.push();
  assert.deepEqual(server.calls[0], ["startDaily", "2026-01-02", "freecell"]);
  assert.equal(session.ranked(), true);
});

test("a guest's moves never reach the server", async () => {
  const server = fakeApi();
  const session = createSession({ client: server.client, config: { ...player, user: null }, current: () => localGame(["6a"]) });
  await session.push();
  assert.deepEqual(server.calls, []);
  assert.equal(await session.ensure(), null);
});

test("a start the server refuses (deal_unavailable) is reported once and not asked again", async () => {
  const refusal = apiError(400, "deal_unavailable");
  const server = fakeApi({ refuse: { startGame: refusal } });
  const refused = [];
  const states = [];
  let game = localGame(["6a"]);
  const session = createSession({
    client: server.client, config: player, current: () => game,
    onRefused: (error) => refused.push(error.code), onState: (state) => states.push(state),
  });
  await session.push();
  game = localGame(["6a", "6b"]);
  await session.push();
  assert.deepEqual(refused, ["deal_unavailable"]);
  assert.equal(server.called("startGame").length, 1);
  assert.deepEqual(states, ["refused"]);
  assert.equal(session.refusal(), refusal);
  await assert.rejects(session.ensure(), refusal);
});

test("a start that fails on the network is tried again at the next move", async () => {
  const server = fakeApi({ refuse: { startGame: apiError(0, "offline") } });
  let game = localGame(["6a"]);
  const session = createSession({ client: server.client, config: player, current: () => game });
  await session.push();
  assert.equal(session.id(), null);
  delete server.refuse.startGame;
  game = localGame(["6a", "6b"]);
  await session.push();
  await session.flushed();
  assert.deepEqual(server.games[0].moves, ["6a", "6b"]);
});

test("after a win, play again: the won log is not sent again and the next move starts a new game", async () => {
  const won = serverGame({ id: 7, moves: ["6a", "6b"] });
  const server = fakeApi({ games: [won] });
  let game = localGame(["6a", "6b"]);
  const session = createSession({ client: server.client, config: player, current: () => game, remote: won });
  await session.flushed();
  session.detach();
  game = localGame([]);
  await session.push();
  assert.deepEqual(server.calls, []);
  game = localGame(["1a"]);
  await session.push();
  await session.flushed();
  assert.deepEqual(won.moves, ["6a", "6b"]);
  assert.equal(server.called("startGame").length, 1);
  assert.deepEqual(server.games[0].moves, ["1a"]);
  assert.equal(session.ranked(), false);
});

test("a ranked game's status follows the server's answers", async () => {
  const remote = serverGame({ id: 3, ranked: true, daily: { date: "2026-01-02", variant: "freecell" } });
  const server = fakeApi({ games: [remote] });
  let game = localGame([]);
  const session = createSession({ client: server.client, config: player, current: () => game, remote });
  assert.equal(session.ranked(), true);
  remote.ranked = false; // unranked elsewhere (a hint on another device)
  game = localGame(["6a"]);
  await session.push();
  await session.flushed();
  assert.equal(session.ranked(), false);
});
