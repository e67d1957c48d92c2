"""docs/rules.md, ForeCell."""

import pytest

from engine import (
    IllegalMoveError,
    apply_move,
    auto_finish_ready,
    deal,
    is_stuck,
    legal_moves,
    supermove_capacity,
)
from engine.scenarios import build_position

FILLER = ["9S", "9H", "8C", "8D", "TS"]


def refusal(position, text):
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(position, text)
    return caught.value


def king_board():
    return build_position("forecell", ["KH QS JD", "QD JC", "", *FILLER], cells="- - - 2C")


def test_deal_is_eight_columns_of_six_with_the_last_four_cards_in_the_cells():
    position = deal("forecell", 7)
    assert [len(c) for c in position.columns] == [6] * 8
    assert all(card is not None for card in position.cells)
    assert position.foundations == (0, 0, 0, 0)


def test_a_king_heading_a_run_may_enter_an_empty_column():
    after = apply_move(king_board(), "13v3")
    assert [str(c) for c in after.columns[2]] == ["KH", "QS", "JD"]


def test_a_king_alone_may_enter_an_empty_column():
    position = build_position("forecell", ["KC", "", "QD JC", *FILLER], cells="- - - 2C")
    assert [str(c) for c in apply_move(position, "12").columns[1]] == ["KC"]


@pytest.mark.parametrize("text", ["13v1", "13", "13v2", "23v2", "23", "d3"])
def test_only_a_king_may_enter_an_empty_column(text):
    error = refusal(king_board(), text)
    assert error.check == "empty_column"
    assert "only a King, alone or heading a run" in error.message


def test_capacity_is_empty_cells_plus_one_and_empty_columns_add_nothing():
    position = build_position("forecell", ["9C", "8H 7S 6D 5C 4H 3S", "KH", "6H", "QS",
                                           "", "", ""], cells="JH TH - -")
    assert position.empty_columns == 3
    assert supermove_capacity(position) == 3 and supermove_capacity(position, 5) == 3
    apply_move(position, "24v3")
    error = refusal(position, "21v6")
    assert (error.check, error.capacity, error.asked) == ("capacity", 3, 6)
    assert "empty columns add nothing in forecell" in error.message


def test_a_foundation_card_never_comes_back():
    position = build_position("forecell", ["6H", "9C", *FILLER, "JS"], foundations="5S 4H")
    assert refusal(position, "hs1").check == "variant"
    assert refusal(position, "hhb").check == "variant"
    assert not [m for m in legal_moves(position) if m.source == "foundation"]


def test_a_cell_card_goes_up_onto_a_column_or_into_an_empty_cell():
    position = build_position("forecell", ["9C", "3S", *FILLER, "JS"], cells="8H AH - 2C")
    texts = {str(m) for m in legal_moves(position)}
    assert {"a1", "bh", "ac", "bc", "dc"} <= texts
    assert str(apply_move(position, "ac").cells[2]) == "8H"


def test_stuck_when_no_card_has_a_legal_move():
    assert legal_moves(deal("forecell", 1)) == []
    assert is_stuck(deal("forecell", 1))
    assert not is_stuck(deal("forecell", 3))


def test_auto_complete_once_every_column_descends():
    ready = build_position("forecell", ["KS QH JC 9D", "KC QD TH", "KH QS TD 9C",
                                        "KD JH TS 9H", "QC JD TC 9S", "JS", "", ""],
                           cells="8H - 8S -", foundations="7H 8D 8C 7S")
    assert auto_finish_ready(ready)
