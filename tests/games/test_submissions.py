"""Finishing: whole-log submissions, the worker's independent replay, one result per submission."""

import datetime as dt

import pytest

import engine
from games.models import Game, Result, Submission
from games.services.results import MAX_ATTEMPTS, submission_validate, submissions_stale
from tests.support.lines import human_line, winning_line
from tests.support.play import play_one_by_one

pytestmark = pytest.mark.django_db


def start(api, variant="freecell", number=24):
    return api.post("/api/games/", {"variant": variant, "number": number}, format="json").json()


def submit(api, game_id, moves, times=None):
    times = times if times is not None else [2000 * (i + 1) for i in range(len(moves))]
    return api.post(
        f"/api/games/{game_id}/submission/", {"moves": list(moves), "client_times": times}, format="json"
    )


def test_a_whole_winning_log_is_accepted_as_pending(api):
    game = start(api)
    response = submit(api, game["id"], winning_line("freecell", 24))
    assert response.status_code == 202, response.json()
    assert response.json()["status"] == "pending"
    row = Game.objects.get(pk=game["id"])
    assert row.state == "won" and row.ply == len(winning_line("freecell", 24))


def test_a_claimed_win_that_the_replay_does_not_reach_is_refused(api):
    game = start(api)
    response = submit(api, game["id"], winning_line("freecell", 24)[:-3])
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "not_won"
    assert not Submission.objects.exists()
    assert Game.objects.get(pk=game["id"]).state == "playing"


def test_an_illegal_move_in_a_whole_log_is_named_by_its_index(api):
    line = list(winning_line("freecell", 24))
    line[9], line[10] = line[10], line[9]
    game = start(api)
    response = submit(api, game["id"], line)
    error = response.json()["error"]
    assert response.status_code == 400 and error["code"] == "illegal_move"
    expected = engine.replay(engine.deal("freecell", 24), line).error_index
    assert error["index"] == expected and expected in (10, 11)
    assert not Submission.objects.exists()


def test_the_same_claim_twice_gives_the_same_submission(api):
    game = start(api)
    line = winning_line("freecell", 24)
    first = submit(api, game["id"], line)
    again = submit(api, game["id"], line)
    assert first.status_code == again.status_code == 202
    assert Submission.objects.count() == 1


def test_a_different_claim_after_a_submission_is_a_conflict(api):
    game = start(api)
    submit(api, game["id"], winning_line("freecell", 24))
    other = submit(api, game["id"], winning_line("freecell", 24)[:-1])
    assert other.status_code == 409 and other.json()["error"]["code"] == "already_submitted"


def test_a_log_must_extend_what_the_server_holds(api):
    game = start(api)
    api.post(f"/api/games/{game['id']}/moves/", {"expected_ply": 0, "moves": ["1a"], "client_times": [5]},
             format="json")
    response = submit(api, game["id"], winning_line("freecell", 24))
    assert response.status_code == 409 and response.json()["error"]["code"] == "log_mismatch"


def test_a_ranked_daily_that_has_closed_refuses_the_submission(api, daily, today):
    day = daily(number=24)
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    day.date = today - dt.timedelta(days=1)
    day.save()
    response = submit(api, game["id"], winning_line("freecell", 24))
    assert response.status_code == 400 and response.json()["error"]["code"] == "daily_closed"
    assert not Submission.objects.exists()


def _submitted(api) -> Submission:
    game = start(api)
    response = submit(api, game["id"], winning_line("freecell", 24))
    assert response.status_code == 202, response.json()
    return Submission.objects.get(game_id=game["id"])


def test_validation_replays_the_log_and_records_the_servers_facts(api, player):
    submission = _submitted(api)
    assert submission_validate(submission_id=submission.pk).status == "accepted"
    result = Result.objects.get()
    game = submission.game
    assert result.player == player and result.moves == len(winning_line("freecell", 24))
    assert result.duration_ms == game.server_times[-1]
    assert result.ranked is False and result.flagged is True  # a whole log in one request is too fast


def test_validating_twice_records_one_result(api):
    submission = _submitted(api)
    submission_validate(submission_id=submission.pk)
    submission_validate(submission_id=submission.pk)
    Submission.objects.filter(pk=submission.pk).update(status="pending")
    submission_validate(submission_id=submission.pk)
    assert Result.objects.count() == 1


def test_a_log_tampered_with_after_submission_is_rejected(api):
    submission = _submitted(api)
    moves = submission.moves.split()
    Submission.objects.filter(pk=submission.pk).update(moves=" ".join(moves[:-1] + ["1a"]))
    judged = submission_validate(submission_id=submission.pk)
    assert judged.status == "rejected" and "illegal" in judged.reason
    assert not Result.objects.exists()


def test_attempts_are_capped(api):
    submission = _submitted(api)
    Submission.objects.filter(pk=submission.pk).update(attempts=MAX_ATTEMPTS)
    judged = submission_validate(submission_id=submission.pk)
    assert judged.status == "rejected" and "gave up" in judged.reason
    assert not Result.objects.exists()


def test_the_sweeper_finds_submissions_stuck_in_pending(api):
    stuck = _submitted(api)
    Submission.objects.filter(pk=stuck.pk).update(created_at=stuck.created_at - dt.timedelta(minutes=5))
    _submitted(api)  # fresh: the worker has its doorbell already
    assert submissions_stale() == [stuck.pk]
    submission_validate(submission_id=stuck.pk)
    assert submissions_stale() == []


def test_a_human_paced_daily_win_is_ranked(api, daily, today, settings):
    daily(number=24)
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    line = human_line("freecell", 24)  # a solver's own line would be held for review
    Game.objects.filter(pk=game["id"]).update(
        started_at=Game.objects.get(pk=game["id"]).started_at - dt.timedelta(minutes=10)
    )
    response = play_one_by_one(api, game["id"], line)
    assert response.json()["state"] == "won"
    submission_validate(submission_id=Submission.objects.get().pk)
    result = Result.objects.get()
    assert result.ranked and not result.flagged
    assert result.duration_ms >= 600_000


def test_an_accepted_daily_submission_reports_the_rank(api, daily, today):
    daily(number=24)
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    Game.objects.filter(pk=game["id"]).update(
        started_at=Game.objects.get(pk=game["id"]).started_at - dt.timedelta(minutes=10)
    )
    line = human_line("freecell", 24)
    play_one_by_one(api, game["id"], line)
    submission_validate(submission_id=Submission.objects.get().pk)
    body = api.get(f"/api/games/{game['id']}/submission/").json()
    assert body["status"] == "accepted"
    assert body["result"]["ranked"] is True and body["result"]["rank"] == 1
    assert body["result"]["moves"] == len(line)


def test_a_ranked_daily_game_played_on_after_its_day_closed_goes_on_unranked(api, daily, today):
    day = daily(number=24)
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    day.date = today - dt.timedelta(days=1)
    day.save()
    response = api.post(f"/api/games/{game['id']}/moves/",
                        {"expected_ply": 0, "moves": ["4h"], "client_times": [900]}, format="json")
    assert response.status_code == 200
    assert response.json()["ranked"] is False
