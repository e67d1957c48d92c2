"""Engine-assistance detection: ranked daily wins played by solver bots are held for
review with their evidence; a person's win is ranked; undone moves count."""

import datetime as dt
import threading
from itertools import groupby

import pytest
from django.db import DatabaseError, connection, transaction
from psycopg.errors import LockNotAvailable

import engine
import solver
from games.models import Game, Result, Submission
from games.services.audit import StaffAct
from games.services.curation import results_flag_clear, results_void
from games.services.results import submission_validate
from tests.support.factors import factor_verified_login
from tests.support.play import play_one_by_one
from tests.support.synthetic import Session, bot_session, human_line, human_session

pytestmark = pytest.mark.django_db

NUMBER = 24
START = engine.deal("freecell", NUMBER)


def play(api, clock, today, session: Session, *, undo_first: bool = False, variant: str = "freecell") -> Result:
    """Start the ranked daily at clock 0, send ``session``'s batches at their receive
    times, let the worker's service validate the win, and return the result."""
    clock["ms"] = 0
    game = api.post(f"/api/dailies/{today}/{variant}/games/").json()
    assert game["ranked"] is True
    ply = 0
    if undo_first:  # a move tried and taken back before the first real one
        clock["ms"] = 500
        api.post(f"/api/games/{game['id']}/moves/", {"expected_ply": 0, "moves": ["1a"], "client_times": [500]},
                 format="json")
        assert api.post(f"/api/games/{game['id']}/undo/", {"expected_ply": 1, "to_ply": 0},
                        format="json").status_code == 200
    rows = zip(session.moves, session.server_times, session.client_times, strict=True)
    for at, batch in groupby(rows, key=lambda row: row[1]):
        batch = list(batch)
        clock["ms"] = at + (1000 if undo_first else 0)
        response = api.post(f"/api/games/{game['id']}/moves/", {
            "expected_ply": ply, "moves": [m for m, _, _ in batch],
            "client_times": [c + (1000 if undo_first else 0) for _, _, c in batch],
        }, format="json")
        assert response.status_code == 200, response.json()
        ply += len(batch)
    submission = Submission.objects.get(game_id=game["id"])
    submission_validate(submission_id=submission.pk)
    return Result.objects.get(submission=submission)


def assert_held(api, today, result: Result) -> None:
    assert result.ranked and result.flagged and result.review == "held"
    assert result.fairplay_score >= result.fairplay_evidence["threshold"]
    assert api.get(f"/api/leaderboards/daily/{today}/freecell/").json()["rows"] == []
    answer = api.get(f"/api/games/{result.game_id}/submission/").json()["result"]
    assert answer["under_review"] is True and answer["rank"] is None


def test_a_solver_bot_at_300_ms_per_decision_in_batches_of_three_gets_no_ranked_row(api, clock, daily, today):
    daily("freecell", number=NUMBER)
    bot = bot_session(START, lambda p: solver.solve(p).moves, ms_per_decision=300, batch=3)
    result = play(api, clock, today, bot)
    assert_held(api, today, result)
    evidence = result.fairplay_evidence
    assert evidence["preset"] == "lg" and evidence["agreement"] == 1.0
    assert len(evidence["think_ms"]) == sum(not m.endswith("h") for m in bot.moves)
    assert "engine-assistance" in result.flag_reason


def test_a_solver_bot_at_a_random_1_to_4_s_with_detours_is_held_too(api, clock, daily, today):
    daily("freecell", number=NUMBER)
    bot = bot_session(START, lambda p: solver.solve(p).moves, seed=3, ms_per_decision=(1000, 4000),
                      detour_rate=0.06)
    assert bot.detours >= 2
    result = play(api, clock, today, bot)
    assert_held(api, today, result)
    assert result.fairplay_evidence["agreement"] >= 0.8


