// The web API (docs/api.md) as small functions. Session authentication:
// unsafe methods carry the CSRF token read from the `csrftoken` cookie.

/** A refusal from the API: `code` is the stable error code, `detail` the whole error. */
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = detail?.code ?? (status === 0 ? "offline" : "http_error");
    this.detail = detail ?? {};
  }
}

// Deal numbers reach 10^20 - 1: an integer past 2^53 is read as its exact digits (a string), never rounded.
// Strings are matched whole first, so digits inside one are left alone.
const BIG = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g;
export const parseJson = (text) =>
  JSON.parse(text.replace(BIG, (t) => (t[0] === '"' || Number.isSafeInteger(Number(t)) ? t : `"${t}"`)));
/** A deal number as JSON: exact digits at any size (the API wants an integer, not a string). */
const int = (n) => (/^\d+$/.test(String(n)) ? String(n) : JSON.stringify(n ?? null));

const csrfToken = () => document.cookie.split("; ").find((c) => c.startsWith("csrftoken="))?.slice(10) ?? "";

// `keepalive`: the request outlives the page (a move sent as the tab closes still lands).
async function request(method, path, body, cache = "default", { keepalive = false } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRFToken"] = decodeURIComponent(csrfToken());
  let response;
  try {
    response = await fetch(`/api/${path}`, {
      method, headers, cache, keepalive, credentials: "same-origin",
      body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { code: "offline", message: "The server cannot be reached." });
  }
  if (response.status === 204) return null;
  const data = await response.text().then(parseJson).catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data?.error ?? { message: data?.detail });
  return data;
}

const get = (path) => request("GET", path);
const post = (path, body = {}, options = {}) => request("POST", path, body, "default", options);
const enc = encodeURIComponent;

export const api = {
  csrf: () => get("accounts/csrf/"),
  register: (username, password, email) => post("accounts/register/", email ? { username, password, email } : { username, password }),
  login: (username, password) => post("accounts/login/", { username, password }),
  logout: () => post("accounts/logout/"),
  me: () => get("accounts/me/"),

  deal: (variant, number) => get(`deals/${enc(variant)}/${enc(number)}/`),
  dealHint: (variant, number, moves) => post(`deals/${enc(variant)}/${enc(number)}/hint/`, { moves }),
  dealVerdict: (variant, number, moves) => post(`deals/${enc(variant)}/${enc(number)}/verdict/`, { moves }),
  randomDeal: (variant, winnable = false) => get(`deals/${enc(variant)}/${winnable ? "winnable" : "random"}/`),

  startGame: (variant, number) => post("games/", `{"variant":${JSON.stringify(variant)},"number":${int(number)}}`),
  /** The player's games, newest first: `{state, variant, number, daily}` narrow the list. */
  games: (filters = {}) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null)).toString();
    return get(query ? `games/?${query}` : "games/");
  },
  game: (id) => get(`games/${id}/`),
  /** `options.keepalive`: sent even if the page closes meanwhile (sync.js sends every move so). */
  appendMoves: (id, expectedPly, moves, clientTimes, options = {}) =>
    post(`games/${id}/moves/`, { expected_ply: expectedPly, moves, client_times: clientTimes }, options),
  undoTo: (id, expectedPly, toPly, options = {}) =>
    post(`games/${id}/undo/`, { expected_ply: expectedPly, to_ply: toPly }, options),
  hint: (id) => post(`games/${id}/hint/`),
  verdict: (id) => post(`games/${id}/verdict/`),
  submission: (id) => get(`games/${id}/submission/`),

  dailiesToday: () => get("dailies/today/"),
  daily: (date, variant) => get(`dailies/${enc(date)}/${enc(variant)}/`),
  startDaily: (date, variant) => post(`dailies/${enc(date)}/${enc(variant)}/games/`),

  dailyArchive: (variant, month) => get(`dailies/archive/${enc(variant)}/?month=${enc(month)}`),
  dailyLines: (date, variant) => get(`dailies/${enc(date)}/${enc(variant)}/lines/`),
  /** `narrow`: `{among: "following"}` or `{league: code}` for the board among those players only. */
  dailyBoard: (date, variant, narrow = {}) => {
    const query = new URLSearchParams(narrow).toString();
    return get(`leaderboards/daily/${enc(date)}/${enc(variant)}/${query ? `?${query}` : ""}`);
  },
  dealBoard: (variant, number) => get(`leaderboards/deal/${enc(variant)}/${enc(number)}/`),
  allTimeBoard: (variant) => get(`leaderboards/all-time/${enc(variant)}/`),
  // Asked again every time (a 304 when unchanged): a stale copy served while the browser
  // revalidates in the background would show a decided review as pending, and that background
  // request stayed open for about 30 s, holding the page's network busy.
  stats: (username) => request("GET", `players/${enc(username)}/stats/`, undefined, "no-cache"),

  challenge: (code) => get(`challenges/${enc(code)}/`),
  makeChallenge: (game, answers = null) => post("challenges/", answers ? { game, answers } : { game }),
  startChallenge: (code) => post(`challenges/${enc(code)}/games/`),
  follow: (username) => post(`players/${enc(username)}/follow/`),
  unfollow: (username) => request("DELETE", `players/${enc(username)}/follow/`),
  makeLeague: (name) => post("leagues/", { name }),
  league: (code) => get(`leagues/${enc(code)}/`),
  joinLeague: (code) => post(`leagues/${enc(code)}/join/`),
  renameLeague: (code, name) => request("PATCH", `leagues/${enc(code)}/`, { name }),
  removeMember: (code, username) => request("DELETE", `leagues/${enc(code)}/members/${enc(username)}/`),
  standings: (code, period) => get(`leagues/${enc(code)}/standings/?period=${enc(period)}`),
  createRace: (body) => post("races/", body),
};

/** A list answer: a bare array, or the list inside `{games}` or `{rows}`. */
export const rowsOf = (data) => (Array.isArray(data) ? data : data?.rows ?? data?.games ?? []);
