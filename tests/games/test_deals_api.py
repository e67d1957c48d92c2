"""Deals by variant and number, random deals and the winnable pool."""

import dataclasses

import pytest

import engine
from games.models import Deal

pytestmark = pytest.mark.django_db


def test_a_deal_shows_its_layout_status_and_links(anon):
    response = anon.get("/api/deals/freecell/24/")
    assert response.status_code == 200
    body = response.json()
    assert body["position"] == engine.position_to_json(engine.deal("freecell", 24))
    assert body["status"] == "unknown" and body["par"] is None
    assert body["play_url"] == "/play/freecell/24" and body["share_url"] == "/s/fo"
    assert not Deal.objects.exists()  # reading never writes


def test_a_deal_shows_the_workers_verdict(anon, winnable_deal):
    winnable_deal("forecell", 7, par=91)
    body = anon.get("/api/deals/forecell/7/").json()
    assert body["status"] == "winnable" and body["par"] == 91
    assert body["position"]["cells"].count(None) == 0  # ForeCell deals its last four cards to the cells


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/deals/spider/1/", 400, "unknown_variant"),
        ("/api/deals/freecell/0/", 400, "invalid_deal_number"),
        ("/api/deals/freecell/8589934592/", 400, "invalid_deal_number"),
        ("/api/deals/freecell/-1/", 404, "not_found"),
        ("/api/deals/freecell/12345678901/", 400, "invalid_deal_number"),
        ("/api/deals/forecell/123456789012345678901/", 404, "not_found"),
        ("/api/deals/spider/random/", 400, "unknown_variant"),
    ],
)
def test_bad_deal_addresses_are_clear_refusals(anon, path, status, code):
    response = anon.get(path)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code


def test_the_largest_deal_number_is_served(anon):
    assert anon.get("/api/deals/freecell/8589934591/").status_code == 200


def test_pysolfcs_largest_number_is_served_past_bigint(anon):
    """ForeCell numbers run to 10**20 - 1, beyond PostgreSQL's bigint: the row holds 20 digits."""
    body = anon.get("/api/deals/forecell/99999999999999999999/").json()
    assert body["number"] == 10**20 - 1 and body["status"] == "unknown"


def test_a_random_deal_is_a_real_deal(anon):
    body = anon.get("/api/deals/freecell-classic/random/").json()
    assert 1 <= body["number"] <= 1_000_000
    assert body["position"] == engine.position_to_json(engine.deal("freecell-classic", body["number"]))


def test_a_winnable_deal_comes_from_the_pool(anon, winnable_deal):
    winnable_deal("freecell", 11, in_pool=True)
    Deal.objects.create(variant="freecell", number=12, status="impossible")
    for _ in range(5):
        assert anon.get("/api/deals/freecell/winnable/").json()["number"] == 11


def test_an_empty_pool_says_so(anon, winnable_deal):
    winnable_deal("freecell", 11, in_pool=False)
    response = anon.get("/api/deals/freecell/winnable/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "pool_empty"


def test_featured_deals_are_listed_for_the_api_and_the_home_page(anon, client, winnable_deal, daily):
    featured = winnable_deal("forecell", 7, par=91)
    Deal.objects.filter(pk=featured.pk).update(featured=True)
    hidden = daily(number=24).deal  # today's daily: never shown, even if featured
    Deal.objects.filter(pk=hidden.pk).update(featured=True)
    Deal.objects.create(variant="freecell", number=9, featured=True, voided=True)
    body = anon.get("/api/deals/featured/").json()
    assert [(d["variant"], d["number"], d["par"]) for d in body["deals"]] == [("forecell", 7, 91)]
    page = client.get("/").content.decode()
    assert "/play/forecell/7" in page and "par 91" in page
    assert "/play/freecell/24" not in page


@pytest.fixture(params=["klondike-draw1", "spider-2suits"])
def engine_only(request, monkeypatch):
    """A made-up Klondike or Spider variant that the engine knows and the site does not offer."""
    base = engine.get_ruleset(request.param)
    ruleset = dataclasses.replace(base, variant=f"{request.param}-hidden", share_letter="q", on_site=False)
    monkeypatch.setitem(engine.rules.RULESETS, ruleset.variant, ruleset)
    return ruleset.variant


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/deals/{v}/1/"),
        ("get", "/api/deals/{v}/random/"),
        ("get", "/api/deals/{v}/winnable/"),
        ("post", "/api/deals/{v}/1/hint/"),
        ("post", "/api/deals/{v}/1/verdict/"),
        ("get", "/api/leaderboards/deal/{v}/1/"),
        ("get", "/api/leaderboards/all-time/{v}/"),
    ],
)
def test_a_variant_the_site_does_not_offer_yet_is_refused_like_an_unknown_one(anon, engine_only, method, path):
    """A variant only the engine knows (``on_site=False``) is not dealt, shown or
    hinted at any address, whatever its family."""
    response = getattr(anon, method)(path.format(v=engine_only), {"moves": []}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "unknown_variant"
    assert b"position" not in response.content and b"move" not in response.content
