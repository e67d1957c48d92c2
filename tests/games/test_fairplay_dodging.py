"""FreeCell detection that a dodged opening does not defeat: presets asked again after they
were given up, an opening that avoids every shipped preset counted against the line, and
the top of each daily's board assessed to the end, whatever the deadline cut."""

import datetime as dt

import pytest
from django.db import transaction

import engine
from games.models import Result
from games.services.fairplay_top import fairplay_top_assess, fairplay_top_due, fairplay_top_request
from tests.games.test_fairplay_detection import play
from tests.support.dodging import dodging_line, lognormal_session
from tests.support.synthetic import human_line, human_session

pytestmark = pytest.mark.django_db

NUMBER = 24
START = engine.deal("freecell", NUMBER)


def full_check(result: Result, django_capture_on_commit_callbacks) -> Result:
    """What the worker does after a validation whose walks the deadline cut: the top-of-the-board
    check, round after round, until no walk is cut."""
    with django_capture_on_commit_callbacks() as queued:
        assert fairplay_top_request(submission_id=result.submission_id)
    assert len(queued) == 1
    rounds = 1
    while not fairplay_top_assess(result_id=result.pk):
        rounds += 1
        assert rounds <= 12
    return Result.objects.get(pk=result.pk)


def test_the_preset_dodging_bot_is_held(api, clock, daily, today, settings, django_capture_on_commit_callbacks):
    """Issue 23's bot: 8 opening decisions no shipped preset plays, then fc-solve `-l eo -opt`
    at log-normal waits (median 3 s, 1-12 s). The win's own assessment is cut by a busy
    machine's deadline; the full check of the top of the board holds it."""
    settings.FAIRPLAY_ASSESS_SECONDS = 0.001  # the busiest machine: every walk cut at once
    daily("freecell", number=NUMBER)
    bot = lognormal_session(dodging_line(START, seed=1), seed=2)
    result = play(api, clock, today, bot)
    assert result.ranked and not result.flagged  # cut by the deadline: what issue 23 saw
    assert fairplay_top_due(result=result)
    held = full_check(result, django_capture_on_commit_callbacks)
    assert held.flagged and held.review == "held" and "top of the board" in held.flag_reason
    evidence = held.fairplay_evidence
    assert evidence["score"] >= 0.5 and evidence["agreement"] >= 0.55
    assert all(p["cut"] != "time" for p in evidence["presets"]) and evidence["top_rounds"] >= 1
    assert all(p["from_start"] == 0 for p in evidence["presets"])  # the opening matched no preset
    assert api.get(f"/api/leaderboards/daily/{today}/freecell/").json()["rows"] == []


def test_a_person_at_the_top_stays_ranked_after_the_full_check(
        api, clock, daily, today, settings, django_capture_on_commit_callbacks):
    settings.FAIRPLAY_ASSESS_SECONDS = 0.001
    daily("freecell", number=NUMBER)
    person = human_session(START, human_line(START, seed=3), seed=5)
    result = play(api, clock, today, person)
    checked = full_check(result, django_capture_on_commit_callbacks)
    assert checked.ranked and not checked.flagged, checked.flag_reason
    assert checked.fairplay_evidence["score"] < 0.5
    with transaction.atomic():
        assert not fairplay_top_due(result=checked)  # walked to the end: nothing more to do


def test_staff_see_the_players_dailies_over_the_days_beside_a_held_result(admin_client, daily, finish, today):
    days = [daily("freecell", date=today - dt.timedelta(days=n), number=30 + n) for n in range(3)]
    for n, day in enumerate(days):
        finish("dora", day.deal, daily=day, moves=100 - 10 * n, flagged=n == 0)
    held = Result.objects.get(daily=days[0])
    page = admin_client.get(f"/admin/games/result/{held.pk}/change/").content.decode()
    assert "dailies over the days" in page
    for n, day in enumerate(days):  # newest first, over a par of 80
        assert f"<td>{day.date.isoformat()}</td><td>{100 - 10 * n}</td><td>+{20 - 10 * n}</td>" in page
