// Draws a position and nothing else: it knows where piles and cards sit on the
// screen, never whether a move is legal. Cards are DOM elements reused across
// renders, so a changed transform animates the move (CSS transitions).

import { RANKS } from "./cards.js";
import { CELL_IDS, COLUMN_IDS, FOUNDATION_IDS, isColumnId, kindOf, PILE_ORDER, pilesOf, SUITS } from "./piles.js";
import { cardName, pileLabel, RANK_LABELS, SUIT_GLYPHS } from "./words.js";


function makeElement(tag, className, attributes = {}) {
  const element = document.createElement(tag);
  element.className = className;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function makeCard(card) {
  const element = makeElement("div", `card ${"HD".includes(card[1]) ? "red" : "black"}`, { "aria-hidden": "true" });
  element.dataset.card = card;
  const label = (RANK_LABELS[card[0]] ?? card[0]) + SUIT_GLYPHS[card[1]];
  element.innerHTML = `<span class="corner">${label}</span><span class="pip">${SUIT_GLYPHS[card[1]]}</span>`;
  element.title = cardName(card);
  return element;
}

function makePile(id) {
  const kind = kindOf(id);
  const element = makeElement("div", `pile pile--${kind}`, { role: "button", tabindex: "-1" });
  element.dataset.pile = id;
  if (kind === "foundation") element.dataset.suit = SUIT_GLYPHS[id[1]];
  if (kind === "cell") element.dataset.key = id.toUpperCase();
  if (kind === "column") element.dataset.key = id;
  return element;
}

// The card size is chosen by the viewport (and the card size setting) and by
// nothing else, so the table never resizes during play: it is planned for
// columns of PLANNED cards, and a longer column compresses its fan instead,
// down to the least overlap that still shows each card's rank.
const PLANNED = 12;
const MIN_FAN = 0.25;
const MAX_FAN = 0.42;
const READABLE_FAN = 0.19;
export const CARD_SCALES = { small: 0.82, medium: 1, large: 1.15 };

export function cardWidth({ width, height, gap, scale = 1 }) {
  const chByHeight = (height - 4 * gap) / (2 + MIN_FAN * (PLANNED - 1));
  const byWidth = (width - 9 * gap) / 8;
  return Math.max(30, Math.min(110 * scale, byWidth, (chByHeight / 1.4) * scale));
}

/** The fan of a column of `longest` cards in `room` px below its first card. */
export function fanStep({ ch, room, longest }) {
  const squeezed = room / Math.max(longest - 1, 1);
  return Math.min(ch * MAX_FAN, Math.max(ch * READABLE_FAN, Math.min(squeezed, ch * MAX_FAN)));
}

function measure(root, piles, sizing) {
  const width = root.clientWidth;
  const gap = Math.max(3, Math.min(12, width * 0.012));
  const reserve = parseFloat(getComputedStyle(root).getPropertyValue("--reserve")) || 0;
  const top = root.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(window.innerHeight - top - reserve, 200);
  const key = `${width}x${window.innerHeight}:${sizing.choice}`;
  if (sizing.key !== key) Object.assign(sizing, { key, cw: cardWidth({ width, height, gap, scale: CARD_SCALES[sizing.choice] ?? 1 }) });
  const { cw } = sizing;
  const ch = Math.round(cw * 1.4);
  const tableauTop = ch + 3 * gap;
  const longest = Math.max(...COLUMN_IDS.map((id) => piles[id].length), 1);
  const dy = fanStep({ ch, room: height - tableauTop - ch - gap, longest });
  const x = (i) => gap + i * (cw + gap) + (width - 8 * cw - 9 * gap) / 2;
  const boardHeight = Math.max(height, tableauTop + ch + (longest - 1) * dy + gap);
  return { width, gap, cw, ch, dy, x, tableauTop, boardHeight };
}

function slotOf(layout, id) {
  const { x, gap, cw, ch, tableauTop, boardHeight } = layout;
  const column = COLUMN_IDS.indexOf(id);
  if (column >= 0) return { left: x(column), top: tableauTop, width: cw, height: boardHeight - tableauTop };
  const top = CELL_IDS.indexOf(id);
  const index = top >= 0 ? top : 4 + FOUNDATION_IDS.indexOf(id);
  return { left: x(index), top: gap, width: cw, height: ch };
}

export function createBoardView(root) {
  const cardElements = new Map();
  const pileElements = new Map();
  let layout = null;
  let piles = null;
  let focused = "1";
  // The card width, worked out again only when the viewport or the size choice changes.
  const sizing = { key: null, cw: 0, choice: "medium" };

  for (const id of PILE_ORDER) {
    const pile = makePile(id);
    pileElements.set(id, pile);
    root.append(pile);
  }
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      const card = makeCard(rank + suit);
      cardElements.set(rank + suit, card);
      root.append(card);
    }
  }

  function placePiles() {
    for (const [id, element] of pileElements) {
      const slot = slotOf(layout, id);
      const fanned = Math.max(piles[id].length - 1, 0) * layout.dy;
      const height = isColumnId(id) ? layout.ch + fanned : slot.height;
      Object.assign(element.style, {
        transform: `translate(${slot.left}px, ${slot.top}px)`, width: `${slot.width}px`, height: `${height}px`,
      });
      element.setAttribute("aria-label", pileLabel(id, piles[id]));
    }
  }

  function placeCards(moved) {
    const delays = new Map([...moved].map((card, i) => [card, i]));
    for (const [id, cards] of Object.entries(piles)) {
      const slot = slotOf(layout, id);
      const isColumn = isColumnId(id);
      cards.forEach((card, i) => {
        const element = cardElements.get(card);
        const y = slot.top + (isColumn ? i * layout.dy : 0);
        element.style.transform = `translate(${slot.left}px, ${y}px)`;
        element.style.zIndex = String((isColumn ? 10 : 2) + i + (delays.has(card) ? 100 : 0));
        element.style.transitionDelay = delays.has(card) ? `${delays.get(card) * 35}ms` : "0ms";
        element.dataset.pile = id;
        element.dataset.depth = String(cards.length - i);
        element.classList.toggle("covered", isColumn && i < cards.length - 1);
      });
    }
  }

  function render(position, { moved = [], instant = false } = {}) {
    piles = pilesOf(position);
    layout = measure(root, piles, sizing);
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
    for (const id of PILE_ORDER) {
      const slot = slotOf(layout, id);
      if (x >= slot.left - slack && x <= slot.left + slot.width + slack
        && y >= slot.top - slack && y <= slot.top + slot.height + slack) return id;
    }
    return null;
  }

  const cardsOf = (codes) => codes.map((code) => cardElements.get(code));
  const bubble = makeElement("div", "reason", { "aria-hidden": "true" });
  bubble.hidden = true;
  root.append(bubble);
  let bubbleTimer = null;
  function explain(head, reason) {
    const pile = head.dataset.pile;
    const slot = slotOf(layout, pile);
    const depth = piles[pile].indexOf(head.dataset.card);
    const y = slot.top + (isColumnId(pile) ? Math.max(depth, 0) * layout.dy : 0) + layout.ch * 0.55;
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
    lift(codes) {
      lifted = cardsOf(codes).map((element) => ({ element, base: element.style.transform }));
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
    /** Mark the selected cards (keyboard play); an empty list clears. */
    select(codes) {
      for (const [code, element] of cardElements) element.classList.toggle("selected", codes.includes(code));
    },
    /** Shake the refused cards and show `reason` by them for a moment. */
    refuse(codes, reason = null) {
      for (const element of cardsOf(codes)) {
        element.classList.remove("refused");
        void element.offsetWidth;
        element.classList.add("refused");
      }
      const head = cardElements.get(codes[0]);
      if (reason && head) explain(head, reason);
    },
    /** Point at a hint: the cards that move and the pile they go to. */
    hint(codes, toId) {
      for (const [code, element] of cardElements) element.classList.toggle("hinted", codes.includes(code));
      for (const [id, element] of pileElements) element.classList.toggle("hinted", id === toId);
    },
    focusPile(id, { move = true } = {}) {
      focused = id;
      for (const [pileId, element] of pileElements) element.tabIndex = pileId === id ? 0 : -1;
      if (move) pileElements.get(id).focus();
    },
    focusedPile: () => focused,
  };
}
