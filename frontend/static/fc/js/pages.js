// The pages around the game: home, leaderboards, profile, log in and register.
// Each reads the API and fills in the shell the server rendered.

import { api, rowsOf } from "./api.js";
import { variantTitle } from "./catalogue.js";
import { fillDailyTiles } from "./home_tiles.js";
import { REVIEW_EXPLAINED } from "./notices.js";
import { createStorage } from "./storage.js";

function element(tag, text, attributes = {}) {
  const el = document.createElement(tag);
  if (text !== undefined && text !== null) el.textContent = String(text);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

const continueKey = (g) => (g.daily ? `daily:${g.daily.variant}:${g.daily.date}` : `game:${g.variant}:${g.number}`);

/**
 * The games to continue: this browser's unfinished saves (the player's own,
 * or a guest's on a numbered deal) and the player's server games in progress,
 * one entry per deal or daily, with the longer log's move count.
 */
export function continueEntries(saves, serverGames, user = null, limit = 8) {
  const entries = new Map();
  for (const save of saves) {
    const owner = save.owner ?? null;
    const mine = owner === user || (owner === null && !save.daily);
    if (mine && !save.won && save.ply > 0 && (save.number || save.daily)) entries.set(continueKey(save), { ...save });
  }
  for (const game of serverGames) {
    const entry = { variant: game.variant, number: game.deal?.number ?? null, daily: game.daily ?? null, ply: game.ply };
    const key = continueKey(entry);
    const known = entries.get(key);
    if (known) known.ply = Math.max(known.ply, entry.ply);
    else entries.set(key, entry);
  }
  return [...entries.values()].slice(0, limit);
}

async function continueList(root, store) {
  const user = document.body.dataset.user || null;
  let serverGames = [];
  if (user) {
    try {
      serverGames = rowsOf(await api.games({ state: "playing" }));
    } catch {
      // The local saves are still worth listing.
    }
  }
  const entries = continueEntries(store.recentGames(), serverGames, user);
  const list = root.querySelector("[data-continue-list]");
  for (const g of entries) {
    const href = g.daily ? `/daily/${g.daily.variant}/${g.daily.date}` : `/play/${g.variant}/${g.number}`;
    const label = g.daily ? `Daily ${variantTitle(g.daily.variant)}, ${g.daily.date}` : `${variantTitle(g.variant)} #${g.number}`;
    const li = element("li");
    li.append(element("a", `${label} · ${g.ply} moves`, { href, class: "tile" }));
    list.append(li);
  }
  root.querySelector("[data-continue]").hidden = entries.length === 0;
}

/** True when the whole number `value` is above `max` (both as typed: decimal digits), exactly at any size. */
export function dealNumberAbove(value, max) {
  if (!/^\d+$/.test(value ?? "") || !/^\d+$/.test(max ?? "")) return false;
  return BigInt(value) > BigInt(max);
}

const TOLD = "fc:reviews-told";

/** The decided reviews of `games` not told yet on this browser, as sentences, with the ids to remember. */
export function reviewOutcomes(games, told) {
  const out = [];
  for (const game of games) {
    const review = game.submission?.result?.review;
    if ((review !== "cleared" && review !== "voided") || told.includes(game.id)) continue;
    const what = game.daily ? `Daily ${variantTitle(game.daily.variant)}, ${game.daily.date}` : `${variantTitle(game.variant)} #${game.deal?.number}`;
    const moves = game.moves?.length ?? game.ply;
    const text = review === "cleared"
      ? `Your win on ${what} (${moves} moves) was reviewed and cleared: it is ranked and counts in your streak.`
      : `Your win on ${what} (${moves} moves) was reviewed and does not count: it stays off the boards.`;
    out.push({ id: game.id, review, text });
  }
  return out;
}

// A review decided since the player's last visit is told once, at the top of the home page.
async function tellOutcomes(root) {
  if (!document.body.dataset.user) return;
  let told = [];
  try {
    told = JSON.parse(localStorage.getItem(TOLD) ?? "[]");
  } catch {
    told = [];
  }
  let outcomes;
  try {
    outcomes = reviewOutcomes(rowsOf(await api.games({ state: "won" })), told);
  } catch {
    return;
  }
  if (!outcomes.length) return;
  const box = root.querySelector("[data-outcomes]");
  for (const o of outcomes) box.append(element("p", o.text, { "data-outcome": o.review }));
  box.hidden = false;
  try {
    localStorage.setItem(TOLD, JSON.stringify([...told, ...outcomes.map((o) => o.id)].slice(-200)));
  } catch {
    // A browser that refuses storage is told again next time.
  }
}

function home(root) {
  const store = createStorage();
  const settings = store.loadSettings();
  tellOutcomes(root);
  continueList(root, store);
  fillDailyTiles(root, document.body.dataset.user || null);

  const error = root.querySelector("[data-error]");
  const dealForm = root.querySelector("[data-new-deal]");
  dealForm.winnable.checked = settings.winnable;
  dealForm.winnable.addEventListener("change", () => store.saveSettings({ ...store.loadSettings(), winnable: dealForm.winnable.checked }));
  dealForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const deal = await api.randomDeal(dealForm.variant.value, dealForm.winnable.checked);
      location.assign(`/play/${deal.variant}/${deal.number}`);
    } catch (e) {
      error.textContent = `No deal: ${e.message}`;
    }
  });
  const numbered = root.querySelector("[data-numbered-deal]");
  // Each variant has its own largest deal number: the box refuses anything above it.
  // Past 2^53 the browser's own check rounds (10^20 would pass a ceiling of 10^20 - 1): whole numbers compare exactly.
  const box = numbered.number;
  const dealCeiling = () => {
    box.max = dealForm.variant.selectedOptions[0]?.dataset.max ?? "";
    box.setCustomValidity(dealNumberAbove(box.value, box.max) ? `The largest deal is ${box.max}.` : "");
  };
  dealForm.variant.addEventListener("change", dealCeiling);
  box.addEventListener("input", dealCeiling);
  dealCeiling();
  numbered.addEventListener("submit", (event) => {
    event.preventDefault();
    location.assign(`/play/${dealForm.variant.value}/${numbered.number.value}`);
  });
}

