"""A logged-in player's moves reach the server as they are made: the game
resumes on another device, and the hint comes from the server's solver."""

import pytest

from games.models import Game
from tests.browser.board import board_state, drag_move
from tests.browser.conftest import REDUCED_MOTION
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

    other = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, **REDUCED_MOTION)
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


def test_moves_held_for_a_batch_reach_the_server_when_the_tab_closes_and_a_reload_resumes_exactly(
        site, make_player):
    """Quick moves wait for a pause before they go up together (sync.js); the tab closed
    right after them sends them as it goes, and a reload mid-batch carries on from them."""
    from tests.support.lines import winning_line
    from tests.support.waiting import wait_for

    player = make_player("closer")
    line = list(winning_line("freecell", 1))
    server_log = lambda: Game.objects.filter(player=player).values_list("moves", flat=True).first()  # noqa: E731
    log_in(site, site.base, "closer", "/play/freecell/1")
    drag_move(site, line[0])
    wait_for(lambda: server_log() is not None)  # the first move started the server game
    for move in line[1:4]:
        drag_move(site, move)
    context = site.context
    site.close(run_before_unload=True)
    assert wait_for(lambda: server_log() == " ".join(line[:4]))

    page = context.new_page()
    page.goto(f"{site.base}/play/freecell/1")
    page.locator('[data-hud="moves"]', has_text="4").wait_for()
    for move in line[4:6]:
        drag_move(page, move)
    page.reload()
    page.locator('[data-hud="moves"]', has_text="6").wait_for()
    assert wait_for(lambda: server_log() == " ".join(line[:6]))
    drag_move(page, line[6])
    # The move is on the board before the page's status is read: a "Saved" still showing
    # from the reload would otherwise pass for the new move's (seen on a loaded machine).
    page.locator('[data-hud="moves"]', has_text="7").wait_for()
    page.locator('[data-hud="status"]', has_text="Saved").wait_for()
    assert wait_for(lambda: server_log() == " ".join(line[:7]))
    game = Game.objects.get(player=player)
    assert len(game.client_times) == 7 and game.client_times == sorted(game.client_times)