def test_the_deals_stored_par_line_played_by_a_bot_is_held(api, clock, daily, today):
    daily("freecell", number=NUMBER)
    bot = bot_session(START, lambda p: solver.solve_with_par(p).line, ms_per_decision=(1000, 4000))
    assert_held(api, today, play(api, clock, today, bot))


def test_a_forecell_solver_bot_is_held_too(api, clock, daily, today):
    daily("forecell", number=2)
    start = engine.deal("forecell", 2)
    bot = bot_session(start, lambda p: solver.solve(p).moves, ms_per_decision=(1000, 4000))
    result = play(api, clock, today, bot, variant="forecell")
    assert result.flagged and result.review == "held"
    assert result.fairplay_evidence["preset"] == "ct" and result.fairplay_evidence["agreement"] == 1.0


def test_a_human_like_win_is_ranked_and_its_undone_moves_count(api, clock, daily, today):
    daily("freecell", number=NUMBER)
    person = human_session(START, human_line(START), seed=5)
    result = play(api, clock, today, person, undo_first=True)
    assert result.ranked and not result.flagged and result.review == ""
    assert result.fairplay_score < result.fairplay_evidence["threshold"]
    assert result.undos == 1 and result.counted_moves == result.moves + 1
    row = api.get(f"/api/leaderboards/daily/{today}/freecell/").json()["rows"][0]
    assert (row["moves"], row["counted_moves"], row["undos"]) == (result.moves, result.moves + 1, 1)
    answer = api.get(f"/api/games/{result.game_id}/submission/").json()["result"]
    assert answer["under_review"] is False and answer["rank"] == 1 and answer["counted_moves"] == result.moves + 1


def test_undone_moves_on_a_ranked_attempt_order_the_board(anon, daily, finish, today):
    day = daily()
    finish("dora", day.deal, daily=day, moves=80, undos=12, ms=100_000)  # 92 moves played
    finish("erin", day.deal, daily=day, moves=85, undos=0, ms=900_000)
    rows = anon.get(f"/api/leaderboards/daily/{today}/freecell/").json()["rows"]
    assert [(r["player"], r["moves"], r["counted_moves"]) for r in rows] == [("erin", 85, 85), ("dora", 80, 92)]


def test_staff_clear_a_held_result_onto_the_board_or_void_it(api, clock, daily, today, make_player,
                                                               django_capture_on_commit_callbacks):
    daily("freecell", number=NUMBER)
    staff = make_player("mod", staff=True)
    result = play(api, clock, today, bot_session(START, lambda p: solver.solve(p).moves, batch=3))
    with django_capture_on_commit_callbacks(execute=True):
        results_flag_clear(results=[result], act=StaffAct(actor=staff, reason="looked human"))
    result.refresh_from_db()
    assert (result.flagged, result.review) == (False, "cleared")
    assert [r["player"] for r in api.get(f"/api/leaderboards/daily/{today}/freecell/").json()["rows"]] == ["alice"]
    with django_capture_on_commit_callbacks(execute=True):
        results_void(results=[result], act=StaffAct(actor=staff, reason="solver line"))
    result.refresh_from_db()
    assert result.voided and result.review == "voided"
    assert api.get(f"/api/leaderboards/daily/{today}/freecell/").json()["rows"] == []


def test_the_admin_shows_the_evidence_of_a_held_result(api, clock, daily, today, client):
    daily("freecell", number=NUMBER)
    result = play(api, clock, today, bot_session(START, lambda p: solver.solve(p).moves, batch=3))
    factor_verified_login(client, _superuser())  # the admin asks staff for a second factor
    page = client.get(f"/admin/games/result/{result.pk}/change/").content.decode()
    start = page.index("Engine-assistance evidence:")
    assert "closest preset <strong>lg</strong>" in page[start:] and "<polyline" in page[start:], page[start:start + 800]


def _superuser():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_superuser("root", password="correct horse battery")


