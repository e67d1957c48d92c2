"""A Klondike game with nothing left to decide finishes. A guest's numbered deal
is dealt in the page (local_deal.js) and played there: no server game starts,
on load or at any move. The solver's line is played up to the first position
with the stock and the waste empty and every card face up (its first move on
the board, the rest written into the page's own save as a longer log of the
same game), the page is reloaded on that game, and the rest goes home, each
card a move on the board, until the end screen: from the Auto-finish button,
or by itself with Auto complete on (the default) after the move that turns the
last card. No game is started on the server and no move is sent to it. A guest who reloads gets
the same deal back, and after a move the same game, kept in one save."""

import json
from urllib.parse import urlparse

import pytest

import engine
from games.models import Game
from tests.browser.board import cards_in
from tests.browser.stock import keys, translate, wait_for_view
from tests.support.lines import winning_line

pytestmark = pytest.mark.browser

VARIANT = "klondike-draw1"

# Turns the page's own save of the game after its first move (state.js's
# `serialize`) into the save the page keeps after the longer log `moves`: each
# move timed a second after the last, and the cards each turned up (`known`, by
# log prefix, from the deal). Without `known` the log would not replay on load
# (its moves need the cards turned up before them) and the page drops the save.
LONGER_LOG = """
([key, moves, reveals]) => {
  const save = JSON.parse(localStorage.getItem(key));
  if (!save || save.moves.length !== 1 || save.moves[0] !== moves[0]) return `the page saved ${JSON.stringify(save?.moves)}`;
  save.moves = moves;
  save.times = moves.map((_, i) => 1000 * (i + 1));
  save.elapsed = save.times.at(-1);
  save.known = Object.fromEntries(reveals.map((cards, i) => [moves.slice(0, i + 1).join(" "), cards]));
  localStorage.setItem(key, JSON.stringify(save));
  return null;
}
"""


def save_key(number: int) -> str:
    return f"fc:game:{VARIANT}:{number}"


def moves_until_nothing_is_left_to_decide(number: int) -> tuple[list[str], int]:
    """The prefix of the solver's winning line that ends at the first position with the
    stock and the waste empty and no card face down, and how many cards are still out."""
    position = engine.deal(VARIANT, number)
    line = winning_line(VARIANT, number)
    for ply, move in enumerate(line):
        if not position.stock and not position.waste and not any(position.face_down):
            return list(line[:ply]), sum(len(column) for column in position.columns)
        position = engine.apply_move(position, move)
    raise AssertionError(f"{VARIANT} #{number}: the line never turns every card before its end")


def api_requests(site) -> list[str]:
    """Every request the page sends to the API from now on, as "METHOD /path"."""
    sent = []
    site.on("request", lambda r: sent.append(f"{r.method} {urlparse(r.url).path}") if "/api/" in r.url else None)
    return sent


def wait_for_position(site, view: dict, ply: int) -> None:
    """Until the board shows `view` (every column, and the waste's top card) after `ply` moves."""
    wait_for_view(site, view)
    assert cards_in(site, "w")[-1:] == view["waste"][-1:]
    assert site.locator('[data-hud="moves"]').text_content() == str(ply)


def open_game_after(site, number: int, moves: list[str]) -> list[str]:
    """A guest's game on the deal with `moves` played, open on the page; returns the API
    requests the page sent meanwhile. The first move is played on the board; the page's
    save then holds the game, and a reload takes its longer log."""
    line = translate(VARIANT, number, moves)
    sent = api_requests(site)
    site.goto(f"{site.base}/play/{VARIANT}/{number}")
    wait_for_position(site, line.start_view, 0)
    keys(site, line.steps[0])
    wait_for_position(site, line.steps[0].view, 1)
    reveals = [step.reveals for step in line.steps]
    assert site.evaluate(LONGER_LOG, [save_key(number), moves, reveals]) is None
    site.reload()
    wait_for_position(site, line.steps[-1].view, len(moves))
    return sent


