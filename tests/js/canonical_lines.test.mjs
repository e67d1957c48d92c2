// One written form per move: rules.js rewrites whole lines as the engine does
// (the canonical_lines vectors), Spider's `41`/`41v1` and Klondike's counts included.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { canonicalLine } from "../../frontend/static/fc/js/rules.js";
import { vectors } from "./helpers.mjs";

loadCatalogue({ rulesets: vectors.rulesets });
const lines = vectors.canonical_lines ?? [];

test("every vector line is rewritten to the engine's canonical line", () => {
  assert.ok(lines.length >= 9);
  for (const v of lines) assert.deepEqual(canonicalLine(v.start, v.moves), v.canonical, v.name);
});

test("a single card into an empty Spider column is one move however it is written", () => {
  const gaps = lines.filter((v) => v.variant.startsWith("spider") && v.moves.some((m, i) => m !== v.canonical[i] && v.canonical[i].endsWith("v1")));
  assert.ok(gaps.length >= 3, "the vectors carry the 41 / 41v1 case for Spider");
  for (const v of gaps) {
    const i = v.moves.findIndex((m, k) => m !== v.canonical[k] && v.canonical[k].endsWith("v1"));
    assert.equal(`${v.moves[i]}v1`, v.canonical[i]);
    const spelled = v.moves.map((m, k) => (k === i ? `${m}v1` : m));
    assert.deepEqual(canonicalLine(v.start, spelled), canonicalLine(v.start, v.moves), v.name);
  }
});
