// The play page's controller: takes intents from input.js, asks rules.js and
// autoplay.js, updates the game (state.js), then the view, the HUD, the
// autosave and the server.

import { api } from "./api.js";
import { autoplayMove, grabbable, legalTargets, localHint, moveBetween } from "./autoplay.js";
import { createBoardView } from "./board_view.js";
import { bindSettings, createAnnouncer, createHud } from "./hud.js";
import { attachKeyboard, attachPointer } from "./input.js";
import { loadGame } from "./loader.js";
import { autoFinishMoves, autoFinishReady, checkMove, isStuck, isWon, runLength, VARIANTS } from "./rules.js";
import { canUndo, fromServer, play, redo, rewind, serialize, undo } from "./state.js";
import { createStorage } from "./storage.js";
import { createSync } from "./sync.js";
import { cardName, moveWords, pileLabel, pileName, refusalWords } from "./words.js";

const pileOf = (id) => {
  if (/^[1-8]$/.test(id)) return { kind: "column", index: Number(id) - 1 };
  if (/^[a-d]$/.test(id)) return { kind: "cell", index: "abcd".indexOf(id) };
  return { kind: "foundation", suit: id[1] };
};
const idOf = (pile, card) => {
  if (pile.kind === "column") return String(pile.index + 1);
  if (pile.kind === "cell") return "abcd"[pile.index];
  return `h${pile.suit ?? card[1]}`;
};

function readConfig(root) {
  const d = root.dataset;
  return {
    variant: d.variant,
    number: d.number ? Number(d.number) : null,
    daily: d.dailyDate ? { date: d.dailyDate, variant: d.variant } : null,
    user: d.user || null,
    title: d.title,
    shareUrl: d.shareUrl || null,
  };
}

