// The client's catalogue: variant names, dailies and rules come from the
// server's data (the engine's rulesets), so a new catalogue entry needs no client edit.
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { dailyVariants, loadCatalogue, rulesetOf, siteVariants, variantTitle } from "../../frontend/static/fc/js/catalogue.js";
import { startRefusedNotice } from "../../frontend/static/fc/js/notices.js";
import { checkMove, legalMoves, playable, supermoveCapacity } from "../../frontend/static/fc/js/rules.js";
import { position, siteCatalogue, vectors } from "./helpers.mjs";

const forecell = vectors.rulesets.find((r) => r.variant === "forecell");
// A variant no file of the client names: ForeCell's rules under another id.
const madeUp = { ...forecell, variant: "forecell-made-up", title: "Made-up Cell", short_title: "Made-up", share_letter: "m" };

after(() => loadCatalogue(siteCatalogue()));

test("titles and dailies are the catalogue's", () => {
  loadCatalogue(siteCatalogue());
  assert.equal(variantTitle("freecell-classic"), "FreeCell (classic)");
  assert.deepEqual(dailyVariants(), ["freecell", "forecell", "klondike-draw3", "spider-2suits"]);
  assert.deepEqual(siteVariants(), vectors.rulesets.filter((r) => r.on_site).map((r) => r.variant));
  assert.equal(variantTitle("no-such-game"), "no-such-game");
});

test("a made-up catalogue entry is listed, named and played by its data alone", () => {
  loadCatalogue(siteCatalogue([...vectors.rulesets, madeUp]));
  assert.ok(siteVariants().includes("forecell-made-up"));
  assert.equal(variantTitle("forecell-made-up"), "Made-up");
  assert.ok(dailyVariants().includes("forecell-made-up"));
  assert.ok(playable(rulesetOf("forecell-made-up")));
  const board = { columns: ["KS QH", "5D"], cells: ["2C", "3C", "4C", null] };
  const asMadeUp = position({ ...board, variant: "forecell-made-up" });
  const asForecell = position({ ...board, variant: "forecell" });
  assert.deepEqual(legalMoves(asMadeUp), legalMoves(asForecell));
  assert.deepEqual(supermoveCapacity(asMadeUp), supermoveCapacity(asForecell));
});

test("a refused daily deal offers today's daily exactly for the catalogue's daily variants", () => {
  const refused = { code: "deal_unavailable", message: "" };
  loadCatalogue(siteCatalogue([...vectors.rulesets, madeUp]));
  assert.equal(startRefusedNotice(refused, "forecell-made-up").actions[0].href, "/daily/forecell-made-up");
  assert.deepEqual(startRefusedNotice(refused, "freecell-classic").actions, []);
  loadCatalogue(siteCatalogue([...vectors.rulesets, { ...madeUp, daily_default: false }]));
  assert.deepEqual(startRefusedNotice(refused, "forecell-made-up").actions, []);
});

test("a ruleset of another family is known but not played by these rules", () => {
  loadCatalogue(siteCatalogue([...vectors.rulesets, { ...madeUp, variant: "other-family", family: "klondike" }]));
  assert.equal(playable(rulesetOf("other-family")), false);
  assert.throws(() => checkMove(position({ variant: "other-family", columns: ["KS"] }), "1a"), { check: "variant" });
});
