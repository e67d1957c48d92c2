// The play page: opens the game (loader.js), then hands it to the controller.

import { rulesetOf } from "./catalogue.js";
import { createController } from "./controller.js";
import { createAnnouncer, createHud } from "./hud.js";
import { createBoardView } from "./board_view.js";
import { loadGame, startDaily } from "./loader.js";
import { openingFailed } from "./notices.js";
import { createStorage } from "./storage.js";
import { dealtInPage } from "./local_deal.js";
import { familyOf } from "./families.js";
import { playable } from "./rules.js";
import { plural } from "./words.js";

function readConfig(root) {
  const d = root.dataset;
  const game = {
    variant: d.variant,
    // Exact past 2^53 (deal numbers reach 10^20 - 1): the digits themselves, a number only while safe.
    number: /^\d+$/.test(d.number ?? "") ? (Number.isSafeInteger(+d.number) ? +d.number : d.number) : null,
    daily: d.dailyDate ? { date: d.dailyDate, variant: d.variant } : null,
    // A challenge's attempt: the server starts (or resumes) it, and it is played once.
    challenge: d.challenge || null,
  };
  return {
    ...game,
    user: d.user || null,
    // Klondike and Spider games the page cannot deal (dailies) are played on the
    // server, guests too: their hidden cards are its (local_deal.js deals the others).
    server: Boolean(d.user) || (familyOf(d.variant).hidesCards && playable(rulesetOf(d.variant)) && !dealtInPage(game)),
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

const DIFFICULTY = { easy: "An easy deal", medium: "A medium deal", hard: "A hard deal" };

/** The start screen's facts line: the deal's difficulty and how many have played it. */
export function startFacts(daily) {
  const players = daily.players ?? 0;
  const played = players === 0 ? "Nobody has played it yet." : `${plural(players, "player")} ${players === 1 ? "has" : "have"} played it so far.`;
  return { difficulty: daily.difficulty ? `${DIFFICULTY[daily.difficulty] ?? daily.difficulty}.` : "", players: played };
}

// An open daily is dealt when the player starts it: the clock starts with the deal.
// Until then the start screen is the only thing that acts: every button of the HUD is off.
function dealOnRequest(root, loaded, config) {
  const screen = root.querySelector("[data-start-screen]");
  const hudButtons = [...root.querySelectorAll(".hud button")];
  const wasOff = hudButtons.map((b) => b.disabled);
  for (const b of hudButtons) b.disabled = true;
  const facts = startFacts(loaded.daily ?? {});
  for (const [name, text] of Object.entries(facts)) screen.querySelector(`[data-start-fact="${name}"]`).textContent = text;
  screen.hidden = false;
  const button = screen.querySelector("[data-start-button]");
  button.focus();
  return new Promise((resolve) => {
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const started = await startDaily(loaded, config);
        screen.hidden = true;
        hudButtons.forEach((b, i) => { b.disabled = wasOff[i]; });
        resolve(started);
      } catch (error) {
        screen.querySelector("[data-start-error]").textContent = openingFailed(error);
        button.disabled = false;
      }
    });
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
  if (loaded.unstarted) loaded = await dealOnRequest(root, loaded, config);
  if (!loaded) return;
  controller = createController({ root, config, loaded, store, view, hud, say });
  new ResizeObserver(() => view.render(controller.game().position, { instant: true })).observe(boardEl);
  view.focusPile("1", { move: false });
  const { moves } = controller.game();
  if (moves.length && !loaded.finished) say(`Game restored after ${plural(moves.length, "move")}.`);
}
