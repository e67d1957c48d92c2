// Numbered Klondike and Spider free games dealt in the page: the deal number
// and PySolFC's dealing are public (pysolfc_deal.js), so every card such a
// game will turn up is known here, and a move never waits for the server.
// Dailies are not dealt here: their numbers stay the server's until the day
// closes, and their cards come from it one reveal at a time.
//
// The game is still played on the player's view, as a server game is: this
// module names, for each move of a log, the cards it turns face up, in the
// form the server's `reveals` take (`[{pile, card}]`), from the full deal.

import { rulesetOf } from "./catalogue.js";
import { revealedCards } from "./families/stock.js";
import { dealStockPosition, dealsLayout } from "./pysolfc_deal.js";
import { applyMove } from "./rules.js";

/** True when the page deals this game itself: a numbered (not daily) deal of a PySolFC-dealt variant. */
export const dealtInPage = ({ variant, number, daily }) =>
  !daily && number !== null && number !== undefined && dealsLayout(rulesetOf(variant));

/** The full starting position of the deal (every card named, `face_down` counts). */
export const dealFull = (variant, number) => dealStockPosition(rulesetOf(variant), BigInt(number));

/** The player's view of a full position: face-down and stock cards null (the engine's `player_view`). */
export function viewOf(full) {
  const { face_down: down, ...rest } = full;
  return {
    ...rest,
    columns: full.columns.map((column, i) => column.map((card, k) => (k < down[i] ? null : card))),
    stock: full.stock.map(() => null),
  };
}

/**
 * What each move of `moves` turns up from the full position `full`, one list
 * per move, as far as the log is legal (a refused move ends the list).
 */
export function revealsOf(full, moves) {
  const out = [];
  let position = full;
  for (const move of moves) {
    let after;
    try {
      after = applyMove(position, move);
    } catch {
      break;
    }
    out.push(revealedCards(position, after, move === "s"));
    position = after;
  }
  return out;
}
