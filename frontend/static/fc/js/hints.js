// Asking for a hint: the solver's advice on the server game (or, for a guest,
// on the deal and the log), with a question first when the hint would take a
// ranked daily game off the leaderboard; then showing the answer, or the
// local nudge after saying why the solver's answer is missing.

import { localHint } from "./click_targets.js";
import { lostNotice } from "./notices.js";
import { rebuild } from "./state.js";

export const RANKED_HINT_QUESTION = "Using a hint takes this game off today's leaderboard. Show a hint?";

const NUDGE_WORDS = {
  deal_unavailable: "This deal is a daily that has not closed yet, so the solver gives no hints on it; here is a simple nudge instead.",
  undecided: "The solver found no answer in time; here is a simple nudge instead.",
};
const SOLVER_DOWN = "The solver is not available; here is a simple nudge instead.";

/** Why the local nudge is shown instead of the solver's answer. */
export const nudgeReason = (code) => NUDGE_WORDS[code] ?? SOLVER_DOWN;

// Settles like `promise`, or rejects with code "timeout" after `ms`.
function withTimeout(promise, ms) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("The solver took too long."), { code: "timeout" })), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function solverAnswer({ client, session, config, moves, waitMs }) {
  if (config.server ?? config.user) {
    // The server's log must be the local one before the solver looks at it.
    const id = await withTimeout(session.ensure().then(async (gameId) => { await session.flushed(); return gameId; }), waitMs);
    return client.hint(id);
  }
  if (config.number) return withTimeout(client.dealHint(config.variant, config.number, moves), waitMs);
  throw Object.assign(new Error("No solver for this game."), { code: "no_solver" });
}

export const PLANNING_WORDS = "The solver is looking further into this position; the hint follows in a few seconds.";
const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * Resolves to one of `{kind: "declined"}`, `{kind: "move", move}`,
 * `{kind: "lost", lastGood, scope}`, `{kind: "nudge", reason}` (show the
 * local nudge, after saying why) or `{kind: "stale"}` (the player moved while
 * the server was still planning: nothing to show). `confirm(question)`
 * resolves true to go on.
 *
 * A game's Klondike or Spider hint may answer "planning": the worker is
 * looking further. `onPlanning(words)` says so (once), and the server is asked again
 * after its `retry_after` seconds, for at most `planningMs`, while
 * `stillCurrent()` (the board is the one the hint was asked for).
 */
export async function askHint({ client, session, config, moves, confirm, waitMs = 5000, onPlanning = () => {},
  stillCurrent = () => true, planningMs = 60000, wait = sleep }) {
  const labels = { yes: "Show a hint", no: "No, keep it ranked" };
  if (session.ranked() && !(await confirm(RANKED_HINT_QUESTION, labels))) return { kind: "declined" };
  let answer;
  const began = Date.now();
  try {
    answer = await solverAnswer({ client, session, config, moves, waitMs });
    for (let said = false; answer?.status === "planning"; said = true) {
      session.unranked();
      if (!said) onPlanning(PLANNING_WORDS);
      if (Date.now() - began > planningMs) return { kind: "nudge", reason: nudgeReason("undecided") };
      await wait(1000 * Math.max(1, answer.retry_after ?? 2));
      if (!stillCurrent()) return { kind: "stale" };
      answer = await solverAnswer({ client, session, config, moves, waitMs });
    }
  } catch (error) {
    return { kind: "nudge", reason: nudgeReason(error?.code) };
  }
  if (!stillCurrent()) return { kind: "stale" };
  // The server unranks a ranked game at its first hint (its answer says "ranked": false).
  session.unranked();
  if (answer?.status === "move" && answer.move) return { kind: "move", move: answer.move };
  if (answer?.status === "lost") return { kind: "lost", lastGood: answer.last_good_ply ?? null, scope: answer.scope ?? "" };
  return { kind: "nudge", reason: nudgeReason(answer?.status) };
}

// The positions the game has been in (at most the last 60), so that a nudge never leads back to one.
function earlierPositions(game) {
  if (!game.start || !Array.isArray(game.moves)) return [];
  const positions = [];
  for (let n = Math.max(0, game.moves.length - 60); n < game.moves.length; n += 1) {
    try {
      positions.push(rebuild(game.start, game.moves.slice(0, n), game.known ?? null).position);
    } catch {
      return positions;
    }
  }
  return positions;
}

/** Show `outcome` on the board and in words; `table` describes moves and rewinds. */
export function showHint(outcome, { game, table, view, hud, say }) {
  const pointAt = (move, before = "") => {
    const { cards, toId, fromId, words } = table.describe(move, game.position);
    view.hint(cards, toId, fromId);
    say(`${before}Hint: ${words}`);
  };
  if (outcome.kind === "move") return pointAt(outcome.move);
  if (outcome.kind === "lost") {
    const notice = lostNotice({ ...outcome, undoFloor: game.undoFloor, rewindTo: (ply) => table.rewindTo(ply) });
    say(notice.text);
    return hud.notice(notice.text, notice.actions, notice.tone);
  }
  if (outcome.kind !== "nudge") return undefined;
  hud.notice(outcome.reason, [], "warn");
  const nudge = localHint(game.position, earlierPositions(game));
  if (nudge) pointAt(nudge, `${outcome.reason} `);
  else say(`${outcome.reason.replace(/; here is.*$/, ".")} No legal move is left.`);
}
