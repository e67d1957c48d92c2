import assert from "node:assert/strict";
import { test } from "node:test";

import { HOLD, RETRY_MS, createSync } from "../../frontend/static/fc/js/sync.js";

// A server that keeps a log and answers as docs/api.md says.
function fakeServer(initial = []) {
  const server = { moves: initial.slice(), calls: [], failNext: null };
  const guard = (expected) => {
    if (server.failNext) {
      const error = server.failNext;
      server.failNext = null;
      throw error;
    }
    if (expected !== server.moves.length) throw Object.assign(new Error("ply"), { status: 409, code: "ply_mismatch" });
  };
  server.client = {
    async appendMoves(id, expected, moves, times) {
      server.calls.push(["moves", expected, moves, times]);
      guard(expected);
      server.moves.push(...moves);
      return { id, moves: server.moves.slice() };
    },
    async undoTo(id, expected, to) {
      server.calls.push(["undo", expected, to]);
      guard(expected);
      server.moves = server.moves.slice(0, to);
      return { id, moves: server.moves.slice() };
    },
    async game(id) {
      return { id, moves: server.moves.slice() };
    },
  };
  return server;
}

const localGame = (moves) => ({ moves, times: moves.map((_, i) => i * 100) });

test("new moves go up with the ply the server expects", async () => {
  const server = fakeServer();
  let game = localGame([]);
  const sync = createSync({ client: server.client, gameId: 1, serverMoves: [], current: () => game });
  game = localGame(["1a", "2b"]);
  await sync.flushed();
  assert.deepEqual(server.moves, ["1a", "2b"]);
  assert.deepEqual(server.calls[0], ["moves", 0, ["1a", "2b"], [0, 100]]);
});

test("an undo goes up as an undo to the common prefix, then the new moves", async () => {
  const server = fakeServer(["1a", "2b", "3c"]);
  let game = localGame(["1a", "2b", "3c"]);
  const sync = createSync({ client: server.client, gameId: 1, serverMoves: server.moves, current: () => game });
  game = localGame(["1a", "4d"]);
  await sync.flushed();
  assert.deepEqual(server.calls.map((c) => c[0]), ["undo", "moves"]);
  assert.deepEqual(server.calls[0], ["undo", 3, 1]);
  assert.deepEqual(server.moves, ["1a", "4d"]);
});

test("on a ply mismatch the server's log wins and the client hears of it", async () => {
  const server = fakeServer(["1a", "2b"]);
  let game = localGame(["1a"]);
  const replaced = [];
  const sync = createSync({
    client: server.client, gameId: 1, serverMoves: ["1a"], current: () => game,
    onConflict(remote) {
      replaced.push(remote.moves);
      game = localGame(remote.moves);
    },
  });
  game = localGame(["1a", "3c"]);
  await sync.flushed();
  assert.deepEqual(replaced, [["1a", "2b"]]);
  assert.deepEqual(server.moves, ["1a", "2b"]);
});

test("on a ply mismatch where the server's log is a prefix of ours, our later moves are kept and sent", async () => {
  // A reload mid-batch: the closing page's last batch (2b) lands after the new page read
  // the game (1a), and a move is played (3c) before the conflict is heard.
  const server = fakeServer(["1a"]);
  let game = localGame(["1a", "2b"]);
  const replaced = [];
  const sync = createSync({
    client: server.client, gameId: 1, serverMoves: ["1a"], current: () => game, hold: null,
    onConflict(remote) {
      replaced.push(remote.moves);
      game = localGame(remote.moves);
    },
  });
  server.moves.push("2b"); // the earlier page's keepalive batch
  game = localGame(["1a", "2b", "3c"]);
  sync.push();
  await sync.flushed();
  assert.deepEqual(replaced, []);
  assert.deepEqual(server.moves, ["1a", "2b", "3c"]);
  assert.deepEqual(game.moves, ["1a", "2b", "3c"]);
});

test("a network failure is retried and nothing is lost", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const server = fakeServer();
  const states = [];
  let game = localGame([]);
  const sync = createSync({ client: server.client, gameId: 1, serverMoves: [], current: () => game, onState: (s) => states.push(s) });
  server.failNext = Object.assign(new Error("offline"), { status: 0, code: "offline" });
  game = localGame(["1a"]);
  const done = sync.flushed();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(server.moves, []);
  t.mock.timers.tick(1000);
  await done;
  assert.deepEqual(server.moves, ["1a"]);
  assert.ok(states.includes("offline") && states.at(-1) === "saved");
});

