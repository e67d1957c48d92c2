import assert from "node:assert/strict";
import { test } from "node:test";

import { createStorage, gameKey } from "../../frontend/static/fc/js/storage.js";

function memory() {
  const map = new Map();
  return {
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k),
    map,
  };
}

test("a game is saved per variant and deal and listed newest first", () => {
  const store = createStorage(memory());
  store.saveGame(gameKey("freecell", 1), { moves: ["1a"] }, { variant: "freecell", number: 1 });
  store.saveGame(gameKey("forecell", 9), { moves: [] }, { variant: "forecell", number: 9 });
  assert.deepEqual(store.loadGame("fc:game:freecell:1"), { moves: ["1a"] });
  assert.deepEqual(store.recentGames().map((g) => g.number), [9, 1]);
  store.forgetGame(gameKey("forecell", 9));
  assert.equal(store.loadGame(gameKey("forecell", 9)), null);
});

test("old saves are dropped past twenty games", () => {
  const backend = memory();
  const store = createStorage(backend);
  for (let n = 1; n <= 25; n += 1) store.saveGame(gameKey("freecell", n), { n }, { number: n });
  assert.equal(store.recentGames().length, 20);
  assert.equal(store.loadGame(gameKey("freecell", 1)), null);
  assert.deepEqual(store.loadGame(gameKey("freecell", 25)), { n: 25 });
});

test("a browser that refuses storage loses nothing but the save", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("quota"); }, removeItem() {} };
  const store = createStorage(broken);
  store.saveGame("k", { a: 1 }, {});
  assert.equal(store.loadGame("k"), null);
  assert.equal(store.loadSettings().autoplay, true);
});

test("settings keep their defaults until changed", () => {
  const store = createStorage(memory());
  store.saveSettings({ ...store.loadSettings(), autoplay: false });
  assert.equal(store.loadSettings().autoplay, false);
  assert.equal(store.loadSettings().winnable, false);
});
