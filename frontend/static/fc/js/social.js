// Playing together: the challenge page, the leagues pages, a profile's follow
// button, and the play page's "Challenge a friend" (challengeFrom).

import { api, ApiError } from "./api.js";
import { formatClock } from "./hud.js";
import { shareText } from "./share.js";

const wait = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * A challenge from the won game `gameId`. The worker checks the win first
 * (`result_pending` until it has): asked every second, then every two, for about a minute.
 */
export async function challengeFrom(client, gameId, answers = null) {
  for (let tries = 0; ; tries += 1) {
    try {
      return await client.makeChallenge(gameId, answers);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== "result_pending" || tries >= 35) throw error;
      await wait(tries < 5 ? 1000 : 2000);
    }
  }
}

function element(tag, text, attributes = {}) {
  const el = document.createElement(tag);
  if (text !== undefined && text !== null) el.textContent = String(text);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

const clock = (s) => (s === null || s === undefined ? "" : formatClock(s * 1000));
const STATE_WORDS = {
  challenger: "the challenge", won: "won", playing: "playing", pending: "being checked",
  held: "under review", rejected: "not accepted", unranked: "unranked", voided: "void",
};

function fillTable(tableEl, headers, rows, playerColumn = 1) {
  const head = element("tr");
  for (const h of headers) head.append(element("th", h, { scope: "col" }));
  tableEl.tHead.replaceChildren(head);
  const body = tableEl.tBodies[0];
  body.replaceChildren();
  if (!rows.length) {
    const tr = element("tr");
    tr.append(element("td", "Nobody yet.", { colspan: String(headers.length) }));
    body.append(tr);
  }
  const me = document.body.dataset.user;
  for (const row of rows) {
    const tr = element("tr");
    if (me && row[playerColumn] === me) tr.className = "me";
    row.forEach((cell, i) => {
      const td = element("td", i === playerColumn ? null : cell);
      if (i === playerColumn) td.append(element("a", cell, { href: `/players/${encodeURIComponent(cell)}/` }));
      tr.append(td);
    });
    body.append(tr);
  }
}

function say(root, text) {
  const box = root.querySelector("[data-challenge-notice], [data-error]");
  if (!box) return;
  box.textContent = text;
  box.hidden = !text;
}

// The challenge page: who took it up, counter-challenges, and for someone who
// took it up, their won games to send back as a counter-challenge.
async function challengePage(root) {
  const page = root.querySelector("[data-challenge-page]");
  const { code, challenger } = page.dataset;
  const seconds = page.querySelector("[data-seconds]");
  if (seconds) seconds.textContent = formatClock(Number(seconds.dataset.seconds));
  const me = document.body.dataset.user;
  const attempts = page.querySelector("[data-attempts]");
  const show = (data) => fillTable(attempts, ["Rank", "Player", "Moves", "Time", "State"],
    data.attempts.map((a) => [a.rank ?? "–", a.player, a.counted_moves ?? "", clock(a.seconds), STATE_WORDS[a.state] ?? a.state]));
  let data = await api.challenge(code);
  show(data);
  // A win being checked by the worker takes its place in a moment: asked again every two seconds, for a minute or so.
  for (let tries = 0; tries < 30 && data.attempts.some((a) => a.state === "pending"); tries += 1) {
    await wait(2000);
    data = await api.challenge(code);
    show(data);
  }
  const counters = page.querySelector("[data-counters]");
  const list = page.querySelector("[data-counter-list]");
  list.replaceChildren(...data.counters.map((c) => {
    const li = element("li");
    li.append(element("a", `${c.player} challenges back: #${c.number}`, { href: new URL(c.url).pathname }));
    return li;
  }));
  counters.hidden = !data.counters.length;
  page.querySelector("[data-share-challenge]")?.addEventListener("click", () => {
    const title = page.dataset.variantTitle;
    const text = [`${title} #${data.number}: ${data.by.player}'s challenge`,
      `🎯 ${data.by.counted_moves} moves · ${clock(data.by.seconds)} — beat it`, data.url].join("\n");
    shareText({ text, hud: { notice: (t) => say(page, t) }, say: () => {} });
  });
  const took = me && me !== challenger && data.attempts.some((a) => a.player === me && a.state !== "challenger");
  if (took) {
    page.querySelector("[data-take-up]")?.replaceChildren("Your attempt");
    await counterOffer(page, data);
  }
}

async function counterOffer(page, data) {
  const offer = page.querySelector("[data-counter-offer]");
  const games = (await api.games({ state: "won" })).games ?? [];
  const fresh = games.filter((g) => !g.daily && !(g.variant === data.variant && String(g.deal.number) === String(data.number)));
  const list = offer.querySelector("[data-counter-games]");
  list.replaceChildren(...fresh.slice(0, 5).map((g) => {
    const li = element("li");
    const button = element("button", `Challenge ${data.by.player} with #${g.deal.number} (${g.moves.length} moves)`, { type: "button", class: "button" });
    button.addEventListener("click", async () => {
      button.disabled = true;
      say(page, "Sending your counter-challenge…");
      try {
        const made = await challengeFrom(api, g.id, data.code);
        location.assign(new URL(made.url).pathname);
      } catch (error) {
        say(page, `No counter-challenge: ${error.message}`);
        button.disabled = false;
      }
    });
    li.append(button);
    return li;
  }));
  const link = offer.querySelector("[data-new-deal-link]");
  link.href = `/play/${data.variant}/${1 + Math.floor(Math.random() * 1_000_000)}?answers=${data.code}`;
  offer.hidden = false;
}

function leaguesPage(root) {
  const page = root.querySelector("[data-leagues-page]");
  page.querySelector("[data-league-create]").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await api.makeLeague(event.target.name.value);
      location.assign(new URL(made.url).pathname);
    } catch (error) {
      say(page, error.message);
    }
  });
  page.querySelector("[data-league-join]").addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = event.target.code.value.trim();
    try {
      const joined = await api.joinLeague(code);
      location.assign(new URL(joined.url).pathname);
    } catch (error) {
      if (error.code === "already_member") location.assign(`/leagues/${encodeURIComponent(code)}/`);
      else say(page, error.message);
    }
  });
}

