"""Deal numbers past 2^53 (Klondike and Spider reach 10^20 - 1) stay exact in the browser."""

import json

BIG = 99999999999999999999


def test_a_play_page_on_a_deal_number_past_2_53_starts_that_exact_deal(site):
    starts = []
    site.on("request", lambda r: starts.append(r) if r.method == "POST" and r.url.endswith("/api/games/") else None)
    site.goto(f"{site.base}/play/klondike-draw3/{BIG}")
    site.locator('.card[data-pile="1"]').first.wait_for()
    assert len(starts) == 1
    assert f'"number":{BIG}' in starts[0].post_data  # the JSON integer's digits, not a rounded 1e20
    response = starts[0].response()
    assert response.status == 201 and json.loads(response.text())["deal"]["number"] == BIG
    assert site.errors == []
