// Small builders shared by the client's node tests, and the catalogue they play
// with: the engine's rulesets, as the conformance vectors carry them (a page
// gets the same data from the server).
import { readFileSync } from "node:fs";

import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";

/** The conformance vectors the engine wrote (tests/vectors/conformance.json). */
export const vectors = JSON.parse(readFileSync(new URL("../vectors/conformance.json", import.meta.url), "utf8"));

/** The catalogue as the server sends it: every ruleset, dailies by `daily_default`. */
export const siteCatalogue = (rulesets = vectors.rulesets) => ({
  rulesets: rulesets.filter((r) => r.on_site),
  daily_variants: rulesets.filter((r) => r.on_site && r.daily_default).map((r) => r.variant),
});

loadCatalogue(siteCatalogue());

const RANKS = "A23456789TJQK";

/** Microsoft's deal `number` as position JSON (the classic FreeCell shuffle). */
export function msDeal(number, variant = "freecell") {
  let seed = number;
  const deck = [];
  for (let i = 0; i < 52; i += 1) deck.push(RANKS[Math.floor(i / 4)] + "CDHS"[i % 4]);
  const columns = Array.from({ length: 8 }, () => []);
  for (let left = 52, i = 0; left > 0; left -= 1, i += 1) {
    seed = (seed * 214013 + 2531011) % 2 ** 31;
    const j = (seed >> 16) % left;
    columns[i % 8].push(deck[j]);
    deck[j] = deck[left - 1];
  }
  return { variant, columns, cells: [null, null, null, null], foundations: { H: 0, C: 0, D: 0, S: 0 } };
}

/** A position from a compact picture: columns as space-separated cards. */
export function position({ variant = "freecell", columns = [], cells = [], foundations = {} }) {
  const cols = Array.from({ length: 8 }, (_, i) => (columns[i] ? columns[i].split(" ").filter(Boolean) : []));
  const cellList = [0, 1, 2, 3].map((i) => cells[i] ?? null);
  return { variant, columns: cols, cells: cellList, foundations: { H: 0, C: 0, D: 0, S: 0, ...foundations } };
}

/** The player's view of a full Klondike or Spider position, as engine.player_view writes it. */
export function viewOf(position) {
  const { face_down: down, ...rest } = position;
  return {
    ...rest,
    columns: position.columns.map((c, i) => c.map((card, k) => (k < down[i] ? null : card))),
    stock: position.stock.map(() => null),
  };
}

/** A table that plays each committed move with `apply` (rules.js), for the finisher. */
export function fakeTable(position, apply) {
  let game = { position, moves: [] };
  return {
    game: () => game,
    commit(move) {
      game = { position: apply(game.position, move), moves: [...game.moves, move] };
      return true;
    },
  };
}
