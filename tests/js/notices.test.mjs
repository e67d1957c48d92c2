import assert from "node:assert/strict";
import { test } from "node:test";

import { winNotice } from "../../frontend/static/fc/js/notices.js";

const game = { moves: ["1a", "a1"], daily: { date: "2026-01-02", variant: "freecell" }, variant: "freecell" };
const finishedWith = (result) => ({ submission: { status: "accepted", result } });

test("a finished daily held for review says what a review is, how long, what next, and never why", () => {
  const notice = winNotice({ game, finished: finishedWith({ under_review: true, review: "held" }), user: "alice" });
  assert.match(notice.text, /Your result is under review\./);
  assert.match(notice.text, /a day or two/);
  assert.match(notice.text, /If it is cleared/);
  assert.doesNotMatch(notice.text, /cheat|engine|solver|bot/i);
});

test("a finished daily that counts says nothing of a review; a voided one says it does not count", () => {
  const notice = winNotice({ game, finished: finishedWith({ under_review: false, review: "" }), user: "alice" });
  assert.doesNotMatch(notice.text, /review/);
  const voided = winNotice({ game, finished: finishedWith({ under_review: false, review: "voided" }), user: "alice" });
  assert.match(voided.text, /does not count/);
});

test("a won daily that is still open offers no replay: the attempt is the only game on it", () => {
  const notice = winNotice({ game, finished: finishedWith({ under_review: false }), user: "alice", dailyOpen: true });
  assert.deepEqual(notice.actions.map((a) => a.label), ["See the leaderboard"]);
  assert.match(notice.text, /once the day closes/);
});

test("a won daily that has closed offers an unranked replay", () => {
  const notice = winNotice({ game, finished: finishedWith({ under_review: false }), user: "alice", dailyOpen: false });
  assert.deepEqual(notice.actions.map((a) => a.label), ["See the leaderboard", "Replay (unranked)"]);
});
