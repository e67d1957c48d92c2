// Today's daily tiles on the home page, with the player's result so far and
// their daily streak: "Won in 84 moves · 3-day streak", "In progress", "Not played yet".

import { api, rowsOf } from "./api.js";
import { plural } from "./words.js";

/** A tile's second line from the player's newest game on today's daily and their streak. */
export function tileStatus(game, streak) {
  let status = "Not played yet";
  if (game?.state === "won") status = `Won in ${plural(game.moves?.length ?? game.ply, "move")}`;
  else if (game) status = `In progress, ${plural(game.ply, "move")}`;
  return streak ? `${status} · ${streak}-day streak` : status;
}

export async function fillDailyTiles(root, user) {
  const tiles = [...root.querySelectorAll("[data-daily-tile]")];
  if (!user || !tiles.length) return;
  let stats = {};
  try {
    stats = (await api.stats(user)).variants ?? {};
  } catch {
    // The tiles still say what was played.
  }
  await Promise.all(tiles.map(async (tile) => {
    const { variant, date } = tile.dataset;
    let game = null;
    try {
      game = rowsOf(await api.games({ variant, daily: date }))[0] ?? null;
    } catch {
      return;
    }
    const line = tile.querySelector("[data-tile-status]");
    line.textContent = tileStatus(game, stats[variant]?.current_streak ?? 0);
    line.hidden = false;
  }));
}
