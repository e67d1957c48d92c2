import assert from "node:assert/strict";
import test from "node:test";

import { plural, refusalReason } from "../../frontend/static/fc/js/words.js";

test("counts take their noun in the singular for one", () => {
  assert.equal(plural(1, "move"), "1 move");
  assert.equal(plural(0, "move"), "0 moves");
  assert.equal(plural(12, "move"), "12 moves");
});

test("a refusal onto a column names the card it needs", () => {
  assert.equal(refusalReason({ check: "destination", cards: ["6S"], toId: "2", onto: "9C" }), "needs a red 8");
  assert.equal(refusalReason({ check: "destination", cards: ["6S"], toId: "2", onto: "TH" }), "needs a black 9");
  assert.equal(refusalReason({ check: "destination", cards: ["QS"], toId: "2", onto: "2H" }), "needs a black Ace");
});

test("a refusal onto a foundation names the card that goes first", () => {
  assert.equal(refusalReason({ check: "destination", cards: ["5H"], toId: "hH", foundation: 3 }), "needs 4♥ first");
  assert.equal(refusalReason({ check: "destination", cards: ["2C"], toId: "hC", foundation: 0 }), "needs Ace♣ first");
});

test("capacity, empty columns and cells say what is short", () => {
  assert.equal(refusalReason({ check: "capacity", cards: ["9H", "8S", "7H", "6S"], toId: "3", limit: 2 }), "4 cards, room for 2");
  assert.equal(refusalReason({ check: "empty_column", cards: ["5H"], toId: "3" }), "only a King fills an empty column");
  assert.equal(refusalReason({ check: "destination", cards: ["5H"], toId: "a" }), "that free cell is taken");
});
