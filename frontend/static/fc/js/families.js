// The game families as the page knows them: what each one's board draws and
// how its games are played, so that the board view, the controller and the
// gestures ask the family instead of testing which family a variant is. The
// ruleset (catalogue.js) names its family; a family the page does not know is
// drawn and played as the FreeCell family is refused by its rules (rules.js).

import { rulesetOf } from "./catalogue.js";

const FREECELL = Object.freeze({
  name: "freecell",
  // Positions hide nothing: a move never waits for a card to be named.
  hidesCards: false,
  // Safe cards may go home by themselves after a move.
  autoHome: true,
  // Any group of cards headed by a lower card than the one it covers may be picked up (rules.js decides).
  groupLimit: null,
  // The top row: cells then foundations.
  topSlot: (id) => ({ a: 0, b: 1, c: 2, d: 3, hH: 4, hC: 5, hD: 6, hS: 7 })[id],
  // Rows of cards the card size is planned for.
  plannedRows: 12,
  // Cards one stock turn or deal takes (no stock).
  stockTurn: 1,
  stockFan: false,
  stockWords: "",
});

const KLONDIKE = Object.freeze({
  ...FREECELL,
  name: "klondike",
  hidesCards: true,
  autoHome: false,
  // The stock, the waste (fanned over the next slot), the foundations from the fourth.
  topSlot: (id) => ({ s: 0, w: 1 })[id] ?? 3 + "HCDS".indexOf(id[1]),
  stockWords: "Stock turned.",
});

const SPIDER = Object.freeze({
  ...KLONDIKE,
  name: "spider",
  groupLimit: "any",
  // The finished runs from the left, the stock at the right.
  topSlot: (id) => (id === "s" ? 9 : 0),
  plannedRows: 16,
  // A deal puts one card on each of the ten columns; the stock fans by deal.
  stockTurn: 10,
  stockFan: true,
  stockWords: "A row dealt from the stock.",
});

/** The families by name (a ruleset's `family`). */
export const FAMILIES = Object.freeze({ freecell: FREECELL, klondike: KLONDIKE, spider: SPIDER });

/** The family of a family name (FreeCell's for a name the page does not know). */
export const familyNamed = (name) => FAMILIES[name] ?? FREECELL;

/** The family that plays `variant`. */
export const familyOf = (variant) => familyNamed(rulesetOf(variant)?.family);
