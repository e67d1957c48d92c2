"""Fair play of layouts: an open daily is dealt only by its attempt, and its layout is
closed to free play under every variant that deals it."""

import datetime as dt
import random

import pytest

import engine
import solver
from games.catalogue import daily_variants
from games.models import Deal, Game
from games.services.solving import pool_fill

pytestmark = pytest.mark.django_db

SAME_LAYOUT = ("freecell", "freecell-tableau", "freecell-classic")


def test_todays_dailies_carry_no_layout_before_the_players_attempt(api, daily):
    for number, variant in enumerate(daily_variants(), start=1):
        daily(variant, number=number)
    body = api.get("/api/dailies/today/").json()
    assert [d["position"] for d in body["dailies"]] == [None] * len(daily_variants()) == [None] * 4


def test_a_daily_is_dealt_by_starting_the_attempt_and_only_for_that_player(api, make_player, daily, today):
    from rest_framework.test import APIClient

    daily("freecell")
    assert api.get(f"/api/dailies/{today}/freecell/").json()["position"] is None
    game = api.post(f"/api/dailies/{today}/freecell/games/").json()
    detail = api.get(f"/api/dailies/{today}/freecell/").json()
    assert detail["position"] == game["start"] and game["ranked"] is True
    other = APIClient()
    other.force_authenticate(make_player("bob"))
    assert other.get(f"/api/dailies/{today}/freecell/").json()["position"] is None


def test_a_closed_daily_shows_its_layout_to_anyone(api, daily, today):
    daily(date=today - dt.timedelta(days=1))
    assert api.get(f"/api/dailies/{today - dt.timedelta(days=1)}/freecell/").json()["position"] is not None


def test_the_ranked_clock_starts_when_the_attempt_deals_the_daily(api, daily, today):
    daily("freecell", number=24)
    game_id = api.post(f"/api/dailies/{today}/freecell/games/").json()["id"]
    Game.objects.filter(pk=game_id).update(started_at=Game.objects.get(pk=game_id).started_at
                                           - dt.timedelta(minutes=10))
    api.post(f"/api/games/{game_id}/moves/", {"expected_ply": 0, "moves": ["1a"], "client_times": [5]},
             format="json")
    assert Game.objects.get(pk=game_id).server_times[0] >= 600_000


@pytest.mark.parametrize("variant", SAME_LAYOUT)
def test_no_free_game_on_an_open_dailys_layout_under_any_variant_that_deals_it(api, daily, variant):
    daily("freecell", number=24)
    refused = api.post("/api/games/", {"variant": variant, "number": 24}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "deal_unavailable"


@pytest.mark.parametrize("variant", SAME_LAYOUT)
def test_no_guest_hint_on_an_open_dailys_layout_under_any_variant(anon, daily, variant):
    daily("freecell", number=24)
    hint = anon.post(f"/api/deals/{variant}/24/hint/", {"moves": []}, format="json")
    assert hint.status_code == 400 and hint.json()["error"]["code"] == "deal_unavailable"


@pytest.mark.parametrize("variant", SAME_LAYOUT)
def test_no_deal_detail_of_an_open_dailys_layout_under_any_variant(anon, daily, variant):
    daily("freecell", number=24)
    detail = anon.get(f"/api/deals/{variant}/24/")
    assert detail.status_code == 400 and detail.json()["error"]["code"] == "deal_unavailable"


def test_forecell_deals_another_layout_for_the_same_number(anon, daily):
    daily("freecell", number=24)
    assert anon.get("/api/deals/forecell/24/").status_code == 200


def test_the_layout_opens_to_free_play_once_the_day_closes(api, anon, daily, today):
    day = daily("freecell", number=24)
    day.date = today - dt.timedelta(days=1)
    day.save()
    assert anon.get("/api/deals/freecell-classic/24/").status_code == 200
    assert api.post("/api/games/", {"variant": "freecell-tableau", "number": 24}, format="json").status_code == 201


def test_the_winnable_pool_of_another_variant_never_hands_out_an_open_dailys_layout(anon, daily, winnable_deal):
    daily("freecell", number=24)
    winnable_deal("freecell-classic", 24, in_pool=True)
    response = anon.get("/api/deals/freecell-classic/winnable/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "pool_empty"


def test_a_daily_reserve_deal_is_not_a_layout_another_variant_hands_out(winnable_deal, monkeypatch):
    """The reserve never takes a number whose layout is already in a pool under a sibling variant."""
    numbers = iter([24, 5_000_000_000])
    monkeypatch.setattr("games.services.solving._candidate", lambda variant, reserve, rng: next(numbers))
    winnable_deal("freecell-classic", 24, in_pool=True)
    far = winnable_deal("freecell", 5_000_000_000, in_pool=False)
    line = solver.solve(engine.deal("freecell", 5_000_000_000)).moves
    Deal.objects.filter(pk=far.pk).update(solution=" ".join(line))
    assert pool_fill(variant="freecell", target=1, seconds=5.0, reserve=True) == 1
    assert list(Deal.objects.filter(daily_reserve=True).values_list("number", flat=True)) == [5_000_000_000]


def test_daily_numbers_are_drawn_from_the_whole_range_of_the_generator():
    from games.services.solving import _candidate

    rng = random.Random(7)
    drawn = [_candidate("freecell", True, rng) for _ in range(200)]
    assert max(drawn) > 4_000_000_000 and min(drawn) >= 1
    assert sum(n <= 1_000_000 for n in drawn) <= 1
