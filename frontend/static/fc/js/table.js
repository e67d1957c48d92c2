// The game on the table: the log (state.js) changed only through moves the
// rules accept, then drawn by the view, counted by the HUD, saved locally and
// handed to the session for the server.

import { idOf } from "./piles.js";
import { autoFinishReady, checkedMove, isStuck, isWon } from "./rules.js";
import { boardSeen, canUndo, clockStart, learn, newGame, play, rebuild, redo, rewind, serialize, undo } from "./state.js";
import { moveWords, plural, refusalWords, turnedWords } from "./words.js";

/**
 * `onSettled(game, {won, stuck})` hears every change once the board shows it
 * (the controller shows the notices); `onPlayed(game)` hears every change
 * that came from the player, after it is saved and pushed (`forward` for a
 * move played or redone, not an undo or a restart).
 */
export function createTable({ config, key, initial, view, hud, say, store, session, onSettled, onPlayed }) {
  let game = initial;
  // A server game this page just started (a guest's Klondike or Spider deal) is
  // saved at once: a reload before the first move resumes it, not another one.
  if (initial?.serverId && !store.loadGame(key)) save();
  // Gestures made while a card turned up is not known yet wait for it, in order.
  const waiting = [];
  let pendingWords = "";
  const drain = () => { while (!game.pending && waiting.length) waiting.shift()(); };

  function save() {
    store.saveGame(key, { ...serialize(game), owner: config.user }, {
      variant: game.variant, number: game.number, daily: game.daily, ply: game.moves.length,
      won: isWon(game.position), at: Date.now(), owner: config.user,
    });
  }

  function refresh(moved = [], options = {}) {
    view.render(game.position, { moved, seen: boardSeen(game), ...options });
    view.hint([], null);
    const won = isWon(game.position);
    hud.update({
      ply: game.moves.length, canUndo: canUndo(game), finishReady: autoFinishReady(game.position), won,
      startedAt: clockStart(game),
      stoppedAt: won ? game.startedAt + (game.times.at(-1) ?? 0) : null,
    });
    onSettled(game, { won, stuck: !game.pending && isStuck(game.position) });
  }

  /** A move legal in `position` (the board's by default), in words, with its cards and destination pile. */
  function describe(move, position = game.position) {
    const checked = checkedMove(position, move);
    const fromId = idOf(checked.from, checked.cards[0]);
    const toId = idOf(checked.to, checked.cards[0]);
    const onto = checked.to.kind === "column" ? position.columns[checked.to.index].at(-1) ?? null : null;
    return { cards: checked.cards, toId, fromId, words: moveWords({ cards: checked.cards, fromId, toId, onto }) };
  }

  /** Take the player's new game: draw, save, send, announce. */
  function change(next, moved, words, { forward = false } = {}) {
    game = next;
    refresh(moved);
    save();
    session.push();
    if (words) say(isWon(game.position) ? `${words} You won in ${plural(game.moves.length, "move")}!` : words);
    pendingWords = words ?? "";
    onPlayed(game, { forward });
  }

  return {
    game: () => game,
    refresh,
    /** Run `action` now, or once the cards being turned up are known. */
    when(action) {
      if (!game.pending) return action();
      waiting.push(action);
      return undefined;
    },
    /** Take the cards the server's answer (a Game) says the moves turned up; a card shown face down turns. */
    learn(answer) {
      if (!game.known || !answer?.reveals) return;
      const { known, moves } = game;
      const fresh = answer.reveals.filter((_, i) => !known[moves.slice(0, i + 1).join(" ")] && answer.moves[i] === moves[i]);
      learn(known, answer.moves, answer.reveals);
      if (!game.pending) return;
      game = { ...game, ...rebuild(game.start, moves, known, game.seen) };
      refresh();
      save();
      const cards = fresh.flat().map((r) => r.card);
      if (cards.length) say(`${pendingWords} ${turnedWords(cards)}`.trim());
      drain();
    },
    describe,
    change,
    /** Replace the game without sending it anywhere (a server copy, a board shown as it ended). */
    show(next, options = { instant: true }) {
      game = next;
      refresh([], options);
    },
    undo() {
      if (!canUndo(game)) return say("Nothing to undo.");
      const next = undo(game);
      const { cards, words } = describe(game.moves.at(-1), next.position);
      change(next, cards, `Undone: ${words} Back at move ${next.moves.length}.`);
    },
    redo() {
      if (!game.redo.length) return say("Nothing to redo.");
      const { cards, words } = describe(game.redo.at(-1));
      change(redo(game), cards, `Redone: ${words}`, { forward: true });
    },
    rewindTo(target) {
      const next = rewind(game, target);
      change(next, [], `Back to move ${next.moves.length}.`);
    },
    /** The same deal from its start, as a new game. */
    /** `detached`: a new game for a new server game (after a win), not the same one from its start. */
    restart({ detached = false } = {}) {
      const { variant, number, daily, start } = game;
      const serverId = detached ? null : game.serverId ?? null;
      // A fresh start shows the deal as it was dealt: no seen index on a card back
      // (undo keeps them; a restart is not an undo). The server's reveals stay known.
      const fresh = { ...newGame({ variant, number, daily, start }), serverId, known: game.known, seen: {}, dealt: game.dealt };
      // A daily's server clock runs from its attempt's start, restarted or not.
      if (daily && serverId) fresh.startedAt = game.startedAt;
      change(fresh, [], "A fresh game on the same deal.");
    },
    /** Play a move in notation; false, and the reason said, when the rules refuse it. */
    commit(move, { quiet = false } = {}) {
      let described;
      let next;
      try {
        described = describe(move);
        next = play(game, move);
      } catch (error) {
        say(`Not allowed: ${refusalWords(error.check)}.`);
        return false;
      }
      change(next, described.cards, quiet ? null : described.words, { forward: true });
      return true;
    },
  };
}
