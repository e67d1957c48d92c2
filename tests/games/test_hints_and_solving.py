"""Hints through the solver, deal verdicts on rows, pools and the curation command."""

import random

import pytest
from django.core.management import call_command

import engine
from games.models import Deal, Game
from games.services.solving import pool_fill, pool_size

pytestmark = pytest.mark.django_db

#: freecell-classic deal 1: a log whose 9th move loses the game.
LOST_LOG = "7a 8d 6c 18 5b d7 6d 63 52".split()


def start(api, variant, number, moves=()):
    game = api.post("/api/games/", {"variant": variant, "number": number}, format="json").json()
    if moves:
        response = api.post(
            f"/api/games/{game['id']}/moves/",
            {"expected_ply": 0, "moves": list(moves), "client_times": list(range(1, len(moves) + 1))},
            format="json",
        )
        assert response.status_code == 200, response.json()
    return game["id"]


def test_a_hint_is_the_first_move_of_a_winning_line_and_is_counted(api):
    game_id = start(api, "freecell", 24, ["4h", "7a"])
    response = api.post(f"/api/games/{game_id}/hint/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "move" and body["hints"] == 1
    position = engine.replay(engine.deal("freecell", 24), ["4h", "7a"]).position
    engine.apply_move(position, body["move"])  # legal from where the player stands
    assert Game.objects.get(pk=game_id).hints == 1
    api.post(f"/api/games/{game_id}/hint/")
    assert Game.objects.get(pk=game_id).hints == 2


def test_a_hint_in_a_lost_position_says_since_which_move(api):
    game_id = start(api, "freecell-classic", 1, LOST_LOG)
    body = api.post(f"/api/games/{game_id}/hint/").json()
    assert body["status"] == "lost"
    assert body["move"] is None
    assert body["last_good_ply"] == 8
    assert body["scope"] == "no winning line exists"


def test_a_finished_game_gets_no_hint(api, django_capture_on_commit_callbacks):
    from tests.support.lines import winning_line

    game_id = start(api, "forecell", 2)
    line = winning_line("forecell", 2)
    api.post(f"/api/games/{game_id}/moves/",
             {"expected_ply": 0, "moves": list(line), "client_times": list(range(len(line)))}, format="json")
    response = api.post(f"/api/games/{game_id}/hint/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "game_finished"


def test_pool_fill_adds_only_proven_winnable_deals_with_par():
    added = pool_fill(variant="forecell", target=3, seconds=30, rng=random.Random(7))
    assert added == 3 and pool_size(variant="forecell") == 3
    for deal in Deal.objects.filter(in_pool=True):
        assert deal.status == "winnable" and deal.par == len(deal.solution.split())
        assert engine.replay(engine.deal("forecell", deal.number), deal.solution.split()).won


def test_deals_solve_command_stores_verdicts_and_pars(capsys):
    call_command("deals_solve", "freecell-classic", "11981", "11983", "--pool")
    rows = {d.number: d for d in Deal.objects.filter(variant="freecell-classic")}
    assert rows[11982].status == "impossible" and rows[11982].par is None
    assert rows[11982].scope == "no winning line exists"
    assert not rows[11982].in_pool
    for number in (11981, 11983):
        assert rows[number].status == "winnable" and rows[number].in_pool
        assert engine.replay(engine.deal("freecell-classic", number), rows[number].solution.split()).won
    out = capsys.readouterr()
    assert "freecell-classic 11981..11983: 2 winnable, 1 impossible, 0 undecided" in out.out
    assert "3/3" in out.err


def test_in_freecell_an_impossible_verdict_claims_only_what_it_proves():
    call_command("deals_solve", "freecell", "11982", "11982")
    deal = Deal.objects.get(variant="freecell", number=11982)
    assert deal.status == "impossible"
    assert deal.scope == "no winning line without foundation returns exists"


def test_guests_get_hints_from_a_deal_and_a_log(anon):
    response = anon.post("/api/deals/freecell/24/hint/", {"moves": ["4h", "7a"]}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "move" and body["hints"] is None
    position = engine.replay(engine.deal("freecell", 24), ["4h", "7a"]).position
    engine.apply_move(position, body["move"])


def test_a_guest_hint_on_an_illegal_log_names_the_bad_move(anon):
    response = anon.post("/api/deals/freecell/24/hint/", {"moves": ["4h", "1h"]}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "illegal_move" and response.json()["error"]["index"] == 2


def test_a_guest_hint_in_a_lost_position_says_since_which_move(anon):
    response = anon.post("/api/deals/freecell-classic/1/hint/", {"moves": LOST_LOG}, format="json")
    assert response.json()["status"] == "lost" and response.json()["last_good_ply"] == 8


def test_a_hint_takes_a_ranked_daily_game_off_the_leaderboard(api, daily, today):
    daily(number=24)
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    assert game["ranked"] is True
    body = api.post(f"/api/games/{game['id']}/hint/").json()
    assert body["status"] == "move" and body["ranked"] is False
    assert api.get(f"/api/games/{game['id']}/").json()["ranked"] is False


def test_the_daily_reserve_draws_from_the_whole_deal_range():
    added = pool_fill(variant="freecell", target=2, seconds=30, rng=random.Random(3), reserve=True)
    assert added == 2 and pool_size(variant="freecell", reserve=True) == 2
    assert pool_size(variant="freecell") == 0  # never offered as a random deal
    assert all(d.number > 1_000_000 and d.status == "winnable" for d in Deal.objects.filter(daily_reserve=True))


def test_a_solver_failure_is_a_503_not_a_500(anon, api, monkeypatch):
    import solver

    def broken(*args, **kwargs):
        raise solver.LibraryError("cannot load libfreecell-solver")

    # the C library failing, as if it were missing: for verdicts and for a game's plan
    monkeypatch.setattr(solver, "hint", broken)
    monkeypatch.setattr(solver.plans, "hint", broken)
    response = anon.post("/api/deals/freecell/24/hint/", {"moves": ["4h"]}, format="json")
    assert response.status_code == 503 and response.json()["error"]["code"] == "solver_unavailable"
    game_id = start(api, "freecell", 24, ["4h"])
    assert api.post(f"/api/games/{game_id}/hint/").status_code == 503
    assert Game.objects.get(pk=game_id).hints == 0  # an unanswered hint is not counted


def test_a_second_start_of_an_open_daily_is_no_helper_game_for_hints(api, daily, today):
    """The second start answers the ranked attempt itself: a hint asked there is a hint
    on the attempt, which stops counting (test_fairplay_sandbox.py has the rest)."""
    daily(number=24)
    ranked = api.post(f"/api/dailies/{today}/freecell/games/").json()
    helper = api.post(f"/api/dailies/{today}/freecell/games/").json()
    assert helper["id"] == ranked["id"]
    assert api.post(f"/api/games/{helper['id']}/hint/").status_code == 200
    assert not Game.objects.get(pk=ranked["id"]).ranked
