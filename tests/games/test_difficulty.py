"""Difficulty (issue 27, point 5): the solver's par as the prior, per variant, calibrated so that each
band holds about a third of the variant's proven deals; the players' results once enough have
played; and fills that follow the curator's plan by weekday."""

import datetime as dt
import io
from collections import Counter

import pytest
from auditlog.models import LogEntry
from django.core.management import call_command
from django.utils import timezone

from games.difficulty import LEVELS, PLAYERS_ENOUGH
from games.models import Daily, Deal, DifficultyCalibration, DifficultyPlan, Game, Submission
from games.services.deals import deal_verdict_store
from games.services.difficulty import deal_people_refresh, difficulty_calibrate, difficulty_refresh

pytestmark = pytest.mark.django_db

# What the solver reported, as the fill jobs' searches report it (75,000 positions a search):
# Klondike Draw 3 deals 10**12 and up (par, iterations, presets that found a line, presets run),
# every one past the old single iterations band (110,000) that made Klondike "never easy".
KLONDIKE = [(118, 150_000, 1, 2), (93, 150_000, 2, 2), (102, 150_000, 2, 2), (93, 150_000, 2, 2),
            (104, 150_000, 2, 2), (103, 150_000, 2, 2), (98, 150_000, 2, 2), (108, 150_000, 2, 2),
            (94, 150_000, 2, 2), (104, 150_000, 1, 2)]
# Spider 1 suit (one beam search, no par portfolio): the old estimate put all of them "medium".
SPIDER_1 = [(122, 6795, 1, 1), (110, 6692, 1, 1), (114, 1283, 1, 1), (118, 1313, 1, 1), (117, 5353, 1, 1),
            (111, 1411, 1, 1), (113, 1307, 1, 1), (112, 6535, 1, 1), (113, 1185, 1, 1), (109, 1272, 1, 1),
            (121, 6531, 1, 1), (110, 1282, 1, 1)]
# FreeCell: the par 105 "medium" beside par 93 "hard" (more iterations, a preset missed).
FREECELL = [(105, 40_000, 4, 4), (93, 150_000, 3, 4), (85, 70_000, 4, 4), (120, 20_000, 4, 4),
            (88, 30_000, 4, 4), (97, 100_000, 4, 4), (101, 60_000, 4, 4), (90, 200_000, 2, 4),
            (112, 50_000, 4, 4)]
NUMBERS = 2_000_000_000


def prove(variant: str, figures, *, reserve: bool = False) -> list[Deal]:
    """Store the worker's verdicts, one deal after another, as a fill or the pools do."""
    deals = []
    for offset, (par, iterations, solved, tried) in enumerate(figures):
        deal = Deal.objects.create(variant=variant, number=NUMBERS + offset, daily_reserve=reserve)
        deals.append(deal_verdict_store(deal=deal, status="winnable", scope="", par=par, line="",
                                        iterations=iterations, presets_solved=solved, presets_tried=tried))
    return deals


def labels(variant: str) -> Counter:
    return Counter(Deal.objects.filter(variant=variant).values_list("difficulty", flat=True))


def test_klondike_deals_can_be_easy():
    prove("klondike-draw3", KLONDIKE)
    assert labels("klondike-draw3")["easy"] >= 2
    difficulty_calibrate(variant="klondike-draw3")  # what beat does every hour
    assert labels("klondike-draw3") == {"easy": 3, "medium": 4, "hard": 3}


def test_spider_1_suit_deals_are_not_all_medium():
    prove("spider-1suit", SPIDER_1)
    difficulty_calibrate(variant="spider-1suit")
    assert labels("spider-1suit") == {"easy": 4, "medium": 4, "hard": 4}


def test_freecell_labels_follow_par_within_the_variant():
    deals = prove("freecell", FREECELL)
    prove("klondike-draw3", KLONDIKE)  # another variant's pars do not move FreeCell's bands
    difficulty_calibrate(variant="freecell")
    rank = {level: i for i, level in enumerate(LEVELS)}
    rated = sorted((d.par, rank[Deal.objects.get(pk=d.pk).difficulty]) for d in deals)
    assert [level for _, level in rated] == sorted(level for _, level in rated)
    assert labels("freecell") == {"easy": 3, "medium": 3, "hard": 3}
    easiest = {d.par: Deal.objects.get(pk=d.pk).difficulty for d in deals}
    assert (easiest[93], easiest[105]) == ("medium", "hard")


