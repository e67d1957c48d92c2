// The race pages: making a race, and a race's lobby, board and live progress.
// The race comes over its socket (docs/api.md, Races): the server sends the
// race as stored and each player's progress; this page draws them, and plays
// the player's own game with the play page's controller, its moves sent over
// the same socket. After a reload or a lost connection the server sends the
// race and the game again, and play goes on from there.

import { api, ApiError } from "./api.js";
import { createBoardView } from "./board_view.js";
import { createController } from "./controller.js";
import { createAnnouncer, createHud, formatClock } from "./hud.js";
import { fromServer } from "./state.js";
import { createStorage } from "./storage.js";

const CONFLICTS = new Set(["ply_mismatch", "game_finished", "race_over", "not_dealt", "not_started", "left_race",
  "race_started", "race_full", "too_few_players"]);
const FORBIDDEN = new Set(["not_your_game", "not_in_race", "not_host", "forbidden"]);
const statusOf = (code) => (CONFLICTS.has(code) ? 409 : FORBIDDEN.has(code) ? 403 : code === "not_found" ? 404 : 400);
const offline = () => new ApiError(0, { code: "offline", message: "The race socket is not connected." });

/** The socket URL of a race: the page's own address, or the port the server names for sockets. */
export function socketUrl(loc, code, port) {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  const host = port ? `${loc.hostname.includes(":") ? `[${loc.hostname}]` : loc.hostname}:${port}` : loc.host;
  return `${scheme}//${host}/ws/races/${code}/`;
}

/**
 * A race socket that reconnects by itself. `request(frame)` resolves with the
 * answer to that frame (matched by `id`) or rejects with an ApiError, as the
 * web API's calls do; other frames go to `on.race`, `on.progress`, `on.game`, `on.error`.
 */
export function createRaceSocket(url, on, WebSocketClass = WebSocket) {
  let ws = null;
  let nextId = 1;
  let retries = 0;
  const waiting = new Map();

  function open() {
    ws = new WebSocketClass(url);
    ws.addEventListener("open", () => { retries = 0; on.open?.(); });
    ws.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      const pending = frame.id !== null && frame.id !== undefined ? waiting.get(frame.id) : null;
      if (pending) {
        waiting.delete(frame.id);
        if (frame.type === "error") pending.reject(new ApiError(statusOf(frame.error.code), frame.error));
        else pending.resolve(frame);
        return;
      }
      if (frame.type === "error") on.error?.(frame.error);
      else on[frame.type]?.(frame[frame.type === "progress" ? "player" : frame.type]);
    });
    ws.addEventListener("close", (event) => {
      for (const pending of waiting.values()) pending.reject(offline());
      waiting.clear();
      on.close?.(event);
      // 4xxx: the server said why (not logged in, no such race, a flood): no point in trying again.
      if (event.code < 4000) setTimeout(open, Math.min(10000, 500 * 2 ** retries++));
    });
  }
  open();

  return {
    request(frame) {
      if (!ws || ws.readyState !== 1) return Promise.reject(offline());
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        ws.send(JSON.stringify({ ...frame, id }));
      });
    },
    send(frame) {
      if (ws?.readyState === 1) ws.send(JSON.stringify(frame));
    },
  };
}

/** The web API's game calls, over the race socket (what the play page's controller uses). */
export function raceClient(socket) {
  const game = (frame) => socket.request(frame).then((answer) => answer.game);
  return {
    appendMoves: (id, expectedPly, moves, clientTimes) => game({ type: "moves", expected_ply: expectedPly, moves, client_times: clientTimes }),
    undoTo: (id, expectedPly, toPly) => game({ type: "undo", expected_ply: expectedPly, to_ply: toPly }),
    game: () => game({ type: "deal" }),
    verdict: async () => null,
    hint: async () => { throw new ApiError(409, { code: "no_hints", message: "No hints in a race." }); },
    submission: async () => null,
  };
}

const ORDINALS = ["th", "st", "nd", "rd"];
const ordinal = (n) => `${n}${ORDINALS[(n % 100 > 10 && n % 100 < 14) || n % 10 > 3 ? 0 : n % 10]}`;

/** One player's line in the list: name, rating, what is home, moves, and how they stand. */
export function playerLine(player, race) {
  const parts = [`${player.username}${player.host ? " (host)" : ""}`, `${player.rating}`];
  if (race.state !== "lobby") parts.push(`${player.home}/${race.total} ${race.unit}`, `${player.moves} moves`);
  if (player.won) parts.push(`won in ${player.seconds} s`);
  else if (player.gone) parts.push("gone");
  if (!player.connected && !player.gone) parts.push("offline");
  if (player.place) parts.unshift(ordinal(player.place));
  if (player.under_review) parts.push("under review");
  if (player.rating_after !== null && player.rating_after !== undefined) parts.push(`rating ${player.rating_before} → ${player.rating_after}`);
  return parts.join(" · ");
}

