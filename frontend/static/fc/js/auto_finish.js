// The cards that go home by themselves: safe cards after each move (a
// setting, on by default), and the auto-finish once every column descends
// (by the button or, with Auto complete on, by itself). Each is a real move
// played through the table, so it is logged, saved and sent like any other.

import { autoFinishMoves, autoFinishReady, isRed, isWon, rankOf } from "./rules.js";
import { CELL_IDS, columnId } from "./piles.js";
import { plural } from "./words.js";

const OTHER_COLOUR = { true: ["C", "S"], false: ["H", "D"] };

/**
 * True when no card in play could need `card` any more: it fits its
 * foundation and is an Ace or a Two, or both cards of the other colour one
 * rank lower are home already (nothing could be built on it).
 */
export function isSafeHome(position, card) {
  const rank = rankOf(card);
  if (position.foundations[card[1]] + 1 !== rank) return false;
  return rank <= 2 || OTHER_COLOUR[isRed(card)].every((suit) => position.foundations[suit] >= rank - 1);
}

/** The lowest safe card that can go home, as a move, or null. */
export function safeHomeMove(position) {
  let best = null;
  const consider = (card, source) => {
    if (card && isSafeHome(position, card) && (!best || rankOf(card) < best.rank)) best = { rank: rankOf(card), move: `${source}h` };
  };
  position.columns.forEach((column, i) => consider(column.at(-1), columnId(i)));
  position.cells?.forEach((card, i) => consider(card, CELL_IDS[i]));
  return best?.move ?? null;
}

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

export function createFinisher({ table, say, stepMs = 70 }) {
  let running = false;
  // What waits for the cards going home to be home (the player's keys), in order.
  const held = [];

  // Plays `next(position)` until it answers null.
  async function playWhile(next) {
    let played = 0;
    for (let move = next(table.game().position); move; move = next(table.game().position)) {
      if (!table.commit(move, { quiet: true })) break;
      played += 1;
      await pause(stepMs);
    }
    return played;
  }

  async function finish() {
    const moves = autoFinishMoves(table.game().position);
    await playWhile(() => moves.shift() ?? null);
    const after = table.game();
    say(isWon(after.position) ? `All cards home. You won in ${plural(after.moves.length, "move")}!` : "Cards sent home.");
  }

  // One run at a time, running from its first move to its last; what waited for it goes on after.
  async function exclusive(work) {
    running = true;
    try {
      await work();
    } finally {
      running = false;
      while (!running && held.length) held.shift()();
    }
  }

  return {
    async run() {
      if (running || !autoFinishReady(table.game().position)) return;
      await exclusive(finish);
    },
    running: () => running,
    /** After a move: the safe cards go home (when `safe`), then the rest if Auto complete asks and the board allows. */
    async auto({ safe = false, complete = false } = {}) {
      const now = table.game().position;
      if (running || isWon(now)) return;
      // Nothing to play: not running, not even for a moment.
      if (!(safe && safeHomeMove(now)) && !(complete && autoFinishReady(now))) return;
      await exclusive(async () => {
        if (safe) {
          const played = await playWhile(safeHomeMove);
          if (played) say(`${plural(played, "card")} went home by ${played === 1 ? "itself" : "themselves"}.`);
        }
        if (complete && !isWon(table.game().position) && autoFinishReady(table.game().position)) await finish();
      });
    },
    /** Run `action` now, or once the cards going home by themselves are home. */
    after(action) {
      if (running) held.push(action);
      else action();
    },
  };
}