def test_wins_that_are_not_ranked_dailies_are_not_assessed(api, winnable_deal):
    winnable_deal("freecell", NUMBER)
    game = api.post("/api/games/", {"variant": "freecell", "number": NUMBER}, format="json").json()
    play_one_by_one(api, game["id"], solver.solve(START).moves)
    submission_validate(submission_id=Submission.objects.get(game_id=game["id"]).pk)
    result = Result.objects.get(game_id=game["id"])
    assert result.fairplay_score is None and result.fairplay_evidence == {}
    assert Game.objects.get(pk=game["id"]).ranked is False


def test_a_bot_with_a_solver_the_site_does_not_ship_is_held_for_its_fixed_pace(api, clock, daily, today):
    """No shipped preset matches its line (fc-solve's tfts), but nobody thinks for
    the same 300 ms before every decision of a whole game."""
    daily("freecell", number=NUMBER)
    bot = bot_session(START, lambda p: solver.solve(p, preset="tfts").moves, ms_per_decision=300, batch=3)
    result = play(api, clock, today, bot)
    assert result.fairplay_evidence["agreement"] < 0.5
    assert result.ranked and result.flagged and result.review == "held"
    assert "fixed pace" in result.flag_reason
    assert api.get(f"/api/leaderboards/daily/{today}/freecell/").json()["rows"] == []


def test_a_second_assessment_of_the_same_line_reuses_the_kept_preset_lines(monkeypatch):
    """fc-solve is deterministic: each preset's line from a position is searched once
    and kept, so the players of one daily share the searches of the positions they share."""
    from fairplay import agreement
    from solver.verdicts import MemoryVerdicts

    searched = []
    real_run = agreement.library.run
    monkeypatch.setattr(agreement.library, "run", lambda *a: searched.append(a) or real_run(*a))
    line = human_line(START)
    kept = MemoryVerdicts()
    first = agreement.line_agreement(START, line, lines=kept)
    searches = len(searched)
    assert searches == sum(p.searches for p in first.presets) > 0
    again = agreement.line_agreement(START, line, lines=kept)
    assert len(searched) == searches  # nothing searched the second time
    assert again == first


def _row_free(submission_id: int) -> bool:
    """Whether another connection (another worker, the sweeper, staff) can lock the
    submission's row right now, without waiting."""
    free = []

    def probe():
        try:
            with transaction.atomic():
                Submission.objects.select_for_update(nowait=True).get(pk=submission_id)
            free.append(True)
        except DatabaseError as error:
            # Only "the row is locked" answers the question; any other failure (a
            # connection refused on a crowded server, say) is reported as itself.
            free.append(False if isinstance(error.__cause__, LockNotAvailable) else error)
        finally:
            connection.close()

    thread = threading.Thread(target=probe)
    thread.start()
    thread.join()
    if isinstance(free[0], Exception):
        raise free[0]
    return free[0]


@pytest.mark.django_db(transaction=True)
def test_the_assessment_runs_before_the_submission_row_is_locked(api, clock, daily, today, monkeypatch):
    """A person's line takes the assessment a second or more: all that time nothing holds
    the submission's row, and the result is then recorded with that assessment.

    The validation is this test's own: the win's committed doorbell is kept from the broker,
    where a worker of the session (``live_services``) would take it and lock the row while
    this one assesses."""
    from games import tasks
    from games.services import results

    rung = []
    monkeypatch.setattr(tasks.submission_validate_task, "delay", lambda *args: rung.append(args))
    daily("freecell", number=NUMBER)
    probes, real_assess = [], results.fairplay_assess

    def assess_and_probe(*, game):
        probes.append(_row_free(game.submission.pk))
        return real_assess(game=game)

    monkeypatch.setattr(results, "fairplay_assess", assess_and_probe)
    result = play(api, clock, today, human_session(START, human_line(START), seed=5))
    assert probes == [True]  # assessed once, with the row free
    assert rung == [(result.submission_id,)]
    assert result.ranked and not result.flagged and result.fairplay_evidence["presets"]
    with transaction.atomic():  # and the probe does see a lock when one is held
        Submission.objects.select_for_update().get(pk=result.submission_id)
        assert _row_free(result.submission_id) is False


