// Draws a position and nothing else: it knows where piles and cards sit on the
// screen, never whether a move is legal. Cards are DOM elements reused across
// renders (52, or 104 for Spider, where a card may be there twice), so a
// changed transform animates the move (CSS transitions). A face-down card is
// drawn as its back; a card turned up flips.

import { rulesetOf } from "./catalogue.js";
import { familyNamed, familyOf, pileIdsOf } from "./families.js";
import { columnIndex, isColumnId, keyOf, kindOf, pileOf, pilesOf } from "./piles.js";
import { cardName, pileLabel, RANK_LABELS, SUIT_GLYPHS, seenWords } from "./words.js";


function makeElement(tag, className, attributes = {}) {
  const element = document.createElement(tag);
  element.className = className;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const indexOf = (card) => (RANK_LABELS[card[0]] ?? card[0]) + SUIT_GLYPHS[card[1]];

// Show `card` on an element, or its back for null (with a small index when the
// player has `seen` that card turned up there); a card turned up where it lies flips.
function face(element, card, shown, seen = null) {
  const before = element.dataset.card || null;
  const marked = card ? null : seen;
  if (before === card && element.title && (element.dataset.seen || null) === marked) return;
  element.className = `card ${card ? ("HD".includes(card[1]) ? "red" : "black") : `down${marked ? " seen" : ""}`}`;
  if (card) element.dataset.card = card;
  else delete element.dataset.card;
  if (marked) {
    element.dataset.seen = marked;
    element.setAttribute("aria-label", seenWords(marked));
  } else {
    delete element.dataset.seen;
    element.removeAttribute("aria-label");
  }
  element.innerHTML = card ? `<span class="corner">${indexOf(card)}</span><span class="pip">${SUIT_GLYPHS[card[1]]}</span>`
    : marked ? `<span class="seen-index${"HD".includes(marked[1]) ? " red" : ""}">${indexOf(marked)}</span>` : "";
  element.title = card ? cardName(card) : marked ? seenWords(marked) : "Face down";
  if (card && !before && shown) element.classList.add("flip");
}

function makePile(id) {
  const kind = kindOf(id);
  const element = makeElement("div", `pile pile--${kind}`, { role: "button", tabindex: "-1" });
  element.dataset.pile = id;
  if (kind === "foundation") element.dataset.suit = SUIT_GLYPHS[pileOf(id).suit];
  if (keyOf(id)) element.dataset.key = keyOf(id);
  if (kind === "stock") element.dataset.depth = "1";
  return element;
}

// The card size is chosen by the viewport (and the card size setting) and by
// nothing else, so the table never resizes during play: it is planned for
// columns of `planned` cards, and a longer column compresses its fan instead,
// face-down cards first (DOWN_FAN, down to MIN_DOWN px), face-up cards down to
// the height of their index and never less: past that the board grows and the
// page scrolls rather than cut a rank in half.
const MIN_FAN = 0.25;
const MAX_FAN = 0.42;
const DOWN_FAN = 0.12;
const MIN_DOWN = 3;

/**
 * The height of a card's index (rank and suit, top left) for a card `cw` px
 * wide: the font size of `.card .corner` in site.css, clamp(13px, 0.38 cw, 32px),
 * its line height 1.05, its top inset (1% of the height) and 2 px of air.
 */
export const indexHeight = (cw) => Math.min(32, Math.max(13, cw * 0.38)) * 1.05 + cw * 1.4 * 0.01 + 2;
export const CARD_SCALES = { small: 0.82, medium: 1, large: 1.15 };

/** The card width for `columns` columns (8 FreeCell, 7 Klondike, 10 Spider) planned `planned` cards deep. */
export function cardWidth({ width, height, gap, scale = 1, columns = 8, planned = 12 }) {
  const chByHeight = (height - 4 * gap) / (2 + MIN_FAN * (planned - 1));
  const byWidth = (width - (columns + 1) * gap) / columns;
  return Math.max(columns > 8 ? 24 : 30, Math.min(110 * scale, byWidth, (chByHeight / 1.4) * scale));
}

/** The fan of a column of `longest` cards in `room` px below its first card, never under `readable` px. */
export function fanStep({ ch, room, longest, readable = indexHeight(ch / 1.4) }) {
  const squeezed = room / Math.max(longest - 1, 1);
  return Math.max(Math.min(readable, ch * MAX_FAN), Math.min(squeezed, ch * MAX_FAN));
}

/** The face-up fan that fits every column (`[cards, face down]` pairs) in `room`, face-down cards at `down` px. */
export const columnsFan = ({ ch, room, columns, down, readable }) =>
  Math.min(...columns.map(([n, d]) => fanStep({ ch, room: room - d * down, longest: n - d, readable })), ch * MAX_FAN);

/** The face-down step: DOWN_FAN of a card, less (down to MIN_DOWN px) when a column would not fit otherwise. */
function downStep({ ch, room, columns, readable }) {
  const full = Math.max(MIN_DOWN, ch * DOWN_FAN);
  const need = (dd) => Math.max(...columns.map(([n, d]) => d * dd + (n - d - 1) * readable));
  if (need(full) <= room) return full;
  const tight = Math.min(...columns.map(([n, d]) => (d ? (room - (n - d - 1) * readable) / d : full)));
  return Math.max(MIN_DOWN, Math.min(full, tight));
}

/** The geometry of a board: the family's piles in `width` x `height` px. */
export function layoutOf({ width, height, family, counts, down, choice = "medium", cw = null }) {
  const n = counts.length;
  const gap = Math.max(3, Math.min(12, width * 0.012));
  cw ??= cardWidth({ width, height, gap, scale: CARD_SCALES[choice] ?? 1, columns: n, planned: familyNamed(family).plannedRows });
  const ch = Math.round(cw * 1.4);
  const tableauTop = ch + 3 * gap;
  const columns = counts.map((c, i) => [Math.max(c, 1), down[i] ?? 0]);
  const room = height - tableauTop - ch - gap;
  const readable = indexHeight(cw);
  const dd = downStep({ ch, room, columns, readable });
  const dy = columnsFan({ ch, room, columns, down: dd, readable });
  const x = (i) => gap + i * (cw + gap) + (width - n * cw - (n + 1) * gap) / 2;
  const deepest = Math.max(...columns.map(([c, d]) => d * dd + (c - d - 1) * dy));
  const boardHeight = Math.max(height, tableauTop + ch + deepest + gap);
  return { width, gap, cw, ch, dy, dd, x, n, family, tableauTop, boardHeight };
}

/** The slot of pile `id`: columns run down to the board's foot; the finished runs span eight slots. */
export function slotOf(layout, id) {
  const { x, gap, cw, ch, tableauTop, boardHeight, family } = layout;
  if (isColumnId(id)) return { left: x(columnIndex(id)), top: tableauTop, width: cw, height: boardHeight - tableauTop };
  const width = id === "x" ? 8 * cw + 7 * gap : cw;
  return { left: x(familyNamed(family).topSlot(id)), top: gap, width, height: ch };
}

/** Where card `i` of pile `id` (of `cards`) lies in its slot: fanned down a column, across the waste's top three, by deal in the stock. */
export function cardOffset(layout, id, cards, i, draw = 1) {
  const { cw, gap, dy, dd } = layout;
  if (isColumnId(id)) {
    const down = cards.slice(0, i).filter((c) => c === null).length;
    return [0, down * dd + (i - down) * dy];
  }
  if (id === "w") return [Math.max(0, i - Math.max(cards.length - draw, 0)) * cw * 0.3, 0];
  if (id === "x") return [Math.floor(i / 13) * (cw + gap), 0];
  const { stockFan, stockTurn } = familyNamed(layout.family);
  if (id === "s" && stockFan) return [-Math.floor((cards.length - 1 - i) / stockTurn) * cw * 0.16, 0];
  return [0, 0];
}

export function createBoardView(root) {
  const pool = [];
  const placed = new Map(); // "pile:index" -> card element
  const pileElements = new Map();
  const badge = makeElement("div", "badge", { "aria-hidden": "true" });
  root.append(badge);
  let layout = null;
  let piles = null;
  let ids = [];
  let family = "freecell";
  let draw = 1;
  let focused = "1";
  let seen = {}; // "pile:index" -> a face-down card seen there (state.js `seen`)
  // The card width, worked out again only when the viewport or the size choice changes.
  const sizing = { key: null, cw: 0, choice: "medium" };

  function measure() {
    const width = root.clientWidth;
    const reserve = parseFloat(getComputedStyle(root).getPropertyValue("--reserve")) || 0;
    const top = root.getBoundingClientRect().top + window.scrollY;
    const height = Math.max(window.innerHeight - top - reserve, 200);
    const columns = ids.filter(isColumnId);
    const shape = { width, height, family, choice: sizing.choice, counts: columns.map((id) => piles[id].length),
      down: columns.map((id) => piles[id].filter((c) => c === null).length) };
    const key = `${width}x${window.innerHeight}:${sizing.choice}:${family}`;
    if (sizing.key !== key) Object.assign(sizing, { key, cw: layoutOf(shape).cw });
    return layoutOf({ ...shape, cw: sizing.cw });
  }

  function placePiles() {
    for (const id of ids) {
      if (!pileElements.has(id)) {
        const pile = makePile(id);
        pileElements.set(id, pile);
        root.insertBefore(pile, badge);
      }
      const element = pileElements.get(id);
      const slot = slotOf(layout, id);
      const cards = piles[id];
      const height = isColumnId(id) ? layout.ch + (cards.length && cardOffset(layout, id, cards, cards.length - 1)[1]) : slot.height;
      Object.assign(element.style, {
        transform: `translate(${slot.left}px, ${slot.top}px)`, width: `${slot.width}px`, height: `${height}px`,
      });
      const known = Object.fromEntries(cards.map((_, i) => [i, seen[`${id}:${i}`]]).filter(([, c]) => c));
      element.setAttribute("aria-label", pileLabel(id, cards, familyNamed(family).stockTurn, known));
    }
    const stock = piles.s;
    badge.hidden = !stock?.length;
    if (stock) {
      const slot = slotOf(layout, "s");
      badge.textContent = String(Math.ceil(stock.length / familyNamed(family).stockTurn));
      badge.style.transform = `translate(${slot.left + layout.cw - badge.offsetWidth - 2}px, ${slot.top + layout.ch - 18}px)`;
    }
  }

  // Each card of the new position takes an element: the one already at its
  // place (a card turned up there flips), else one showing the same card (it
  // moved), else any left over (a card from the stock).
  function assign() {
    const was = new Map(pool.map((el) => [el, el.dataset.card || null]));
    const slots = ids.flatMap((id) => piles[id].map((code, i) => ({ id, i, code })));
    while (pool.length < slots.length) {
      const el = makeElement("div", "card", { "aria-hidden": "true" });
      pool.push(el);
      root.append(el);
    }
    const free = new Set(pool);
    const take = (slot, el) => { slot.el = el; free.delete(el); };
    for (const slot of slots) {
      const el = placed.get(`${slot.id}:${slot.i}`);
      if (el && free.has(el) && (was.get(el) === slot.code || !was.get(el) || !slot.code)) take(slot, el);
    }
    for (const slot of slots) {
      if (!slot.el && slot.code) {
        for (const el of free) if (was.get(el) === slot.code) { take(slot, el); break; }
      }
    }
    for (const slot of slots) if (!slot.el) take(slot, free.values().next().value);
    placed.clear();
    for (const slot of slots) {
      placed.set(`${slot.id}:${slot.i}`, slot.el);
      face(slot.el, slot.code, was.has(slot.el), seen[`${slot.id}:${slot.i}`] ?? null);
    }
    return slots;
  }

  function placeCards(moved) {
    const delays = new Map([...moved].map((card, i) => [card, i]));
    for (const { id, i, code, el } of assign()) {
      const slot = slotOf(layout, id);
      const isColumn = isColumnId(id);
      const [dx, dy] = cardOffset(layout, id, piles[id], i, draw);
      const late = delays.has(code) && el.dataset.pile !== id && id !== "x";
      el.style.transform = `translate(${slot.left + dx}px, ${slot.top + dy}px)`;
      el.style.zIndex = String((isColumn ? 10 : 2) + i + (late ? 100 : 0));
      el.style.transitionDelay = late ? `${delays.get(code) * 35}ms` : "0ms";
      el.dataset.pile = id;
      el.dataset.depth = String(piles[id].length - i);
      el.classList.toggle("covered", isColumn && i < piles[id].length - 1);
    }
  }

  // `seen` left out (a redraw on resize) keeps the last one given.
  function render(position, { moved = [], instant = false, seen: known } = {}) {
    if (known !== undefined) seen = known ?? {};
    family = familyOf(position.variant).name;
    draw = rulesetOf(position.variant)?.draw_count ?? 1;
    piles = pilesOf(position);
    ids = pileIdsOf(position);
    layout = measure();
    root.dataset.family = family;
    root.style.setProperty("--cw", `${layout.cw}px`);
    root.style.setProperty("--ch", `${layout.ch}px`);
    root.style.height = `${layout.boardHeight}px`;
    root.classList.toggle("instant", instant);
    placePiles();
    placeCards(moved);
    if (instant) requestAnimationFrame(() => root.classList.remove("instant"));
  }

  /** The pile under a point in page coordinates, with half a gap of slack. */
  function pileAt(clientX, clientY) {
    if (!layout) return null;
    const box = root.getBoundingClientRect();
    const x = clientX - box.left;
    const y = clientY - box.top;
    const slack = layout.gap / 2 + 1;
    for (const id of ids) {
      const slot = slotOf(layout, id);
      if (x >= slot.left - slack && x <= slot.left + slot.width + slack
        && y >= slot.top - slack && y <= slot.top + slot.height + slack) return id;
    }
    return null;
  }

  // The elements of `codes`: the exposed end of `pile` when it is named, else the cards showing them.
  const cardsOf = (codes, pile) => (pile && piles[pile]
    ? codes.map((_, k) => placed.get(`${pile}:${piles[pile].length - codes.length + k}`))
    : codes.map((code) => pool.find((el) => el.dataset.card === code))).filter(Boolean);
  const bubble = makeElement("div", "reason", { "aria-hidden": "true" });
  bubble.hidden = true;
  root.append(bubble);
  let bubbleTimer = null;
  function explain(pile, index, reason) {
    const slot = slotOf(layout, pile);
    const y = slot.top + (index >= 0 ? cardOffset(layout, pile, piles[pile], index)[1] : 0) + layout.ch * 0.55;
    bubble.textContent = reason;
    bubble.hidden = false;
    // Centred on the card, kept inside the board at its edges.
    const half = bubble.offsetWidth / 2;
    const x = Math.max(half + 2, Math.min(slot.left + layout.cw / 2, layout.width - half - 2));
    bubble.style.transform = `translate(${x - half}px, ${y}px)`;
    clearTimeout(bubbleTimer);
    bubbleTimer = setTimeout(() => { bubble.hidden = true; }, 2200);
  }
  let lifted = [];

  return {
    render,
    pileAt,
    /** "small", "medium" or "large": takes effect at the next render. */
    setCardSize(choice) { sizing.choice = choice; },
    cardsIn: (id) => piles?.[id] ?? [],
    /** Start dragging: the cards follow `drag` until `release`. */
    lift(codes, pile) {
      lifted = cardsOf(codes, pile).map((element) => ({ element, base: element.style.transform }));
      lifted.forEach(({ element }, i) => {
        element.classList.add("dragging");
        element.style.zIndex = String(500 + i);
      });
    },
    drag(dx, dy) {
      for (const { element, base } of lifted) element.style.transform = `${base} translate(${dx}px, ${dy}px)`;
    },
    /** The dragged cards' top-left corner in page coordinates. */
    liftedCenter() {
      const box = lifted[0]?.element.getBoundingClientRect();
      return box ? { x: box.left + box.width / 2, y: box.top + Math.min(box.height / 2, layout.dy) } : null;
    },
    release() {
      for (const { element } of lifted) element.classList.remove("dragging");
      lifted = [];
    },
    highlight(ids) {
      for (const [id, element] of pileElements) element.classList.toggle("target", ids.includes(id));
    },
    /** Mark the selected cards of `pile` (keyboard play); an empty list clears. */
    select(codes, pile) {
      const chosen = cardsOf(codes, pile);
      for (const element of pool) element.classList.toggle("selected", chosen.includes(element));
    },
    /** Shake the refused cards (the exposed end of `pile`) and show `reason` by them, or by the pile, for a moment. */
    refuse(codes, reason = null, pile = null) {
      const refused = cardsOf(codes, pile);
      for (const element of refused) {
        element.classList.remove("refused");
        void element.offsetWidth;
        element.classList.add("refused");
      }
      const at = refused[0]?.dataset.pile ?? pile;
      if (reason && at) explain(at, refused[0] ? piles[at].length - Number(refused[0].dataset.depth) : -1, reason);
    },
    /** Point at a hint: the cards that move and the pile they go to. */
    hint(codes, toId, fromId) {
      const shown = cardsOf(codes, fromId);
      for (const element of pool) element.classList.toggle("hinted", shown.includes(element));
      for (const [id, element] of pileElements) element.classList.toggle("hinted", id === toId);
    },
    focusPile(id, { move = true } = {}) {
      focused = id;
      for (const [pileId, element] of pileElements) element.tabIndex = pileId === id ? 0 : -1;
      if (move) pileElements.get(id)?.focus();
    },
    focusedPile: () => focused,
    /** The piles on the table: `[top row, columns]` (keyboard moves), and every pile's label ("L"). */
    rows: () => [ids.filter((id) => !isColumnId(id) && id !== "x"), ids.filter(isColumnId)],
    describe: () => [...ids.filter(isColumnId), ...ids.filter((id) => !isColumnId(id))]
      .map((id) => pileLabel(id, piles[id], familyNamed(family).stockTurn)).join(". "),
  };
}
