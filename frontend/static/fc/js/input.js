// Turns pointer and keyboard gestures into intents for the controller in
// main.js: grab, drop, activate (the click-to-play gesture) and commands.
// It holds no rules: whether a grab or a drop is allowed is the controller's call.

import { FOUNDATION_IDS, idOfKey } from "./piles.js";

const DRAG_THRESHOLD = 6;
const DOUBLE_CLICK_MS = 400;
// A key chooses the pile of that id when the table has one: columns 1-9 and 0,
// free cells A-D, the waste W; F the hearts foundation. S turns the stock.
const keyPile = (key, rows) => {
  const id = idOfKey(key);
  return rows.flat().includes(id) && id !== "s" ? id : null;
};

const isTyping = (target) => target instanceof Element && target.closest("input, textarea, select, dialog[open], [contenteditable]");

function commandFor(event) {
  const key = event.key.toLowerCase();
  const mod = event.ctrlKey || event.metaKey;
  if (mod && key === "z") return event.shiftKey ? "redo" : "undo";
  if (event.ctrlKey && key === "y") return "redo";
  if (mod || event.altKey) return null;
  return { h: "hint", u: "undo", r: "redo", l: "describe" }[key] ?? null;
}

export function attachPointer(root, view, controller) {
  let press = null;
  let lastClick = { card: null, at: 0 };

  root.addEventListener("pointerdown", (event) => {
    const card = event.target.closest('.card, .pile[data-pile="s"]');
    if (!card || event.button > 0 || press) return;
    event.preventDefault();
    press = { id: event.pointerId, card, x: event.clientX, y: event.clientY, dragging: false, type: event.pointerType };
    card.setPointerCapture?.(event.pointerId);
  });

  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!press.dragging) startDrag();
    if (press.dragging) view.drag(dx, dy);
  });

  function startDrag() {
    const { pile, depth } = press.card.dataset;
    const codes = controller.grab(pile, Number(depth));
    // A card still being turned up (Klondike, Spider) is not lifted, but its drop waits for it.
    if (!codes && !controller.waiting?.()) {
      press.blocked = true;
      return;
    }
    press.dragging = true;
    if (!codes) return;
    view.lift(codes, pile);
    view.highlight(controller.targets(pile, Number(depth)));
  }

  function finishDrag(event) {
    const { pile, depth } = press.card.dataset;
    const center = view.liftedCenter();
    const target = view.pileAt(event.clientX, event.clientY) ?? (center && view.pileAt(center.x, center.y));
    view.release();
    view.highlight([]);
    controller.drop(pile, Number(depth), target && target !== pile ? target : null);
  }

  function click(event) {
    const { pile, depth } = press.card.dataset;
    const now = event.timeStamp;
    const mode = controller.clickMode(press.type);
    const double = lastClick.card === press.card && now - lastClick.at < DOUBLE_CLICK_MS;
    lastClick = { card: press.card, at: double ? 0 : now };
    if (pile === "s" || mode === "single" || (mode === "double" && double)) controller.activate(pile, Number(depth));
  }

  const end = (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (press.dragging) finishDrag(event);
    else if (!press.blocked && event.type === "pointerup") click(event);
    press = null;
  };
  root.addEventListener("pointerup", end);
  root.addEventListener("pointercancel", (event) => {
    if (press?.dragging) {
      view.release();
      view.highlight([]);
      controller.drop(press.card.dataset.pile, Number(press.card.dataset.depth), null);
    }
    press = null;
  });
}

