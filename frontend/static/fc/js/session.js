// The server's copy of the game a logged-in player is playing. Opening a page
// starts nothing: the server game is started at the first move (or the first
// hint), then sync.js keeps its log equal to the local one. A finished game is
// never pushed again; "play again" links the next move to a new server game.

import { HOLD, createSync } from "./sync.js";

// Refusals that will not change by asking again (a network failure or a
// throttle will, so those are retried at the next move).
const isFinal = (error) => error?.status >= 400 && error.status < 500 && error.code !== "throttled";

/**
 * `client` is the API; `config` the page's `{user, variant, number, daily}`;
 * `current()` the local game. `remote` is a server game in progress to resume;
 * `ranked` whether the game not started yet would be ranked (a first attempt
 * on an open daily). `onRefused(error)` hears a start the server refused;
 * `onAnswer(game)` every answer of the server (its `reveals` name the cards turned up).
 * `config.server`: the game is played on the server even for a guest (Klondike, Spider).
 */
export function createSession({
  client, config, current, remote = null, ranked = false,
  onConflict = () => {}, onState = () => {}, onRefused = () => {}, onAnswer = () => {},
}) {
  let linked = null;
  let starting = null;
  let refused = null;
  let rankedNext = ranked;

  function link(game) {
    const own = { id: game.id, ranked: Boolean(game.ranked), frozen: null };
    own.sync = createSync({
      client,
      gameId: game.id,
      serverMoves: game.moves ?? [],
      // A race shows every move to the others at once; elsewhere quick moves go up together.
      hold: config.race ? null : HOLD,
      // Once unlinked the sync only finishes sending the log it was given.
      current: () => own.frozen ?? current(),
      onRemote: (answer) => {
        if (typeof answer.ranked === "boolean") own.ranked = answer.ranked;
        if (!own.frozen) onAnswer(answer);
      },
      onConflict: (answer) => { if (!own.frozen) onConflict(answer); },
      onState: (state, error) => { if (!own.frozen) onState(state, error); },
    });
    linked = own;
    return own;
  }

  function startRemote() {
    const { daily, variant, number } = config;
    return daily ? client.startDaily(daily.date, daily.variant) : client.startGame(variant, number);
  }

  /** The server game's id, starting it if need be; throws when it cannot be started. */
  async function ensure() {
    if (linked) return linked.id;
    if (!(config.server ?? config.user)) return null;
    if (refused) throw refused;
    starting ??= startRemote()
      .then((game) => link(game).id)
      .catch((error) => {
        if (isFinal(error)) {
          refused = error;
          onState("refused", error);
          onRefused(error);
        } else onState("offline", error);
        throw error;
      })
      .finally(() => { starting = null; });
    return starting;
  }

  if (remote) link(remote);

  return {
    ensure,
    /** Call after every local change: the first move starts the server game. */
    async push() {
      if (linked) return linked.sync.push();
      if (!(config.server ?? config.user) || refused || !current().moves.length) return undefined;
      try {
        await ensure();
      } catch {
        return undefined; // said through onState; the next move tries again
      }
      return linked?.sync.push();
    },
    /** The page is hidden or closing: send what waits now (sync.js). */
    leave: () => linked?.sync.leave(),
    /** Resolves once the server holds exactly the local log (at once when there is no server game). */
    flushed: () => (linked ? linked.sync.flushed() : Promise.resolve()),
    id: () => linked?.id ?? null,
    /** Whether the game counts for today's leaderboard (or would, once started). */
    ranked: () => (linked ? linked.ranked : rankedNext),
    unranked() {
      if (linked) linked.ranked = false;
      rankedNext = false;
    },
    refusal: () => refused,
    /** Leave the current server game (after a win): the next move starts a new, unranked one. */
    detach() {
      if (linked) linked.frozen = current();
      linked = null;
      rankedNext = false;
    },
  };
}
