// Cards, piles and moves in words, for ARIA labels and the live region.

const RANK_WORDS = {
  A: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
  8: "Eight", 9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King",
};
const SUIT_WORDS = { H: "hearts", C: "clubs", D: "diamonds", S: "spades" };
export const SUIT_GLYPHS = { H: "♥", C: "♣", D: "♦", S: "♠" };
export const RANK_LABELS = { T: "10" };

/** `cardName("TH") === "Ten of hearts"`. */
export const cardName = (card) => `${RANK_WORDS[card[0]]} of ${SUIT_WORDS[card[1]]}`;
export const suitName = (suit) => SUIT_WORDS[suit];

/** A pile id in words: "column 3", "free cell b", "hearts foundation". */
export function pileName(id) {
  if (/^[1-8]$/.test(id)) return `column ${id}`;
  if (/^[a-d]$/.test(id)) return `free cell ${id.toUpperCase()}`;
  return `${SUIT_WORDS[id[1]]} foundation`;
}

/** What a pile holds, read from the exposed card down to the first card that does not build. */
export function pileLabel(id, cards) {
  const name = pileName(id);
  if (!cards.length) return `${name}, empty`;
  if (/^h/.test(id)) return `${name}, up to ${cardName(cards.at(-1))}`;
  if (cards.length === 1) return `${name}: ${cardName(cards[0])}`;
  const listed = cards.slice().reverse().map(cardName).join(", ");
  return `${name}, ${cards.length} cards, exposed first: ${listed}`;
}

const CHECK_WORDS = {
  variant: "this game never allows that move",
  availability: "that card cannot be picked up",
  group_order: "those cards are not a run in order",
  destination: "it does not fit there",
  empty_column: "only a King may fill an empty column",
  capacity: "not enough free cells and empty columns to move that many cards",
};

/** A refusal in words for the live region. */
export const refusalWords = (check) => CHECK_WORDS[check] ?? "that move is not allowed";

/** A played move in words: "Seven of hearts from column 3 to column 5, on Eight of clubs". */
export function moveWords({ cards, fromId, toId, onto }) {
  const what = cards.length > 1 ? `${cards.length} cards, ${cardName(cards[0])} to ${cardName(cards.at(-1))},` : cardName(cards[0]);
  const where = toId.startsWith("h") ? "to its foundation" : `to ${pileName(toId)}`;
  const on = onto ? `, on ${cardName(onto)}` : "";
  return `${what} from ${pileName(fromId)} ${where}${on}.`;
}
