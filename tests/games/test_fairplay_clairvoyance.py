"""The clairvoyance check of Klondike and Spider dailies: a reference honest player that sees
only the player's view, run by the worker on each scheduled stock daily, and a ranked win that
only the full layout explains held for review."""

import dataclasses
import datetime as dt
import random

import pytest
from rest_framework.test import APIClient

import engine
from fairplay.clairvoyance import hindsight_choices
from fairplay.honest import honest_game
from games.models import Daily, Deal
from games.services.clairvoyance import dailies_reference_request, deal_reference_compute
from games.services.dailies import daily_ensure
from games.tasks import honest_reference_task
from tests.games.test_fairplay_links import as_player, browser, play, validated
from tests.games.test_stock_dailies import proven, stock_line

pytestmark = pytest.mark.django_db

VARIANT = "klondike-draw3"
# A Draw 3 deal the reference honest player wins now and then (8 of 60 runs, 120 moves each);
# the solver's line is 101 moves.
NUMBER = 288606570384453


def hidden_shuffled(position, rng):
    """The same player's view with the face-down and stock cards dealt differently."""
    hidden = [c for col, down in zip(position.columns, position.face_down, strict=True) for c in col[:down]]
    hidden += position.stock
    rng.shuffle(hidden)
    cards = iter(hidden)
    columns = tuple(tuple(next(cards) for _ in range(down)) + col[down:]
                    for col, down in zip(position.columns, position.face_down, strict=True))
    return dataclasses.replace(position, columns=columns, stock=tuple(next(cards) for _ in position.stock))


@pytest.mark.parametrize("variant, number", [("klondike-draw3", NUMBER), ("spider-2suits", 10**13 + 7)])
def test_the_honest_player_chooses_from_the_players_view_alone(variant, number):
    """Two deals that look the same to the player get the same moves, up to the first move
    that shows them apart: the player's choices never read a hidden card."""
    start = engine.deal(variant, number)
    twin = hidden_shuffled(start, random.Random(3))
    assert engine.player_view(twin) == engine.player_view(start) and twin != start
    for seed in range(5):
        mine, theirs = honest_game(start, seed=seed).line, honest_game(twin, seed=seed).line
        a, b, agreed = start, twin, 0
        for move, other in zip(mine, theirs, strict=False):
            assert move == other, (seed, agreed)
            a, b, agreed = engine.apply_move(a, move), engine.apply_move(b, other), agreed + 1
            if engine.player_view(a) != engine.player_view(b):
                break
        assert agreed >= 1


