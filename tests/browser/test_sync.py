"""A logged-in player's moves reach the server as they are made: the game
resumes on another device, and the hint comes from the server's solver."""

import pytest

from games.models import Game
from tests.browser.board import board_state, drag_move, wait_settled

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"


def log_in(page, base, username, next_path):
    page.goto(f"{base}/login/?next={next_path}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{next_path}")
    page.locator('.card[data-pile="1"]').first.wait_for()
    wait_settled(page)


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
