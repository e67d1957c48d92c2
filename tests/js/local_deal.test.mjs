// Numbered Klondike and Spider games dealt in the page: the deal is the
// engine's, the cards each move turns up are the ones the server names, and a
// game played on the view never waits for a reveal.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { dealFull, dealtInPage, revealsOf, viewOf } from "../../frontend/static/fc/js/local_deal.js";
import { legalMoves } from "../../frontend/static/fc/js/rules.js";
import { newGame, play, undo, withDeal } from "../../frontend/static/fc/js/state.js";
import { vectors } from "./helpers.mjs";

loadCatalogue({ rulesets: vectors.rulesets });

test("the page deals what the engine deals for the vectors' numbered deals", () => {
  // Numbers past 2^53 are not exact in JSON: tests/engine/test_js_deal.py covers them, as digits.
  for (const { variant, number, position } of vectors.stock_deals.filter((d) => Number.isSafeInteger(d.number))) {
    assert.deepEqual(dealFull(variant, number), position, `${variant} ${number}`);
  }
});

test("the cards each move turns up are the ones the engine's replay names", () => {
  for (const { variant, number, moves, revealed } of vectors.stock_replays) {
    assert.deepEqual(revealsOf(dealFull(variant, number), moves).slice(0, revealed.length), revealed, `${variant} ${number}`);
  }
});

test("only numbered free games of PySolFC-dealt variants are dealt in the page", () => {
  assert.equal(dealtInPage({ variant: "spider-2suits", number: 7, daily: null }), true);
  assert.equal(dealtInPage({ variant: "klondike-draw3", number: "99999999999999999999", daily: null }), true);
  assert.equal(dealtInPage({ variant: "klondike-draw3", number: null, daily: { date: "2026-12-01" } }), false);
  assert.equal(dealtInPage({ variant: "freecell", number: 7, daily: null }), false);
});

test("a game played on the view of a dealt game never waits and shows the turned cards", () => {
  for (const variant of ["klondike-draw1", "klondike-draw3", "spider-1suit", "spider-4suits"]) {
    const full = dealFull(variant, 31999);
    let game = withDeal(newGame({ variant, number: 31999, start: viewOf(full) }), full);
    for (let n = 0; n < 40; n += 1) {
      const moves = legalMoves(game.position);
      if (!moves.length) break;
      game = play(game, String(moves[n % moves.length]));
      assert.equal(game.pending, false);
      assert.ok(game.position.columns.every((column) => column.length === 0 || column.at(-1) !== null), variant);
    }
    assert.equal(undo(game).pending, false);
  }
});
