// The variant catalogue: the engine's rulesets (engine/rules.py), with
// the same field names, as the server puts them in every page
// (<script type="application/json" id="fc-catalogue">) and as the conformance
// vectors carry them. Nothing about a variant is written in the client itself.

let current = null;

/** Use `{rulesets: [...], daily_variants: [...]}` as the catalogue (pages read it themselves). */
export function loadCatalogue({ rulesets = [], daily_variants: daily = [] } = {}) {
  const byVariant = new Map(rulesets.map((r) => [r.variant, Object.freeze({ ...r, foundation_return: [...r.foundation_return] })]));
  current = { byVariant, daily: daily.filter((v) => byVariant.has(v)) };
  return current;
}

function catalogue() {
  if (current) return current;
  const script = globalThis.document?.getElementById("fc-catalogue");
  return loadCatalogue(script ? JSON.parse(script.textContent) : {});
}

/** The ruleset of `variant`, or null when the catalogue does not have it. */
export const rulesetOf = (variant) => catalogue().byVariant.get(variant) ?? null;

/** The variants the site offers, in the catalogue's order. */
export const siteVariants = () => [...catalogue().byVariant.values()].filter((r) => r.on_site).map((r) => r.variant);

/** The variants played as dailies. */
export const dailyVariants = () => [...catalogue().daily];

/** The name players know a variant by: its short title, else its title, else its id. */
export function variantTitle(variant) {
  const ruleset = rulesetOf(variant);
  return ruleset?.short_title || ruleset?.title || variant;
}
