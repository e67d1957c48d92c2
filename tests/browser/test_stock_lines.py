"""The browser tests' translation of a solver's Klondike or Spider line into board
gestures (tests/browser/stock.py): pile ids, cards carried, what each move
reveals, and the player's view after it. No browser: the wins rely on this."""

import pytest

from tests.browser.stock import ResponseLog, translate
from tests.support.lines import winning_line


def test_a_klondike_move_names_its_piles_its_card_and_the_card_it_turns_up():
    line = translate("klondike-draw1", 1, ["7h", "s"])
    flip, turn = line.steps
    assert (flip.source, flip.destination, flip.count, flip.card) == ("7", "hS", 1, "AS")
    assert flip.reveals == [{"pile": "7", "card": "JS"}]
    assert flip.view["columns"][6] == [None] * 5 + ["JS"]
    assert turn.stock and turn.reveals == [{"pile": "w", "card": "4H"}] and turn.view["waste"] == ["4H"]
    assert not line.won


@pytest.mark.parametrize("variant, number", [("klondike-draw3", 5), ("spider-2suits", 5)])
def test_a_solvers_winning_line_translates_move_for_move_into_views_that_hide_every_face_down_card(
        variant, number):
    line = translate(variant, number, list(winning_line(variant, number)))
    assert line.won and len(line.steps) == len(line.moves)
    for step in line.steps:
        assert step.view["stock"] == [None] * len(step.view["stock"])
        assert "face_down" not in step.view
        if step.stock:
            assert step.count == 0 and step.card is None
        else:
            assert step.count >= 1 and step.card
    deals = [step for step in line.steps if step.stock]
    if variant.startswith("spider"):
        # A Spider deal turns one card on each of the ten columns, the tenth named "0".
        assert [r["pile"] for r in deals[0].reveals] == [*"123456789", "0"]
    else:
        assert {r["pile"] for step in deals for r in step.reveals} <= {"w"}


def test_the_response_check_refuses_an_answer_that_names_a_card_still_face_down():
    line = translate("klondike-draw1", 1, ["7h"])
    log = ResponseLog.__new__(ResponseLog)
    log.bodies = [(0, "/api/deals/klondike-draw1/1/", "application/json", '{"position": {"stock": ["4H"]}}')]
    with pytest.raises(AssertionError, match="names 4H, still face down"):
        log.check(line)
    # A game's answer is held to the player's view exactly, not only to the cards it names.
    log.bodies = [(1, "/api/games/1/", "application/json",
                   '{"variant": "klondike-draw1", "moves": ["7h"], "start": {}, "position": {}, "reveals": []}')]
    with pytest.raises(AssertionError, match="start is not the player's view"):
        log.check(line)
