"""Keyboard-only and screen-reader play: a whole ForeCell deal won without a mouse."""

import pytest

from engine import auto_finish_ready, deal, replay
from tests.browser.board import board_state, cards_in, key_move, open_deal, wait_settled
from tests.browser.solutions import winning_line

pytestmark = pytest.mark.browser

FORECELL_DEAL = 3


def test_a_forecell_deal_is_won_with_the_keyboard_only(site):
    line = winning_line("forecell", number=FORECELL_DEAL)
    start = deal("forecell", FORECELL_DEAL)
    site.goto(f"{site.base}/play/forecell/{FORECELL_DEAL}")
    site.locator('.card[data-pile="a"]').wait_for()
    wait_settled(site)
    announcer = site.locator("[data-announcer]")
    for ply, move in enumerate(line, start=1):
        key_move(site, move)
        if ply <= 3:
            announcer.filter(has_text=" of ").wait_for()
        # Auto complete (on by default in ForeCell) takes over once every column descends.
        if auto_finish_ready(replay(start, line[:ply]).position):
            break
    site.get_by_role("dialog", name="You won!").wait_for(timeout=30_000)
    assert all(len(cards_in(site, pile)) == 13 for pile in ("hH", "hC", "hD", "hS"))
    # The last card lands, then the finisher's step pause and the announcer's own delay.
    announcer.filter(has_text="You won").wait_for()
    assert site.errors == []


@pytest.mark.auto_home
def test_keys_typed_while_cards_go_home_by_themselves_play_their_move_once_they_are_home(site):
    site.clock.install()  # the page's time is this test's to stop
    open_deal(site)  # FreeCell deal 1
    key_move(site, "6a")  # 3D to a cell
    # Time stands still: 2C to a cell sends the AC home at once; the AS and
    # the 2C follow a step each, later, as on a device too slow to keep up.
    site.clock.pause_at(site.evaluate("Date.now()") + 1000)
    key_move(site, "6b")
    assert board_state(site)["hS"] == [] and board_state(site)["b"] == ["2C"]
    for key in ("3", "c", "Enter"):  # the next move, typed before they are home: 2H to a cell
        site.keyboard.press(key)
    site.clock.run_for(1000)
    site.locator('.card[data-card="2H"][data-pile="c"]').wait_for(state="attached")
    board = board_state(site)
    assert (board["hC"], board["hS"], board["b"]) == (["AC", "2C"], ["AS"], [])
    assert site.locator('[data-hud="moves"]').text_content() == "6"  # 6a 6b, AC AS 2C home, then 3c
    assert site.errors == []


def test_piles_name_their_cards_in_words_and_focus_is_visible(site):
    site.goto(f"{site.base}/play/forecell/{FORECELL_DEAL}")
    site.locator('.card[data-pile="a"]').wait_for()
    site.keyboard.press("a")
    cell = site.locator('.pile[data-pile="a"]')
    assert cell.evaluate("el => el === document.activeElement")
    label = cell.get_attribute("aria-label")
    assert label.startswith("free cell A: ") and " of " in label
    outline = cell.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline != "none"
    column = site.locator('.pile[data-pile="1"]').get_attribute("aria-label")
    assert column.startswith("column 1, 6 cards, exposed first: ")
    assert "selected" in site.locator("[data-announcer]").text_content()
    site.keyboard.press("Escape")
    site.keyboard.press("l")
    site.locator("[data-announcer]", has_text="column 8").wait_for()


def test_f_again_chooses_the_next_foundation_so_a_card_comes_back_by_key(site):
    site.goto(f"{site.base}/play/freecell/1")
    site.locator('.card[data-pile="1"]').first.wait_for()
    wait_settled(site)
    for move in ("6a", "6b", "6h"):  # the Ace of clubs goes home
        key_move(site, move)
    announcer = site.locator("[data-announcer]")
    site.keyboard.press("f")
    announcer.filter(has_text="hearts foundation, empty").wait_for()
    site.keyboard.press("f")
    announcer.filter(has_text="Ace of clubs in clubs foundation selected").wait_for()
    assert site.locator('.pile[data-pile="hC"]').evaluate("el => el === document.activeElement")
    site.keyboard.press("c")
    site.keyboard.press("Enter")
    site.locator('.card[data-card="AC"][data-pile="c"]').wait_for()
    for suit in ("hearts", "clubs", "diamonds", "spades", "hearts"):
        site.keyboard.press("f")
        announcer.filter(has_text=f"{suit} foundation, empty").wait_for()
    assert "F again: the next one" in site.locator("#board-help").text_content()


def test_the_clock_is_read_with_its_name(site):
    site.goto(f"{site.base}/play/freecell/1")
    site.locator('.card[data-pile="1"]').first.wait_for()
    meter = site.locator(".meter").aria_snapshot()
    assert "Moves: 0 · Time:" in meter and "- time: 0:0" in meter, meter
    assert site.locator('time[data-hud="clock"]').get_attribute("datetime").startswith("PT")
