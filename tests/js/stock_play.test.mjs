// Playing Klondike and Spider on the page: the table's geometry (ten columns
// on a phone), the piles' ids, a game played on the player's view with the
// cards the server reveals, where a click sends a card, and the words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { layoutOf, slotOf } from "../../frontend/static/fc/js/board_view.js";
import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { clickMove, legalTargets, localHint, stockGrabbable } from "../../frontend/static/fc/js/click_targets.js";
import { pileIdsOf } from "../../frontend/static/fc/js/families.js";
import { idOf, pileOf, pilesOf } from "../../frontend/static/fc/js/piles.js";
import { applyMove, IllegalMove } from "../../frontend/static/fc/js/rules.js";
import { batchEnd, fromServer, learn, newGame, play, rebuild, redo, serialize, deserialize, undo } from "../../frontend/static/fc/js/state.js";
import { pileLabel, refusalReason, turnedWords } from "../../frontend/static/fc/js/words.js";
import { msDeal, siteCatalogue, vectors, viewOf } from "./helpers.mjs";

loadCatalogue({ rulesets: vectors.rulesets });
const deal = (variant, number = 1) => structuredClone(vectors.stock_deals.find((d) => d.variant === variant && d.number === number).position);

// What the server would answer: the cards each move turned up, read from the full positions.
function serve(full, moves) {
  const reveals = [];
  let position = full;
  for (const move of moves) {
    const after = applyMove(position, move);
    const [a, b] = [viewOf(position), viewOf(after)];
    const shown = [];
    if (move === "s" && b.waste) b.waste.slice(a.waste.length).forEach((card) => shown.push({ pile: "w", card }));
    b.columns.forEach((column, i) => column.forEach((card, k) => {
      const dealt = move === "s" && !b.waste && k === column.length - 1;
      if (card && (dealt || (k < a.columns[i].length && a.columns[i][k] === null))) shown.push({ pile: idOf({ kind: "column", index: i }), card });
    }));
    reveals.push(shown);
    position = after;
  }
  return { start: viewOf(full), reveals, position: viewOf(position) };
}

test("ten Spider columns fit a 390 px phone, and the cards keep their size as the columns grow", () => {
  const shape = { width: 378, height: 690, family: "spider", down: Array(10).fill(5) };
  const dealt = layoutOf({ ...shape, counts: Array(10).fill(6) });
  const grown = layoutOf({ ...shape, counts: [40, ...Array(9).fill(6)] });
  assert.ok(dealt.x(0) >= 0 && dealt.x(9) + dealt.cw <= 378, `${dealt.x(9)} + ${dealt.cw}`);
  assert.ok(dealt.cw >= 30, String(dealt.cw));
  assert.equal(grown.cw, dealt.cw);
  assert.ok(grown.dy < dealt.dy);
  const finished = slotOf(dealt, "x");
  assert.ok(finished.left + finished.width < slotOf(dealt, "s").left, "the finished runs stop short of the stock");
});

test("Klondike's top row: stock, the waste fanned over the free slot, then the four foundations", () => {
  const layout = layoutOf({ width: 378, height: 690, family: "klondike", counts: [1, 2, 3, 4, 5, 6, 7], down: [0, 1, 2, 3, 4, 5, 6] });
  assert.equal(slotOf(layout, "s").left, layout.x(0));
  assert.equal(slotOf(layout, "w").left, layout.x(1));
  assert.deepEqual(["hH", "hC", "hD", "hS"].map((id) => slotOf(layout, id).left), [3, 4, 5, 6].map(layout.x));
  assert.ok(layout.x(6) + layout.cw <= 378);
});

test("pile ids: Spider's tenth column is 0, the stock s, the waste w, the finished runs x", () => {
  assert.deepEqual(pileIdsOf(viewOf(deal("spider-2suits"))), ["s", "x", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]);
  assert.deepEqual(pileIdsOf(viewOf(deal("klondike-draw3"))), ["s", "w", "hH", "hC", "hD", "hS", "1", "2", "3", "4", "5", "6", "7"]);
  assert.deepEqual(pileOf("0"), { kind: "column", index: 9 });
  for (const id of ["0", "9", "w", "s", "x"]) assert.equal(idOf(pileOf(id)), id);
  const piles = pilesOf({ ...viewOf(deal("spider-1suit")), removed: ["C"] });
  assert.deepEqual(piles.x.slice(-2), ["QC", "KC"]);
  assert.equal(piles.s.length, 50);
});

test("a move that turns a card is played at once with the card face down, and the server's answer names it", () => {
  const full = deal("klondike-draw3");
  const { start, reveals } = serve(full, ["s"]);
  let game = play(newGame({ variant: "klondike-draw3", start }), "s");
  assert.equal(game.pending, true);
  assert.deepEqual(game.position.waste, [null, null, null]);
  learn(game.known, game.moves, reveals);
  game = { ...game, ...rebuild(game.start, game.moves, game.known) };
  assert.equal(game.pending, false);
  assert.deepEqual(game.position.waste, reveals[0].map((r) => r.card));
});