function table(tableEl, headers, rows) {
  const head = element("tr");
  for (const h of headers) head.append(element("th", h, { scope: "col" }));
  tableEl.tHead.replaceChildren(head);
  const body = tableEl.tBodies[0];
  body.replaceChildren();
  if (!rows.length) {
    const tr = element("tr");
    tr.append(element("td", "No results yet.", { colspan: String(headers.length) }));
    body.append(tr);
  }
  const me = document.body.dataset.user;
  for (const row of rows) {
    const tr = element("tr");
    if (me && row[1] === me) tr.className = "me";
    row.forEach((cell, i) => {
      const td = element("td", i === 1 ? null : cell);
      // The player column links to the player's profile.
      if (i === 1) td.append(element("a", cell, { href: `/players/${encodeURIComponent(cell)}/` }));
      tr.append(td);
    });
    body.append(tr);
  }
}

const clock = (s) => (s === null || s === undefined ? "" : `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, "0")}`);

function histogram(figure, bars) {
  const box = figure.querySelector("[data-bars]");
  const most = Math.max(1, ...bars.map((b) => b.players));
  box.replaceChildren();
  for (const bar of bars) {
    const row = element("div", null, { class: "bar-row" });
    row.append(element("span", bar.moves, { class: "bar-label" }));
    const fill = element("span", bar.players, { class: "bar-fill", "aria-label": `${bar.players} players with ${bar.moves} moves` });
    fill.style.width = `${(bar.players / most) * 100}%`;
    row.append(fill);
    box.append(row);
  }
  figure.hidden = bars.length === 0;
}

// The player's own held win is on no board until staff decide: the board says so to them alone.
async function ownReview(page, filters) {
  if (!document.body.dataset.user) return;
  try {
    const game = rowsOf(await api.games(filters)).find((g) => g.state === "won" && g.submission?.result?.review === "held");
    if (!game) return;
    const note = element("p", `Your win in ${game.moves.length} moves is under review: it joins this board if staff clear it. ${REVIEW_EXPLAINED}`, { class: "review-note", "data-review": "" });
    page.querySelector("[data-rows]").before(note);
  } catch {
    // The board itself still shows.
  }
}

async function leaderboard(root) {
  const page = root.querySelector("[data-board-page]");
  const { board, variant, date, number } = page.dataset;
  const tableEl = page.querySelector("[data-rows]");
  if (board === "daily") ownReview(page, { variant, daily: date });
  else if (board === "deal") ownReview(page, { variant, number });
  try {
    if (board === "daily") {
      // ?among=following or ?league=<code>: the same rows, among those players only.
      const asked = new URLSearchParams(location.search);
      const narrow = asked.get("among") === "following" ? { among: "following" } : asked.get("league") ? { league: asked.get("league") } : {};
      const data = await api.dailyBoard(date, variant, narrow);
      histogram(page.querySelector("[data-histogram]"), data.histogram ?? []);
      // Moves taken back count on a ranked attempt: "moves (undone)".
      const moves = (r) => (r.undos ? `${r.counted_moves ?? r.moves} (${r.undos} undone)` : (r.counted_moves ?? r.moves));
      table(tableEl, ["Rank", "Player", "Moves", "Time"], rowsOf(data).map((r) => [r.rank, r.player, moves(r), clock(r.seconds)]));
    } else if (board === "deal") {
      const data = await api.dealBoard(variant, number);
      table(tableEl, ["Rank", "Player", "Moves", "Time"], rowsOf(data).map((r, i) => [r.rank ?? i + 1, r.player, r.moves, clock(r.seconds)]));
    } else {
      const data = await api.allTimeBoard(variant);
      table(tableEl, ["#", "Player", "Daily wins", "Streak", "Best streak"], rowsOf(data).map((r, i) => [i + 1, r.player, r.daily_wins, r.current_streak, r.best_streak]));
    }
  } catch (e) {
    const message = e.code === "not_authenticated" ? "Log in to see this leaderboard." : `The leaderboard is not available: ${e.message}`;
    table(tableEl, [""], []);
    tableEl.tBodies[0].firstChild.firstChild.textContent = message;
  }
}