def test_the_calibration_is_stored_and_printed_per_variant():
    prove("freecell", FREECELL)
    prove("klondike-draw3", KLONDIKE)
    out = io.StringIO()
    call_command("difficulty_calibrate", stdout=out)
    printed = out.getvalue().splitlines()
    assert printed[0].split()[:2] == ["variant", "deals"]
    assert [line.split()[0] for line in printed[1:]] == ["freecell", "klondike-draw3"]
    assert printed[1].split()[1:6] == ["9", "93/105", "3", "3", "3"]
    stored = DifficultyCalibration.objects.get(variant="klondike-draw3")
    assert stored.deals == 10 and stored.figures["bands"] == {"easy": 3, "medium": 4, "hard": 3}


def _first_games(deal: Deal, make_player, count: int, *, prefix: str) -> None:
    """``count`` players whose first game on the deal was left unfinished three hours ago."""
    for index in range(count):
        game = Game.objects.create(player=make_player(f"{prefix}{index}"), deal=deal, moves="3a", ply=1)
        Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - dt.timedelta(hours=3))


def test_the_players_results_override_the_solvers_prior_once_enough_have_played(make_player, finish):
    deals = prove("freecell", FREECELL)
    easy = min(deals, key=lambda d: d.par)  # par 85: the solver's easiest
    hard = max(deals, key=lambda d: d.par)  # par 120: its hardest
    assert (Deal.objects.get(pk=easy.pk).difficulty, Deal.objects.get(pk=hard.pk).difficulty) == ("easy", "hard")
    _first_games(easy, make_player, PLAYERS_ENOUGH - 1, prefix="lost")
    deal_people_refresh(deal_id=easy.pk)
    short = Deal.objects.get(pk=easy.pk)
    assert short.players == PLAYERS_ENOUGH - 1 and short.difficulty_score < 0.95  # the prior still counts
    _first_games(easy, make_player, 1, prefix="last")
    deal_people_refresh(deal_id=easy.pk)
    enough = Deal.objects.get(pk=easy.pk)
    assert (enough.players, enough.players_won, enough.difficulty) == (PLAYERS_ENOUGH, 0, "hard")
    assert enough.difficulty_score == 1.0  # nobody won: the players' figure alone
    for index in range(PLAYERS_ENOUGH):  # everyone wins the solver's hardest, in few moves and fast
        finish(f"won{index}", hard, moves=100, ms=120_000)
    deal_people_refresh(deal_id=hard.pk)
    won = Deal.objects.get(pk=hard.pk)
    assert (won.players, won.players_won, won.difficulty) == (PLAYERS_ENOUGH, PLAYERS_ENOUGH, "easy")


def test_a_recorded_result_rings_the_worker_to_recount_its_deals_players(
        make_player, django_capture_on_commit_callbacks, monkeypatch):
    from games import tasks
    from games.services.results import result_record

    deal = prove("freecell", FREECELL)[0]
    game = Game.objects.create(player=make_player("dora"), deal=deal, state="won", moves="3a", ply=1,
                               server_times=[90_000], client_times=[90_000], finished_at=timezone.now())
    rung = []
    monkeypatch.setattr(tasks.deal_difficulty_task, "delay", rung.append)
    with django_capture_on_commit_callbacks(execute=True):
        result_record(submission=Submission.objects.create(game=game, moves="3a"), game=game, moves=95,
                      evidence=None)
    assert rung == [deal.pk]
    assert tasks.deal_difficulty_task(deal.pk) == Deal.objects.get(pk=deal.pk).difficulty
    assert Deal.objects.get(pk=deal.pk).players == 1


def test_beat_counts_a_dailys_first_game_left_unfinished_as_not_won(make_player, today):
    """Nothing is recorded when a player gives up: beat's hourly refresh recounts the last two
    days' dailies, and a first game left for two hours counts as not won (a newer one not yet)."""
    deal = prove("freecell", FREECELL)[0]
    daily = Daily.objects.create(variant="freecell", date=today, deal=deal)
    Game.objects.create(player=make_player("playing"), deal=deal, daily=daily, moves="3a", ply=1)
    _first_games(deal, make_player, 1, prefix="gone")
    refreshed = difficulty_refresh()
    assert set(refreshed) == {"freecell"} and refreshed["freecell"].deals == len(FREECELL)
    counted = Deal.objects.get(pk=deal.pk)
    assert (counted.players, counted.players_won) == (1, 0)


