"""Deal numbers past 2^53 (Klondike and Spider reach 10^20 - 1) stay exact in the browser:
the page deals that exact deal itself, and the server game it starts for a player's
first move names the same digits."""

import json

import engine
from tests.browser.players import log_in

BIG = 99999999999999999999


def test_a_play_page_on_a_deal_number_past_2_53_plays_and_saves_that_exact_deal(site, make_player):
    make_player("bignum")
    starts = []
    site.on("request", lambda r: starts.append(r) if r.method == "POST" and r.url.endswith("/api/games/") else None)
    log_in(site, site.base, "bignum", f"/play/klondike-draw3/{BIG}")
    # The page dealt it: the top card of the seventh column is the engine's, face up.
    top = engine.deal("klondike-draw3", BIG).columns[6][-1]
    shown = site.locator('.card[data-pile="7"]').last
    assert str(top) in (shown.get_attribute("aria-label") or "") + (shown.get_attribute("data-card") or ""), \
        shown.evaluate("el => el.outerHTML")
    assert starts == []  # nothing to save before the first move
    with site.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/games/")):
        site.keyboard.press("s")  # turn the stock: the first move saves the game on the server
    assert f'"number":{BIG}' in starts[0].post_data  # the JSON integer's digits, not a rounded 1e20
    response = starts[0].response()
    assert response.status == 201 and json.loads(response.text())["deal"]["number"] == BIG
    assert site.errors == []
