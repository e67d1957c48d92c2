import assert from "node:assert/strict";
import { test } from "node:test";

import { askHint, PLANNING_WORDS, RANKED_HINT_QUESTION } from "../../frontend/static/fc/js/hints.js";
import { createSession } from "../../frontend/static/fc/js/session.js";
import { apiError, fakeApi, serverGame } from "./fakes.mjs";

const player = { user: "alice", variant: "freecell", number: 1, daily: null };
const guest = { ...player, user: null };
const dailyPlayer = { ...player, number: null, daily: { date: "2026-01-02", variant: "freecell" } };
const localGame = (moves) => ({ moves, times: moves.map(() => 0) });

function setUp({ config = player, remote = null, ranked = false, refuse = {}, moves = ["6a"] } = {}) {
  const server = fakeApi({ games: remote ? [remote] : [], daily: { open: true }, refuse });
  const session = createSession({ client: server.client, config, current: () => localGame(moves), remote, ranked });
  const asked = [];
  const answer = (yes) => (question) => { asked.push(question); return Promise.resolve(yes); };
  return { server, session, asked, answer, ask: (confirm) => askHint({ client: server.client, session, config, moves, confirm, waitMs: 200 }) };
}

test("on a ranked daily game the player is asked first; declining sends nothing", async () => {
  const remote = serverGame({ id: 5, ranked: true, moves: ["6a"], daily: dailyPlayer.daily });
  const { server, session, asked, answer, ask } = setUp({ config: dailyPlayer, remote });
  const outcome = await ask(answer(false));
  assert.deepEqual(outcome, { kind: "declined" });
  assert.deepEqual(asked, [RANKED_HINT_QUESTION]);
  assert.deepEqual(server.called("hint"), []);
  assert.equal(session.ranked(), true);
});

test("accepting asks the server; the game is no longer ranked and is not asked about again", async () => {
  const remote = serverGame({ id: 5, ranked: true, moves: ["6a"], daily: dailyPlayer.daily });
  const { server, session, asked, answer, ask } = setUp({ config: dailyPlayer, remote });
  assert.deepEqual(await ask(answer(true)), { kind: "move", move: "6a" });
  assert.equal(server.called("hint").length, 1);
  assert.equal(session.ranked(), false);
  await ask(answer(true));
  assert.equal(asked.length, 1);
  assert.equal(server.called("hint").length, 2);
});

test("a daily not started yet that would be ranked is asked about before anything is sent", async () => {
  const { server, asked, answer, ask } = setUp({ config: dailyPlayer, ranked: true, moves: [] });
  await ask(answer(false));
  assert.equal(asked.length, 1);
  assert.deepEqual(server.calls, []);
});

test("an unranked game gets its hint without a question", async () => {
  const { server, asked, ask } = setUp({ remote: serverGame({ id: 5, moves: ["6a"] }) });
  assert.equal((await ask(() => assert.fail("asked"))).kind, "move");
  assert.equal(asked.length, 0);
  assert.equal(server.called("hint").length, 1);
});

test("a solver that fails (503 solver_unavailable) is said, and the local nudge follows", async () => {
  const { ask } = setUp({ remote: serverGame({ id: 5, moves: ["6a"] }), refuse: { hint: apiError(503, "solver_unavailable") } });
  const outcome = await ask(() => true);
  assert.equal(outcome.kind, "nudge");
  assert.equal(outcome.reason, "The solver is not available; here is a simple nudge instead.");
});

test("a server error or an answer too slow is said the same way", async () => {
  const broken = setUp({ config: guest, refuse: { dealHint: apiError(500, "http_error") } });
  assert.match((await broken.ask(() => true)).reason, /^The solver is not available/);
  const slow = setUp({ config: guest });
  slow.server.client.dealHint = () => new Promise(() => {});
  assert.match((await slow.ask(() => true)).reason, /^The solver is not available/);
});

test("a deal that is an open daily gets no solver hint, and the player is told why", async () => {
  const { ask } = setUp({ config: guest, refuse: { dealHint: apiError(400, "deal_unavailable") } });
  const outcome = await ask(() => true);
  assert.equal(outcome.kind, "nudge");
  assert.match(outcome.reason, /daily that has not closed yet/);
});

test("a player's hint before the first move starts the server game first", async () => {
  const { server, ask } = setUp({ moves: [] });
  assert.equal((await ask(() => true)).kind, "move");
  assert.deepEqual(server.calls.map((c) => c[0]), ["startGame", "hint"]);
});

const planning = { status: "planning", move: null, last_good_ply: null, hints: 0, scope: "", ranked: false, retry_after: 2 };

test("while the worker plans, the page says so once and asks again after retry_after until the move comes", async () => {
  const server = fakeApi({ games: [serverGame({ id: 5, moves: ["6a"] })], hints: [planning, planning] });
  const session = createSession({ client: server.client, config: player, current: () => localGame(["6a"]), remote: serverGame({ id: 5, moves: ["6a"] }) });
  const said = [], waited = [];
  const outcome = await askHint({ client: server.client, session, config: player, moves: ["6a"], confirm: () => true,
    onPlanning: (words) => said.push(words), wait: async (ms) => { waited.push(ms); } });
  assert.deepEqual(outcome, { kind: "move", move: "6a" });
  assert.equal(server.called("hint").length, 3);
  assert.deepEqual(waited, [2000, 2000]);
  assert.deepEqual(said, [PLANNING_WORDS]);
});

test("a player who moves while the worker plans gets no hint for the board they left", async () => {
  const server = fakeApi({ games: [serverGame({ id: 5, moves: ["6a"] })], hints: [planning] });
  const session = createSession({ client: server.client, config: player, current: () => localGame(["6a"]), remote: serverGame({ id: 5, moves: ["6a"] }) });
  let current = true;
  const outcome = await askHint({ client: server.client, session, config: player, moves: ["6a"], confirm: () => true,
    stillCurrent: () => current, wait: async () => { current = false; } });
  assert.deepEqual(outcome, { kind: "stale" });
  assert.equal(server.called("hint").length, 1);
});

test("planning that runs past its limit ends in the local nudge, said as undecided", async () => {
  const server = fakeApi({ games: [serverGame({ id: 5, moves: ["6a"] })], hints: Array(50).fill(planning) });
  const session = createSession({ client: server.client, config: player, current: () => localGame(["6a"]), remote: serverGame({ id: 5, moves: ["6a"] }) });
  const outcome = await askHint({ client: server.client, session, config: player, moves: ["6a"], confirm: () => true,
    planningMs: -1, wait: async () => {} });
  assert.equal(outcome.kind, "nudge");
  assert.equal(outcome.reason, "The solver found no answer in time; here is a simple nudge instead.");
});
