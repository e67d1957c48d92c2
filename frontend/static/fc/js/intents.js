// What the player's gestures mean, for input.js: which cards a grab lifts,
// where they may go, and the move a drop, a click or Enter plays. The rules
// are asked through click_targets.js; the table plays the move.

import { clickMove, grabbable, legalTargets, moveBetween, stockGrabbable } from "./click_targets.js";
import { idOf, isColumnId as isColumn, isFoundationId, kindOf, pileOf } from "./piles.js";
import { familyOf } from "./families.js";
import { applyMove, IllegalMove, rulesetOf, runLength, supermoveCapacity } from "./rules.js";
import { cardName, pileLabel, pileName, refusalReason } from "./words.js";

// From the keyboard, "3 then 5" means the part of the run that fits: onto a
// card there is one; into an empty column, the longest that may go.
function keyboardMove(position, cards, from, to) {
  let answer = { error: true };
  for (let n = runLength(cards); n > 1 && answer.error; n -= 1) answer = moveBetween(position, from, to, n);
  return answer;
}

/**
 * `busy()` is true while cards may not be touched (finishing, or won);
 * `after(action)` runs `action` once the cards going home by themselves are home.
 */
export function createIntents({ table, view, say, settings, busy, command, after = (action) => action() }) {
  const variant = table.game().variant;
  // Klondike and Spider: a gesture made while a turned card is not known yet waits for it.
  const { hidesCards: stock, groupLimit, singleClick } = familyOf(variant);
  const single = singleClick(rulesetOf(variant));
  const later = (action) => (stock ? table.when(action) : action());
  // A key waits for that and for the cards going home by themselves, then acts on the board they leave.
  const whenFree = (action) => {
    table.when(() => after(() => (table.game().pending ? whenFree(action) : action())));
  };
  const position = () => table.game().position;

  // The refused cards go back and the engine's reason shows where they landed.
  function refuse(id, depth, error, toId = null) {
    const cards = view.cardsIn(id).slice(-depth);
    const reason = error ? refusalReason({ check: error.check, cards, ...destinationFacts(toId, cards) }) : null;
    view.refuse(cards, reason, id);
    table.refresh();
    if (reason) say(`Not allowed: ${reason}.`);
  }

  function destinationFacts(toId, cards) {
    if (!toId || !cards.length) return {};
    const now = position();
    const onto = view.cardsIn(toId).at(-1) ?? null;
    if (stock) return { toId, onto, foundation: now.foundations?.[cards[0]?.[1]], limit: groupLimit };
    const capacity = supermoveCapacity(now);
    const limit = isColumn(toId) && !onto ? capacity.to_empty : capacity.to_occupied;
    return { toId, onto: isColumn(toId) ? onto : null, foundation: now.foundations[cards[0][1]], limit };
  }

  const intents = {
    clickMode(pointerType) {
      if (!settings().autoplay) return "off";
      return pointerType === "mouse" && !single ? "double" : "single";
    },
    grab(id, depth) {
      const cards = view.cardsIn(id);
      if (busy() || !cards.length || table.game().pending || id === "s" || id === "x") return null;
      if (isColumn(id)) return (stock ? stockGrabbable(cards, depth, groupLimit === "any") : grabbable(cards, depth)) ? cards.slice(-depth) : null;
      if (depth !== 1 || !cards.at(-1)) return null;
      if (isFoundationId(id) && !rulesetOf(variant).foundation_return.length) return null;
      return cards.slice(-1);
    },
    targets(id, depth) {
      const cards = view.cardsIn(id).slice(-depth);
      return legalTargets(position(), pileOf(id), depth).map((pile) => idOf(pile, cards[0]));
    },
    drop(id, depth, targetId, options = {}) {
      later(() => intents.place(id, depth, targetId, options));
    },
    place(id, depth, targetId, { keyboard = false, explicit = true } = {}) {
      if (!targetId || (stock && !["column", "foundation"].includes(kindOf(targetId)))) return refuse(id, depth, null);
      let answer = moveBetween(position(), pileOf(id), pileOf(targetId), depth);
      if (answer.error && keyboard && !explicit && isColumn(id) && isColumn(targetId)) {
        const fitting = keyboardMove(position(), view.cardsIn(id), pileOf(id), pileOf(targetId));
        if (!fitting.error) answer = fitting;
      }
      if (answer.error) return refuse(id, depth, answer.error, targetId);
      table.commit(answer.move);
    },
    activate(id, depth) {
      later(() => (id === "s" ? intents.turn() : intents.play(id, depth)));
    },
    /** The stock turned (Klondike) or dealt (Spider); a refusal says why at the stock. */
    turn() {
      const now = position();
      if (busy()) return;
      try {
        applyMove(now, "s", null);
      } catch (error) {
        if (!(error instanceof IllegalMove)) throw error;
        const empty = now.stock.length ? now.columns.findIndex((c) => !c.length) : -1;
        const reason = refusalReason({ check: "stock", cards: [], toId: empty < 0 ? null : idOf({ kind: "column", index: empty }) });
        view.refuse(view.cardsIn("s").slice(-1), reason, "s");
        return say(`Not allowed: ${reason}.`);
      }
      table.commit("s");
    },
    play(id, depth) {
      if (busy() || id === "x" || !view.cardsIn(id).at(-depth) || (!isColumn(id) && depth > 1)) return;
      const move = clickMove(position(), pileOf(id), depth);
      if (move) table.commit(move);
      else refuse(id, depth, { check: "nowhere" });
    },
    select(source) {
      if (!source) return view.select([]);
      const cards = view.cardsIn(source.id).slice(-source.depth);
      view.select(cards, source.id);
      const what = cards.length > 1 ? `${cards.length} cards from ${cardName(cards[0])}` : cardName(cards[0]);
      say(`${what} in ${pileName(source.id)} selected. Choose where it goes, then press Enter.`);
    },
    preview(source, targetId) {
      view.highlight([targetId]);
      setTimeout(() => view.highlight([]), 900);
      say(`To ${pileName(targetId)}: ${pileLabel(targetId, view.cardsIn(targetId))}. Press Enter to play.`);
    },
    say,
    later,
    whenFree,
    waiting: () => Boolean(table.game().pending),
    describePile: (id) => pileLabel(id, view.cardsIn(id)),
    command,
  };
  return intents;
}