def test_a_log_changed_while_it_was_assessed_is_judged_again_under_the_lock(api, clock, daily, today,
                                                                            monkeypatch):
    """What was judged without the lock is compared with the rows read under it: a log
    tampered with meanwhile is replayed again, refused, and no result is written."""
    from games.services import results

    daily("freecell", number=NUMBER)
    real_assess = results.fairplay_assess

    def assess_and_tamper(*, game):
        moves = game.submission.moves.split()
        Submission.objects.filter(pk=game.submission.pk).update(moves=" ".join(moves[:-1] + ["1a"]))
        return real_assess(game=game)

    monkeypatch.setattr(results, "fairplay_assess", assess_and_tamper)
    with pytest.raises(Result.DoesNotExist):
        play(api, clock, today, human_session(START, human_line(START), seed=5))
    judged = Submission.objects.get()
    assert judged.status == "rejected" and "illegal" in judged.reason


def test_the_presets_are_walked_side_by_side_with_the_in_order_answer():
    """Each preset is searched in a thread of its own; the answer is the one walking
    them in order gives: a person's line against all of them, a bot's up to the first
    preset that matches (the presets after it are stopped and left out)."""
    from fairplay import agreement

    threads = set()
    real_run = agreement.library.run

    def run(*args):
        threads.add(threading.current_thread().name)
        return real_run(*args)

    person = human_line(START, seed=2)
    ve_bot = bot_session(START, lambda p: solver.solve(p, preset="ve").moves, ms_per_decision=1000).moves
    lg_bot = bot_session(START, lambda p: solver.solve(p).moves, ms_per_decision=1000).moves
    for line in (person, ve_bot, lg_bot):
        in_order = agreement.line_agreement(START, line, side_by_side=False)
        agreement.library.run = run
        try:
            side_by_side = agreement.line_agreement(START, line)
        finally:
            agreement.library.run = real_run
        assert side_by_side == in_order
    assert [p.preset for p in in_order.presets] == ["lg"]
    names = [scan.name for scan in agreement.shipped_scans("freecell")]
    assert threads == {f"fairplay-{name}_0" for name in names}


def test_the_assessment_replays_the_log_once(monkeypatch):
    """One replay of the player's log serves the options walk and every preset's walk."""
    from fairplay import agreement, score

    replays, walked = [], []
    real_replay, real_walk = agreement.replay_positions, agreement.preset_agreement
    monkeypatch.setattr(score, "replay_positions", lambda *a: replays.append(real_replay(*a)) or replays[-1])
    monkeypatch.setattr(agreement, "replay_positions", lambda *a: replays.append(real_replay(*a)) or replays[-1])
    monkeypatch.setattr(agreement, "preset_agreement",
                        lambda *a, **k: walked.append(k["positions"]) or real_walk(*a, **k))
    person = human_session(START, human_line(START, seed=3), seed=3)
    score.assess(START, person.moves, person.server_times, person.client_times, undos=0)
    assert len(replays) == 1 and len(replays[0]) == len(person.moves) + 1
    assert len(walked) == len(agreement.shipped_scans("freecell"))
    assert all(positions is replays[0] for positions in walked)


