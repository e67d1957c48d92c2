// The game families as the page knows them: one module each (families/), with
// the family's rules, its piles and what its board draws, so that the rules
// facade (rules.js), the board view, the controller and the gestures ask the
// variant's family instead of testing which family it is. The ruleset
// (catalogue.js) names its family; a family the page does not know is drawn
// as the FreeCell family is, and refused by its rules (they play only their own).

import { rulesetOf } from "./catalogue.js";
import { FREECELL } from "./families/freecell.js";
import { KLONDIKE } from "./families/klondike.js";
import { SPIDER } from "./families/spider.js";

/** The families by name (a ruleset's `family`). */
export const FAMILIES = Object.freeze({ freecell: FREECELL, klondike: KLONDIKE, spider: SPIDER });

/** The family of a family name (FreeCell's for a name the page does not know). */
export const familyNamed = (name) => FAMILIES[name] ?? FREECELL;

/** The family that plays `variant`. */
export const familyOf = (variant) => familyNamed(rulesetOf(variant)?.family);

/** True when the family a ruleset names plays it as asked (a family plays only its own rulesets). */
export const playable = (ruleset) => Boolean(ruleset) && familyNamed(ruleset.family).playable(ruleset);

/** The pile ids of a position in the view's order, top row first (its family's piles). */
export const pileIdsOf = (position) => familyOf(position.variant).pileIds(position);
