// The page asks a variant's family (families.js) what its board draws and how
// its games play; only the family table and the rules modules name families.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { FAMILIES, familyOf } from "../../frontend/static/fc/js/families.js";
import { vectors } from "./helpers.mjs";

const JS = new URL("../../frontend/static/fc/js/", import.meta.url);
const RULES_MODULES = new Set(["families.js", "rules.js", "rules_stock.js"]);

test("no module outside the families and the rules asks which family a variant is", () => {
  const asking = /family\s*[!=]==|(rulesetOf\([^)]*\)\??|rules)\.family\b|"klondike", "spider"/;
  const found = readdirSync(JS).filter((name) => name.endsWith(".js") && !RULES_MODULES.has(name))
    .flatMap((name) => readFileSync(new URL(name, JS), "utf-8").split("\n")
      .map((line, i) => [name, i + 1, line]).filter(([, , line]) => asking.test(line)));
  assert.deepEqual(found, []);
});

test("every ruleset of the catalogue names a family the page knows", () => {
  loadCatalogue({ rulesets: vectors.rulesets });
  for (const ruleset of vectors.rulesets) {
    assert.equal(familyOf(ruleset.variant), FAMILIES[ruleset.family], ruleset.variant);
    assert.equal(familyOf(ruleset.variant).hidesCards, ruleset.stock !== "none", ruleset.variant);
  }
});
