// rules.js (the Klondike and Spider family modules) against the engine's Klondike and Spider vectors:
// full positions, and play from a player's view with the cards the server reveals.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { loadCatalogue, rulesetOf } from "../../frontend/static/fc/js/catalogue.js";
import { familyOf } from "../../frontend/static/fc/js/families.js";
import {
  applyMove, BadNotation, canonicalTextOf as canonicalStockText, IllegalMove, isStuck, isWon, legalMoves, MissingReveal, perft, playable,
} from "../../frontend/static/fc/js/rules.js";
import { vectors, viewOf } from "./helpers.mjs";

// The whole catalogue: these variants are in the engine before the site offers them.
loadCatalogue({ rulesets: vectors.rulesets });
const list = (key) => vectors[key] ?? [];
const deals = new Map(list("stock_deals").map((d) => [`${d.variant}:${d.number}`, d.position]));

function outcome(position, move, revealed) {
  try {
    return { result: applyMove(position, move, revealed), error: null };
  } catch (error) {
    if (error instanceof IllegalMove || error instanceof BadNotation) return { result: null, error };
    throw error;
  }
}

describe("Klondike and Spider vectors", () => {
  test("the five rulesets are played by rules.js", () => {
    for (const variant of new Set(list("stock_deals").map((d) => d.variant))) {
      assert.ok(playable(rulesetOf(variant)), variant);
    }
  });

  test("every position: legal moves, stuck and won", () => {
    assert.ok(list("stock_positions").length >= 50);
    for (const v of list("stock_positions")) {
      assert.deepEqual(legalMoves(v.position), v.legal_moves, `${v.name}: legal moves`);
      assert.deepEqual(legalMoves(viewOf(v.position)), v.legal_moves, `${v.name}: legal moves from the view`);
      assert.equal(isStuck(v.position), v.stuck, `${v.name}: stuck`);
      assert.equal(isWon(v.position), v.won, `${v.name}: won`);
    }
  });

  test("every move: the same result or the same refusal", () => {
    for (const v of list("stock_moves")) {
      const got = outcome(v.position, v.move);
      if (v.result) {
        assert.equal(got.error, null, `${v.name}: refused by rules.js: ${got.error?.message}`);
        assert.deepEqual(got.result, v.result, v.name);
        assert.equal(familyOf(v.position.variant).canonical(v.position, v.move), v.canonical, `${v.name}: canonical`);
      } else {
        assert.ok(got.error, `${v.name}: accepted by rules.js`);
        assert.equal(got.error.check, v.error.check, `${v.name}: ${got.error.message}`);
      }
    }
  });

  test("notation reads and writes as the engine does", () => {
    for (const v of list("stock_notation")) assert.equal(canonicalStockText(v.text, v.variant), v.canonical, v.text);
  });

  test("from the player's view: the revealed cards complete every move, and nothing else is known", () => {
    const byView = new Map();
    for (const v of list("stock_views")) {
      assert.deepEqual(applyMove(v.view, v.move, v.revealed), v.result, v.name);
      if (v.revealed.length) assert.throws(() => applyMove(v.view, v.move, []), MissingReveal, v.name);
      const key = JSON.stringify(v.view);
      byView.set(key, [...(byView.get(key) ?? []), v.move]);
    }
    assert.ok(byView.size >= 5);
    for (const [key, moves] of byView) assert.deepEqual(legalMoves(JSON.parse(key)), moves.sort());
  });

  test("replays from a deal, full or seen by the player, stop or refuse at the same move", () => {
    for (const v of list("stock_replays")) {
      const start = deals.get(`${v.variant}:${v.number}`) ?? null;
      assert.ok(start, `no deal for ${v.variant} ${v.number}`);
      for (const [label, from] of [["full", start], ["view", viewOf(start)]]) {
        let position = from;
        let played = 0;
        let refusal = null;
        for (const move of v.moves) {
          const got = outcome(position, move, label === "view" ? v.revealed[played] ?? [] : []);
          if (got.error) {
            refusal = got.error;
            break;
          }
          position = got.result;
          played += 1;
        }
        const name = `${v.variant} ${v.number} (${label}), ${v.moves.length} moves`;
        assert.equal(played, v.moves_count, `${name}: moves played`);
        assert.equal(refusal ? played + 1 : null, v.error_index, `${name}: refused move`);
        assert.equal(refusal?.check ?? null, v.error?.check ?? null, `${name}: check`);
        assert.equal(isWon(position), v.won, `${name}: won`);
      }
    }
  });

  test("perft counts match, stock turns included", () => {
    for (const v of list("stock_perft")) {
      const start = v.position ?? deals.get(`${v.variant}:${v.deal}`);
      assert.ok(start, `perft vector without a position: ${v.variant}`);
      assert.equal(perft(start, v.depth), v.count, `${v.name ?? v.deal} ${v.variant} depth ${v.depth}`);
    }
  });
});