test("undo never hides a card seen: redo and a reload replay without asking the server", () => {
  const full = deal("klondike-draw1", 2);
  const moves = ["s", "s", "s"];
  const { start, reveals, position } = serve(full, moves);
  let game = newGame({ variant: "klondike-draw1", start });
  for (const move of moves) game = play(game, move);
  learn(game.known, game.moves, reveals);
  game = { ...game, ...rebuild(game.start, game.moves, game.known) };
  assert.deepEqual(game.position, position);
  game = redo(undo(undo(game)));
  assert.equal(game.pending, false);
  game = redo(game);
  assert.deepEqual(game.position, position);
  const saved = JSON.parse(JSON.stringify(serialize(game)));
  assert.ok(!JSON.stringify(saved).includes(full.stock[0]), "the save holds no card not yet turned");
  assert.deepEqual(deserialize(saved).position, position);
});

test("a server game is rebuilt from start, moves and reveals", () => {
  const full = deal("spider-2suits", 2);
  const moves = ["s", "s"];
  const served = serve(full, moves);
  const game = fromServer({ id: 7, variant: "spider-2suits", start: served.start, moves, reveals: served.reveals, started_at: null, finished_at: null });
  assert.deepEqual(game.position, served.position);
  assert.equal(game.pending, false);
  assert.equal(game.position.columns[0].at(-1), served.reveals[1][0].card);
});

test("a click sends a Klondike card to its foundation first, a Spider card onto its own suit first", () => {
  const klondike = { variant: "klondike-draw1", columns: [["KS"], [null, "2H"], ["3D"], [], [], [], []], stock: [], waste: ["AH"], foundations: { H: 0, C: 0, D: 0, S: 0 } };
  assert.equal(clickMove(klondike, { kind: "waste" }), "wh");
  assert.equal(clickMove({ ...klondike, waste: ["QH"] }, { kind: "waste" }), "w1");
  assert.deepEqual(legalTargets(klondike, { kind: "column", index: 0 }, 1).map((p) => idOf(p, "KS")), ["4", "5", "6", "7"]);
  assert.deepEqual(legalTargets(klondike, { kind: "column", index: 2 }, 1), [], "only a King goes into an empty column");
  const cols = Array.from({ length: 10 }, () => ["KS"]);
  const spider = { variant: "spider-2suits", columns: cols, stock: [], removed: [] };
  cols[0] = ["9H"];
  cols[1] = ["TS"];
  cols[2] = ["TH"];
  assert.equal(clickMove(spider, { kind: "column", index: 0 }), "13");
  assert.ok(stockGrabbable(["5H", "4H", "3H"], 3, true));
  assert.ok(!stockGrabbable(["5H", "4S", "3H"], 3, true));
  assert.ok(stockGrabbable(["5H", "4S", "3H"], 3, false));
  assert.ok(!stockGrabbable([null, "3H"], 2, false), "a face-down card is never lifted");
});

test("Spider refuses a deal while a column is empty, and says so", () => {
  const view = viewOf(deal("spider-4suits"));
  view.columns[4] = [];
  assert.throws(() => applyMove(view, "s", null), (error) => error instanceof IllegalMove && error.check === "stock");
  assert.equal(refusalReason({ check: "stock", cards: [], toId: "5" }), "no deal while column 5 is empty");
  assert.equal(refusalReason({ check: "stock", cards: [], toId: "0" }), "no deal while column 10 is empty");
  assert.notEqual(localHint(viewOf(deal("spider-4suits"))), null);
});

test("face-down cards are read as face down; the stock says its deals; turned cards are announced", () => {
  assert.equal(pileLabel("3", [null, null, "QH"]), "column 3, 3 cards, exposed first: Queen of hearts, 2 face down");
  assert.equal(pileLabel("s", Array(50).fill(null), 10), "stock, 5 deals left");
  assert.equal(pileLabel("s", Array(24).fill(null)), "stock, 24 cards");
  assert.equal(turnedWords(["QH"]), "Turned up Queen of hearts.");
  loadCatalogue(siteCatalogue());
});

test("a batch for the server ends at a move that turns a card up, or may", () => {
  const { start, reveals } = serve(deal("klondike-draw1"), ["s", "s", "s"]);
  let game = newGame({ variant: "klondike-draw1", start });
  for (const move of ["s", "s", "s"]) game = play(game, move);
  assert.equal(batchEnd(game, 0), 1, "the cards the turn brings are not known yet");
  learn(game.known, game.moves, reveals);
  assert.equal(batchEnd(game, 0), 1);
  game.known.s = [];
  assert.equal(batchEnd(game, 0), 2, "a move known to turn nothing up goes on in the batch");
  const freecell = ["1a", "1b"].reduce((g, m) => play(g, m), newGame({ variant: "freecell", start: msDeal(1) }));
  assert.equal(batchEnd(freecell, 0), 2, "FreeCell sends the whole log at once");
});