// Keyboard play: choose a pile by its key (or arrows and Enter), choose the
// destination the same way, then Enter. Enter on the chosen pile itself plays
// it the way a click does.
export function attachKeyboard(root, view, controller) {
  let source = null;
  let lastKey = null;

  // F chooses the hearts foundation; F again, the next one (clubs, diamonds, spades).
  function pileFor(key, repeated) {
    const here = FOUNDATION_IDS.indexOf(view.focusedPile());
    if (key === "f" && repeated && here >= 0) return FOUNDATION_IDS[(here + 1) % FOUNDATION_IDS.length];
    return keyPile(key, view.rows());
  }

  const clear = () => {
    source = null;
    controller.select(null);
  };

  function choose(id) {
    view.focusPile(id);
    if (id === "s") {
      clear();
      return controller.activate(id, 1);
    }
    // From one foundation to another is never a move: it changes the choice.
    if (source && source.id !== id && [source.id, id].every((p) => FOUNDATION_IDS.includes(p))) clear();
    if (!source) {
      const depth = 1;
      if (!controller.grab(id, depth)) return controller.say(controller.describePile(id));
      source = { id, depth, explicit: false };
      return controller.select(source);
    }
    if (id === source.id) return grow();
    return controller.preview(source, id);
  }

  function grow() {
    const next = source.depth + 1;
    source = controller.grab(source.id, next) ? { ...source, depth: next, explicit: true } : { ...source, depth: 1, explicit: true };
    controller.select(source);
  }

  function commit() {
    const here = view.focusedPile();
    if (!source) return choose(here);
    const chosen = source;
    clear();
    if (here === chosen.id) controller.activate(chosen.id, chosen.depth);
    else controller.drop(chosen.id, chosen.depth, here, { keyboard: true, explicit: chosen.explicit });
  }

  function arrow(key) {
    const here = view.focusedPile();
    const ROWS = view.rows();
    const row = ROWS.findIndex((r) => r.includes(here));
    if ((key === "ArrowUp" || key === "ArrowDown") && source && here === source.id && row === 1) {
      if (key === "ArrowUp") return grow();
      source = { ...source, depth: Math.max(1, source.depth - 1), explicit: true };
      return controller.select(source);
    }
    const col = ROWS[row].indexOf(here);
    const size = ROWS[row].length;
    let next = here;
    if (key === "ArrowLeft") next = ROWS[row][(col + size - 1) % size];
    if (key === "ArrowRight") next = ROWS[row][(col + 1) % size];
    if (key === "ArrowUp" || key === "ArrowDown") next = ROWS[1 - row][Math.min(col, ROWS[1 - row].length - 1)];
    view.focusPile(next);
    if (source && next !== source.id) controller.preview(source, next);
  }

  // Keys act one at a time, in the order they were pressed, each on the board
  // the keys before it left. A key pressed while the table holds gestures back
  // (a card being turned up is not known yet, cards are going home by
  // themselves) waits for it, and the keys after it wait their turn.
  const keys = [];
  let held = false;
  function takeKeys() {
    if (held || !keys.length) return;
    held = true;
    controller.whenFree(() => {
      held = false;
      try {
        keys.shift().action();
      } finally {
        takeKeys();
      }
    });
  }
  // Whether the focus is on the board once the keys still waiting have acted: a pile's key takes it there.
  const onBoard = () => root.contains(document.activeElement) || keys.some((k) => k.focuses);
  const inBoard = () => root.contains(document.activeElement);

  document.addEventListener("keydown", (event) => {
    if (isTyping(event.target) || event.defaultPrevented) return;
    const repeated = lastKey === event.key.toLowerCase();
    lastKey = event.key.toLowerCase();
    const act = (action, { focuses = false, prevent = true } = {}) => {
      if (prevent) event.preventDefault();
      keys.push({ action, focuses });
      takeKeys();
    };
    const command = commandFor(event);
    if (command) {
      return act(() => {
        clear();
        controller.command(command);
      });
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === "s" && view.rows()[0].includes("s")) {
      act(() => {
        clear();
        controller.activate("s", 1);
      });
    } else if (keyPile(key, view.rows())) {
      act(() => choose(pileFor(key, repeated)), { focuses: true });
    } else if (key === "Escape" && (source || keys.length)) {
      act(() => {
        if (!source) return;
        clear();
        controller.say("Selection cleared.");
      }, { prevent: false });
    } else if ((key === "Enter" || key === " ") && onBoard()) {
      act(() => inBoard() && commit());
    } else if (key.startsWith("Arrow") && onBoard()) {
      act(() => inBoard() && arrow(key));
    }
  });

  root.addEventListener("focusin", (event) => {
    const pile = event.target.closest?.(".pile");
    if (pile) view.focusPile(pile.dataset.pile, { move: false });
  });

  return { clear };
}