function statusText(race, now) {
  if (race.state === "lobby") return `Waiting for the host to start (${race.players.length} of 2–8 players).`;
  if (race.state === "countdown") return `Starting in ${Math.max(1, Math.ceil((Date.parse(race.starts_at) - now) / 1000))}…`;
  if (race.state === "running") return `Racing: ${formatClock(Math.max(0, Date.parse(race.ends_at) - now))} left.`;
  return race.validated ? "Race over: results checked." : "Race over: checking every game…";
}

function startRace(root) {
  const { code, user } = root.dataset;
  const store = createStorage();
  const say = createAnnouncer(root.querySelector("[data-announcer]"));
  const boardEl = root.querySelector("[data-board]");
  const list = root.querySelector("[data-race-players]");
  const status = root.querySelector("[data-race-status]");
  const buttons = Object.fromEntries(["join", "start", "leave"].map((n) => [n, root.querySelector(`[data-race-${n}]`)]));
  let race = null;
  let skew = 0; // server clock minus this one
  let controller = null;
  let dealTimer = null;
  let endTimer = null;
  const hud = createHud(root, { command: (name) => controller?.command(name) });
  const serverNow = () => Date.now() + skew;

  function draw() {
    if (!race) return;
    status.textContent = statusText(race, serverNow());
    list.replaceChildren(...race.players.map((player) => {
      const item = document.createElement("li");
      item.dataset.player = player.username;
      item.classList.toggle("me", player.username === user);
      item.textContent = playerLine(player, race);
      return item;
    }));
    const mine = race.players.find((p) => p.username === user);
    buttons.join.hidden = race.state !== "lobby" || Boolean(mine);
    buttons.start.hidden = race.state !== "lobby" || race.host !== user;
    buttons.start.disabled = race.players.length < 2;
    buttons.leave.hidden = !mine || mine.gone || mine.won || race.state === "finished";
    boardEl.inert = race.state === "finished" || Boolean(mine?.gone);
  }

  function schedule() {
    clearTimeout(dealTimer);
    clearTimeout(endTimer);
    if (race.state === "countdown" || (race.state === "running" && !controller)) {
      dealTimer = setTimeout(askDeal, Math.max(0, Date.parse(race.starts_at) - serverNow()));
    }
    if (race.state === "countdown" || race.state === "running") {
      // At the time limit, ask: the server ends the race and everyone is told.
      endTimer = setTimeout(() => socket.send({ type: "sync" }), Math.max(0, Date.parse(race.ends_at) - serverNow()) + 50);
    }
  }

  async function askDeal() {
    if (controller || !race.players.some((p) => p.username === user)) return;
    try {
      play(await client.game());
    } catch (error) {
      if (error.code === "not_dealt") dealTimer = setTimeout(askDeal, Math.max(50, error.detail.starts_in_ms ?? 200));
    }
  }

  function play(game) {
    if (controller || !game) return;
    boardEl.hidden = false;
    const view = createBoardView(boardEl);
    const config = { variant: game.variant, number: game.deal?.number ?? null, daily: null, user, server: true, race: code, title: root.dataset.title };
    const loaded = { game: fromServer(game), remote: game, finished: null, ranked: false, daily: null, key: `race:${code}` };
    controller = createController({ root, config, loaded, store, view, hud, say, client });
    new ResizeObserver(() => view.render(controller.game().position, { instant: true })).observe(boardEl);
    draw();
  }

  const socket = createRaceSocket(socketUrl(location, code, root.dataset.socketPort), {
    race(next) {
      race = next;
      skew = Date.parse(race.server_now) - Date.now();
      draw();
      schedule();
      if (race.state === "finished") say(statusText(race, serverNow()));
    },
    progress(player) {
      if (!race) return;
      const index = race.players.findIndex((p) => p.username === player.username);
      if (index >= 0) race.players[index] = { ...race.players[index], ...player };
      draw();
    },
    game: play,
    error(error) {
      hud.notice(error.message, [], "error");
    },
    close(event) {
      if (event.code >= 4000) status.textContent = "Disconnected by the server.";
      else hud.syncState("Reconnecting…");
    },
    open() {
      hud.syncState("");
    },
  });
  const client = raceClient(socket);
  const act = (type) => () => socket.request({ type }).catch((error) => hud.notice(error.message, [], "error"));
  buttons.join.addEventListener("click", act("join"));
  buttons.start.addEventListener("click", act("start"));
  buttons.leave.addEventListener("click", act("leave"));
  setInterval(draw, 1000);
}

function startNew(root) {
  const form = root.querySelector("[data-race-new]");
  const error = form.querySelector("[data-error]");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const body = { variant: form.variant.value, rated: form.rated.checked, minutes: Number(form.minutes.value) };
    if (form.number.value.trim()) body.number = Number(form.number.value);
    try {
      const made = await api.createRace(body);
      location.assign(made.url);
    } catch (e) {
      error.textContent = e.message;
    }
  });
}

export function startRacePage(page, root) {
  if (page === "race-new") return startNew(root);
  return startRace(root.querySelector("[data-race]"));
}