const STAT_NAMES = {
  played: "Games played", won: "Games won", win_rate: "Win rate", fewest_moves: "Fewest moves",
  fastest_seconds: "Fastest win", daily_wins: "Daily wins", current_streak: "Current daily streak",
  best_streak: "Best daily streak", average_over_par: "Moves over par, on average",
  under_review: "Wins under review",
};

function statValue(key, value) {
  if (value === null || value === undefined) return "—";
  if (key === "win_rate") return `${Math.round(value * 100)}%`;
  if (key === "fastest_seconds") return clock(value);
  return String(value);
}

async function profile(root) {
  const box = root.querySelector("[data-stats]");
  const { username } = root.querySelector("[data-profile]").dataset;
  try {
    const stats = await api.stats(username);
    const variants = Object.entries(stats.variants ?? {});
    const sections = variants.map(([variant, numbers]) => {
      const section = element("section");
      section.append(element("h2", variantTitle(variant)));
      const list = element("dl", null, { class: "stats" });
      for (const [key, label] of Object.entries(STAT_NAMES)) {
        // A held win is counted nowhere else until staff decide: said once, plainly.
        if (key === "under_review" && !numbers[key]) continue;
        if (key in numbers) list.append(element("dt", label), element("dd", statValue(key, numbers[key]), key === "under_review" ? { "data-under-review": "" } : {}));
      }
      section.append(list);
      if (numbers.under_review) section.append(element("p", `${numbers.under_review === 1 ? "One win is" : `${numbers.under_review} wins are`} under review: not counted above until staff have looked at ${numbers.under_review === 1 ? "it" : "them"}.`, { class: "help" }));
      return section;
    });
    box.replaceWith(...(sections.length ? sections : [element("p", "No games finished yet.")]));
  } catch (e) {
    box.replaceWith(element("p", e.code === "not_found" ? "No such player." : `No statistics: ${e.message}`));
  }
}

/**
 * Where to go after logging in: `next` if it is a page of this site (`origin`),
 * else the home page. The URL parser drops tabs and newlines as the browser
 * does, so "/\t/evil.example" is seen for what it is: another site. It also
 * resolves dot segments: "/.//evil.example" is the path "//evil.example",
 * which `location.assign` would read as another site, so a normalised path
 * that starts with "//" is refused too.
 */
export function safeNext(next, origin) {
  if (typeof next !== "string" || !next.startsWith("/")) return "/";
  let url;
  try {
    url = new URL(next, origin);
  } catch {
    return "/";
  }
  if (url.origin !== origin || url.pathname.startsWith("//")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The server's reasons for refusing an account form, in its own words. */
export function accountErrorText(error) {
  const detail = error.detail ?? {};
  const reasons = [
    ...(Array.isArray(detail.reasons) ? detail.reasons : []),
    ...(detail.fields ? Object.values(detail.fields).flat() : []),
  ];
  return reasons.length ? reasons.join(" ") : error.message;
}

// One request at a time: the button is disabled and says what is happening
// until the server answers, so a second click cannot send the form again.
function account(root) {
  const form = root.querySelector("[data-account]");
  const error = form.querySelector("[data-error]");
  const button = form.querySelector("button[type=submit]");
  const label = button.textContent;
  // Sent by this script only: the button waits for it, so a password never ends up in a URL.
  button.disabled = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    error.textContent = "";
    button.disabled = true;
    form.setAttribute("aria-busy", "true");
    button.textContent = form.dataset.account === "login" ? "Logging in…" : "Creating your account…";
    const { username, password } = form;
    try {
      if (form.dataset.account === "login") await api.login(username.value, password.value);
      else await api.register(username.value, password.value, form.email?.value || undefined);
      location.assign(safeNext(form.dataset.next, location.origin));
    } catch (e) {
      error.textContent = accountErrorText(e);
      button.disabled = false;
      button.textContent = label;
      form.removeAttribute("aria-busy");
    }
  });
}

function boardForms(root) {
  const form = root.querySelector("[data-deal-board]");
  form?.addEventListener("submit", (event) => {
    event.preventDefault();
    location.assign(`/leaderboards/deal/${form.variant.value}/${form.number.value}/`);
  });
}

export async function startPage(page, root) {
  if (page === "home") return home(root);
  if (page === "leaderboards") return boardForms(root);
  if (page.startsWith("board-")) return leaderboard(root);
  if (page === "profile") return profile(root);
  if (page === "login" || page === "register") return account(root);
}
