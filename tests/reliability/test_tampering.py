"""Tampered replays: 1,200 mutations of winning logs, refused where the rules say, boards untouched.

Each mutation (``tampering.py``) goes through the three doors a log can take:
the whole log at once (``POST /submission/``), batches of moves (``POST /moves/``)
and, as if both had been bypassed, a submission row handed straight to the
worker's validation. Half the logs are played on today's ranked dailies by
players who have not played them yet, so a refusal that leaked would show on
a leaderboard. The boards and the counted results are compared before and after.
"""

from collections import Counter

import pytest
from rest_framework.test import APIClient

from games.clock import today_utc
from games.models import Game, Result, Submission
from games.services.dailies import daily_game_start
from games.services.games import deal_game_start
from games.services.results import submission_validate
from tests.reliability.conftest import backdate, board_snapshot, players_bulk, todays_daily
from tests.reliability.tampering import DAILY_DEALS, DEALS, PLAN, Mutation, mutations
from tests.support.lines import human_line, winning_line
from tests.support.play import play_one_by_one

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

BATCH = 40


@pytest.fixture(scope="module")
def tampered() -> list[Mutation]:
    items = mutations()
    assert len(items) == sum(PLAN.values()) == 1200
    return items


@pytest.fixture
def arena(make_player):
    """Today's dailies, an honest ranked finish on each and on every other deal; a fresh board snapshot."""
    dailies = [todays_daily(*deal) for deal in DAILY_DEALS.values()]
    client = APIClient()
    for i, (variant, number) in enumerate(DEALS):
        client.force_authenticate(make_player(f"honest{i}"))
        daily = next((d for d in dailies if (d.variant, d.deal.number) == (variant, number)), None)
        game = start(client, variant, number, daily=daily is not None)
        backdate(game["id"], 60)
        # A ranked daily won with a solver's own line would be held for review.
        line = human_line(variant, number) if daily is not None else winning_line(variant, number)
        play_one_by_one(client, game["id"], line)
        judged = submission_validate(submission_id=Submission.objects.get(game_id=game["id"]).pk)
        assert judged.status == "accepted" and not judged.result.flagged
    reader = APIClient()
    before = board_snapshot(reader, dailies, DEALS)
    assert all(board["rows"] for board in before["daily"].values())
    return dailies, reader, before


