// Klondike and Spider deals, numbered as PySolFC numbers its games: the same
// cards as engine/stock_deals.py deals, so a numbered free game can be
// dealt in the page. Nothing here is secret: the number and the procedure are
// public; dailies never reach this module (their numbers stay on the server).
//
// PySolFC builds the cards deck by deck, suit by suit (the ruleset's
// `deck_suits`), Ace to King; shuffles them with Microsoft's LC generator for
// game numbers below 32000 (its `constructRandom`) and its Mersenne Twister
// (Python's `random.Random` seeded with the number) from 32000 up; the last
// card of the shuffled list is dealt first. Numbers are BigInt-safe up to
// 10^20 - 1.

import { RANKS } from "./cards.js";

/** PySolFC's constructRandom uses Microsoft's generator for game numbers below this. */
export const LC_BELOW = 32000n;
/** PySolFC shows game numbers as 20 digits. */
export const PYSOLFC_MAX = 10n ** 20n - 1n;

// Microsoft's generator as pysol-cards' LCRandom31 runs it for seeds below 2^31.
function lcRandom(seed) {
  let state = Number(seed);
  return (limit) => {
    state = (state * 214013 + 2531011) % 8589934592; // & (2^33 - 1); exact in a double
    return Math.floor(state / 65536) % 32768 % limit;
  };
}

// MT19937 seeded as CPython seeds random.Random with a whole number: the
// number's 32-bit words, least significant first, through init_by_array.
function mtRandom(seed) {
  const mt = new Uint32Array(624);
  let index = 624;
  mt[0] = 19650218;
  for (let i = 1; i < 624; i++) {
    const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
    mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
  }
  const key = [];
  for (let rest = seed < 0n ? -seed : seed; rest > 0n; rest >>= 32n) key.push(Number(rest & 0xffffffffn));
  if (!key.length) key.push(0);
  let i = 1;
  let j = 0;
  for (let k = Math.max(624, key.length); k; k--) {
    const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
    mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
    i++; j++;
    if (i >= 624) { mt[0] = mt[623]; i = 1; }
    if (j >= key.length) j = 0;
  }
  for (let k = 623; k; k--) {
    const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
    mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
    i++;
    if (i >= 624) { mt[0] = mt[623]; i = 1; }
  }
  mt[0] = 0x80000000;
  const next = () => {
    if (index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      index = 0;
    }
    let y = mt[index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    return (y ^ (y >>> 18)) >>> 0;
  };
  // random.random(): 53 bits from two draws; randint(0, n) as PySolFC's RandomBase takes it.
  return (limit) => {
    const a = next() >>> 5;
    const b = next() >>> 6;
    return Math.floor(((a * 67108864 + b) / 9007199254740992) * limit);
  };
}

// Microsoft's card order for one 52-card deck (pysol-cards' ms_rearrange).
function msRearrange(cards) {
  if (cards.length !== 52) return cards;
  const out = [];
  for (let i = 0; i < 13; i++) for (const j of [0, 39, 26, 13]) out.push(cards[i + j]);
  return out;
}

/** `cards` (in PySolFC's build order) shuffled as PySolFC shuffles game `number` (a BigInt or a number). */
export function pysolfcShuffle(cards, number) {
  const seed = BigInt(number);
  const lc = seed < LC_BELOW;
  const below = lc ? lcRandom(seed) : mtRandom(seed);
  const out = lc ? msRearrange([...cards]) : [...cards];
  for (let n = out.length - 1; n > 0; n--) {
    const j = below(n + 1);
    [out[n], out[j]] = [out[j], out[n]];
  }
  return out;
}

/** The cards as PySolFC creates them for a ruleset: deck by deck, suit by suit, Ace to King. */
export function pysolfcCards(rules) {
  const cards = [];
  for (let d = 0; d < rules.decks; d++) for (const suit of rules.deck_suits) for (const rank of RANKS) cards.push(rank + suit);
  return cards;
}

function klondikeRows(order, width) {
  const columns = Array.from({ length: width }, () => []);
  let next = 0;
  for (let first = 1; first < width; first++) for (let i = width - 1; i >= first; i--) columns[i].push(order[next++]);
  for (let i = width - 1; i >= 0; i--) columns[i].push(order[next++]);
  return { columns, faceDown: columns.map((_, i) => i), rest: order.slice(next) };
}

function spiderRows(order, width) {
  const columns = Array.from({ length: width }, () => []);
  const all = [...Array(width).keys()];
  const rows = [all, all, all, all, all.filter((i) => i % 3 === 0), all];
  let next = 0;
  for (const row of rows) for (const i of row) columns[i].push(order[next++]);
  return { columns, faceDown: columns.map((column) => column.length - 1), rest: order.slice(next) };
}

const LAYOUTS = { klondike: klondikeRows, spider: spiderRows };

/** True when this module deals the ruleset's layout. */
export const dealsLayout = (rules) => Boolean(rules && LAYOUTS[rules.deal_layout]) && rules.deal_numbers === "pysolfc";

/**
 * The starting position of deal `number` as the engine's full JSON
 * (`stock_position_to_json`): every card named, `face_down` counts.
 * dealStockPosition(klondikeRules, 1).columns[1] -> ["7H", "TS"]
 */
export function dealStockPosition(rules, number) {
  const seed = BigInt(number);
  if (!dealsLayout(rules)) throw new RangeError(`${rules?.variant} is not dealt here`);
  // A JSON number above 2^53 is not exact (10^20 - 1 reads as 10^20): above that, PySolFC's own ceiling.
  const max = Number.isSafeInteger(rules.max_deal_number) ? BigInt(rules.max_deal_number) : PYSOLFC_MAX;
  if (seed < 1n || seed > max) {
    throw new RangeError(`${rules.variant} deal numbers run from 1 to ${max}`);
  }
  const order = pysolfcShuffle(pysolfcCards(rules), seed).reverse();
  const { columns, faceDown, rest } = LAYOUTS[rules.deal_layout](order, rules.columns);
  const position = { variant: rules.variant, columns, face_down: faceDown, stock: rest.reverse() };
  if (rules.stock === "waste") {
    position.waste = [];
    position.foundations = { H: 0, C: 0, D: 0, S: 0 };
  } else {
    position.removed = [];
  }
  return position;
}

const foundationToken = (suit, top) => `${suit}-${top === 0 ? "0" : RANKS[top - 1]}`;

/** A full position in PySolFC's layout text, exactly as the engine's `to_layout` writes it. */
export function toLayout(position) {
  const lines = [["Talon:", ...[...position.stock].reverse()].join(" ")];
  const homes = position.foundations ?? {};
  if (Object.values(homes).some(Boolean)) {
    lines.push("Foundations: " + ["H", "C", "D", "S"].map((s) => foundationToken(s, homes[s])).join(" "));
  }
  if (position.removed?.length) lines.push("Foundations: " + position.removed.map((s) => `${s}-K`).join(" "));
  if (position.waste?.length) lines.push("Waste: " + position.waste.join(" "));
  position.columns.forEach((column, i) => {
    const text = column.map((card, k) => (k < position.face_down[i] ? `<${card}>` : card)).join(" ");
    lines.push(text || ":");
  });
  return lines.join("\n") + "\n";
}