export async function startPlay(root) {
  const config = readConfig(root);
  const store = createStorage();
  let settings = store.loadSettings();
  const say = createAnnouncer(root.querySelector("[data-announcer]"));
  const hud = createHud(root, { command: (name) => command(name) });
  const boardEl = root.querySelector("[data-board]");
  const view = createBoardView(boardEl);
  let loaded;
  try {
    loaded = await loadGame(config, store);
  } catch (error) {
    hud.notice(`This game could not be opened: ${error.message}`, [{ label: "Home", href: "/" }], "error");
    return;
  }
  let game = loaded.game;
  let sync = null;
  let finishing = false;
  const kingOnly = VARIANTS[config.variant].emptyColumn === "king";
  // Auto complete is each game's own setting: on by default in ForeCell only.
  const autoComplete = () => settings.autoCompleteBy?.[config.variant] ?? kingOnly;

  if (loaded.remote) {
    sync = createSync({
      client: api,
      gameId: loaded.remote.id,
      serverMoves: loaded.remote.moves,
      current: () => game,
      onConflict(remote) {
        game = { ...fromServer(remote), redo: [] };
        refresh([], { instant: true });
        say("The game was brought up to date from the server.");
      },
      onState: (state) => hud.syncState({ saving: "Saving…", saved: "Saved", offline: "Offline, will retry", refused: "Not saved" }[state] ?? ""),
    });
    sync.push();
  }

  const keyboard = attachKeyboard(boardEl, view, controller());
  attachPointer(boardEl, view, controller());
  const openSettings = bindSettings(root.querySelector("[data-settings]"), () => ({ ...settings, autoComplete: autoComplete() }), (next) => {
    const { autoComplete: chosen, ...rest } = next;
    settings = { ...rest, autoCompleteBy: { ...settings.autoCompleteBy, [config.variant]: chosen } };
    store.saveSettings(settings);
    maybeAutoComplete();
  });
  new ResizeObserver(() => view.render(game.position, { instant: true })).observe(boardEl);
  refresh([], { instant: true });
  view.focusPile("1", { move: false });
  if (game.moves.length) say(`Game restored after ${game.moves.length} moves.`);

  function save() {
    store.saveGame(loaded.key, serialize(game), {
      variant: game.variant, number: game.number, daily: game.daily, ply: game.moves.length, won: isWon(game.position), at: Date.now(),
    });
  }

  function refresh(moved = [], options = {}) {
    view.render(game.position, { moved, ...options });
    view.hint([], null);
    const won = isWon(game.position);
    const last = won ? game.times.at(-1) ?? 0 : null;
    hud.update({
      ply: game.moves.length, canUndo: canUndo(game), finishReady: autoFinishReady(game.position), won,
      startedAt: game.startedAt, stoppedAt: won ? game.startedAt + last : null,
    });
    if (won) showWin();
    else if (isStuck(game.position)) hud.notice("No legal move is left. Undo, or start a new deal.", [{ label: "Undo", run: () => command("undo") }], "warn");
    else hud.notice(null);
  }

  function showWin() {
    const board = game.daily
      ? `/leaderboards/daily/${game.daily.date}/${game.daily.variant}/`
      : `/leaderboards/deal/${game.variant}/${game.number}/`;
    const actions = [{ label: "New deal", run: () => command("new") }];
    if (config.user) actions.unshift({ label: "See the leaderboard", href: board });
    hud.notice(`Won in ${game.moves.length} moves!`, actions, "win");
  }

  /** Play a move in notation; returns true when it was legal. */
  function commit(move, { quiet = false } = {}) {
    let checked;
    try {
      checked = checkMove(game.position, move);
      game = play(game, move);
    } catch (error) {
      say(`Not allowed: ${refusalWords(error.check)}.`);
      return false;
    }
    const fromId = idOf(checked.from, checked.cards[0]);
    const toId = idOf(checked.to, checked.cards[0]);
    const onto = checked.to.kind === "column" ? game.position.columns[checked.to.index].at(-checked.cards.length - 1) : null;
    afterChange(checked.cards, quiet ? null : moveWords({ cards: checked.cards, fromId, toId, onto }));
    return true;
  }

  function afterChange(moved, words) {
    keyboard.clear();
    refresh(moved);
    save();
    sync?.push();
    if (words) say(isWon(game.position) ? `${words} You won in ${game.moves.length} moves!` : words);
    maybeAutoComplete();
  }

  function maybeAutoComplete() {
    if (autoComplete() && !finishing && !isWon(game.position) && autoFinishReady(game.position)) finish();
  }

  async function finish() {
    if (finishing || !autoFinishReady(game.position)) return;
    finishing = true;
    for (const move of autoFinishMoves(game.position)) {
      if (!commit(move, { quiet: true })) break;
      await new Promise((resolve) => setTimeout(resolve, 70));
    }
    finishing = false;
    say(isWon(game.position) ? `All cards home. You won in ${game.moves.length} moves!` : "Cards sent home.");
  }

  function refuse(id, depth, error) {
    view.refuse(view.cardsIn(id).slice(-depth));
    refresh();
    if (error) say(`Not allowed: ${refusalWords(error.check)}.`);
  }

  // The intents input.js reports.
  function controller() {
    return {
      clickMode(pointerType) {
        if (!settings.autoplay) return "off";
        return pointerType === "mouse" && !kingOnly ? "double" : "single";
      },
      grab(id, depth) {
        const cards = view.cardsIn(id);
        if (finishing || isWon(game.position) || !cards.length) return null;
        if (/^[1-8]$/.test(id)) return grabbable(cards, depth) ? cards.slice(-depth) : null;
        if (depth !== 1) return null;
        if (id.startsWith("h") && !VARIANTS[game.variant].returns.length) return null;
        return cards.slice(-1);
      },
      targets(id, depth) {
        const cards = view.cardsIn(id).slice(-depth);
        return legalTargets(game.position, pileOf(id), depth).map((pile) => idOf(pile, cards[0]));
      },
      drop(id, depth, targetId, { keyboard: byKey = false, explicit = true } = {}) {
        if (!targetId) return refuse(id, depth, null);
        let answer = moveBetween(game.position, pileOf(id), pileOf(targetId), depth);
        if (answer.error && byKey && !explicit && /^[1-8]$/.test(id) && /^[1-8]$/.test(targetId)) {
          // From the keyboard, "3 then 5" means the part of the run that fits:
          // onto a card there is one; into an empty column, the longest that may go.
          for (let n = runLength(view.cardsIn(id)); n > 1 && answer.error; n -= 1) {
            const tried = moveBetween(game.position, pileOf(id), pileOf(targetId), n);
            if (!tried.error) answer = tried;
          }
        }
        if (answer.error) return refuse(id, depth, answer.error);
        commit(answer.move);
      },
      activate(id, depth) {
        if (finishing || isWon(game.position)) return;
        const move = autoplayMove(game.position, pileOf(id), depth);
        if (move) commit(move);
        else refuse(id, depth, { check: "destination" });
      },
      select(source) {
        if (!source) return view.select([]);
        const cards = view.cardsIn(source.id).slice(-source.depth);
        view.select(cards);
        const what = cards.length > 1 ? `${cards.length} cards from ${cardName(cards[0])}` : cardName(cards[0]);
        say(`${what} in ${pileName(source.id)} selected. Choose where it goes, then press Enter.`);
      },
      preview(source, targetId) {
        view.highlight([targetId]);
        setTimeout(() => view.highlight([]), 900);
        say(`To ${pileName(targetId)}: ${pileLabel(targetId, view.cardsIn(targetId))}. Press Enter to play.`);
      },
      say,
      describePile: (id) => pileLabel(id, view.cardsIn(id)),
      command,
    };
  }

  async function showHint() {
    try {
      const answer = await serverHint();
      if (answer?.status === "move" && answer.move) return pointAt(answer.move);
      if (answer?.status === "lost") return offerUndoTo(answer.last_good_ply, answer.scope);
    } catch {
      // Offline or too slow: fall back to the local nudge below.
    }
    const move = localHint(game.position);
    if (move) pointAt(move);
    else say("No hint: no legal move is left.");
  }

  /** The solver's advice: on the server game when there is one, else from the deal and the log. */
  async function serverHint() {
    const slow = (ms) => new Promise((_, reject) => setTimeout(() => reject(new Error("slow")), ms));
    if (game.serverId && sync) {
      await Promise.race([sync.flushed(), slow(5000)]);
      return api.hint(game.serverId);
    }
    if (config.number) return Promise.race([api.dealHint(config.variant, config.number, game.moves), slow(5000)]);
    return null;
  }

  /** A move that is legal in the current position, in words, with its cards and destination. */
  function describe(move) {
    const checked = checkMove(game.position, move);
    const fromId = idOf(checked.from, checked.cards[0]);
    const toId = idOf(checked.to, checked.cards[0]);
    return { cards: checked.cards, toId, words: moveWords({ cards: checked.cards, fromId, toId }) };
  }

  function pointAt(move) {
    const { cards, toId, words } = describe(move);
    view.hint(cards, toId);
    say(`Hint: ${words}`);
  }

  function offerUndoTo(lastGood, scope = "") {
    // In variants with foundation returns the solver proves only that no line
    // without returns exists: say exactly that, never more.
    const partial = scope.includes("without foundation returns");
    const lost = partial ? "No winning line without taking cards back from the foundations exists from here" : "This position cannot be won any more";
    if (lastGood === null || lastGood === undefined) {
      const text = partial ? `${lost}, nor from the deal's start.` : "No winning line was found from this deal's start.";
      say(text);
      hud.notice(text, [], "warn");
      return;
    }
    const target = Math.max(lastGood, game.undoFloor);
    const text = lastGood === 0
      ? `${lost}; there was one before your first move.`
      : `${lost}; there was one after move ${lastGood}.`;
    say(text);
    hud.notice(text, target <= lastGood ? [{
      label: `Undo to move ${target}`,
      run: () => { game = rewind(game, target); afterChange([], `Back to move ${game.moves.length}.`); },
    }] : [], "warn");
  }

  async function share() {
    const url = new URL(config.shareUrl ?? location.pathname, location.origin).href;
    try {
      if (navigator.share) await navigator.share({ title: config.title, url });
      else {
        await navigator.clipboard.writeText(url);
        hud.notice(`Link copied: ${url}`);
        say("Link copied to the clipboard.");
      }
    } catch {
      hud.notice(`Share this link: ${url}`);
    }
  }

  async function newDeal() {
    try {
      const deal = await api.randomDeal(config.variant, settings.winnable);
      location.assign(`/play/${deal.variant}/${deal.number}`);
    } catch (error) {
      hud.notice(`No new deal: ${error.message}`, [], "error");
    }
  }

  function command(name) {
    if (finishing) return;
    if (name === "undo") {
      if (!canUndo(game)) return say("Nothing to undo.");
      const last = game.moves.at(-1);
      game = undo(game);
      afterChange(describe(last).cards, `Undone: ${describe(last).words} Back at move ${game.moves.length}.`);
    } else if (name === "redo") {
      if (!game.redo.length) return say("Nothing to redo.");
      const next = describe(game.redo.at(-1));
      game = redo(game);
      afterChange(next.cards, `Redone: ${next.words}`);
    } else if (name === "hint") showHint();
    else if (name === "finish") finish();
    else if (name === "share") share();
    else if (name === "new") newDeal();
    else if (name === "settings") openSettings();
    else if (name === "describe") say(describeBoard());
  }

  function describeBoard() {
    const ids = ["1", "2", "3", "4", "5", "6", "7", "8", "a", "b", "c", "d", "hH", "hC", "hD", "hS"];
    return ids.map((id) => pileLabel(id, view.cardsIn(id))).join(". ");
  }
}
