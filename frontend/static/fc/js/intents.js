// What the player's gestures mean, for input.js: which cards a grab lifts,
// where they may go, and the move a drop, a click or Enter plays. The rules
// are asked through click_targets.js; the table plays the move.

import { clickMove, grabbable, legalTargets, moveBetween } from "./click_targets.js";
import { idOf, isColumnId as isColumn, isFoundationId, pileOf } from "./piles.js";
import { rulesetOf, runLength, supermoveCapacity } from "./rules.js";
import { cardName, pileLabel, pileName, refusalReason } from "./words.js";

// From the keyboard, "3 then 5" means the part of the run that fits: onto a
// card there is one; into an empty column, the longest that may go.
function keyboardMove(position, cards, from, to) {
  let answer = { error: true };
  for (let n = runLength(cards); n > 1 && answer.error; n -= 1) answer = moveBetween(position, from, to, n);
  return answer;
}

/** `busy()` is true while cards may not be touched (finishing, or won). */
export function createIntents({ table, view, say, settings, busy, command }) {
  const variant = table.game().variant;
  const kingOnly = rulesetOf(variant).empty_column_accepts === "king";
  const position = () => table.game().position;

  // The refused cards go back and the engine's reason shows where they landed.
  function refuse(id, depth, error, toId = null) {
    const cards = view.cardsIn(id).slice(-depth);
    const reason = error ? refusalReason({ check: error.check, cards, ...destinationFacts(toId, cards) }) : null;
    view.refuse(cards, reason);
    table.refresh();
    if (reason) say(`Not allowed: ${reason}.`);
  }

  function destinationFacts(toId, cards) {
    if (!toId || !cards.length) return {};
    const now = position();
    const onto = view.cardsIn(toId).at(-1) ?? null;
    const capacity = supermoveCapacity(now);
    const limit = isColumn(toId) && !onto ? capacity.to_empty : capacity.to_occupied;
    return { toId, onto: isColumn(toId) ? onto : null, foundation: now.foundations[cards[0][1]], limit };
  }

  return {
    clickMode(pointerType) {
      if (!settings().autoplay) return "off";
      return pointerType === "mouse" && !kingOnly ? "double" : "single";
    },
    grab(id, depth) {
      const cards = view.cardsIn(id);
      if (busy() || !cards.length) return null;
      if (isColumn(id)) return grabbable(cards, depth) ? cards.slice(-depth) : null;
      if (depth !== 1) return null;
      if (isFoundationId(id) && !rulesetOf(variant).foundation_return.length) return null;
      return cards.slice(-1);
    },
    targets(id, depth) {
      const cards = view.cardsIn(id).slice(-depth);
      return legalTargets(position(), pileOf(id), depth).map((pile) => idOf(pile, cards[0]));
    },
    drop(id, depth, targetId, { keyboard = false, explicit = true } = {}) {
      if (!targetId) return refuse(id, depth, null);
      let answer = moveBetween(position(), pileOf(id), pileOf(targetId), depth);
      if (answer.error && keyboard && !explicit && isColumn(id) && isColumn(targetId)) {
        const fitting = keyboardMove(position(), view.cardsIn(id), pileOf(id), pileOf(targetId));
        if (!fitting.error) answer = fitting;
      }
      if (answer.error) return refuse(id, depth, answer.error, targetId);
      table.commit(answer.move);
    },
    activate(id, depth) {
      if (busy()) return;
      const move = clickMove(position(), pileOf(id), depth);
      if (move) table.commit(move);
      else refuse(id, depth, { check: "nowhere" });
    },
    select(source) {
      if (!source) return view.select([]);
      const cards = view.cardsIn(source.id).slice(-source.depth);
      view.select(cards);
      const what = cards.length > 1 ? `${cards.length} cards from ${cardName(cards[0])}` : cardName(cards[0]);
      say(`${what} in ${pileName(source.id)} selected. Choose where it goes, then press Enter.`);
    },
    preview(source, targetId) {
      view.highlight([targetId]);
      setTimeout(() => view.highlight([]), 900);
      say(`To ${pileName(targetId)}: ${pileLabel(targetId, view.cardsIn(targetId))}. Press Enter to play.`);
    },
    say,
    describePile: (id) => pileLabel(id, view.cardsIn(id)),
    command,
  };
}
