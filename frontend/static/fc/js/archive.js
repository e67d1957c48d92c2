// The dailies archive: a month's calendar of one variant's dailies, each day
// that had one linked to it (played unranked once closed) and to its replays,
// with the player's marks: won (with the moves), played and not won.

import { api } from "./api.js";
import { formatClock } from "./hud.js";
import { plural } from "./words.js";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2026-11" and a step of months: "2026-12", "2026-10". */
export function shiftMonth(month, step) {
  const [year, m] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + step;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The month's weeks, Monday first: each a list of 7 ISO dates or null (days of other months). */
export function monthWeeks(month) {
  const [year, m] = month.split("-").map(Number);
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, m - 1, 1)).getUTCDay() + 6) % 7;
  const cells = [...Array(lead).fill(null)];
  for (let d = 1; d <= days; d += 1) cells.push(`${month}-${String(d).padStart(2, "0")}`);
  while (cells.length % 7) cells.push(null);
  const weeks = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** A day's words: its mark and result, for the cell and its label. */
export function dayWords(entry) {
  if (!entry) return { mark: "", text: "no daily" };
  if (entry.won) return { mark: "✓", text: `won in ${plural(entry.moves, "move")}, ${formatClock(entry.seconds * 1000)}` };
  if (entry.played) return { mark: "●", text: entry.open ? "in progress" : "played, not won" };
  return { mark: "", text: entry.open ? "today's daily" : "not played" };
}

function link(text, href, label) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  if (label) a.setAttribute("aria-label", label);
  return a;
}

function dayCell(date, entry, variant) {
  const td = document.createElement("td");
  if (!date) return td;
  const day = String(Number(date.slice(8)));
  const words = dayWords(entry);
  if (!entry) {
    td.className = "none";
    td.textContent = day;
    return td;
  }
  td.className = entry.won ? "won" : entry.played ? "played" : "daily";
  td.append(link(day.padStart(2, " "), `/daily/${variant}/${date}`, `${date}: ${words.text}. Play it${entry.open ? "" : " (unranked)"}`));
  if (words.mark) {
    const mark = document.createElement("span");
    mark.className = `mark ${td.className}`;
    mark.textContent = words.mark;
    mark.setAttribute("aria-hidden", "true");
    td.append(mark);
  }
  if (entry.won) {
    const result = document.createElement("small");
    result.textContent = plural(entry.moves, "move");
    td.append(result);
  }
  if (!entry.open) {
    const replays = link("replays", `/replay/${date}/${variant}/`, `${date}: replays`);
    replays.className = "more";
    td.append(replays);
  }
  return td;
}

export async function startArchive(root) {
  const page = root.querySelector("[data-archive]");
  const { variant, today } = page.dataset;
  const body = page.querySelector("[data-calendar] tbody");
  const title = page.querySelector("[data-month-title]");
  const error = page.querySelector("[data-error]");
  const thisMonth = today.slice(0, 7);
  const asked = new URLSearchParams(location.search).get("month");
  let month = asked ?? thisMonth;

  async function show() {
    const [year, m] = month.split("-").map(Number);
    title.textContent = `${MONTHS[m - 1]} ${year}`;
    page.querySelector('[data-month="1"]').disabled = month >= thisMonth;
    error.textContent = "";
    let entries = [];
    try {
      entries = (await api.dailyArchive(variant, month)).dailies;
    } catch (e) {
      error.textContent = `The archive is not available: ${e.message}`;
    }
    // Unasked, the archive opens on the month holding the latest daily: today's, else the
    // last month that had one (a year back at most), never on an empty month before a full one.
    if (!asked && !entries.length && !error.textContent && (show.steps ?? 0) < 12) {
      show.steps = (show.steps ?? 0) + 1;
      month = shiftMonth(month, -1);
      return show();
    }
    const byDate = new Map(entries.map((entry) => [entry.date, entry]));
    body.replaceChildren(...monthWeeks(month).map((week) => {
      const tr = document.createElement("tr");
      tr.append(...week.map((date) => dayCell(date, byDate.get(date), variant)));
      return tr;
    }));
  }

  for (const button of page.querySelectorAll("[data-month]")) {
    button.addEventListener("click", () => {
      month = shiftMonth(month, Number(button.dataset.month));
      history.replaceState(null, "", `?month=${month}`);
      show();
    });
  }
  await show();
}
