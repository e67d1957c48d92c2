"""Coming back to a deal or a daily the player has won: the board shows the
win, nothing is started or sent again, and "play again" begins a new game at
its first move."""

import datetime as dt
import json
import uuid

import pytest

import engine
from games.clock import today_utc
from games.models import Game
from tests.browser.board import cards_in, drag_move, wait_settled
from tests.browser.players import log_in, play_elsewhere
from tests.browser.solutions import winning_line

pytestmark = pytest.mark.browser


def all_home(page) -> bool:
    return all(len(cards_in(page, pile)) == 13 for pile in ("hH", "hC", "hD", "hS"))


def plant_save(page, key, game, owner):
    """The local autosave a browser keeps of a game it played (state.js's format)."""
    save = {
        "version": 1, "variant": game["variant"], "number": game["deal"]["number"], "daily": game["daily"],
        "start": game["start"], "moves": game["moves"], "times": [1000 * (i + 1) for i in range(len(game["moves"]))],
        "undoFloor": 0, "elapsed": 1000 * len(game["moves"]), "undos": 0, "serverId": game["id"], "owner": owner,
    }
    page.evaluate("([key, save]) => localStorage.setItem(key, save)", [key, json.dumps(save)])


def test_a_won_deal_opens_won_and_nothing_is_started_or_sent_again(site, make_player):
    player = make_player("winner")
    won = play_elsewhere(player, winning_line("freecell", 1), number=1)
    assert won["state"] == "won"
    log_in(site, site.base, "winner", "/play/freecell/1")
    site.locator('[data-hud="notice"]', has_text="You won this deal").wait_for()
    assert all_home(site)
    # The winning log saved in this browser, as after a win here, is not sent up either.
    plant_save(site, "fc:game:freecell:1", won, "winner")
    site.reload()
    site.locator('[data-hud="notice"]', has_text="You won this deal").wait_for()
    site.wait_for_load_state("networkidle")
    assert list(Game.objects.filter(player=player).values_list("id", flat=True)) == [uuid.UUID(won["id"])]
    assert site.errors == []


def test_play_it_again_starts_a_new_game_at_its_first_move(site, make_player):
    player = make_player("again")
    play_elsewhere(player, winning_line("freecell", 1), number=1)
    log_in(site, site.base, "again", "/play/freecell/1")
    site.get_by_role("button", name="Play it again").click()
    wait_settled(site)
    assert site.locator('[data-hud="moves"]').text_content() == "0"
    assert cards_in(site, "hC") == []
    assert Game.objects.filter(player=player).count() == 1
    drag_move(site, "6a")
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    newest = Game.objects.filter(player=player).order_by("-started_at")
    assert [g.state for g in newest] == ["playing", "won"]
    assert newest[0].move_list == ["6a"]
    site.reload()
    site.locator('.card[data-card="3D"][data-pile="a"]').wait_for()
    assert site.locator('[data-hud="moves"]').text_content() == "1"


def test_a_won_open_daily_opens_won_and_offers_no_replay(site, make_player, make_daily):
    """Until the day closes the attempt is the player's only game on the daily."""
    line = make_daily(2)
    player = make_player("champion")
    play_elsewhere(player, line, daily=today_utc().isoformat())
    log_in(site, site.base, "champion", "/daily/freecell")
    site.locator('[data-hud="notice"]', has_text="Replay it once the day closes").wait_for()
    assert all_home(site)
    assert site.get_by_role("button", name="Replay (unranked)").count() == 0
    assert Game.objects.filter(player=player).count() == 1


def test_a_won_closed_daily_opens_won_and_replays_unranked(site, make_player, make_daily):
    yesterday = today_utc() - dt.timedelta(days=1)
    line = make_daily(2, date=yesterday)
    player = make_player("champion")
    play_elsewhere(player, line, daily=yesterday.isoformat())
    log_in(site, site.base, "champion", f"/daily/freecell/{yesterday.isoformat()}")
    site.locator('[data-hud="notice"]', has_text="You won this daily").wait_for()
    assert all_home(site)
    site.get_by_role("button", name="Replay (unranked)").click()
    wait_settled(site)
    drag_move(site, "1a")
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    replay = Game.objects.filter(player=player, state="playing").get()
    assert replay.ranked is False and replay.daily is not None
    assert Game.objects.filter(player=player).count() == 2


def test_the_start_position_is_the_deal_not_the_won_board(site, make_player):
    """The fresh game after a win starts from the deal's own start."""
    player = make_player("fresh")
    play_elsewhere(player, winning_line("freecell", 1), number=1)
    log_in(site, site.base, "fresh", "/play/freecell/1")
    site.get_by_role("button", name="Play it again").click()
    start = engine.position_to_json(engine.deal("freecell", 1))
    assert [cards_in(site, str(i + 1)) for i in range(8)] == start["columns"]
