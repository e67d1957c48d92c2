import assert from "node:assert/strict";
import { test } from "node:test";

import { safeNext } from "../../frontend/static/fc/js/pages.js";

const ORIGIN = "https://freecell.example";

test("a page of this site is where the player goes after logging in", () => {
  assert.equal(safeNext("/daily/freecell", ORIGIN), "/daily/freecell");
  assert.equal(safeNext("/play/freecell/7?shared=1#top", ORIGIN), "/play/freecell/7?shared=1#top");
});

test("another site, however it is disguised, sends the player home instead", () => {
  for (const next of ["/\t/evil.example/phish", "/\n/evil.example", "//evil.example", "/\\evil.example",
    "https://evil.example/", "javascript:alert(1)", "", undefined, null]) {
    assert.equal(safeNext(next, ORIGIN), "/", JSON.stringify(next));
  }
});

test("a path whose dot segments leave two slashes at its start is another site: home instead", () => {
  for (const next of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/%2E%2e//evil.example",
    "/x/..//evil.example", "/x/%2e%2e//evil.example", "/./\\evil.example"]) {
    assert.equal(safeNext(next, ORIGIN), "/", JSON.stringify(next));
  }
  assert.equal(safeNext("/play/./freecell/7", ORIGIN), "/play/freecell/7");
});
