import assert from "node:assert/strict";
import test from "node:test";

import { cardWidth, fanStep, indexHeight, layoutOf } from "../../frontend/static/fc/js/board_view.js";

test("the card width depends on the viewport and the size choice, never on the columns", () => {
  const desktop = cardWidth({ width: 1180, height: 650, gap: 12 });
  assert.ok(desktop > 80 && desktop <= 110, String(desktop));
  const phone = cardWidth({ width: 378, height: 620, gap: 4.5 });
  assert.ok(phone < 45, String(phone));
  assert.ok(cardWidth({ width: 1180, height: 650, gap: 12, scale: 0.82 }) < desktop);
});

test("a long column compresses its fan instead of shrinking the cards", () => {
  const ch = 120;
  const room = 400;
  const short = fanStep({ ch, room, longest: 7 });
  const long = fanStep({ ch, room, longest: 19 });
  assert.equal(short, ch * 0.42);
  assert.ok(long < short);
  assert.ok(long * 18 <= room + 1e-9 || long === indexHeight(ch / 1.4));
  assert.ok(long >= indexHeight(ch / 1.4));
});

test("a fan never steps less than a card's index, at every size; face-down cards give way first", () => {
  for (const [width, height] of [[1268, 640], [378, 690]]) {
    for (const choice of ["small", "medium", "large"]) {
      const shape = { width, height, family: "spider", choice, down: [5, ...Array(9).fill(4)] };
      const long = layoutOf({ ...shape, counts: [5 + 30, ...Array(9).fill(5)] });
      assert.ok(long.dy >= indexHeight(long.cw) - 1e-9, `${width} ${choice}: ${long.dy} < ${indexHeight(long.cw)}`);
      const dealt = layoutOf({ ...shape, counts: [6, ...Array(9).fill(5)] });
      assert.ok(long.dd <= dealt.dd);
    }
  }
});
