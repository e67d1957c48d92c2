// A server game the page starts is saved before any move, so a reload resumes it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadCatalogue } from "../../frontend/static/fc/js/catalogue.js";
import { deserialize, newGame } from "../../frontend/static/fc/js/state.js";
import { createTable } from "../../frontend/static/fc/js/table.js";
import { vectors } from "./helpers.mjs";

loadCatalogue({ rulesets: vectors.rulesets });

function tableWith(initial, saved = null) {
  const saves = [];
  const store = { loadGame: () => saved, saveGame: (key, data, summary) => saves.push({ key, data, summary }) };
  createTable({
    config: { user: null }, key: "klondike-draw1:7", initial, view: { render() {}, hint() {} },
    hud: { update() {} }, say() {}, store, session: { push() {} }, onSettled() {}, onPlayed() {},
  });
  return saves;
}

const start = () => structuredClone(vectors.stock_deals.find((d) => d.variant === "klondike-draw1").position);

test("a server game started for the page is saved before its first move, naming the server game", () => {
  const saves = tableWith({ ...newGame({ variant: "klondike-draw1", number: 7, start: start() }), serverId: "g-1" });
  assert.equal(saves.length, 1);
  assert.equal(saves[0].key, "klondike-draw1:7");
  assert.equal(saves[0].summary.ply, 0);
  assert.equal(deserialize(saves[0].data).serverId, "g-1");  // what the loader resumes after a reload
});

test("a game already saved here, or one the server does not hold, is not saved again before a move", () => {
  const game = { ...newGame({ variant: "klondike-draw1", number: 7, start: start() }), serverId: "g-1" };
  assert.equal(tableWith(game, { serverId: "g-1" }).length, 0);
  assert.equal(tableWith(newGame({ variant: "klondike-draw1", number: 7, start: start() })).length, 0);
});
