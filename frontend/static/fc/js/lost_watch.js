// The lost-position notice, shown as soon as a move loses the game: once the
// player's moves settle, the solver is asked whether the game can still be
// won (the server's verdict route: the hint's limits and throttle, never
// counted as a hint, never saying how). Asked once per position, one question
// at a time, and not again while the log still holds the losing move.

import { isWon } from "./rules.js";

const startsWith = (moves, prefix) => prefix.length <= moves.length && prefix.every((m, i) => moves[i] === m);

async function verdictFor({ client, session, config, moves }) {
  if (config.server ?? config.user) {
    const id = await session.ensure();
    await session.flushed();
    return client.verdict(id);
  }
  if (config.number) return client.dealVerdict(config.variant, config.number, moves);
  return null;
}

/** `onLost({lastGood, scope})` hears a verdict of a lost position for the current log. */
export function createLostWatch({ client, session, config, current, onLost, delayMs = 1500 }) {
  let timer = null;
  let asking = false;
  let losing = null; // the log up to and with the move that lost the game
  const asked = new Set();

  async function check() {
    const game = current();
    const key = game.moves.join(" ");
    if (asking || !game.moves.length || isWon(game.position) || asked.has(key)) return;
    if (losing && startsWith(game.moves, losing)) return;
    asking = true;
    asked.add(key);
    try {
      const answer = await verdictFor({ client, session, config, moves: game.moves });
      if (answer?.status !== "lost" || current().moves.join(" ") !== key) return;
      const lastGood = answer.last_good_ply ?? null;
      losing = lastGood === null ? [] : game.moves.slice(0, lastGood + 1);
      onLost({ lastGood, scope: answer.scope ?? "" });
    } catch {
      // Offline, throttled or the solver busy: the hint button still answers.
    } finally {
      asking = false;
    }
  }

  return {
    /** Call after the player's moves: the question waits until they pause. */
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(check, delayMs);
    },
    check,
  };
}