def server_game_requests(sent: list[str]) -> list[str]:
    """The requests that start a server game or send it anything (its moves above all).
    A guest's page may still ask whether a deal's log is lost (POST /api/deals/.../verdict/,
    lost_watch.js) once the moves pause: that keeps no game, and comes or not by timing."""
    return [request for request in sent if not request.startswith("GET ") and request.split()[1].startswith("/api/games/")]


def assert_won_in_the_page(site, number: int, ply: int) -> None:
    """The end screen, every card home, and the win kept in the page's one save of this deal."""
    end = site.get_by_role("dialog", name="You won!")
    end.wait_for()
    assert end.locator("xpath=.//dt[.='Moves']/following-sibling::dd[1]").text_content() == str(ply)
    assert [len(cards_in(site, pile)) for pile in ("hH", "hC", "hD", "hS")] == [13] * 4
    saved = site.evaluate("(key) => JSON.parse(localStorage.getItem(key))", save_key(number))
    assert len(saved["moves"]) == ply
    index = json.loads(site.evaluate("() => localStorage.getItem('fc:games')"))
    assert [(entry["key"], entry["ply"], entry["won"]) for entry in index] == [(save_key(number), ply, True)]


def test_the_auto_finish_button_sends_every_card_home_once_a_klondike_game_has_nothing_left_to_decide(site):
    number = 7  # the solver's line turns its last card with 24 cards still out
    prefix, left = moves_until_nothing_is_left_to_decide(number)
    sent = open_game_after(site, number, prefix)
    finish = site.locator('[data-hud="finish"]')
    assert not finish.is_disabled()
    finish.click()
    assert_won_in_the_page(site, number, len(prefix) + left)
    assert server_game_requests(sent) == []  # no game started, no move sent: the game is the page's
    assert not Game.objects.exists()
    assert site.errors == []


@pytest.mark.auto_home
def test_with_auto_complete_the_klondike_move_that_turns_the_last_card_up_finishes_the_game(site):
    number = 3  # the line's last decision, 7h, turns up the King of clubs, the last card face down
    prefix, left = moves_until_nothing_is_left_to_decide(number)
    assert prefix[-1] == "7h" and left > 3
    sent = open_game_after(site, number, prefix[:-1])
    assert site.locator('[data-hud="finish"]').is_disabled()
    keys(site, translate(VARIANT, number, prefix).steps[-1])
    assert_won_in_the_page(site, number, len(prefix) + left)
    assert server_game_requests(sent) == []
    assert not Game.objects.exists()
    assert site.errors == []


def test_a_guest_who_reloads_gets_the_same_deal_and_then_the_same_game(site):
    number = 7
    line = translate(VARIANT, number, list(winning_line(VARIANT, number)[:2]))
    sent = api_requests(site)
    site.goto(f"{site.base}/play/{VARIANT}/{number}")
    wait_for_position(site, line.start_view, 0)
    # Before the first move: the same deal, and nothing saved or started for it.
    site.reload()
    wait_for_position(site, line.start_view, 0)
    assert site.evaluate("(key) => localStorage.getItem(key)", save_key(number)) is None
    keys(site, line.steps[0])  # the stock turns its first card
    wait_for_position(site, line.steps[0].view, 1)
    # After it: the same game, one move in, and the next move goes on from there.
    site.reload()
    wait_for_position(site, line.steps[0].view, 1)
    keys(site, line.steps[1])
    wait_for_position(site, line.steps[1].view, 2)
    saved = site.evaluate("(key) => JSON.parse(localStorage.getItem(key))", save_key(number))
    assert saved["moves"] == line.moves
    index = json.loads(site.evaluate("() => localStorage.getItem('fc:games')"))
    assert [entry["key"] for entry in index] == [save_key(number)]  # one game in this browser
    assert server_game_requests(sent) == []  # and none on the server
    assert not Game.objects.exists()
    assert site.errors == []
