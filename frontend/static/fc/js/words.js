// Cards, piles and moves in words, for ARIA labels and the live region.

import { RANKS } from "./cards.js";
import { columnNumber, isFoundationId, keyOf, kindOf, pileOf } from "./piles.js";

const RANK_WORDS = {
  A: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
  8: "Eight", 9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King",
};
const SUIT_WORDS = { H: "hearts", C: "clubs", D: "diamonds", S: "spades" };
export const SUIT_GLYPHS = { H: "♥", C: "♣", D: "♦", S: "♠" };
export const RANK_LABELS = { T: "10" };

/** "1 move", "2 moves": a count with its noun. */
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `cardName("TH") === "Ten of hearts"`; a card face down (null) is "face down". */
export const cardName = (card) => (card ? `${RANK_WORDS[card[0]]} of ${SUIT_WORDS[card[1]]}` : "face down");

const PLACES = { s: "stock", w: "waste", x: "finished runs" };

/** A pile id in words: "column 3", "free cell b", "hearts foundation". */
export function pileName(id) {
  if (kindOf(id) === "column") return `column ${columnNumber(id)}`;
  if (kindOf(id) === "cell") return `free cell ${keyOf(id)}`;
  if (PLACES[id]) return PLACES[id];
  return `${SUIT_WORDS[pileOf(id).suit]} foundation`;
}

/**
 * What a pile holds, exposed card first; face-down cards are counted ("5 face
 * down"). The stock says its cards, or with `deal` cards a deal (Spider) the
 * deals left; the finished runs their number.
 */
/** A face-down card the player has seen: "face down, seen: queen of hearts". */
export const seenWords = (card) => `face down, seen: ${cardName(card).toLowerCase()}`;

/** A pile's label; `seen` names face-down cards already seen, by their index in the pile. */
export function pileLabel(id, cards, deal = 1, seen = {}) {
  const name = pileName(id);
  if (!cards.length) return `${name}, empty`;
  const known = cards.map((c, i) => (c ? null : seen[i])).filter(Boolean).reverse().map(cardName);
  const seenNote = known.length ? ` (seen: ${known.join(", ")})` : "";
  if (id === "s") return `${name}, ${deal > 1 ? `${plural(Math.ceil(cards.length / deal), "deal")} left` : plural(cards.length, "card")}${seenNote}`;
  if (id === "x") return `${name}: ${cards.length / 13}`;
  if (isFoundationId(id)) return `${name}, up to ${cardName(cards.at(-1))}`;
  if (cards.length === 1) return `${name}: ${cardName(cards[0])}`;
  const up = cards.filter(Boolean);
  const down = cards.length - up.length;
  const downWords = down ? [`${down} face down${seenNote}`] : [];
  const listed = [...up.reverse().map(cardName), ...downWords].join(", ");
  return `${name}, ${cards.length} cards, exposed first: ${listed}`;
}

/** The cards a move turned up: "Turned up Queen of hearts, Four of clubs." */
export const turnedWords = (cards) => `Turned up ${cards.map(cardName).join(", ")}.`;

const CHECK_WORDS = {
  variant: "this game never allows that move",
  availability: "that card cannot be picked up",
  group_order: "those cards are not a run in order",
  destination: "it does not fit there",
  nowhere: "it has nowhere to go",
  empty_column: "only a King may fill an empty column",
  capacity: "not enough free cells and empty columns to move that many cards",
  stock: "the stock cannot be turned now",
};

/** A refusal in words for the live region. */
export const refusalWords = (check) => CHECK_WORDS[check] ?? "that move is not allowed";

const isRed = (card) => "HD".includes(card[1]);
const SHORT_RANKS = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };
const shortCard = (rank, suit) => `${SHORT_RANKS[rank] ?? rank}${suit ? SUIT_GLYPHS[suit] : ""}`;

/**
 * Why the rules refused a move, short enough to show where the card snapped
 * back: "needs a red 8", "needs 4♥ first", "4 cards, room for 2". `onto` is
 * the destination column's exposed card, `foundation` the destination
 * foundation's count, `limit` the supermove capacity to that destination.
 */
export function refusalReason({ check, cards, toId = null, onto = null, foundation = null, limit = null }) {
  const head = cards[0];
  if (check === "capacity") return `${cards.length} cards, room for ${limit ?? 1}`;
  if (check === "empty_column") return "only a King fills an empty column";
  if (check === "group_order") return "not a run in order";
  if (check === "availability") return "that card is not free";
  if (check === "variant") return "no cards back from the foundations here";
  if (check === "stock") return toId ? `no deal while ${pileName(toId)} is empty` : "the stock is empty";
  if (check === "destination" && toId && isFoundationId(toId)) return `needs ${shortCard(RANKS[foundation ?? 0], head[1])} first`;
  if (check === "destination" && onto) {
    if (onto[0] === "A") return `nothing goes on an Ace`;
    return `needs a ${limit === "any" ? "" : isRed(onto) ? "black " : "red "}${shortCard(RANKS[RANKS.indexOf(onto[0]) - 1])}`;
  }
  if (check === "destination" && toId && kindOf(toId) === "cell") return "that free cell is taken";
  return refusalWords(check);
}

/** A played move in words: "Seven of hearts from column 3 to column 5, on Eight of clubs". */
export function moveWords({ cards, fromId, toId, onto }) {
  if (fromId === "s") return toId === "s" ? "Turned the waste over to the stock." : toId === "w" ? "Turned the stock." : "Dealt a row.";
  const what = cards.length > 1 ? `${cards.length} cards, ${cardName(cards[0])} to ${cardName(cards.at(-1))},` : cardName(cards[0]);
  const where = isFoundationId(toId) ? "to its foundation" : `to ${pileName(toId)}`;
  const on = onto ? `, on ${cardName(onto)}` : "";
  return `${what} from ${pileName(fromId)} ${where}${on}.`;
}
