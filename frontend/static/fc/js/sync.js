// Keeps the server's copy of a game's log in step with the local one. The
// local log is played at once; this sends the difference (an undo back to the
// common prefix, then the new moves), one request at a time, and retries
// when the network fails. On a ply mismatch the server's log wins.
//
// Moves go up in small batches: a move that may turn a card up (Klondike,
// Spider) is sent at once, since the player waits for its card, and so is an
// undo of moves the server holds; other moves are held until play pauses for
// `hold.ms` or `hold.moves` are waiting, so a run of quick moves is one request,
// not one each. Every move keeps its own client time. When the page is hidden
// or closed (`leave`), what is held goes up at once; every request is sent with
// `keepalive`, so one in flight, or sent as the page goes, still reaches the
// server after the tab is closed. The page's local save keeps the log, so a
// reload resumes exactly where play stood and sends what the server lacks.

import { batchEnd } from "./state.js";

// Waits between retries while the service cannot be reached (or answers 503).
// Capped at 4 s so that a player is back online within 5 s of the service's
// return (it used to climb to 30 s); a retry to a service that is down costs it
// a refused connection or a 503, nothing more.
export const RETRY_MS = [1000, 2000, 4000];

/** How long moves may wait for more: a short pause in play, or this many moves. */
export const HOLD = { ms: 1500, moves: 8 };

const SENT = { keepalive: true };

function commonPrefix(a, b) {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * `client` is the API (appendMoves, undoTo, game); `current()` returns the
 * local game; `onRemote(game)` hears every answer; `onConflict(game)` hears a
 * server log that replaced the local one. `hold`: `{ms, moves}` (see above),
 * or null to send every move at once (a live race shows each move to the others).
 */
export function createSync({
  client, gameId, serverMoves, current, hold = HOLD, onRemote = () => {}, onConflict = () => {}, onState = () => {},
}) {
  let remote = serverMoves.slice();
  let busy = false;
  let failures = 0;
  let timer = null;
  let held = null; // the hold's timer
  let extra = null; // a batch `leave` sent while another was in flight: {promise}
  let flightEnd = null; // where the server's log ends once the append in flight lands
  const waiters = [];

  const settle = () => {
    if (!busy && !timer && !held && inStep()) waiters.splice(0).forEach((resolve) => resolve());
  };
  const inStep = () => {
    const local = current().moves;
    return local.length === remote.length && commonPrefix(local, remote) === local.length;
  };

  // Whether what the server lacks may wait for more moves.
  function mayWait() {
    if (!hold) return false;
    const local = current();
    const shared = commonPrefix(local.moves, remote);
    if (shared < remote.length) return false; // an undo of moves the server holds
    if (local.moves.length - shared >= hold.moves) return false;
    // A Klondike or Spider move whose cards are not known yet: the player waits for them.
    return !local.known || local.known[local.moves.join(" ")]?.length === 0;
  }

  function batchFrom(local, from) {
    const end = batchEnd(local, from);
    return [local.moves.slice(from, end), local.times.slice(from, end)];
  }

  async function step() {
    const local = current();
    const shared = commonPrefix(local.moves, remote);
    if (shared < remote.length) {
      flightEnd = null;
      return client.undoTo(gameId, remote.length, shared, SENT);
    }
    const [moves, times] = batchFrom(local, shared);
    flightEnd = shared + moves.length;
    return client.appendMoves(gameId, remote.length, moves, times, SENT);
  }

  async function pump() {
    if (busy || timer) return;
    busy = true;
    while (!inStep()) {
      onState("saving");
      try {
        let answer = await step();
        if (extra) {
          remote = answer.moves.slice();
          const sent = extra;
          extra = null;
          answer = await sent.promise;
        }
        remote = answer.moves.slice();
        failures = 0;
        onRemote(answer);
      } catch (error) {
        extra = null;
        if (!(await recover(error))) break;
      }
    }
    busy = false;
    if (inStep()) {
      onState("saved");
      settle();
    }
  }

  // True to go on at once; false when a retry is scheduled or the server refused.
  async function recover(error) {
    if (["ply_mismatch", "illegal_move", "game_finished"].includes(error.code)) {
      try {
        const game = await client.game(gameId);
        remote = game.moves.slice();
        // A ply mismatch where the server's log is a prefix of ours (a closing page's last
        // batch landed after this page read the game) is no conflict: the moves played since
        // are kept, and the rest goes up from the server's ply. Any other difference: the
        // server's log wins.
        const behind = error.code === "ply_mismatch" && commonPrefix(current().moves, remote) === remote.length;
        if (!behind) onConflict(game);
        return true;
      } catch {
        // Fall through to a retry.
      }
    }
    if (error.status >= 400 && error.status < 500 && error.code !== "throttled") {
      onState("refused", error);
      return false;
    }
    onState("offline", error);
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    timer = setTimeout(() => {
      timer = null;
      pump();
    }, delay);
    return false;
  }

  function send() {
    clearTimeout(held);
    held = null;
    return pump();
  }

  function push() {
    if (inStep()) return settle();
    if (busy || timer || !mayWait()) return send();
    clearTimeout(held); // a new move: the pause starts again
    held = setTimeout(send, hold.ms);
    onState("saving");
    return undefined;
  }

  // The page is going (hidden, closed, reloaded): what waits goes up now. A batch in
  // flight holds the server's ply until it lands, so the rest follows it in a request
  // of its own, sent now with the ply the first will leave: the closing page may
  // never hear the first answer, which the next step would wait for.
  function leave() {
    if (!busy || timer) return send();
    clearTimeout(held);
    held = null;
    const local = current();
    if (extra || flightEnd === null || commonPrefix(local.moves, remote) < remote.length
        || flightEnd >= local.moves.length) return undefined;
    const [moves, times] = batchFrom(local, flightEnd);
    const promise = client.appendMoves(gameId, flightEnd, moves, times, SENT);
    promise.catch(() => {}); // heard when pump awaits it
    extra = { promise };
    return undefined;
  }

  return {
    /** Call after every local change. */
    push,
    /** Send what waits now, and after any batch in flight (the page is hidden or closing). */
    leave,
    /** Resolves once the server holds exactly the local log. */
    flushed() {
      if (!busy && !timer && !held && inStep()) return Promise.resolve();
      const done = new Promise((resolve) => waiters.push(resolve));
      send();
      return done;
    },
  };
}
