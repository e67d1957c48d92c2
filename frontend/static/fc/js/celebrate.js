// A won game's celebration: the foundations' top cards bounce off across the
// table leaving a trail, as in the classic games, for about two seconds; then
// the end screen opens over the last frame. Skipped when the system asks for
// reduced motion. Only copies of the cards are drawn: the board is left alone.

const STEP_MS = 28; // one stamp of the trail
const STAMPS = 44; // per card, at most
const START_GAP_MS = 220; // between one card's start and the next

/** The trail of a card thrown from (x, y) on a table `width` x `floor`: its stamps' positions. */
export function bouncePath({ x, y, width, floor, cw, direction, spin = 0 }) {
  const points = [];
  let vx = direction * cw * (0.22 + 0.1 * spin);
  let vy = -cw * 0.12;
  const gravity = cw * 0.045;
  for (let i = 0; i < STAMPS; i += 1) {
    points.push([x, y]);
    x += vx;
    vy += gravity;
    y += vy;
    if (y > floor) {
      y = floor;
      vy = -vy * 0.72;
    }
    if (x < -cw || x > width) break;
  }
  return points;
}

/** The cards thrown: each foundation's top card (Spider: each finished run's King). */
function thrown(board) {
  return [...board.querySelectorAll(".card[data-card]")].filter((el) => {
    const { pile, depth } = el.dataset;
    if (pile?.startsWith("h")) return depth === "1";
    return pile === "x" && (Number(depth) - 1) % 13 === 0;
  });
}

/**
 * Play the celebration over `board`; resolves when its last frame is drawn.
 * The trail stays until `until` (a promise) settles, so the end screen opens over it.
 */
export function celebrate(board, { until = null, reduced = matchMedia("(prefers-reduced-motion: reduce)").matches } = {}) {
  const cards = thrown(board);
  if (reduced || !cards.length) return Promise.resolve();
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  layer.dataset.celebration = "";
  const box = board.getBoundingClientRect();
  const width = Math.min(box.width, document.documentElement.clientWidth - box.left);
  let last = 0;
  cards.forEach((card, k) => {
    const at = card.getBoundingClientRect();
    const floor = Math.min(box.height, innerHeight - box.top) - at.height - 8;
    const path = bouncePath({
      x: at.left - box.left, y: at.top - box.top, width, floor, cw: at.width,
      direction: k % 2 ? -1 : 1, spin: (k % 3) / 2,
    });
    path.forEach(([x, y], i) => {
      const stamp = card.cloneNode(true);
      stamp.className = `${card.className.replace(/\b(selected|hinted|dragging|flip|covered)\b/g, "")} stamp`;
      // A copy names no pile or card: whatever reads the board reads only the board.
      for (const name of Object.keys(stamp.dataset)) delete stamp.dataset[name];
      for (const name of ["id", "role", "tabindex", "aria-label", "title"]) stamp.removeAttribute(name);
      stamp.style.transform = `translate(${x}px, ${y}px)`;
      const delay = k * START_GAP_MS + i * STEP_MS;
      stamp.style.animationDelay = `${delay}ms`;
      stamp.style.zIndex = String(800 + i);
      last = Math.max(last, delay);
      layer.append(stamp);
    });
  });
  board.append(layer);
  if (until) until.finally(() => layer.remove());
  return new Promise((resolve) => { setTimeout(resolve, last + 120); });
}
