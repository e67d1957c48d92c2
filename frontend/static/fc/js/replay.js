// The replay viewer of a closed daily: its best players' lines and the
// solver's par line, stepped through or played at a chosen speed on the
// board. Read-only: nothing is played or sent.

import { api } from "./api.js";
import { createBoardView } from "./board_view.js";
import { createAnnouncer } from "./hud.js";
import { idOf } from "./piles.js";
import { applyMove, checkMove } from "./rules.js";
import { moveWords, plural } from "./words.js";

/** The lines to choose from: the par line first, then the players' by rank. */
export function replayLines(data) {
  const lines = [];
  if (data.par_line?.length) lines.push({ label: `Par line (solver), ${plural(data.par_line.length, "move")}`, moves: data.par_line });
  for (const p of data.players ?? []) lines.push({ label: `#${p.rank} ${p.player}, ${plural(p.moves.length, "move")}`, moves: p.moves });
  return lines;
}

/** Every position of a line, the start first, with the cards each move carried. */
export function linePositions(start, moves) {
  const steps = [{ position: start, cards: [], words: "" }];
  for (const move of moves) {
    const before = steps.at(-1).position;
    const checked = checkMove(before, move);
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

  function show(index, moved = []) {
    at = Math.max(0, Math.min(index, steps.length - 1));
    view.render(steps[at].position, { moved });
    counter.textContent = `${at} / ${steps.length - 1}`;
  }
  function choose(index) {
    stop();
    steps = linePositions(data.start, lines[index]?.moves ?? []);
    show(0);
    message.textContent = lines.length ? "" : "Nobody has a ranked win on this daily, and there is no par line.";
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
  new ResizeObserver(() => steps.length && view.render(steps[at].position, { instant: true })).observe(root.querySelector("[data-board]"));
  choose(0);
}