def test_the_assessments_searches_follow_a_ranked_daily_game_so_the_win_waits_for_none(
        api, clock, daily, today, monkeypatch, django_capture_on_commit_callbacks, settings):
    """Every 8 decisions of a ranked daily game the worker walks the line so far against
    the presets (their lines kept in the shared cache): the win's assessment searches only
    what came after the last walk (a preset given up is asked again further on, so a few
    searches remain), a small part of an assessment from nothing kept, and its evidence
    is what that assessment gives."""
    from fairplay import agreement
    from fairplay.score import assess
    from games import tasks
    from games.services.fairplay import WARM_EVERY_DECISIONS, fairplay_warm

    settings.FAIRPLAY_ASSESS_SECONDS = 600  # no walk cut by the clock on a busy machine
    daily("freecell", number=NUMBER)
    warmed, searched = [], []
    monkeypatch.setattr(tasks.fairplay_warm_task, "delay", lambda pk: warmed.append(fairplay_warm(game_id=pk)))
    monkeypatch.setattr(tasks.submission_validate_task, "delay", lambda pk: None)  # validated below
    person = human_session(START, human_line(START, seed=4), seed=4)
    real_run = agreement.library.run
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    ply = 0
    for at, batch in groupby(zip(person.moves, person.server_times, person.client_times, strict=True),
                             key=lambda row: row[1]):
        batch = list(batch)
        clock["ms"] = at
        with django_capture_on_commit_callbacks(execute=True):  # the worker's turn after each request
            api.post(f"/api/games/{game['id']}/moves/", {
                "expected_ply": ply, "moves": [m for m, _, _ in batch], "client_times": [c for _, _, c in batch],
            }, format="json")
        ply += len(batch)
    decisions = sum(not move.endswith("h") for move in person.moves)
    assert len(warmed) == (decisions - 1) // WARM_EVERY_DECISIONS and sum(warmed) > 0
    monkeypatch.setattr(agreement.library, "run", lambda *a: searched.append(a) or real_run(*a))
    submission_validate(submission_id=Submission.objects.get(game_id=game["id"]).pk)
    result = Result.objects.get(game_id=game["id"])
    at_win, searched[:] = len(searched), []
    assert result.ranked and not result.flagged
    cold = assess(START, person.moves, result.game.server_times, result.game.client_times, undos=0)
    assert at_win * 4 <= len(searched), (at_win, len(searched))
    expected = cold.evidence(result.fairplay_evidence["threshold"])
    assert {**result.fairplay_evidence, "assessed_in_s": 0} == {**expected, "assessed_in_s": 0}


def test_games_that_are_not_ranked_dailies_are_not_walked_while_played(api, winnable_deal, monkeypatch,
                                                                      django_capture_on_commit_callbacks):
    from games import tasks

    winnable_deal("freecell", NUMBER)
    warmed = []
    monkeypatch.setattr(tasks.fairplay_warm_task, "delay", warmed.append)
    monkeypatch.setattr(tasks.submission_validate_task, "delay", lambda pk: None)
    game = api.post("/api/games/", {"variant": "freecell", "number": NUMBER}, format="json").json()
    with django_capture_on_commit_callbacks(execute=True):
        play_one_by_one(api, game["id"], solver.solve(START).moves[:30])
    assert warmed == []


def test_fair_play_walks_are_due_every_8_decisions_and_only_where_presets_play():
    """Klondike and Spider have no fc-solve preset to walk (the assessment scores them
    without agreement), so no walk is queued for them."""
    from games.services.fairplay import fairplay_warm_due

    seven, eight = ["1a"] * 7, ["1a"] * 7 + ["ah"] + ["2b"]  # foundation moves are not decisions
    assert not fairplay_warm_due("freecell", [], seven)
    assert fairplay_warm_due("freecell", seven, eight) and fairplay_warm_due("forecell", [], eight)
    assert not fairplay_warm_due("freecell", eight, eight + ["ah"])
    assert not fairplay_warm_due("klondike-draw3", [], eight) and not fairplay_warm_due("spider-2suits", [], eight)


def test_the_hand_moved_clock_starts_an_hour_early_in_the_last_hour_of_the_utc_day():
    """A person's session played from 23:40 UTC crossed midnight and closed the test's daily."""
    from tests.games.conftest import clock_base

    late, noon = dt.datetime(2026, 12, 5, 23, 40, tzinfo=dt.UTC), dt.datetime(2026, 12, 5, 12, 0, tzinfo=dt.UTC)
    assert clock_base(late) == dt.datetime(2026, 12, 5, 22, 40, tzinfo=dt.UTC)
    assert clock_base(noon) == noon
