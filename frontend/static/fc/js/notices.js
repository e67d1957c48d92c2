// What the play page's notices say: a win, a board with no move left, a lost
// position, a refusal from the server. Each is `{text, actions, tone}` for
// hud.notice; the actions' `run` come from the controller.

import { dailyVariants } from "./catalogue.js";

export function boardLink(game) {
  return game.daily
    ? `/leaderboards/daily/${game.daily.date}/${game.daily.variant}/`
    : `/leaderboards/deal/${game.variant}/${game.number}/`;
}

/**
 * The way to play the deal again after a win. An open daily has none: until the
 * day closes the ranked attempt is the player's only game on it (the server
 * answers a second start with that same game).
 */
export function againActions({ game, dailyOpen, playAgain }) {
  if (game.daily && dailyOpen) return [];
  return [{ label: game.daily ? "Replay (unranked)" : "Play it again", run: playAgain }];
}

/**
 * What a held result means, said the same way wherever it shows: a win held
 * for a fair-play check is on no board until a person on the staff has looked.
 */
export const REVIEW_TITLE = "Your result is under review.";
export const REVIEW_EXPLAINED = [
  "Some wins are checked by a person before they are ranked; nothing is decided yet.",
  "A review usually takes a day or two.",
  "If it is cleared, your win joins the leaderboard with its rank and counts in your streak; if not, it stays off the boards.",
  "Either way, the home page tells you the outcome on your next visit.",
].join(" ");

/** `finished`: the game was won before this page opened (shown as it ended). */
export function winNotice({ game, finished, user, playAgain, newDeal, dailyOpen = false }) {
  const moves = game.moves.length;
  const what = game.daily ? "this daily" : "this deal";
  const won = finished ? `You won ${what} in ${moves} moves.` : `Won in ${moves} moves!`;
  // A held result is reviewed before it is ranked; the notice says no more than that.
  const review = finished?.submission?.result?.review ?? "";
  let text = won;
  if (review === "held") text = `${won} ${REVIEW_TITLE} ${REVIEW_EXPLAINED}`;
  else if (review === "voided") text = `${won} After review, this result does not count.`;
  if (game.daily && dailyOpen) text = `${text} Replay it once the day closes.`;
  const actions = againActions({ game, dailyOpen, playAgain });
  if (user) actions.unshift({ label: "See the leaderboard", href: boardLink(game) });
  if (!game.daily) actions.push({ label: "New deal", run: newDeal });
  return { text, actions, tone: "win" };
}

export const stuckNotice = (undo) => ({
  text: "No legal move is left. Undo, or start a new deal.", actions: [{ label: "Undo", run: undo }], tone: "warn",
});

/**
 * Since when the game is lost. In variants with foundation returns the solver
 * proves only that no line without returns exists: say exactly that, never more.
 */
export function lostNotice({ lastGood, scope = "", undoFloor, rewindTo }) {
  const partial = scope.includes("without foundation returns");
  const lost = partial ? "No winning line without taking cards back from the foundations exists from here" : "This position cannot be won any more";
  if (lastGood === null || lastGood === undefined) {
    const text = partial ? `${lost}, nor from the deal's start.` : "No winning line was found from this deal's start.";
    return { text, actions: [], tone: "warn" };
  }
  const target = Math.max(lastGood, undoFloor);
  const text = lastGood === 0 ? `${lost}; there was one before your first move.` : `${lost}; there was one after move ${lastGood}.`;
  const actions = target <= lastGood ? [{ label: `Undo to move ${target}`, run: () => rewindTo(target) }] : [];
  return { text, actions, tone: "warn" };
}

/** A server game that could not be started: the local game goes on, unsaved there. */
export function startRefusedNotice(error, variant) {
  if (error.code === "deal_unavailable") {
    const actions = dailyVariants().includes(variant) ? [{ label: "Today's daily", href: `/daily/${variant}` }] : [];
    return {
      text: "This deal is a daily that has not closed yet, so it cannot be saved to your account until that day is over. You can go on playing here; nothing is sent.",
      actions,
      tone: "warn",
    };
  }
  return { text: `This game is not being saved to your account: ${error.message}`, actions: [], tone: "warn" };
}

/** Why a play page could not open its game. */
export function openingFailed(error) {
  if (error.code === "deal_unavailable") return "This deal is a daily that has not closed yet; it can be played here once that day is over.";
  if (error.code === "daily_not_open") return "This daily has not opened yet.";
  if (error.code === "daily_not_ready") return "Today's daily is still being prepared; try again in a minute.";
  if (error.code === "not_found") return "There is no daily on that date.";
  return `This game could not be opened: ${error.message}`;
}
