// The replay viewer of a closed daily: its best players' lines and the
// solver's par line, stepped through or played at a chosen speed on the
// board. Read-only: nothing is played or sent.

import { api } from "./api.js";
import { createBoardView } from "./board_view.js";
import { createAnnouncer } from "./hud.js";
import { columnId, idOf } from "./piles.js";
import { familyOf } from "./families.js";
import { applyMove, checkedMove, parseMoveOf, RANKS } from "./rules.js";
import { cardName, moveWords, plural } from "./words.js";

/** The lines to choose from: the par line first, then the players' by rank. */
export function replayLines(data) {
  const lines = [];
  if (data.par_line?.length) lines.push({ label: `Par line (solver), ${plural(data.par_line.length, "move")}`, moves: data.par_line, reveals: data.par_reveals });
  for (const p of data.players ?? []) lines.push({ label: `#${p.rank} ${p.player}, ${plural(p.moves.length, "move")}`, moves: p.moves, reveals: p.reveals });
  return lines;
}

const stockPlace = (pile) => (pile.kind === "column" ? `column ${columnId(pile.index)}` : pile.kind === "waste" ? "the waste" : "its foundation");

/**
 * A Klondike or Spider move of a closed daily: the position after it (from the
 * player's view and the cards the server says it turned up, `revealed`), the
 * cards it carried and its words.
 */
export function stockStep(before, move, revealed = []) {
  const after = applyMove(before, move, revealed);
  const parsed = parseMoveOf(move, before.variant);
  if (parsed.stock) {
    return { position: after, cards: [], words: familyOf(before.variant).stockWords };
  }
  const { from, to } = parsed;
  let cards;
  if (from.kind === "column") cards = before.columns[from.index].slice(after.columns[from.index].length);
  else if (from.kind === "waste") cards = [before.waste.at(-1)];
  else cards = [RANKS[before.foundations[from.suit] - 1] + from.suit];
  const what = cards.length > 1 ? `${cards.length} cards, ${cardName(cards[0])} to ${cardName(cards.at(-1))},` : cardName(cards[0]);
  const where = to.kind === "foundation" ? "to its foundation" : `to ${stockPlace(to)}`;
  return { position: after, cards, words: `${what} from ${stockPlace(from)} ${where}.` };
}

/**
 * Every position of a line, the start first, with the cards each move carried.
 * Klondike and Spider start from the player's view: `reveals` (one list per
 * move, as the server sends a game's) turns their cards up.
 */
export function linePositions(start, moves, reveals = null) {
  const steps = [{ position: start, cards: [], words: "" }];
  const stock = familyOf(start.variant).hidesCards;
  // Without the server's reveals only a full deal (face_down counts) can be replayed.
  if (stock && !reveals && !("face_down" in start)) throw new Error("the cards this line turns up were not sent");
  for (const [index, move] of moves.entries()) {
    if (stock) {
      steps.push(stockStep(steps.at(-1).position, move, reveals?.[index] ?? []));
      continue;
    }
    const before = steps.at(-1).position;
    const checked = checkedMove(before, move);
    const onto = checked.to.kind === "column" ? before.columns[checked.to.index].at(-1) ?? null : null;
    const words = moveWords({ cards: checked.cards, fromId: idOf(checked.from, checked.cards[0]), toId: idOf(checked.to, checked.cards[0]), onto });
    steps.push({ position: applyMove(before, move), cards: checked.cards, words });
  }
  return steps;
}

export async function startReplay(root) {
  const { variant, date } = root.dataset;
  const message = root.querySelector("[data-message]");
  const select = root.querySelector("[data-line]");
  const counter = root.querySelector("[data-step]");
  const say = createAnnouncer(root.querySelector("[data-announcer]"));
  const view = createBoardView(root.querySelector("[data-board]"));
  let data;
  try {
    data = await api.dailyLines(date, variant);
  } catch (error) {
    message.textContent = error.code === "daily_not_closed" ? "The replays of a daily open once its day is over." : `No replays: ${error.message}`;
    return;
  }
  const lines = replayLines(data);
  select.replaceChildren(...lines.map((line, i) => new Option(line.label, String(i))));
  let steps = [];
  let at = 0;
  let timer = null;

  // A board this page cannot draw or replay is said plainly, and the line is still read out in words.
  let broken = "";
  function show(index, moved = []) {
    at = Math.max(0, Math.min(index, steps.length - 1));
    counter.textContent = `${at} / ${steps.length - 1}`;
    if (broken) {
      message.textContent = at ? `${broken} Move ${at}: ${steps[at].words}` : broken;
      return;
    }
    try {
      view.render(steps[at].position, { moved });
    } catch {
      broken = "This board cannot be drawn on this page yet: each move is written out here instead.";
      root.querySelector("[data-board]").hidden = true;
      show(at);
    }
  }
  function choose(index) {
    stop();
    const moves = lines[index]?.moves ?? [];
    message.textContent = lines.length ? broken : "Nobody has a ranked win on this daily, and there is no par line.";
    try {
      steps = linePositions(data.start, moves, lines[index]?.reveals ?? null);
    } catch (error) {
      broken = `This line cannot be replayed here: ${error.message}.`;
      message.textContent = broken;
      steps = [{ position: data.start, cards: [], words: "" }, ...moves.map((move) => ({ position: data.start, cards: [], words: move }))];
    }
    show(0);
  }
  const step = (delta) => {
    const next = at + delta;
    if (next < 0 || next >= steps.length) return stop();
    show(next, delta > 0 ? steps[next].cards : steps[at].cards);
    if (delta > 0) say(`Move ${next}: ${steps[next].words}`);
  };
  function stop() {
    clearInterval(timer);
    timer = null;
    root.querySelector("[data-play-label]").textContent = "Play";
  }
  function play() {
    if (timer) return stop();
    if (at >= steps.length - 1) show(0);
    root.querySelector("[data-play-label]").textContent = "Pause";
    timer = setInterval(() => step(1), Number(root.querySelector("[data-speed]").value));
  }
  const actions = { start: () => { stop(); show(0); }, back: () => { stop(); step(-1); }, next: () => { stop(); step(1); }, end: () => { stop(); show(steps.length - 1); }, play };
  for (const button of root.querySelectorAll("[data-go]")) button.addEventListener("click", () => actions[button.dataset.go]());
  root.querySelector("[data-speed]").addEventListener("change", () => { if (timer) { stop(); play(); } });
  select.addEventListener("change", () => choose(Number(select.value)));
  new ResizeObserver(() => steps.length && !broken && view.render(steps[at].position, { instant: true })).observe(root.querySelector("[data-board]"));
  choose(0);
}
