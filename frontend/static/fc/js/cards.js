// What every family's rules share: card ranks and suits, and the two refusals.
// rules.js re-exports all of it; the family modules import it from here, so the
// modules import each other in one direction only.

export const RANKS = "A23456789TJQK";
export const SUITS = ["H", "C", "D", "S"];

/** A move the rules refuse; `check` names the rule, as the engine does. */
export class IllegalMove extends Error {
  constructor(check, message) {
    super(`${check}: ${message}`);
    this.check = check;
  }
}

/** Text that is not a move in standard notation. */
export class BadNotation extends Error {
  constructor(text) {
    super(`not a move in standard notation: ${JSON.stringify(text)}`);
    this.check = "notation";
  }
}