test("after an outage of any length the next attempt reaches the service within 5 s of its return", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  for (const outageMs of [300, 2500, 9000, 31000, 180000]) {
    let now = 0;
    let reachedAt = null;
    const client = {
      async appendMoves(id, expected, moves) {
        if (now < outageMs) throw Object.assign(new Error("down"), { status: 503, code: "service_unavailable" });
        reachedAt ??= now;
        return { id, moves: moves.slice() };
      },
    };
    let game = localGame([]);
    const sync = createSync({ client, gameId: 1, serverMoves: [], current: () => game });
    game = localGame(["1a"]);
    const done = sync.flushed();
    while (reachedAt === null && now < outageMs + 60000) {
      await new Promise((resolve) => setImmediate(resolve));
      now += 100;
      t.mock.timers.tick(100);
    }
    await done;
    assert.ok(reachedAt !== null && reachedAt - outageMs <= 5000, `outage ${outageMs} ms: reached at ${reachedAt} ms`);
  }
  assert.ok(Math.max(...RETRY_MS) <= 4000);
});

// Batching: quick moves wait for a pause (or for a few more), and go up together.
const pause = () => new Promise((resolve) => setImmediate(resolve));

test("quick FreeCell moves go up together after a pause in play, each with its own client time", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const server = fakeServer();
  let game = localGame([]);
  const sync = createSync({ client: server.client, gameId: 1, serverMoves: [], current: () => game });
  for (const moves of [["1a"], ["1a", "2b"], ["1a", "2b", "3c"]]) {
    game = localGame(moves);
    sync.push();
    t.mock.timers.tick(HOLD.ms - 1); // each move within the pause of the one before
    await pause();
  }
  assert.deepEqual(server.calls, []);
  t.mock.timers.tick(1);
  await sync.flushed();
  assert.deepEqual(server.calls, [["moves", 0, ["1a", "2b", "3c"], [0, 100, 200]]]);
});

test("a run of moves without a pause goes up every few moves", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const server = fakeServer();
  let game = localGame([]);
  const sync = createSync({ client: server.client, gameId: 1, serverMoves: [], current: () => game });
  const moves = Array.from({ length: HOLD.moves }, (_, i) => `${i}a`);
  for (let n = 1; n <= moves.length; n += 1) {
    game = localGame(moves.slice(0, n));
    sync.push();
  }
  await pause();
  assert.equal(server.calls.length, 1);
  assert.deepEqual(server.calls[0][2], moves);
});

test("a Klondike move whose cards are not known yet goes up at once; one known to turn nothing waits", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const server = fakeServer();
  let game = { ...localGame(["s"]), known: {} };
  const sync = createSync({ client: server.client, gameId: 1, serverMoves: [], current: () => game });
  sync.push();
  await pause();
  assert.deepEqual(server.calls.map((c) => c[2]), [["s"]]);
  game = { ...localGame(["s", "w1"]), known: { s: [{ pile: "w", card: "4H" }], "s w1": [] } };
  sync.push();
  await pause();
  assert.equal(server.calls.length, 1, "a redone move known to turn nothing up waits");
});

test("an undo of moves the server holds goes up at once; one of moves still held costs no request", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const server = fakeServer(["1a"]);
  let game = localGame(["1a"]);
  const sync = createSync({ client: server.client, gameId: 1, serverMoves: ["1a"], current: () => game });
  game = localGame(["1a", "2b"]);
  sync.push();
  game = localGame(["1a"]); // taken back before it went up
  sync.push();
  await pause();
  assert.deepEqual(server.calls, []);
  game = localGame([]);
  sync.push();
  await pause();
  assert.deepEqual(server.calls, [["undo", 1, 0]]);
});

test("leaving the page sends what is held at once, and what follows a batch in flight without waiting for its answer", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const server = fakeServer();
  const sent = [];
  let answerFirst;
  const client = {
    ...server.client,
    async appendMoves(id, expected, moves, times, options) {
      sent.push([expected, moves, options]);
      const answer = await server.client.appendMoves(id, expected, moves, times); // it lands at once...
      if (sent.length === 1) await new Promise((resolve) => { answerFirst = resolve; }); // ...its answer is late
      return answer;
    },
  };
  let game = localGame([]);
  const sync = createSync({ client, gameId: 1, serverMoves: [], current: () => game });
  game = localGame(["1a", "2b"]);
  sync.leave(); // the tab is hidden: nothing waits for the pause
  await pause();
  assert.deepEqual(sent.map((s) => s.slice(0, 2)), [[0, ["1a", "2b"]]]);
  game = localGame(["1a", "2b", "3c"]);
  sync.push();
  sync.leave(); // closing while the first is in flight
  await pause();
  assert.deepEqual(sent.map((s) => s.slice(0, 2)), [[0, ["1a", "2b"]], [2, ["3c"]]]);
  assert.ok(sent.every(([, , options]) => options?.keepalive), "every request outlives the page");
  answerFirst();
  await sync.flushed();
  assert.deepEqual(server.moves, ["1a", "2b", "3c"]);
  assert.equal(sent.length, 2, "the page that stayed did not send the last move twice");
});

test("a race sends every move at once", async () => {
  const server = fakeServer();
  let game = localGame([]);
  const sync = createSync({ client: server.client, gameId: 1, serverMoves: [], current: () => game, hold: null });
  game = localGame(["1a"]);
  sync.push();
  await pause();
  assert.deepEqual(server.calls.map((c) => c[2]), [["1a"]]);
});
