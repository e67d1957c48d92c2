import assert from "node:assert/strict";
import { test } from "node:test";

import { winNotice } from "../../frontend/static/fc/js/notices.js";

const game = { moves: ["1a", "a1"], daily: { date: "2026-01-02", variant: "freecell" }, variant: "freecell" };
const finishedWith = (result) => ({ submission: { status: "accepted", result } });

test("a finished daily held for review says it is under review, and no more", () => {
  const notice = winNotice({ game, finished: finishedWith({ under_review: true }), user: "alice" });
  assert.match(notice.text, /Your result is under review\.$/);
  assert.doesNotMatch(notice.text, /cheat|engine|solver|bot/i);
});

test("a finished daily that counts says nothing of a review", () => {
  const notice = winNotice({ game, finished: finishedWith({ under_review: false }), user: "alice" });
  assert.doesNotMatch(notice.text, /review/);
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