def test_a_scheduled_stock_daily_gets_its_honest_reference_from_the_worker(
        today, settings, monkeypatch, django_capture_on_commit_callbacks):
    """Scheduling asks the worker; each task plays a round bounded in time and queues the
    next until the reference is complete; a task run again changes nothing."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    deal = proven(VARIANT, NUMBER, in_pool=False)
    daily = Daily.objects.create(variant=VARIANT, date=today, deal=deal)
    freecell = Daily.objects.create(variant="freecell", date=today, deal=Deal.objects.create(variant="freecell",
                                                                                           number=24))
    with django_capture_on_commit_callbacks() as callbacks:
        assert dailies_reference_request([daily, freecell]) == 1
    assert len(callbacks) == 1
    queued = []
    monkeypatch.setattr(honest_reference_task, "delay", lambda pk: queued.append(pk))
    monkeypatch.setattr("games.services.clairvoyance.REFERENCE_SECONDS", 1.0)
    rounds = 0
    while True:  # what the worker does with each queued message
        rounds += 1
        runs = honest_reference_task(deal.pk)
        if len(queued) < rounds:
            break
    assert runs == 60 and queued == [deal.pk] * (rounds - 1)
    found = Deal.objects.get(pk=deal.pk).honest_reference
    assert found["runs"] == 60 and found["wins"] >= 3 and "lines" not in found
    assert found.get("rounds", 1) == rounds and 0 <= found["nearness_max"] < 0.6
    assert honest_reference_task(deal.pk) == 60 and len(queued) == rounds - 1  # complete: kept
    assert Deal.objects.get(pk=deal.pk).honest_reference == found


@pytest.fixture
def referenced_daily(today):
    deal = proven(VARIANT, NUMBER, in_pool=False)
    Daily.objects.create(variant=VARIANT, date=today, deal=deal)
    found = deal_reference_compute(deal_id=deal.pk, seconds=120)
    assert found["wins"] >= 3, found
    return found


def test_the_full_knowledge_line_at_a_persons_pace_is_held_for_clairvoyance(
        make_player, clock, referenced_daily, today):
    """Issue 23's second account without the link: the par line at a log-normal pace from a
    browser and address of its own. Its counted moves are far below every honest win."""
    line = list(stock_line(VARIANT, NUMBER))
    result = validated(play(as_player(browser("127.0.0.31"), make_player("bob")), clock, line, seed=2))
    assert result.links == [] and result.fairplay_score < 0.5
    assert result.ranked and result.flagged and result.review == "held"
    assert result.flag_reason.startswith("clairvoyance: ")
    evidence = result.fairplay_evidence["clairvoyance"]
    assert evidence["counted_moves"] == len(line) < 0.9 * min(referenced_daily["win_moves"])
    assert evidence["honest_wins_at_or_below"] == 0.0 and evidence["solution_nearness"] == 1.0
    assert len(evidence["reasons"]) >= 2  # the moves, and the stored line itself
    assert APIClient().get(f"/api/leaderboards/daily/{today}/{VARIANT}/").json()["rows"] == []


def test_an_honest_players_win_is_ranked(make_player, clock, referenced_daily, today):
    start = engine.deal(VARIANT, NUMBER)
    won = next(run for seed in range(100, 400) if (run := honest_game(start, seed=seed, noise=0.8)).won)
    result = validated(play(as_player(browser("127.0.0.32"), make_player("carol")), clock, list(won.line), seed=4))
    assert result.ranked and not result.flagged, result.flag_reason
    assert result.fairplay_evidence["clairvoyance"]["reasons"] == []
    board = APIClient().get(f"/api/leaderboards/daily/{today}/{VARIANT}/").json()["rows"]
    assert [row["player"] for row in board] == ["carol"]


def test_the_hindsight_measure_counts_only_choices_between_hidden_cards():
    start = engine.deal(VARIANT, NUMBER)
    measured = hindsight_choices(start, honest_game(start, seed=0).line)
    assert measured.decisions >= 1 and 0 < measured.expected < measured.decisions
    assert hindsight_choices(start, ["s", "s"]).decisions == 0  # turning the stock is no such choice


@pytest.mark.parametrize("door", ["staff", "fill", "beat"])
def test_a_stock_daily_asks_for_its_honest_reference_whoever_schedules_it(
        door, staff, today, settings, monkeypatch, django_capture_on_commit_callbacks):
    """Issue 27: staff's schedule and a fill job ask on commit, as beat's dailies_prepare did alone."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    queued = []
    monkeypatch.setattr(honest_reference_task, "delay", queued.append)
    monkeypatch.setattr("games.tasks.fill_job_step_task.delay", lambda pk: None)
    Daily.objects.create(variant=VARIANT, date=today, deal=Deal.objects.create(variant=VARIANT, number=10**13))
    deal = proven(VARIANT, NUMBER, in_pool=False, daily_reserve=door != "staff")
    day = (today + dt.timedelta(days=1 if door == "beat" else 3)).isoformat()
    with django_capture_on_commit_callbacks(execute=True):
        if door == "staff":
            answer = staff.post("/api/staff/schedule/", {"variant": VARIANT, "date": day, "number": NUMBER},
                                format="json")
        elif door == "fill":
            answer = staff.post("/api/staff/schedule/fill/", {"variant": VARIANT, "first": day, "last": day},
                                format="json")
        else:
            daily_ensure(variant=VARIANT, date=dt.date.fromisoformat(day), fill_rounds=0)
    if door != "beat":
        assert answer.status_code in (200, 201), answer.json()
    assert Daily.objects.get(date=day).deal_id == deal.pk
    assert queued == [deal.pk]


def test_a_reference_asked_for_twice_counts_its_runs_once(monkeypatch):
    """Two chains of rounds on one deal (it was asked for twice before the first round ended):
    a round begun from what another has since stored adds nothing."""
    from games.services import clairvoyance

    deal = proven(VARIANT, NUMBER, in_pool=False)
    real, other = clairvoyance.reference, []

    def racing(*args, **kwargs):
        if not other:  # the other chain's round lands while this one plays
            other.append(None)
            other[0] = deal_reference_compute(deal_id=deal.pk, seconds=1.0)
        return real(*args, **kwargs)

    monkeypatch.setattr(clairvoyance, "reference", racing)
    found = deal_reference_compute(deal_id=deal.pk, seconds=1.0)
    stored = Deal.objects.get(pk=deal.pk).honest_reference
    assert stored == other[0] == found and stored["runs"] > 0 and stored.get("rounds", 1) == 1
