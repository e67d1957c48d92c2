// The play page's controller: wires the table (the game and its moves), the
// session (the server's copy), the input, the HUD and the commands: undo,
// redo, hint, auto-finish, share, new deal, restart, play again, settings.

import { api } from "./api.js";
import { createFinisher } from "./auto_finish.js";
import { askHint, showHint } from "./hints.js";
import { applyTheme, bindConfirm, bindSettings } from "./hud.js";
import { attachKeyboard, attachPointer } from "./input.js";
import { createIntents } from "./intents.js";
import { createLostWatch } from "./lost_watch.js";
import { againActions, boardLink, lostNotice, startRefusedNotice, stuckNotice, winNotice } from "./notices.js";
import { familyOf } from "./families.js";
import { isWon, rulesetOf } from "./rules.js";
import { createSession } from "./session.js";
import { shareLink, shareText } from "./share.js";
import { celebrate } from "./celebrate.js";
import { showEndScreen } from "./end_screen.js";
import { fromServer, withDeal } from "./state.js";
import { createTable } from "./table.js";

const SYNC_WORDS = { saving: "Saving…", saved: "Saved", offline: "Offline, will retry", refused: "Not saved" };

// `client`: the API by default; a race page passes its socket, which speaks the same calls.
export function createController({ root, config, loaded, store, view, hud, say, client = api }) {
  const boardEl = root.querySelector("[data-board]");
  let settings = store.loadSettings();
  let finished = loaded.finished;
  const dailyOpen = Boolean(loaded.daily?.open);
  let keyboard = null;
  const { autoHome } = familyOf(config.variant);
  const notify = (notice) => hud.notice(notice.text, notice.actions, notice.tone);
  // Auto complete is each game's own setting: on by default where an empty
  // column takes only a King (ForeCell and Klondike). Spider never offers a finish.
  const autoComplete = () => settings.autoCompleteBy?.[config.variant] ?? rulesetOf(config.variant).empty_column_accepts === "king";

  const session = createSession({
    client, config, current: () => table.game(), remote: loaded.remote, ranked: loaded.ranked,
    onConflict(remote) {
      const { known, seen, dealt } = table.game();
      const fresh = fromServer(remote, Date.now(), known ?? {}, seen ?? {});
      table.show({ ...(dealt ? withDeal(fresh, dealt) : fresh), redo: [] });
      say("The game was brought up to date from the server.");
    },
    onState: (state) => hud.syncState(SYNC_WORDS[state] ?? ""),
    onRefused: (error) => notify(startRefusedNotice(error, config.variant)),
    onAnswer: (answer) => table.learn(answer),
  });
  const table = createTable({
    config, key: loaded.key, initial: loaded.game, view, hud, say, store, session, onSettled: settled,
    onPlayed: (game, { forward }) => {
      keyboard?.clear();
      if (forward && isWon(game.position)) return config.race ? undefined : endScreen(game);
      if (forward) lostWatch.schedule();
      // Safe cards go home by themselves in the FreeCell family only; a
      // Klondike game with nothing left to decide finishes like any other,
      // once the server has named the card its last move turned up.
      table.when(() => finisher.auto({ safe: forward && settings.autoHome && autoHome, complete: autoComplete() }));
    },
  });
  const finisher = createFinisher({ table, say });
  const lostWatch = createLostWatch({
    client, session, config, current: () => table.game(),
    onLost: ({ lastGood, scope }) => {
      const game = table.game();
      const notice = lostNotice({ lastGood, scope, undoFloor: game.undoFloor, rewindTo: (ply) => table.rewindTo(ply) });
      say(notice.text);
      notify(notice);
    },
  });
  const confirm = bindConfirm(root.querySelector("[data-confirm]"));
  const busy = () => finisher.running() || isWon(table.game().position);

  function settled(game, { won, stuck }) {
    if (won) notify(winNotice({ game, finished, user: config.user, playAgain, newDeal, dailyOpen }));
    else if (stuck) notify(stuckNotice(() => command("undo")));
    else if (!session.refusal()) hud.notice(null);
  }

  function endScreen(game) {
    hud.notice(null); // the end screen says it all, with the same ways on

    const actions = againActions({ game, dailyOpen, playAgain });
    if (config.user) actions.unshift({ label: "Leaderboard", href: boardLink(game) });
    if (!game.daily) actions.push({ label: "New deal", run: newDeal });
    if (config.challenge) actions.unshift({ label: "See the challenge", href: `/c/${config.challenge}` });
    // A won game becomes a challenge once the worker has checked it (a daily's, once its day has closed).
    else if (config.user && (!game.daily || loaded.daily?.open === false)) actions.unshift({ label: "Challenge a friend", run: challengeFriend });
    const dialog = root.querySelector("[data-end]");
    const closed = new Promise((resolve) => { dialog.addEventListener("close", resolve, { once: true }); });
    // The celebration first (none under reduced motion), then the end screen over its last frame.
    celebrate(boardEl, { until: closed }).then(() => showEndScreen({
      dialog, game, config, par: loaded.daily?.par ?? null, client: api, session, hints: hintsUsed,
      actions, share: (text) => shareText({ text, hud, say }),
    }));
  }

  async function challengeFriend() {
    const id = session.id();
    if (!id) return;
    hud.notice("Making your challenge once the server has checked your win…");
    try {
      await session.flushed();
      const { challengeFrom } = await import("./social.js");
      const made = await challengeFrom(api, id, new URLSearchParams(location.search).get("answers"));
      location.assign(new URL(made.url).pathname);
    } catch (error) {
      hud.notice(`No challenge: ${error.message}`, [], "error");
    }
  }

  /** A fresh game on the same deal; the next move starts a new server game. */
  function playAgain() {
    session.detach();
    finished = null;
    hintsUsed = 0;
    table.restart({ detached: true });
  }

  // A game with moves and not won is in progress: dropping it is asked first.
  const inProgress = () => table.game().moves.length > 0 && !isWon(table.game().position);

  async function restart() {
    if (inProgress() && !(await confirm("Start this deal again from the beginning?", { yes: "Restart", no: "Keep playing" }))) return;
    if (!isWon(table.game().position)) table.restart();
    else if (againActions({ game: table.game(), dailyOpen, playAgain }).length) playAgain();
    else say("Replay this daily once the day closes."); // its attempt is the only game on it till then
  }

  async function newDeal() {
    if (inProgress() && !(await confirm("Leave this game and deal a new one?", { yes: "New deal", no: "Keep playing" }))) return;
    try {
      const deal = await api.randomDeal(config.variant, settings.winnable);
      location.assign(`/play/${deal.variant}/${deal.number}`);
    } catch (error) {
      hud.notice(`No new deal: ${error.message}`, [], "error");
    }
  }

  // Hints asked in this game (the server's count for a game it holds): the end screen says them.
  let hintsUsed = loaded.remote?.hints ?? 0;
  let hinting = false;
  async function hint() {
    if (hinting) return;
    hinting = true;
    const game = table.game();
    let planning = false;
    try {
      const outcome = await askHint({
        client, session, config, moves: game.moves, confirm,
        stillCurrent: () => table.game() === game,
        onPlanning: (words) => { planning = true; hud.notice(words, [], "info"); say(words); },
      });
      if (planning) hud.notice("");
      if (outcome.kind === "stale") return;
      if (outcome.kind !== "declined") hintsUsed += 1;
      // A hint for a board the player has moved on from is no hint.
      if (table.game() === game) showHint(outcome, { game, table, view, hud, say });
    } finally {
      hinting = false;
    }
  }

  const commands = {
    undo: () => table.undo(),
    redo: () => table.redo(),
    hint,
    finish: () => finisher.run(),
    share: () => shareLink({ path: config.shareUrl ?? location.pathname, title: config.title, hud, say }),
    new: newDeal,
    restart,
    settings: () => openSettings(),
    describe: () => say(view.describe()),
  };
  function command(name) {
    if (!finisher.running()) table.when(() => commands[name]?.());
  }

  const intents = createIntents({ table, view, say, settings: () => settings, busy, command, after: finisher.after });
  keyboard = attachKeyboard(boardEl, view, intents);
  attachPointer(boardEl, view, intents);
  const openSettings = bindSettings(root.querySelector("[data-settings]"), () => ({ ...settings, autoComplete: autoComplete() }), (next) => {
    const { autoComplete: chosen, ...rest } = next;
    settings = { ...rest, autoCompleteBy: { ...settings.autoCompleteBy, [config.variant]: chosen } };
    store.saveSettings(settings);
    view.setCardSize(settings.cardSize);
    applyTheme(settings.theme);
    view.render(table.game().position, { instant: true });
    finisher.auto({ complete: autoComplete() });
  });
  view.setCardSize(settings.cardSize);

  // A tab switched away from, closed or reloaded sends the moves still held (sync.js).
  addEventListener("pagehide", () => session.leave());
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") session.leave(); });

  table.refresh([], { instant: true });
  // A log the server lacks goes up now; a won game without a server game in progress never does.
  if (loaded.remote || !isWon(table.game().position)) session.push();
  return { command, game: () => table.game() };
}
