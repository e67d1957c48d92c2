// A face-down card the player has seen turned up in this game stays known on
// screen after an undo turns it down again: state.js keeps it by place
// ("pile:index", never by card name: Spider deals each card twice) and the
// rules still read it as face down. So do the stock's cards an undo sends
// back, and the stock the waste became, which the player saw.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { applyMove, legalMoves as stockLegalMoves } from "../../frontend/static/fc/js/rules.js";
import { boardSeen, deserialize, learn, newGame, play, rebuild, redo, serialize, undo } from "../../frontend/static/fc/js/state.js";
import { createTable } from "../../frontend/static/fc/js/table.js";
import { pileLabel, seenWords } from "../../frontend/static/fc/js/words.js";
import { vectors, viewOf } from "./helpers.mjs";

loadCatalogue({ rulesets: vectors.rulesets });
const deal = (variant, number) => structuredClone(vectors.stock_deals.find((d) => d.variant === variant && d.number === number).position);

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

// --- the stock: cards an undo sends back there were seen too -----------------------------

// What the server says `move` turned up on the full position `full`: the waste's new cards,
// Spider's dealt cards, and the column cards turned up where they lie.
function revealsOf(full, move) {
  const after = applyMove(full, move);
  const [a, b] = [viewOf(full), viewOf(after)];
  const shown = [];
  if (move === "s" && b.waste) b.waste.slice(a.waste.length).forEach((card) => shown.push({ pile: "w", card }));
  b.columns.forEach((column, i) => column.forEach((card, k) => {
    const dealt = move === "s" && !b.waste && k === a.columns[i].length;
    if (card && (dealt || a.columns[i][k] === null)) shown.push({ pile: String((i + 1) % 10), card });
  }));
  return shown;
}

// Play `move` on the player's game as the page does: at once, then with the server's reveals.
function playServed(game, full, move) {
  const played = play(game, move);
  learn(played.known, played.moves, [...Array(played.moves.length - 1).fill(null), revealsOf(full, move)]);
  return { ...played, ...rebuild(played.start, played.moves, played.known, played.seen) };
}

// Every face-down card the board marks as seen is the card really there, in the stock and the columns.
function assertSeenIsTrue(game, full, where) {
  for (const [place, card] of Object.entries(boardSeen(game))) {
    const [id, index] = place.split(":");
    const pile = id === "s" ? full.stock : full.columns[(Number(id) + 9) % 10];
    const shown = id === "s" ? game.position.stock : game.position.columns[(Number(id) + 9) % 10];
    if (Number(index) >= shown.length || shown[Number(index)] !== null) continue;
    assert.equal(card, pile[Number(index)], `${where}: ${place}`);
  }
}

// A Klondike game of 60 moves that turns the stock and plays waste cards when it can, so the
// waste comes back as a stock shorter than the deal's: its log, the full position after each
// move (`fulls[n]` after n moves) and the index of the move that brought the waste back.
function wasteGame(variant) {
  const fulls = [deal(variant, 1)];
  const log = [];
  while (log.length < 60) {
    const move = stockLegalMoves(fulls.at(-1)).find((m) => m.startsWith("w")) ?? "s";
    log.push(move);
    fulls.push(applyMove(fulls.at(-1), move));
  }
  const recycle = log.findIndex((move, i) => move === "s" && !fulls[i].stock.length);
  assert.ok(recycle > 0 && log.slice(0, recycle).some((m) => m.startsWith("w")), "a waste card was played before the stock came back");
  return { full: fulls[0], log, fulls, recycle };
}

for (const [variant, count] of [["klondike-draw1", 1], ["klondike-draw3", 3]]) {
  test(`${variant}: a turn undone puts its ${count} card(s) back in the stock, seen, and redo turns them again`, () => {
    const full = deal(variant, 1);
    let game = playServed(newGame({ variant, start: viewOf(full) }), full, "s");
    const turned = game.position.waste.slice();
    game = undo(game);
    assert.deepEqual(game.position, viewOf(full), "the rules see the stock face down");
    const places = turned.map((_, k) => `s:${23 - k}`);
    assert.deepEqual(places.map((place) => boardSeen(game)[place]), turned);
    assert.deepEqual(turned, full.stock.slice(-count).reverse());
    game = redo(game);
    assert.deepEqual(game.position.waste, turned);
    assert.equal(game.pending, false);
  });
}

