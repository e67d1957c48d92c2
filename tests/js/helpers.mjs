// Small builders shared by the client's node tests.

const RANKS = "A23456789TJQK";

/** Microsoft's deal `number` as position JSON (the classic FreeCell shuffle). */
export function msDeal(number, variant = "freecell") {
  let seed = number;
  const deck = [];
  for (let i = 0; i < 52; i += 1) deck.push(RANKS[Math.floor(i / 4)] + "CDHS"[i % 4]);
  const columns = Array.from({ length: 8 }, () => []);
  for (let left = 52, i = 0; left > 0; left -= 1, i += 1) {
    seed = (seed * 214013 + 2531011) % 2 ** 31;
    const j = (seed >> 16) % left;
    columns[i % 8].push(deck[j]);
    deck[j] = deck[left - 1];
  }
  return { variant, columns, cells: [null, null, null, null], foundations: { H: 0, C: 0, D: 0, S: 0 } };
}

/** A position from a compact picture: columns as space-separated cards. */
export function position({ variant = "freecell", columns = [], cells = [], foundations = {} }) {
  const cols = Array.from({ length: 8 }, (_, i) => (columns[i] ? columns[i].split(" ").filter(Boolean) : []));
  const cellList = [0, 1, 2, 3].map((i) => cells[i] ?? null);
  return { variant, columns: cols, cells: cellList, foundations: { H: 0, C: 0, D: 0, S: 0, ...foundations } };
}
