"""The pages around Klondike and Spider: rules pages written for each game, the
home page's daily tiles, archives and deal picker, the leaderboards' links, the
archive calendar, and the replay viewer of a closed stock daily drawn from the
player's view with the cards the server says each move turned up."""

import datetime as dt
import re

import pytest

from games.catalogue import daily_variants
from games.clock import today_utc
from games.models import Daily, Deal, SolverStatus
from tests.browser.board import wait_settled
from tests.browser.players import log_in
from tests.browser.stock import make_stock_daily

STOCK = ["klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits"]
STOCK_DAILIES = ["klondike-draw3", "spider-2suits"]


@pytest.mark.django_db
@pytest.mark.parametrize("variant", STOCK)
def test_each_stock_game_has_a_rules_page_about_that_game_only(client, variant):
    html = client.get(f"/rules/{variant}").content.decode()
    if variant.startswith("klondike"):
        assert "Only a King" in html and "Unlimited passes" in html and "Only the top waste card" in html
        assert "Spider</h2>" not in html
    else:
        assert "same-suit run" in html and "is refused" in html and "while any column is empty" in html
        assert "Klondike</h2>" not in html
    assert "FreeCell</h2>" not in html and "How a move is judged" not in html


@pytest.mark.django_db
def test_klondike_draw_3_and_spider_2_suits_are_the_stock_games_played_daily_by_default():
    assert [v for v in daily_variants() if v in STOCK] == STOCK_DAILIES


@pytest.mark.django_db
def test_home_offers_a_player_the_stock_dailies_their_archives_and_every_game_to_deal(client, player):
    client.force_login(player)
    html = client.get("/").content.decode()
    for variant in STOCK_DAILIES:
        assert f'data-daily-tile data-variant="{variant}"' in html
        assert f'href="/dailies/{variant}/"' in html
    picker = dict(re.findall(r'<option value="([a-z0-9-]+)" data-max="(\d+)"', html))
    assert set(STOCK) <= set(picker)
    for variant in STOCK:
        assert f'href="/rules/{variant}"' in html


@pytest.mark.django_db
def test_the_leaderboards_page_links_each_stock_daily_its_archive_and_all_time_board(client):
    html = client.get("/leaderboards/").content.decode()
    today = today_utc().isoformat()
    for variant in STOCK_DAILIES:
        assert f'href="/leaderboards/daily/{today}/{variant}/"' in html
        assert f'href="/dailies/{variant}/"' in html
        assert f'href="/leaderboards/all-time/{variant}/"' in html


@pytest.mark.django_db
def test_a_stock_dailys_archive_and_replay_pages_open(client):
    yesterday = today_utc() - dt.timedelta(days=1)
    deal = Deal.objects.create(variant="spider-2suits", number=5, status=SolverStatus.WINNABLE)
    Daily.objects.create(variant="spider-2suits", date=yesterday, deal=deal)
    assert client.get("/dailies/spider-2suits/").status_code == 200
    replay = client.get(f"/replay/{yesterday}/spider-2suits/")
    assert replay.status_code == 200 and b"data-replay" in replay.content


# --- in the browser ---------------------------------------------------------------------------


@pytest.mark.browser
def test_a_player_sees_tiles_for_the_klondike_and_spider_dailies_on_the_home_page(site, make_player, screenshots):
    for variant, number in (("klondike-draw3", 5), ("spider-2suits", 5)):
        make_stock_daily(variant, number)
    make_player("tiles")
    log_in(site, site.base, "tiles", "/", board=False)
    for variant, title in (("klondike-draw3", "Daily Klondike Draw 3"), ("spider-2suits", "Daily Spider 2 suits")):
        tile = site.locator(f"[data-daily-tile][data-variant={variant}]")
        assert tile.inner_text().startswith(title)
        site.locator(f"[data-daily-tile][data-variant={variant}][data-state]").wait_for()
        assert tile.locator("[data-tile-status]").text_content() == "Not started"
    site.screenshot(path=str(screenshots / "home-stock-dailies.png"), full_page=True)
    assert site.errors == []


def _board_cards(page) -> list[str]:
    return page.eval_on_selector_all(".card[data-card]", "els => els.map((e) => e.dataset.card)")


@pytest.mark.browser
@pytest.mark.parametrize("variant", STOCK_DAILIES)
def test_the_replay_of_a_closed_stock_daily_draws_its_board_or_says_plainly_it_cannot(
        site, make_player, screenshots, variant):
    """A closed daily's par line plays back from the player's view: the board never
    shows a card before the line turns it up, and the last step is the won game.
    A board this page cannot draw is said in words, with each move read out."""
    yesterday = today_utc() - dt.timedelta(days=1)
    line = make_stock_daily(variant, 5, date=yesterday)
    make_player(f"watch{variant[0]}")
    log_in(site, site.base, f"watch{variant[0]}", f"/replay/{yesterday}/{variant}/", board=False)
    counter = site.locator("[data-step]")
    site.locator("[data-line] option").first.wait_for(state="attached")
    total = len(line.moves)
    assert counter.text_content() == f"0 / {total}"
    message = site.locator("[data-message]")
    wait_settled(site)
    drawn = not message.text_content().startswith("This")
    if drawn:
        # Face up on the board: exactly the start's face-up cards (Spider's repeats counted).
        start = [c for column in line.start_view["columns"] for c in column if c]
        assert sorted(_board_cards(site)) == sorted(start)
    for name, size in {"desktop": (1280, 800), "phone": (390, 844)}.items():
        site.set_viewport_size({"width": size[0], "height": size[1]})
        wait_settled(site)
        site.screenshot(path=str(screenshots / f"replay-{variant}-start-{name}.png"))
    site.set_viewport_size({"width": 1280, "height": 800})
    for _ in range(12):
        site.get_by_role("button", name="Next").click()
    assert counter.text_content() == f"12 / {total}"
    if drawn:
        view = line.steps[11].view
        visible = [c for column in view["columns"] for c in column if c]
        assert set(_board_cards(site)) >= set(visible)
        assert not message.text_content().startswith("This")
    else:
        assert "Move 12:" in message.text_content()
    site.get_by_role("button", name="End").click()
    assert counter.text_content() == f"{total} / {total}"
    wait_settled(site)
    for name, size in {"desktop": (1280, 800), "phone": (390, 844)}.items():
        site.set_viewport_size({"width": size[0], "height": size[1]})
        wait_settled(site)
        site.screenshot(path=str(screenshots / f"replay-{variant}-end-{name}.png"))
    assert site.errors == []