# The plan by weekday: Monday to Thursday easy, Friday medium, the weekend hard.
PLAN = {"monday": "easy", "tuesday": "easy", "wednesday": "easy", "thursday": "easy", "friday": "medium",
        "saturday": "hard", "sunday": "hard"}


def test_a_fill_follows_the_curators_weekday_plan(staff, today, daily):
    daily("freecell", today)
    answer = staff.put("/api/staff/difficulty-plans/freecell/", {"days": PLAN, "reason": "easy early"},
                       format="json")
    assert answer.status_code == 200 and answer.json()["days"] == PLAN
    prove("freecell", FREECELL * 2, reserve=True)  # 18 deals, 6 of each band
    difficulty_calibrate(variant="freecell")
    first = today + dt.timedelta(days=1)
    last = first + dt.timedelta(days=13)  # two weeks: 8 easy dates, 2 medium, 4 hard
    response = staff.post("/api/staff/schedule/fill/", {"variant": "freecell", "first": first.isoformat(),
                                                        "last": last.isoformat()}, format="json")
    assert response.status_code == 200
    scheduled = {d.date: d.deal.difficulty for d in Daily.objects.filter(date__gte=first).select_related("deal")}
    weekday = list(PLAN.values())
    assert all(level == weekday[date.weekday()] for date, level in scheduled.items())
    waiting = sorted(set(response.json()["empty"]))
    assert len(scheduled) == 12 and len(waiting) == 2  # the 7th and 8th easy dates wait for proofs
    assert {weekday[dt.date.fromisoformat(day).weekday()] for day in waiting} == {"easy"}
    assert LogEntry.objects.filter(additional_data__action="difficulty_plan",
                                   additional_data__reason="easy early").count() == 1


def test_the_plan_is_set_in_the_admin_with_a_reason_and_shown_on_the_calendar(admin_client, today):
    form = {"variant": "klondike-draw3", **PLAN, "reason": "  "}
    refused = admin_client.post("/admin/games/difficultyplan/add/", form)
    assert refused.status_code == 200 and 'class="errorlist' in refused.content.decode()
    assert not DifficultyPlan.objects.exists()
    done = admin_client.post("/admin/games/difficultyplan/add/", {**form, "reason": "hard weekends"})
    assert done.status_code == 302
    entry = LogEntry.objects.get(additional_data__action="difficulty_plan")
    assert entry.additional_data["reason"] == "hard weekends" and entry.changes["saturday"] == ["any", "hard"]
    page = admin_client.get("/admin/games/daily/calendar/?variant=klondike-draw3").content.decode()
    assert "Plan by difficulty: Mon easy, Tue easy, Wed easy, Thu easy, Fri medium, Sat hard, Sun hard." in page


def test_a_plan_refuses_what_is_not_a_band(staff):
    bad = staff.put("/api/staff/difficulty-plans/freecell/", {"days": {"monday": "brutal"}}, format="json")
    assert bad.status_code == 400
    unknown = staff.put("/api/staff/difficulty-plans/solitaire/", {"days": {"monday": "easy"}}, format="json")
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "unknown_variant"
    assert staff.get("/api/staff/difficulty-plans/freecell/").json()["days"]["monday"] == ""


def test_beat_waits_for_the_planned_band_until_the_day_before(staff, today):
    from games.services.dailies import daily_ensure, reserve_bands_wanted

    staff.put("/api/staff/difficulty-plans/freecell/", {"days": {d: "hard" for d in PLAN}}, format="json")
    easy = prove("freecell", [FREECELL[2], FREECELL[4]], reserve=True)
    Deal.objects.filter(pk__in=[d.pk for d in easy]).update(difficulty="easy")  # no hard deal held
    ahead = today + dt.timedelta(days=3)
    assert daily_ensure(variant="freecell", date=ahead, fill_rounds=0) is None
    assert reserve_bands_wanted(variant="freecell") == {"hard"}  # the worker proves more
    tomorrow = daily_ensure(variant="freecell", date=today + dt.timedelta(days=1), fill_rounds=0)
    assert tomorrow is not None  # about to open: the nearest band the reserve has
