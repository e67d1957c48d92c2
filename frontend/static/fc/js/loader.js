// Finds the game a play page opens: the server's copy for a logged-in player
// (so a game resumes on another device), else the local autosave, else a
// fresh deal from the API.

import { api, rowsOf } from "./api.js";
import { deserialize, fromServer, newGame } from "./state.js";
import { gameKey } from "./storage.js";

const isPrefix = (short, long) => short.length <= long.length && short.every((m, i) => long[i] === m);

function localGame(store, key) {
  try {
    const data = store.loadGame(key);
    return data ? deserialize(data) : null;
  } catch {
    store.forgetGame(key);
    return null;
  }
}

async function remoteGame(config) {
  const playing = rowsOf(await api.games("playing"));
  const match = playing.find((g) => (config.daily
    ? g.daily?.date === config.daily.date && g.daily?.variant === config.daily.variant
    : !g.daily && g.variant === config.variant && g.deal?.number === config.number));
  if (match) return match.moves ? match : api.game(match.id);
  return config.daily ? api.startDaily(config.daily.date, config.daily.variant) : api.startGame(config.variant, config.number);
}

/**
 * Returns `{game, remote}`: `remote` is the server's Game when the moves sync,
 * null for guest (local only) play.
 */
export async function loadGame(config, store) {
  const key = gameKey(config.variant, config.number, config.daily);
  const local = localGame(store, key);
  if (config.user) {
    try {
      const remote = await remoteGame(config);
      const fromRemote = fromServer(remote);
      if (local && remote.state !== "won" && isPrefix(remote.moves, local.moves)) {
        return { game: { ...local, serverId: remote.id }, remote, key };
      }
      return { game: fromRemote, remote, key };
    } catch (error) {
      if (config.daily) throw error;
      // The server is out of reach: play locally, the log is kept.
    }
  }
  if (local && !config.daily) return { game: local, remote: null, key };
  const deal = await api.deal(config.variant, config.number);
  return { game: newGame({ variant: config.variant, number: config.number, start: deal.position }), remote: null, key, deal };
}
