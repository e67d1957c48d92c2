import assert from "node:assert/strict";
import { test } from "node:test";

import { accountErrorText, continueEntries, dealNumberAbove } from "../../frontend/static/fc/js/pages.js";
import { serverGame } from "./fakes.mjs";

const save = (number, ply, extra = {}) => ({ key: `fc:game:freecell:${number}`, variant: "freecell", number, daily: null, ply, won: false, ...extra });

test("games in progress on the server are listed with the local saves, once per deal", () => {
  const saves = [save(1, 2, { owner: "alice" }), save(2, 5, { owner: "alice" })];
  const remote = [serverGame({ id: 1, number: 7, moves: ["6a", "6b", "6h"] }), serverGame({ id: 2, number: 1, moves: ["6a", "6b", "6h"] })];
  const entries = continueEntries(saves, remote, "alice");
  assert.deepEqual(entries.map((e) => [e.number, e.ply]), [[1, 3], [2, 5], [7, 3]]);
});

test("a daily in progress on another device is listed by its date", () => {
  const daily = { date: "2026-01-02", variant: "forecell" };
  const entries = continueEntries([], [serverGame({ id: 3, daily, moves: ["6a"] })], "alice");
  assert.deepEqual(entries, [{ variant: "freecell", number: null, daily, ply: 1 }]);
});

test("won games, empty games and another player's saves are not offered", () => {
  const saves = [save(1, 4, { won: true }), save(2, 0), save(3, 2, { owner: "mallory" }), save(4, 2)];
  assert.deepEqual(continueEntries(saves, [], "alice").map((e) => e.number), [4]);
  assert.deepEqual(continueEntries(saves, [], null).map((e) => e.number), [4]);
});

test("an account form shows the server's reasons, else its message", () => {
  const weak = Object.assign(new Error("This password is too common."), {
    detail: { code: "weak_password", reasons: ["This password is too common."] },
  });
  assert.equal(accountErrorText(weak), "This password is too common.");
  const fields = Object.assign(new Error("invalid"), { detail: { fields: { username: ["That name is taken."] } } });
  assert.equal(accountErrorText(fields), "That name is taken.");
  assert.equal(accountErrorText(Object.assign(new Error("offline"), { detail: {} })), "offline");
});

test("the deal number box compares whole numbers exactly, past what a float holds", () => {
  assert.equal(dealNumberAbove("99999999999999999999", "99999999999999999999"), false);
  assert.equal(dealNumberAbove("100000000000000000000", "99999999999999999999"), true);
  assert.equal(dealNumberAbove("9223372036854775808", String(2n ** 63n - 1n)), true);
  assert.equal(dealNumberAbove("", "10"), false);
  assert.equal(dealNumberAbove("12", ""), false);
});
