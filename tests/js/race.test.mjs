import assert from "node:assert/strict";
import { test } from "node:test";

import { createRaceSocket, playerLine, raceClient, socketUrl } from "../../frontend/static/fc/js/race.js";

// A WebSocket that records what is sent and lets the test play the server.
class FakeSocket {
  static made = [];
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    this.listeners = {};
    FakeSocket.made.push(this);
  }
  addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); }
  send(text) { this.sent.push(JSON.parse(text)); }
  emit(type, event = {}) { for (const fn of this.listeners[type] ?? []) fn(event); }
  open() { this.readyState = 1; this.emit("open"); }
  frame(body) { this.emit("message", { data: JSON.stringify(body) }); }
}

test("the socket is on the page's own address, or on the port the server names", () => {
  const page = { protocol: "https:", host: "example.org", hostname: "example.org" };
  assert.equal(socketUrl(page, "abc", ""), "wss://example.org/ws/races/abc/");
  const local = { protocol: "http:", host: "127.0.0.1:8000", hostname: "127.0.0.1" };
  assert.equal(socketUrl(local, "abc", "8001"), "ws://127.0.0.1:8001/ws/races/abc/");
});

test("a move goes up as a frame and its answer or refusal comes back as the API's would", async () => {
  const heard = [];
  const socket = createRaceSocket("ws://x/ws/races/abc/", { progress: (p) => heard.push(p) }, FakeSocket);
  const ws = FakeSocket.made.at(-1);
  const client = raceClient(socket);
  await assert.rejects(client.appendMoves("g", 0, ["1a"], [5]), (e) => e.status === 0 && e.code === "offline");
  ws.open();
  const played = client.appendMoves("g", 0, ["1a"], [5]);
  const frame = ws.sent.at(-1);
  assert.deepEqual({ ...frame, id: undefined }, { type: "moves", id: undefined, expected_ply: 0, moves: ["1a"], client_times: [5] });
  ws.frame({ type: "progress", player: { username: "bob", moves: 3 } });
  ws.frame({ type: "game", id: frame.id, game: { moves: ["1a"] } });
  assert.deepEqual(await played, { moves: ["1a"] });
  assert.deepEqual(heard, [{ username: "bob", moves: 3 }]);
  const refused = client.undoTo("g", 1, 0);
  ws.frame({ type: "error", id: ws.sent.at(-1).id, error: { code: "race_over", message: "The race is over." } });
  await assert.rejects(refused, (e) => e.status === 409 && e.code === "race_over");
});

test("a player's line says what is home and how they stand, never a card", () => {
  const race = { state: "running", total: 52, unit: "cards" };
  const player = { username: "bob", host: false, rating: 1500, home: 12, moves: 30, won: false, gone: false, connected: true, place: null };
  assert.equal(playerLine(player, race), "bob · 1500 · 12/52 cards · 30 moves");
  assert.equal(playerLine({ ...player, connected: false, gone: true }, race), "bob · 1500 · 12/52 cards · 30 moves · gone");
  const won = { ...player, home: 52, won: true, seconds: 80.5, place: 1, rating_before: 1500, rating_after: 1540 };
  assert.equal(playerLine(won, { ...race, state: "finished" }), "1st · bob · 1500 · 52/52 cards · 30 moves · won in 80.5 s · rating 1500 → 1540");
});

test("join is settled by the server's ok, and the race it changed still reaches the page", async () => {
  const races = [];
  const socket = createRaceSocket("ws://x/ws/races/abc/", { race: (r) => races.push(r) }, FakeSocket);
  const ws = FakeSocket.made.at(-1);
  ws.open();
  const joined = socket.request({ type: "join" });
  const { id } = ws.sent.at(-1);
  ws.frame({ type: "race", race: { players: ["alice", "bob"] } });
  ws.frame({ type: "ok", id });
  assert.deepEqual(await joined, { type: "ok", id });
  assert.deepEqual(races, [{ players: ["alice", "bob"] }]);
});