def start(client, variant: str, number: int, *, daily: bool) -> dict:
    if daily:
        response = client.post(f"/api/dailies/today/{variant}/games/")
    else:
        response = client.post("/api/games/", {"variant": variant, "number": number}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def started(player, variant: str, number: int, *, daily: bool) -> dict:
    """A game started by the services the start doors call (the doors are the arena's and other
    tests' concern; here 1,200 starts through HTTP would cost more than the tampered logs)."""
    game = (daily_game_start(player=player, variant=variant, date=today_utc()) if daily
            else deal_game_start(player=player, variant=variant, number=number))
    return {"id": str(game.pk), "ranked": game.ranked}


def refusal_problem(m: Mutation, response) -> str | None:
    """What is wrong with the answer to a refused log, or None."""
    body = response.json()
    if response.status_code != 400:
        return f"status {response.status_code}: {body}"
    error = body["error"]
    if m.expect == "not_won":
        return None if error["code"] == "not_won" else f"code {error['code']}"
    if m.expect == "time_backwards":
        return None if (error["code"], error.get("index")) == ("time_backwards", m.index) else str(error)
    code = "bad_notation" if m.check == "notation" else "illegal_move"
    got = (error["code"], error.get("index"), error.get("check"))
    return None if got == (code, m.index, m.check) else f"{got} != {(code, m.index, m.check)}"


def play(client, players, tampered, send) -> tuple[list[str], Counter]:
    problems, outcomes = [], Counter()
    for i, m in enumerate(tampered):
        client.force_authenticate(players[i])
        game = started(players[i], m.variant, m.number, daily=m.daily is not None)
        if m.daily:
            assert game["ranked"], "a first attempt on today's daily is ranked"
        if not m.server_fast:
            backdate(game["id"], 60)
        problem, outcome = send(client, game["id"], m)
        outcomes[outcome] += 1
        if problem:
            problems.append(f"#{i} {m.kind} (at {m.at}, expect {m.expect} {m.index}): {problem}")
    return problems, outcomes


def assert_flagged_only(tampered, before, after) -> None:
    assert after == before, "a tampered log changed a leaderboard"
    flagged = [m for m in tampered if m.expect == "flagged"]
    results = Result.objects.exclude(player__username__startswith="honest")
    assert results.count() == len(flagged)
    assert all(r.flagged and r.flag_reason for r in results)


def _whole_log(client, game_id, m: Mutation):
    response = client.post(f"/api/games/{game_id}/submission/",
                           {"moves": list(m.moves), "client_times": list(m.client_times)}, format="json")
    game = Game.objects.get(pk=game_id)
    if m.expect == "flagged":
        if response.status_code != 202:
            return f"status {response.status_code}: {response.json()}", "refused"
        judged = submission_validate(submission_id=Submission.objects.get(game_id=game_id).pk)
        flagged = judged.status == "accepted" and judged.result.flagged
        return (None if flagged else f"not flagged: {judged.status} {judged.reason}"), "flagged"
    problem = refusal_problem(m, response)
    if Submission.objects.filter(game_id=game_id).exists() or game.ply != 0 or game.state != "playing":
        problem = f"a refused log left traces: ply {game.ply}, {game.state}"
    return problem, response.json()["error"]["code"]


def test_tampered_whole_logs_are_refused_at_the_first_bad_move_and_no_board_changes(arena, tampered):
    dailies, reader, before = arena
    players = players_bulk(len(tampered), "whole")
    problems, outcomes = play(APIClient(), players, tampered, _whole_log)
    assert not problems, f"{len(problems)} wrong answers:\n" + "\n".join(problems[:20])
    assert outcomes["flagged"] == PLAN["too_fast"]
    assert_flagged_only(tampered, before, board_snapshot(reader, dailies, DEALS))


def _batches(client, game_id, m: Mutation):
    ply = 0
    for first in range(0, len(m.moves), BATCH):
        moves, times = m.moves[first:first + BATCH], m.client_times[first:first + BATCH]
        response = client.post(f"/api/games/{game_id}/moves/",
                               {"expected_ply": ply, "moves": list(moves), "client_times": list(times)},
                               format="json")
        if response.status_code != 200:
            break
        ply += len(moves)
    game = Game.objects.get(pk=game_id)
    if m.expect in ("illegal", "time_backwards"):
        problem = refusal_problem(m, response)
        if not problem and game.ply != (m.index - 1) // BATCH * BATCH:
            problem = f"the refused batch left the game at ply {game.ply}"
        return problem, response.json()["error"]["code"]
    if m.expect == "not_won":
        if response.status_code != 200 or game.state != "playing":
            return f"status {response.status_code}, state {game.state}", "refused"
        has_submission = Submission.objects.filter(game_id=game_id).exists()
        return ("a log that does not win opened a submission" if has_submission else None), "not_won"
    if response.status_code != 200 or game.state != "won":
        return f"status {response.status_code}, state {game.state}", "refused"
    judged = submission_validate(submission_id=Submission.objects.get(game_id=game_id).pk)
    return (None if judged.result.flagged else "not flagged"), "flagged"


def test_tampered_logs_sent_in_batches_are_refused_at_the_first_bad_move_and_no_board_changes(
    arena, tampered
):
    dailies, reader, before = arena
    players = players_bulk(len(tampered), "batch")
    problems, outcomes = play(APIClient(), players, tampered, _batches)
    assert not problems, f"{len(problems)} wrong answers:\n" + "\n".join(problems[:20])
    assert outcomes["flagged"] == PLAN["too_fast"]
    assert_flagged_only(tampered, before, board_snapshot(reader, dailies, DEALS))


def test_the_worker_rejects_every_tampered_log_even_when_it_bypassed_the_api(arena, tampered):
    """A log written straight into a submission row is replayed from the deal and refused."""
    dailies, reader, before = arena
    moved = [m for m in tampered if m.expect in ("illegal", "not_won")]
    players = players_bulk(len(moved), "bypass")
    by_deal = {(d.variant, d.deal.number): d for d in dailies}
    problems = []
    for player, m in zip(players, moved, strict=True):
        daily = by_deal.get((m.variant, m.number))
        deal = daily.deal if daily else Game.objects.filter(deal__variant=m.variant, deal__number=m.number)[0].deal
        game = Game.objects.create(player=player, deal=deal, daily=daily, ranked=daily is not None, state="won",
                                   moves=" ".join(m.moves), ply=len(m.moves),
                                   server_times=list(m.client_times), client_times=list(m.client_times))
        backdate(game.pk, 60)
        submission = Submission.objects.create(game=game, moves=" ".join(m.moves))
        judged = submission_validate(submission_id=submission.pk)
        reason = f"move {m.index} is illegal" if m.expect == "illegal" else "does not win"
        if judged.status != "rejected" or reason not in judged.reason:
            problems.append(f"{m.kind} (expect {m.expect} {m.index}): {judged.status} {judged.reason}")
    assert not problems, f"{len(problems)} wrong verdicts:\n" + "\n".join(problems[:20])
    assert len(moved) == 1200 - PLAN["time_backwards"] - PLAN["too_fast"]
    assert board_snapshot(reader, dailies, DEALS) == before
    assert not Result.objects.exclude(player__username__startswith="honest").exists()
