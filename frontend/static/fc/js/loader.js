// Finds the game a play page opens. For a logged-in player: the newest of
// their games on this deal or daily, whatever its state, so a game resumes on
// another device and a won game opens won (it is never sent up again); else
// the local autosave; else the deal's start. Nothing is started on the server
// here: the session does that at the first move, except on an open daily, which
// the server deals only when the attempt starts (`startDaily` below).

import { api, rowsOf } from "./api.js";
import { isWon } from "./rules.js";
import { familyOf } from "./families.js";
import { dealFull, dealtInPage, viewOf } from "./local_deal.js";
import { deserialize, fromServer, newGame, withDeal } from "./state.js";
import { gameKey } from "./storage.js";

const isPrefix = (short, long) => short.length <= long.length && short.every((m, i) => long[i] === m);

// A save belongs to the player who made it (null: a guest). A guest's save on
// a numbered deal may be taken over by whoever logs in on this browser.
function localGame(store, key, config) {
  try {
    const data = store.loadGame(key);
    if (!data) return null;
    const owner = data.owner ?? null;
    if (owner !== (config.user ?? null) && (owner !== null || config.daily)) return null;
    return deserialize(data);
  } catch {
    store.forgetGame(key);
    return null;
  }
}

/**
 * The game to show given the newest server game on this deal (or none) and the
 * local save: `{game, remote, finished}`, or null when neither has one.
 */
export function chooseGame(newest, local) {
  if (!newest) return local ? { game: { ...local, serverId: null }, remote: null, finished: null } : null;
  if (newest.state !== "won") {
    if (local && isPrefix(newest.moves, local.moves)) return { game: { ...local, serverId: newest.id }, remote: newest, finished: null };
    return { game: fromServer(newest), remote: newest, finished: null };
  }
  // Won: a local log that is neither this game nor a piece of it is a replay
  // begun after the win and not started on the server yet.
  const replay = local && !isWon(local.position) && local.serverId !== newest.id && !isPrefix(local.moves, newest.moves);
  if (replay) return { game: { ...local, serverId: null }, remote: null, finished: null };
  return { game: fromServer(newest), remote: null, finished: newest };
}

async function newestGame(client, config) {
  const filters = config.daily
    ? { variant: config.daily.variant, daily: config.daily.date }
    : { variant: config.variant, number: config.number };
  return rowsOf(await client.games(filters))[0] ?? null;
}

async function loadDaily(config, local, client) {
  const { date, variant } = config.daily;
  const [daily, newest] = await Promise.all([client.daily(date, variant), newestGame(client, config)]);
  const kept = chooseGame(newest, local);
  // An open daily is dealt only by starting the attempt (the server's clock starts then).
  if (!kept && !daily.position) return { game: null, remote: null, finished: null, daily, ranked: daily.open, unstarted: true };
  const chosen = kept ?? { game: newGame({ variant, daily: config.daily, start: daily.position }), remote: null, finished: null };
  // The server decides at the start: the first attempt on an open daily is ranked.
  const ranked = chosen.remote ? Boolean(chosen.remote.ranked) : daily.open && !newest;
  return { ...chosen, daily, ranked };
}

// Klondike and Spider: the game is the server's, for guests too (their hidden
// cards never leave it early): the newest game on the deal (a guest's is the
// one its save names) is resumed, else a new one is started now.
async function loadStock(config, local, client) {
  const { user, variant, number } = config;
  const newest = user ? await newestGame(client, config) : local?.serverId && (await client.game(local.serverId).catch(() => null));
  const chosen = chooseGame(newest || null, local);
  const base = { ranked: false, daily: null, finished: null };
  if (chosen?.remote || chosen?.finished) return { ...base, ...chosen };
  const remote = await client.startGame(variant, number);
  return { ...base, game: fromServer(remote, Date.now(), local?.known ?? {}), remote };
}

// A challenge's attempt: started (or resumed) on the server at once; once it is
// over the server says so (`challenge_attempted`) and names it, and it opens as it ended.
async function loadChallenge(config, client) {
  let remote;
  try {
    remote = await client.startChallenge(config.challenge);
  } catch (error) {
    if (error.code !== "challenge_attempted" || !error.detail?.game) throw error;
    remote = await client.game(error.detail.game);
  }
  const won = remote.state === "won";
  return { game: fromServer(remote), remote: won ? null : remote, finished: won ? remote : null, ranked: Boolean(remote.ranked), daily: null };
}

// A numbered Klondike or Spider free game is dealt here (local_deal.js) and
// played as a FreeCell game is: a logged-in player's newest game on the deal,
// else the local save, else the deal's start; the server only keeps the log.
async function loadDealt(config, local, client) {
  const full = dealFull(config.variant, config.number);
  let chosen = null;
  if (config.user) {
    try {
      chosen = chooseGame(await newestGame(client, config), local);
    } catch {
      // The server is out of reach: play locally, the log is kept.
    }
  }
  chosen ??= { game: local ?? newGame({ variant: config.variant, number: config.number, start: viewOf(full) }) };
  return { remote: null, finished: null, ...chosen, ranked: false, daily: null, game: withDeal(chosen.game, full) };
}

/**
 * Returns `{game, remote, finished, ranked, daily, key}`: `remote` is the
 * server game in progress to keep in step, `finished` a won server game shown
 * as it ended, `daily` the API's Daily on a daily page.
 */
export async function loadGame(config, store, client = api) {
  const key = gameKey(config.variant, config.number, config.daily);
  if (config.challenge) return { ...(await loadChallenge(config, client)), key: `fc:challenge:${config.challenge}` };
  const local = localGame(store, key, config);
  if (config.daily) return { ...(await loadDaily(config, local, client)), key };
  if (dealtInPage(config)) return { ...(await loadDealt(config, local, client)), key };
  if (familyOf(config.variant).hidesCards) return { ...(await loadStock(config, local, client)), key };
  if (config.user) {
    try {
      const chosen = chooseGame(await newestGame(client, config), local);
      if (chosen) return { ...chosen, ranked: false, daily: null, key };
    } catch {
      // The server is out of reach: play locally, the log is kept.
    }
  }
  const base = { remote: null, finished: null, ranked: false, daily: null, key };
  if (local) return { ...base, game: local };
  const deal = await client.deal(config.variant, config.number);
  return { ...base, game: newGame({ variant: config.variant, number: config.number, start: deal.position }) };
}

/** Start the attempt on an open daily not dealt yet: the server deals it and its clock starts. */
export async function startDaily(loaded, config, client = api) {
  const remote = await client.startDaily(config.daily.date, config.daily.variant);
  return { ...loaded, game: fromServer(remote), remote, ranked: Boolean(remote.ranked), unstarted: false };
}
