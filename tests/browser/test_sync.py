"""A logged-in player's moves reach the server as they are made: the game
resumes on another device, and the hint comes from the server's solver."""

import pytest

from games.models import Game
from tests.browser.board import board_state, drag_move
from tests.browser.players import log_in, play_elsewhere

pytestmark = pytest.mark.browser


def test_moves_sync_as_they_are_made_and_the_game_resumes_on_another_device(site, browser, make_player):
    make_player("traveller")
    log_in(site, site.base, "traveller", "/play/freecell/1")
    for move in ("6a", "6b", "6h"):
        drag_move(site, move)
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    played = board_state(site)
    game = Game.objects.get(player__username="traveller")
    assert game.ply == 3

    other = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    phone = other.new_page()
    log_in(phone, site.base, "traveller", "/play/freecell/1")
    assert board_state(phone) == played
    assert phone.locator('[data-hud="moves"]').text_content() == "3"
    phone.locator('[data-hud="undo"]').click()
    phone.locator('[data-hud="status"]', has_text="Saved").wait_for()
    other.close()
    game.refresh_from_db()
    assert game.ply == 2 and game.undos == 1


def test_the_hint_points_at_the_first_move_of_a_winning_line(site, make_player):
    make_player("stuckplayer")
    log_in(site, site.base, "stuckplayer", "/play/freecell/1")
    drag_move(site, "6a")
    site.keyboard.press("h")
    site.locator("[data-announcer]", has_text="Hint:").wait_for()
    assert site.locator(".card.hinted").count() >= 1
    assert site.locator(".pile.hinted").count() == 1
    assert Game.objects.get(player__username="stuckplayer").hints == 1


def test_opening_a_deal_starts_no_server_game_until_the_first_move(site, make_player):
    player = make_player("onlooker")
    log_in(site, site.base, "onlooker", "/play/freecell/1")
    site.wait_for_load_state("networkidle")
    assert not Game.objects.filter(player=player).exists()
    drag_move(site, "6a")
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    game = Game.objects.get(player=player)
    assert game.move_list == ["6a"] and game.daily is None


def test_home_lists_games_in_progress_here_and_on_other_devices_once_each(site, make_player):
    player = make_player("roamer")
    play_elsewhere(player, ["1a", "1b"], number=7)
    log_in(site, site.base, "roamer", "/play/freecell/1")
    drag_move(site, "6a")
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    site.goto(f"{site.base}/")
    tiles = site.locator("[data-continue-list] a")
    tiles.nth(1).wait_for()
    assert sorted(tiles.all_text_contents()) == ["FreeCell #1 · 1 moves", "FreeCell #7 · 2 moves"]
    site.get_by_role("link", name="FreeCell #7 · 2 moves").click()
    site.wait_for_url("**/play/freecell/7")
    site.locator('.card[data-pile="a"]').wait_for()
    assert site.locator('[data-hud="moves"]').text_content() == "2"


def test_a_deal_that_is_an_open_daily_is_not_dealt_and_says_why(site, make_player, make_daily):
    make_daily(24)
    player = make_player("early")
    log_in(site, site.base, "early", "/play/freecell/24", board=False)
    notice = site.locator('[data-hud="notice"]')
    notice.get_by_text("This deal is a daily that has not closed yet").wait_for()
    assert site.locator(".card[data-pile]").count() == 0
    assert not Game.objects.filter(player=player).exists()
