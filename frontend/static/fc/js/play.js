// The play page: opens the game (loader.js), then hands it to the controller.

import { rulesetOf } from "./catalogue.js";
import { createController } from "./controller.js";
import { createAnnouncer, createHud } from "./hud.js";
import { createBoardView } from "./board_view.js";
import { loadGame, startDaily } from "./loader.js";
import { openingFailed } from "./notices.js";
import { createStorage } from "./storage.js";
import { dealtInPage } from "./local_deal.js";
import { stockPlayable } from "./rules_stock.js";
import { plural } from "./words.js";

function readConfig(root) {
  const d = root.dataset;
  const game = {
    variant: d.variant,
    // Exact past 2^53 (deal numbers reach 10^20 - 1): the digits themselves, a number only while safe.
    number: /^\d+$/.test(d.number ?? "") ? (Number.isSafeInteger(+d.number) ? +d.number : d.number) : null,
    daily: d.dailyDate ? { date: d.dailyDate, variant: d.variant } : null,
  };
  return {
    ...game,
    user: d.user || null,
    // Klondike and Spider games the page cannot deal (dailies) are played on the
    // server, guests too: their hidden cards are its (local_deal.js deals the others).
    server: Boolean(d.user) || (stockPlayable(rulesetOf(d.variant)) && !dealtInPage(game)),
    title: d.title,
    variantTitle: d.variantTitle,
    shareUrl: d.shareUrl || null,
  };
}

// A daily's deal number is the server's to reveal, once the day has closed.
function showDailyFacts(root, daily) {
  const facts = root.querySelector("[data-daily-facts]");
  if (!facts || !daily) return;
  facts.replaceChildren();
  if (daily.number !== null && daily.number !== undefined) {
    const link = document.createElement("a");
    link.href = `/play/${daily.variant}/${daily.number}`;
    link.textContent = `Deal #${daily.number}`;
    facts.append(link, daily.open ? "" : " · closed, unranked");
  } else if (!daily.open) facts.append("Closed, unranked");
  facts.hidden = !facts.childNodes.length;
}

// An open daily is dealt when the player starts it: the clock starts with the deal.
function dealOnRequest(hud, loaded, config) {
  return new Promise((resolve) => {
    const start = async () => {
      try {
        const started = await startDaily(loaded, config);
        hud.notice(null);
        resolve(started);
      } catch (error) {
        hud.notice(openingFailed(error), [{ label: "Home", href: "/" }], "error");
        resolve(null);
      }
    };
    const what = loaded.ranked ? "Your first attempt is the ranked one." : "";
    hud.notice(`The deal is shown when you start, and the clock starts then. ${what}`.trim(),
      [{ label: "Start the daily", run: start }], "info", { dismissible: false });
  });
}

export async function startPlay(root) {
  const config = readConfig(root);
  const store = createStorage();
  const say = createAnnouncer(root.querySelector("[data-announcer]"));
  let controller = null;
  const hud = createHud(root, { command: (name) => controller?.command(name) });
  const boardEl = root.querySelector("[data-board]");
  const view = createBoardView(boardEl);
  let loaded;
  try {
    loaded = await loadGame(config, store);
  } catch (error) {
    hud.notice(openingFailed(error), [{ label: "Home", href: "/" }], "error");
    return;
  }
  showDailyFacts(root, loaded.daily);
  if (loaded.unstarted) loaded = await dealOnRequest(hud, loaded, config);
  if (!loaded) return;
  controller = createController({ root, config, loaded, store, view, hud, say });
  new ResizeObserver(() => view.render(controller.game().position, { instant: true })).observe(boardEl);
  view.focusPile("1", { move: false });
  const { moves } = controller.game();
  if (moves.length && !loaded.finished) say(`Game restored after ${plural(moves.length, "move")}.`);
}
