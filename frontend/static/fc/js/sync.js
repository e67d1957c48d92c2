// Keeps the server's copy of a game's log in step with the local one. The
// local log is played at once; this sends the difference (an undo back to the
// common prefix, then the new moves), one request at a time, and retries
// when the network fails. On a ply mismatch the server's log wins.

import { batchEnd } from "./state.js";

// Waits between retries while the service cannot be reached (or answers 503).
// Capped at 4 s so that a player is back online within 5 s of the service's
// return (it used to climb to 30 s); a retry to a service that is down costs it
// a refused connection or a 503, nothing more.
export const RETRY_MS = [1000, 2000, 4000];

function commonPrefix(a, b) {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * `client` is the API (appendMoves, undoTo, game); `current()` returns the
 * local game; `onRemote(game)` hears every answer; `onConflict(game)` hears a
 * server log that replaced the local one.
 */
export function createSync({ client, gameId, serverMoves, current, onRemote = () => {}, onConflict = () => {}, onState = () => {} }) {
  let remote = serverMoves.slice();
  let busy = false;
  let failures = 0;
  let timer = null;
  const waiters = [];

  const settle = () => {
    if (!busy && !timer && inStep()) waiters.splice(0).forEach((resolve) => resolve());
  };
  const inStep = () => {
    const local = current().moves;
    return local.length === remote.length && commonPrefix(local, remote) === local.length;
  };

  async function step() {
    const local = current();
    const shared = commonPrefix(local.moves, remote);
    if (shared < remote.length) {
      return client.undoTo(gameId, remote.length, shared);
    }
    const end = batchEnd(local, shared);
    return client.appendMoves(gameId, remote.length, local.moves.slice(shared, end), local.times.slice(shared, end));
  }

  async function pump() {
    if (busy || timer) return;
    busy = true;
    while (!inStep()) {
      onState("saving");
      try {
        const answer = await step();
        remote = answer.moves.slice();
        failures = 0;
        onRemote(answer);
      } catch (error) {
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
        onConflict(game);
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

  return {
    /** Call after every local change. */
    push: () => pump(),
    /** Resolves once the server holds exactly the local log. */
    flushed() {
      if (!busy && !timer && inStep()) return Promise.resolve();
      pump();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
