// The page asks a variant's family (families.js and its modules in families/)
// what its board draws and how its games play; nothing else in the client's
// static files or in the templates asks which family a variant is.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { FAMILIES, familyOf, pileIdsOf } from "../../frontend/static/fc/js/families.js";
import { vectors } from "./helpers.mjs";

const ROOT = new URL("../../", import.meta.url);
const STATIC = new URL("frontend/static/", ROOT);
const FAMILY_MODULES = /^fc\/js\/(families(\.[0-9a-f]{12})?\.js$|families\/)/;
// "Which family is this?": a comparison with a family (JS or template), a ruleset's
// family read outside the family modules, a template tag on a family, a list of names.
const ASKING = /family\s*[!=]==?|(rulesetOf\([^)]*\)\??|rules|ruleset)\.family\b|\{%[^%]*\bfamily\b[^%]*%\}|"klondike", "spider"/;

const filesUnder = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => pathToFileURL(join(entry.parentPath ?? entry.path, entry.name)));

function asking(url) {
  return readFileSync(url, "utf-8").split("\n").map((line, i) => [url.pathname, i + 1, line]).filter(([, , line]) => ASKING.test(line));
}

test("no static file outside the family modules asks which family a variant is", () => {
  const files = filesUnder(STATIC).filter((url) => !FAMILY_MODULES.test(url.pathname.slice(STATIC.pathname.length)));
  assert.ok(files.some((url) => url.pathname.endsWith("/board_view.js")), "the board view is scanned");
  assert.ok(files.some((url) => url.pathname.endsWith(".css")), "the style sheets are scanned");
  assert.deepEqual(files.flatMap(asking), []);
});

// (Absent where the node tests run against collected static files only.)
const TEMPLATES = new URL("frontend/templates/", ROOT);

test("no template asks which family a variant is", { skip: !existsSync(TEMPLATES) && "no templates here" }, () => {
  const templates = ["frontend", "races", "social", "accounts", "games", "core"]
    .flatMap((app) => { try { return filesUnder(new URL(`${app}/templates/`, ROOT)); } catch { return []; } })
    .filter((url) => url.pathname.endsWith(".html"));
  assert.ok(templates.some((url) => url.pathname.endsWith("/frontend/play.html")), "the play page is scanned");
  assert.deepEqual(templates.flatMap(asking), []);
});

test("the guard sees a family branch when there is one", () => {
  for (const line of ['if (rules.family === "klondike") x();', '{% if family == "spider" %}', "{% if family != 'spider' %}",
    "const f = ruleset.family;", 'for (const name of ["klondike", "spider"]) {}']) assert.ok(ASKING.test(line), line);
});

test("every ruleset of the catalogue names a family the page knows, and the family plays it", () => {
  loadCatalogue({ rulesets: vectors.rulesets });
  for (const ruleset of vectors.rulesets) {
    const family = familyOf(ruleset.variant);
    assert.equal(family, FAMILIES[ruleset.family], ruleset.variant);
    assert.equal(family.name, ruleset.family, ruleset.variant);
    assert.ok(family.playable(ruleset), ruleset.variant);
    assert.equal(family.hidesCards, ruleset.stock !== "none", ruleset.variant);
  }
});

test("every family answers the same questions: rules, piles, what the board draws", () => {
  const protocol = ["name", "playable", "parseMove", "applyMove", "canonical", "canonicalText", "legalText", "checked",
    "legalMoves", "isWon", "perft", "autoFinishReady", "autoFinishMoves", "pileIds", "hidesCards", "autoHome",
    "groupLimit", "singleClick", "topSlot", "plannedRows", "stockTurn", "stockFan", "stockWords"];
  for (const family of Object.values(FAMILIES)) {
    assert.deepEqual(protocol.filter((key) => !(key in family)), [], family.name);
  }
  loadCatalogue({ rulesets: vectors.rulesets });
  for (const { variant, position } of [...vectors.deals, ...vectors.stock_deals]) {
    const ids = pileIdsOf(position);
    assert.equal(new Set(ids).size, ids.length, variant);
    assert.equal(ids.filter((id) => /^[0-9]$/.test(id)).length, position.columns.length, variant);
  }
});
