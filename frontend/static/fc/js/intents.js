// What the player's gestures mean, for input.js: which cards a grab lifts,
// where they may go, and the move a drop, a click or Enter plays. The rules
// are asked through autoplay.js; the table plays the move.

import { autoplayMove, grabbable, legalTargets, moveBetween } from "./autoplay.js";
import { rulesetOf, runLength } from "./rules.js";
import { idOf } from "./table.js";
import { cardName, pileLabel, pileName, refusalWords } from "./words.js";

const pileOf = (id) => {
  if (/^[1-8]$/.test(id)) return { kind: "column", index: Number(id) - 1 };
  if (/^[a-d]$/.test(id)) return { kind: "cell", index: "abcd".indexOf(id) };
  return { kind: "foundation", suit: id[1] };
};
const isColumn = (id) => /^[1-8]$/.test(id);

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

  function refuse(id, depth, error) {
    view.refuse(view.cardsIn(id).slice(-depth));
    table.refresh();
    if (error) say(`Not allowed: ${refusalWords(error.check)}.`);
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
      if (id.startsWith("h") && !rulesetOf(variant).foundation_return.length) return null;
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
      if (answer.error) return refuse(id, depth, answer.error);
      table.commit(answer.move);
    },
    activate(id, depth) {
      if (busy()) return;
      const move = autoplayMove(position(), pileOf(id), depth);
      if (move) table.commit(move);
      else refuse(id, depth, { check: "destination" });
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
