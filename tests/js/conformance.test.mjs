// rules.js against the engine's conformance vectors (tests/vectors/conformance.json):
// the two engines may never disagree.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { loadCatalogue, rulesetOf } from "../../frontend/static/fc/js/catalogue.js";
import {
  applyMove, autoFinishMoves, autoFinishReady, BadNotation, canonicalMove, canonicalOf, checkMove,
  IllegalMove, isStuck, isWon, legalMoves, perft, playable, supermoveCapacity,
} from "../../frontend/static/fc/js/rules.js";

const FILE = new URL("../vectors/conformance.json", import.meta.url);
// The engine writes the file and the repository keeps it: missing, it is a failure, not a skip.
const vectors = JSON.parse(readFileSync(FILE, "utf8"));
// rules.js plays with the catalogue the engine wrote, and with nothing else.
loadCatalogue({ rulesets: vectors.rulesets });
const list = (key) => vectors?.[key] ?? [];
const sorted = (moves) => [...moves].sort();
const dealPositions = () => new Map(list("deals").map((d) => [`${d.variant}:${d.number}`, d.position]));

function outcome(position, move) {
  try {
    return { result: applyMove(position, move), error: null };
  } catch (error) {
    if (error instanceof IllegalMove || error instanceof BadNotation) return { result: null, error };
    throw error;
  }
}

describe("conformance vectors", () => {
  test("the file is the version this client reads", () => {
    assert.equal(vectors.version, 1);
  });

  test("the catalogue: every FreeCell-family ruleset is playable, read by its engine field names", () => {
    const family = list("rulesets").filter((r) => r.family === "freecell");
    assert.ok(family.length >= 4, "the vectors carry the FreeCell family's rulesets");
    for (const r of family) {
      assert.ok(playable(rulesetOf(r.variant)), `${r.variant}: rules.js cannot play it`);
      assert.deepEqual(rulesetOf(r.variant).foundation_return, r.foundation_return, `${r.variant}: foundation_return`);
    }
    // Klondike and Spider are played too, by their family modules (tests/js/stock.test.mjs).
    for (const r of list("rulesets").filter((x) => x.family !== "freecell")) {
      assert.equal(playable(rulesetOf(r.variant)), true, `${r.variant}: its family module plays it`);
    }
  });

  test("every position: legal moves, capacity, auto-finish, stuck and won", () => {
    for (const v of list("positions")) {
      assert.deepEqual(sorted(legalMoves(v.position)), sorted(v.legal_moves), `${v.name}: legal moves`);
      assert.deepEqual(supermoveCapacity(v.position), v.capacity, `${v.name}: capacity`);
      assert.equal(autoFinishReady(v.position), v.auto_finish_ready, `${v.name}: auto-finish`);
      assert.equal(isStuck(v.position), v.stuck, `${v.name}: stuck`);
      assert.equal(isWon(v.position), v.won, `${v.name}: won`);
      assert.deepEqual(autoFinishMoves(v.position), v.auto_finish_moves, `${v.name}: auto-finish moves`);
    }
  });

  test("every move: the same result or the same refusal", () => {
    for (const v of list("moves")) {
      const got = outcome(v.position, v.move);
      if (v.result) {
        assert.equal(got.error, null, `${v.name}: ${v.move} refused by rules.js: ${got.error?.message}`);
        assert.deepEqual(got.result, v.result, `${v.name}: ${v.move}`);
        assert.equal(canonicalOf(v.position, checkMove(v.position, v.move)), v.canonical, `${v.name}: canonical`);
      } else {
        assert.ok(got.error, `${v.name}: ${v.move} accepted by rules.js`);
        assert.equal(got.error.check, v.error.check, `${v.name}: ${v.move}: ${got.error.message}`);
      }
    }
  });

  test("notation reads and writes as the engine does", () => {
    for (const v of list("notation")) assert.equal(canonicalMove(v.text), v.canonical, v.text);
  });

  test("replays from a deal win, stop or refuse at the same move", () => {
    const deals = dealPositions();
    for (const v of list("replays")) {
      const label = `${v.variant} ${v.number}, ${v.moves.length} moves`;
      let position = deals.get(`${v.variant}:${v.number}`);
      let played = 0;
      let refusal = null;
      for (const move of v.moves) {
        const got = outcome(position, move);
        if (got.error) {
          refusal = got.error;
          break;
        }
        position = got.result;
        played += 1;
      }
      assert.equal(played, v.moves_count, `${label}: moves played`);
      assert.equal(refusal ? played + 1 : null, v.error_index, `${label}: refused move`);
      assert.equal(refusal?.check ?? null, v.error?.check ?? null, `${label}: check`);
      assert.equal(isWon(position), v.won, `${label}: won`);
    }
  });

  test("perft counts match", () => {
    const deals = dealPositions();
    for (const v of list("perft")) {
      const start = v.position ?? deals.get(`${v.variant}:${v.deal}`) ?? v.deal?.position;
      assert.ok(start, `perft vector without a position: ${JSON.stringify(v).slice(0, 80)}`);
      assert.equal(perft(start, v.depth), v.count, `${v.variant} depth ${v.depth}`);
    }
  });
});
