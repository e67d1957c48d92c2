// The end screen of a won game: time, moves, par and moves over par, the
// rank on the daily with its histogram, the streak, and a spoiler-free share
// card (no layout, no line: only what a friend may see before playing).

import { formatClock } from "./hud.js";
import { REVIEW_EXPLAINED, REVIEW_TITLE } from "./notices.js";
import { plural } from "./words.js";

export { playedMs as wonMs } from "./state.js";
import { playedMs } from "./state.js";

/**
 * The share card's text. A daily names its date, never its deal; a deal its
 * number (its link gives it away anyway). `rank` and `players` when known.
 */
export function shareCard({ title, daily, moves, par = null, ms, rank = null, players = null, url, hints = 0 }) {
  const head = daily ? `${title} daily ${daily.date}` : title;
  const overPar = par && !hints ? ` (par ${par}, ${moves - par >= 0 ? "+" : ""}${moves - par})` : "";
  const helped = hints ? ` · ${plural(hints, "hint")}` : "";
  const lines = [head, `✅ ${plural(moves, "move")}${overPar}${helped} · ${formatClock(ms)}`];
  if (rank) lines.push(`🏅 Rank ${rank}${players ? ` of ${players}` : ""}`);
  lines.push(url);
  return lines.join("\n");
}

function element(tag, text, className) {
  const el = document.createElement(tag);
  if (text !== undefined && text !== null) el.textContent = String(text);
  if (className) el.className = className;
  return el;
}

function factList(facts) {
  const list = element("dl", null, "stats end-facts");
  for (const [name, value] of facts) if (value !== null && value !== undefined) list.append(element("dt", name), element("dd", value));
  return list;
}

function histogram(bars, mine) {
  const figure = element("figure", null, "histogram");
  figure.append(element("figcaption", "Players by number of moves"));
  const most = Math.max(1, ...bars.map((b) => b.players));
  for (const bar of bars) {
    const row = element("div", null, `bar-row${bar.moves === mine ? " mine" : ""}`);
    const fill = element("span", bar.players, "bar-fill");
    fill.style.width = `${(bar.players / most) * 100}%`;
    fill.setAttribute("aria-label", `${plural(bar.players, "player")} with ${plural(bar.moves, "move")}${bar.moves === mine ? ", you" : ""}`);
    row.append(element("span", bar.moves, "bar-label"), fill);
    figure.append(row);
  }
  return figure;
}

/** What the server knows once the win is checked: the rank and histogram of a daily, the streak. */
async function serverFacts({ client, session, game, user }) {
  const facts = {};
  const id = session.id?.() ?? null;
  if (!game.daily && game.number) {
    try {
      facts.par = (await client.deal(game.variant, game.number)).par ?? null;
    } catch {
      // No par is shown rather than a wrong one.
    }
  }
  if (game.daily && id) {
    // The winning moves may still be on their way: the server checks what it holds.
    await session.flushed?.();
    // The worker replays the win first: asked every second, then every two, for about a minute.
    for (let tries = 0; tries < 35 && facts.rank === undefined; tries += 1) {
      try {
        const submission = await client.submission(id);
        if (submission.status !== "pending") {
          facts.rank = submission.result?.rank ?? null;
          facts.review = Boolean(submission.result?.under_review);
        }
      } catch {
        // Not there yet (the submission follows the last batch): asked again below.
      }
      if (facts.rank === undefined) await new Promise((resolve) => { setTimeout(resolve, tries < 5 ? 1000 : 2000); });
    }
    // The board may lag the checked win by a moment: a ranked win waits until it shows there.
    for (let tries = 0; tries < 5; tries += 1) {
      try {
        const board = await client.dailyBoard(game.daily.date, game.daily.variant);
        Object.assign(facts, { histogram: board.histogram ?? [], players: board.players ?? null, par: board.par ?? null });
      } catch {
        break; // A board not shown yet is left out.
      }
      if (!facts.rank || facts.histogram.length) break;
      await new Promise((resolve) => { setTimeout(resolve, 1000); });
    }
  }
  if (user) {
    try {
      const stats = await client.stats(user);
      facts.streak = stats.variants?.[game.daily?.variant ?? game.variant]?.current_streak ?? null;
    } catch {
      // The streak is a nicety.
    }
  }
  return facts;
}

/**
 * Open the end screen in `dialog` for the won `game`. `actions` are the
 * notice-style buttons `[{label, run, href}]`; `share(text)` shares the card.
 */
export async function showEndScreen({ dialog, game, config, par, client, session, actions, share, hints = 0 }) {
  const body = dialog.querySelector("[data-end-body]");
  const ms = playedMs(game);
  const moves = game.moves.length;
  // A daily's link names its date (tomorrow it still opens this deal); a player's link opens
  // that daily while it is open, then the sharer's challenge on it.
  const dailyUrl = game.daily && (config.user ? `/d/${game.daily.variant}/${game.daily.date}/${encodeURIComponent(config.user)}` : `/daily/${game.daily.variant}/${game.daily.date}`);
  const url = new URL(dailyUrl || (config.shareUrl ?? location.pathname), location.origin).href;
  const card = { title: config.variantTitle ?? config.title, daily: game.daily, moves, par, ms, url, hints };
  const render = (facts = {}) => {
    const parNow = facts.par ?? par;
    // A win with hints is the solver's as much as the player's: its count is said, and no "over par".
    body.replaceChildren(factList([
      ["Time", formatClock(ms)], ["Moves", moves], ["Hints", hints ? hints : null], ["Par", parNow],
      ["Over par", parNow && !hints ? moves - parNow : null], ["Rank", facts.rank ? `${facts.rank}${facts.players ? ` of ${facts.players}` : ""}` : null],
      ["Daily streak", facts.streak ? plural(facts.streak, "day") : null],
    ]));
    // A held result is reviewed before it is ranked: what that is, how long, what next (never why).
    if (facts.review) {
      const box = element("div", null, "review");
      box.setAttribute("data-review", "");
      box.append(element("p", REVIEW_TITLE, "offer"), element("p", REVIEW_EXPLAINED));
      body.append(box);
    }
    if (facts.histogram?.length) body.append(histogram(facts.histogram, moves));
    if (!config.user) {
      const offer = element("p", null, "offer");
      const link = element("a", "Register to keep this result");
      link.href = `/register/?next=${encodeURIComponent(location.pathname)}`;
      offer.append(link, " — your game here is kept and saved to your new account.");
      body.append(offer);
    }
    const buttons = element("div", null, "answers");
    const shareButton = element("button", "Share result", "button primary");
    shareButton.type = "button";
    shareButton.addEventListener("click", () => share(shareCard({ ...card, par: parNow, rank: facts.rank, players: facts.players })));
    buttons.append(shareButton);
    for (const action of actions) {
      const el = element(action.href ? "a" : "button", action.label, "button");
      if (action.href) el.href = action.href;
      else el.addEventListener("click", () => { dialog.close(); action.run(); });
      buttons.append(el);
    }
    const close = element("button", "Close", "button");
    close.type = "button";
    close.addEventListener("click", () => dialog.close());
    buttons.append(close);
    body.append(buttons);
  };
  render();
  if (!dialog.open) dialog.showModal();
  const facts = await serverFacts({ client, session, game, user: config.user });
  if (dialog.open) render(facts);
}