test("spider-2suits: a deal undone puts its ten cards back in the stock, seen", () => {
  const full = deal("spider-2suits", 1);
  let game = playServed(newGame({ variant: "spider-2suits", start: viewOf(full) }), full, "s");
  const dealt = game.position.columns.map((column) => column.at(-1));
  game = undo(game);
  assert.deepEqual(game.position.stock, Array(50).fill(null));
  assert.deepEqual(dealt.map((_, i) => boardSeen(game)[`s:${49 - i}`]), dealt);
  assert.deepEqual(dealt, full.stock.slice(-10).reverse());
});

test("spider: a dealt card that completes a run leaves with it, and an undo shows it back in the stock", () => {
  const run = [..."KQJT98765432"].map((rank) => `${rank}C`);
  const full = {
    variant: "spider-1suit", columns: [run, ...Array.from({ length: 9 }, () => ["5C"])],
    face_down: Array(10).fill(0), stock: [...Array(9).fill("9C"), "AC"], removed: [],
  };
  const reveals = [{ pile: "1", card: "AC" }, ...Array.from({ length: 9 }, (_, i) => ({ pile: String((i + 2) % 10), card: "9C" }))];
  let game = play(newGame({ variant: "spider-1suit", start: viewOf(full) }), "s");
  learn(game.known, game.moves, [reveals]);
  game = { ...game, ...rebuild(game.start, game.moves, game.known, game.seen) };
  assert.deepEqual(game.position.removed, ["C"], "the run left");
  game = undo(game);
  assert.equal(boardSeen(game)["s:9"], "AC");
  assert.equal(boardSeen(game)["s:8"], "9C");
});

for (const variant of ["klondike-draw1", "klondike-draw3"]) {
  test(`${variant}: after the waste comes back as the stock, the board never marks a wrong card, forward or undone`, () => {
    const { full, log, fulls, recycle } = wasteGame(variant);
    let game = newGame({ variant, start: viewOf(full) });
    for (const [i, move] of log.entries()) {
      game = playServed(game, fulls[i], move);
      assertSeenIsTrue(game, fulls[i + 1], `after move ${i + 1}`);
    }
    const afterRecycle = { ...game, ...rebuild(game.start, log.slice(0, recycle + 1), game.known, game.seen) };
    assert.deepEqual(afterRecycle.position.stock.map((_, i) => boardSeen(afterRecycle)[`s:${i}`]), fulls[recycle + 1].stock,
      "the stock that came back is the waste the player saw, every card of it");
    while (game.moves.length) {
      const before = game;
      game = undo(game);
      const n = game.moves.length;
      assertSeenIsTrue(game, fulls[n], `undone to move ${n}`);
      const back = game.position.stock.length - before.position.stock.length;
      if (log[n] === "s" && back > 0) {
        const places = Array.from({ length: back }, (_, k) => `s:${game.position.stock.length - 1 - k}`);
        assert.ok(places.every((place) => boardSeen(game)[place]), `undoing move ${n + 1} marks the cards it sends back`);
      }
    }
  });
}

test("the stock's label names the cards seen in it, the next one first", () => {
  assert.equal(pileLabel("s", [null, null, null], 1, { 1: "QH", 2: "4C" }), "stock, 3 cards (seen: Four of clubs, Queen of hearts)");
  assert.equal(pileLabel("s", [null, null, null], 1), "stock, 3 cards");
});

test("the table draws a stock card an undo sent back, after the waste came back, as the card it is", () => {
  const variant = "klondike-draw1";
  const { full, log, fulls, recycle } = wasteGame(variant);
  const drawn = [];
  const table = createTable({
    config: {}, key: "game", initial: newGame({ variant, start: viewOf(full) }),
    view: { render: (position, { seen }) => drawn.push({ position, seen }), hint() {} },
    hud: { update() {} }, say() {}, store: { saveGame() {} }, session: { push() {} }, onSettled() {}, onPlayed() {},
  });
  for (const [i, move] of log.slice(0, recycle + 2).entries()) {
    assert.ok(table.commit(move), move);
    const { moves } = table.game();
    table.learn({ moves, reveals: [...Array(moves.length - 1).fill(null), revealsOf(fulls[i], move)] });
  }
  table.undo();
  const { position, seen } = drawn.at(-1);
  const top = position.stock.length - 1;
  assert.equal(position.stock[top], null);
  assert.equal(seen[`s:${top}`], fulls[recycle + 1].stock[top]);
});
