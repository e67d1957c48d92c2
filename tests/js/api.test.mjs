import assert from "node:assert/strict";
import { test } from "node:test";

import { api, parseJson } from "../../frontend/static/fc/js/api.js";

test("parseJson keeps an integer past 2^53 exact as its digits and leaves safe numbers numbers", () => {
  const data = parseJson('{"number": 99999999999999999999, "deals": [12345678901234567, 9007199254740991], "ply": 3}');
  assert.deepEqual(data, { number: "99999999999999999999", deals: ["12345678901234567", 9007199254740991], ply: 3 });
});

test("parseJson leaves digits inside strings, fractions and exponents as JSON reads them", () => {
  const text = '{"m": "a: 99999999999999999999 \\" 99999999999999999999", "f": 0.12345678901234567, "e": 1e12345678901234567}';
  assert.deepEqual(parseJson(text), JSON.parse(text));
});

test("startGame sends a deal number past 2^53 as an exact JSON integer", async () => {
  const sent = [];
  globalThis.document = { cookie: "" };
  globalThis.fetch = async (url, init) => {
    sent.push(init.body);
    return new Response('{"id": 7, "deal": {"number": 99999999999999999999}}', { status: 201 });
  };
  const game = await api.startGame("klondike-draw3", "99999999999999999999");
  assert.equal(sent[0], '{"variant":"klondike-draw3","number":99999999999999999999}');
  assert.equal(game.deal.number, "99999999999999999999");
  await api.startGame("freecell", 5);
  assert.deepEqual(JSON.parse(sent[1]), { variant: "freecell", number: 5 });
});