async function leaguePage(root) {
  const page = root.querySelector("[data-league-page]");
  const { code, owner, today } = page.dataset;
  const me = document.body.dataset.user;
  let league;
  try {
    league = await api.league(code);
  } catch (error) {
    if (error.code !== "not_member") throw error;
    // The invite link: anyone logged in may join.
    const offer = page.querySelector("[data-join-offer]");
    offer.hidden = false;
    offer.querySelector("[data-join]").addEventListener("click", async () => {
      try {
        await api.joinLeague(code);
        location.reload();
      } catch (joinError) {
        say(page, joinError.message);
      }
    });
    return;
  }
  const members = page.querySelector("[data-members]");
  members.replaceChildren(...league.members.map((name) => {
    const li = element("li");
    li.append(element("a", name, { href: `/players/${encodeURIComponent(name)}/` }));
    if (me === owner && name !== owner) {
      const remove = element("button", "Remove", { type: "button", class: "link" });
      remove.addEventListener("click", async () => {
        await api.removeMember(code, name).catch((error) => say(page, error.message));
        location.reload();
      });
      li.append(" ", remove);
    }
    return li;
  }));
  page.querySelector("[data-league-rename]")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const renamed = await api.renameLeague(code, event.target.name.value);
      page.querySelector("[data-league-name]").textContent = renamed.name;
      say(page, "");
    } catch (error) {
      say(page, error.message);
    }
  });
  const standings = async (period) => {
    for (const b of page.querySelectorAll("[data-period]")) b.setAttribute("aria-pressed", String(b.dataset.period === period));
    const data = await api.standings(code, period);
    fillTable(page.querySelector("[data-standings]"), ["Rank", "Player", "Points", "Firsts", "Dailies"],
      data.rows.map((r) => [r.rank, r.player, r.points, r.firsts, r.dailies]));
  };
  for (const b of page.querySelectorAll("[data-period]")) b.addEventListener("click", () => standings(b.dataset.period));
  await standings("week");
  for (const tableEl of page.querySelectorAll("[data-league-board]")) {
    try {
      const board = await api.dailyBoard(today, tableEl.dataset.variant, { league: code });
      fillTable(tableEl, ["Rank", "Player", "Moves", "Time", "On the board"],
        board.rows.map((r) => [r.rank, r.player, r.counted_moves, clock(r.seconds), r.board_rank]));
    } catch (error) {
      fillTable(tableEl, [""], []);
      tableEl.tBodies[0].firstChild.firstChild.textContent = `Not available: ${error.message}`;
    }
  }
}

/** A profile's follow button (social/follow_button.html). */
function followButtons(root) {
  for (const button of root.querySelectorAll("[data-follow]")) {
    button.addEventListener("click", async () => {
      const following = button.getAttribute("aria-pressed") === "true";
      button.disabled = true;
      try {
        if (following) await api.unfollow(button.dataset.follow);
        else await api.follow(button.dataset.follow);
        button.setAttribute("aria-pressed", String(!following));
        button.textContent = following ? "Follow" : "Unfollow";
      } catch (error) {
        button.textContent = `${button.textContent} (${error.message})`;
      } finally {
        button.disabled = false;
      }
    });
  }
}

export const SOCIAL_PAGES = new Set(["challenge", "leagues", "league"]);

export async function startSocial(page, root) {
  followButtons(root);
  if (page === "challenge") return challengePage(root);
  if (page === "leagues") return leaguesPage(root);
  if (page === "league") return leaguePage(root);
  return undefined;
}
