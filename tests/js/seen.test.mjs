// A face-down card the player has seen turned up in this game stays known on
// screen after an undo turns it down again: state.js keeps it by place
// ("pile:index", never by card name: Spider deals each card twice) and the
// rules still read it as face down.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { applyMove } from "../../frontend/static/fc/js/rules.js";
import { stockLegalMoves } from "../../frontend/static/fc/js/rules_stock.js";
import { deserialize, learn, newGame, play, rebuild, redo, serialize, undo } from "../../frontend/static/fc/js/state.js";
import { pileLabel, seenWords } from "../../frontend/static/fc/js/words.js";
import { vectors } from "./helpers.mjs";

loadCatalogue({ rulesets: vectors.rulesets });
const deal = (variant, number) => structuredClone(vectors.stock_deals.find((d) => d.variant === variant && d.number === number).position);
const viewOf = (full) => ({
  ...Object.fromEntries(Object.entries(full).filter(([k]) => k !== "face_down")),
  columns: full.columns.map((c, i) => c.map((card, k) => (k < full.face_down[i] ? null : card))),
  stock: full.stock.map(() => null),
});

// The first legal move on the full position that turns up a column card where it lies, with what the server would reveal.
function flippingMove(full) {
  const before = viewOf(full);
  for (const move of stockLegalMoves(full)) {
    if (move === "s") continue;
    const after = viewOf(applyMove(full, move));
    for (const [i, column] of after.columns.entries()) {
      const k = column.findIndex((card, at) => card && before.columns[i][at] === null);
      if (k >= 0) return { move, place: `${(i + 1) % 10}:${k}`, card: column[k], index: i, k, pile: String((i + 1) % 10) };
    }
  }
  throw new Error("no flipping move in this deal");
}

for (const [variant, number] of [["klondike-draw1", 1], ["klondike-draw3", 2], ["spider-1suit", 1], ["spider-2suits", 2]]) {
  test(`${variant}: undo turns a seen card face down for the rules, but it stays known by its place`, () => {
    const full = deal(variant, number);
    const flip = flippingMove(full);
    let game = play(newGame({ variant, start: viewOf(full) }), flip.move);
    assert.equal(game.pending, true, "the card is not known until the server names it");
    assert.deepEqual(game.seen, {}, "nothing is seen before the server names it");
    learn(game.known, game.moves, [[{ pile: flip.pile, card: flip.card }]]);
    game = { ...game, ...rebuild(game.start, game.moves, game.known, game.seen) };
    assert.deepEqual(game.seen, { [flip.place]: flip.card });
    game = undo(game);
    assert.equal(game.position.columns[flip.index][flip.k], null, "the rules still see a face-down card");
    assert.deepEqual(game.position, viewOf(full), "the position is the deal's own view, nothing more");
    assert.deepEqual(game.seen, { [flip.place]: flip.card }, "undo keeps what was seen");
    game = redo(game);
    assert.equal(game.position.columns[flip.index][flip.k], flip.card);
    assert.deepEqual(game.seen, { [flip.place]: flip.card });
    const reloaded = deserialize(JSON.parse(JSON.stringify(serialize(undo(game)))));
    assert.deepEqual(reloaded.seen, {}, "a reload at the start has seen nothing on its path");
    assert.deepEqual(deserialize(JSON.parse(JSON.stringify(serialize(game)))).seen, { [flip.place]: flip.card });
  });
}

test("a move played with its card not known yet marks nothing seen", () => {
  const full = deal("klondike-draw1", 1);
  const flip = flippingMove(full);
  const game = play(newGame({ variant: "klondike-draw1", start: viewOf(full) }), flip.move);
  assert.deepEqual(game.seen, {});
});

test("a face-down card seen is read as face down, seen, on the card and in its pile's label", () => {
  assert.equal(seenWords("QH"), "face down, seen: queen of hearts");
  assert.equal(pileLabel("3", [null, null, "5S"], 1, { 1: "QH" }),
    "column 3, 3 cards, exposed first: Five of spades, 2 face down (seen: Queen of hearts)");
  assert.equal(pileLabel("3", [null, null, "5S"], 1), "column 3, 3 cards, exposed first: Five of spades, 2 face down");
});
