// Keyboard play (input.js) against a board and a controller that record what
// they are asked: keys pressed quickly, while the table holds gestures back
// (a card being turned up, cards going home by themselves), act in the order
// they were pressed, each on the board the keys before it left.
import assert from "node:assert/strict";
import test from "node:test";

import { attachKeyboard } from "../../frontend/static/fc/js/input.js";

// Just enough of the DOM: elements that hold one another, and a document whose focus moves.
class FakeElement extends EventTarget {
  constructor(parent = null) {
    super();
    this.parent = parent;
  }

  contains(element) {
    for (let e = element; e; e = e.parent) if (e === this) return true;
    return false;
  }

  closest() {
    return null;
  }

  focus() {
    globalThis.document.activeElement = this;
  }
}

const ROWS = [["a", "b", "c", "d", "hH", "hC", "hD", "hS"], ["1", "2", "3", "4", "5", "6", "7", "8"]];

function setUp() {
  globalThis.Element = FakeElement;
  const body = new FakeElement();
  globalThis.document = Object.assign(new EventTarget(), { activeElement: body });
  const root = new FakeElement(body);
  const button = new FakeElement(body); // a HUD button: not the board
  const piles = new Map(ROWS.flat().map((id) => [id, new FakeElement(root)]));
  let focused = "1";
  const view = {
    rows: () => ROWS,
    focusedPile: () => focused,
    focusPile(id, { move = true } = {}) {
      focused = id;
      if (move) piles.get(id).focus();
    },
  };
  const done = [];
  let holding = false;
  const waiting = [];
  const controller = {
    grab: () => ["XX"],
    select: (source) => source && done.push(`select ${source.id}x${source.depth}`),
    preview: (source, to) => done.push(`preview ${source.id}>${to}`),
    drop: (id, depth, to) => done.push(`drop ${id}x${depth}>${to}`),
    activate: (id, depth) => done.push(`activate ${id}x${depth}`),
    command: (name) => done.push(`command ${name}`),
    say: () => {},
    describePile: () => "",
    whenFree(action) {
      if (holding) waiting.push(action);
      else action();
    },
  };
  controller.later = controller.whenFree; // `later` holds a gesture while a turned card is not known yet
  attachKeyboard(root, view, controller);
  return {
    done,
    button,
    focus: (id) => piles.get(id).focus(),
    hold() { holding = true; },
    release() {
      holding = false;
      while (!holding && waiting.length) waiting.shift()();
    },
    press(...keys) {
      for (const key of keys) {
        const event = new Event("keydown", { cancelable: true });
        Object.assign(event, { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false });
        globalThis.document.dispatchEvent(event);
      }
    },
  };
}

test("keys pressed when the table takes them act at once, as typed", () => {
  const board = setUp();
  board.press("3", "5", "Enter");
  assert.deepEqual(board.done, ["select 3x1", "preview 3>5", "drop 3x1>5"]);
});

test("Enter pressed while a pile key before it waits is played once that key has chosen its pile", () => {
  const board = setUp();
  board.button.focus(); // the last move was made with the mouse, or a HUD button was used
  board.hold();
  board.press("3", "5", "Enter");
  assert.deepEqual(board.done, []);
  board.release();
  assert.deepEqual(board.done, ["select 3x1", "preview 3>5", "drop 3x1>5"]);
});

test("Escape pressed after a waiting pile key drops that choice, not the one before", () => {
  const board = setUp();
  board.focus("1");
  board.hold();
  board.press("3", "Escape", "5", "Enter");
  board.release();
  // 3 chosen, then dropped; 5 chosen; Enter on it plays it the way a click does.
  assert.deepEqual(board.done, ["select 3x1", "select 5x1", "activate 5x1"]);
});

test("a command typed after a move's keys is handed on after that move, not ahead of it", () => {
  const board = setUp();
  board.focus("1");
  board.hold();
  board.press("3", "5", "Enter", "u");
  board.release();
  assert.deepEqual(board.done, ["select 3x1", "preview 3>5", "drop 3x1>5", "command undo"]);
});

test("keys pressed while the board is held again by a move act after, in order", () => {
  const board = setUp();
  board.focus("1");
  board.press("3", "5");
  board.hold(); // the cards the move sends home by themselves
  board.press("Enter", "4", "ArrowUp", "6", "Enter");
  assert.deepEqual(board.done, ["select 3x1", "preview 3>5"]);
  board.release();
  assert.deepEqual(board.done, ["select 3x1", "preview 3>5", "drop 3x1>5", "select 4x1", "select 4x2", "preview 4>6", "drop 4x2>6"]);
});
