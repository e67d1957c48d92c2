// Today's daily tiles on the home page, with the player's state on each:
// "Not started", "Playing, 12 moves", "Won in 84 moves · 3-day streak",
// "Under review: won in 84 moves" (a held result, until staff decide).

import { api, rowsOf } from "./api.js";
import { plural } from "./words.js";

/** Where a won game's fair-play review stands: "held", "cleared", "voided" or "" (none). */
export const reviewOf = (game) => game?.submission?.result?.review ?? "";

/** A tile's second line from the player's newest game on today's daily and their streak. */
export function tileStatus(game, streak) {
  let status = "Not started";
  if (game?.state === "won") {
    const won = plural(game.moves?.length ?? game.ply, "move");
    const review = reviewOf(game);
    if (review === "held") return `Under review: won in ${won}`;
    status = review === "voided" ? `Won in ${won}, not counted after review` : `Won in ${won}`;
  } else if (game) status = `Playing, ${plural(game.ply, "move")}`;
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
    tile.dataset.state = reviewOf(game) === "held" ? "review" : game?.state ?? "new";
  }));
}
