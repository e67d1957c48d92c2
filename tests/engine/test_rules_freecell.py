"""docs/rules.md, FreeCell: the site's default variant, ``freecell``."""

import pytest

from engine import (
    IllegalMoveError,
    apply_move,
    auto_finish_moves,
    auto_finish_ready,
    deal,
    is_won,
    legal_moves,
    replay,
    supermove_capacity,
)
from engine.scenarios import build_position, freecell_six_cards

REST = ["KH", "KD", "QS", "QC", "JD"]


def refusal(position, text):
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(position, text)
    return caught.value


def test_setup_is_eight_columns_four_empty_cells_four_empty_foundations():
    position = deal("freecell", 1)
    assert [len(c) for c in position.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert position.cells == (None,) * 4 and position.foundations == (0, 0, 0, 0)


def test_two_free_cells_and_one_empty_column_move_six_cards():
    position = freecell_six_cards()
    assert supermove_capacity(position) == (2 + 1) * 2 == 6
    apply_move(position, "21v6")


def test_an_empty_destination_column_is_subtracted_from_the_count():
    position = freecell_six_cards()
    assert supermove_capacity(position, 2) == 3
    assert refusal(position, "23v4").check == "capacity"


def test_eight_of_hearts_goes_on_nine_of_clubs():
    position = build_position("freecell", ["9C", "8H", *REST, "TS"])
    assert [str(c) for c in apply_move(position, "21").columns[0][-2:]] == ["9C", "8H"]


def test_six_of_diamonds_is_refused_on_seven_of_hearts():
    position = build_position("freecell", ["7H", "6D", *REST, "TS"])
    error = refusal(position, "21")
    assert error.check == "destination"
    assert error.message == "destination: 6D does not go on 7H (both red)"


def test_an_empty_column_accepts_any_card():
    position = build_position("freecell", ["2D", "", *REST, "TS"])
    assert [str(c) for c in apply_move(position, "12").columns[1]] == ["2D"]


def test_any_single_card_goes_to_an_empty_free_cell_and_only_there():
    position = build_position("freecell", ["9C", "8H", *REST, "TS"], cells="JH - - -")
    assert str(apply_move(position, "1b").cells[1]) == "9C"
    assert refusal(position, "1a").check == "destination"


def test_a_parked_card_goes_to_its_foundation_or_a_column_that_accepts_it():
    position = build_position("freecell", ["9C", "4S", *REST, "TS"], cells="8H 2S - -",
                              foundations="AS")
    assert apply_move(position, "bh").foundations == (0, 0, 0, 2)
    assert str(apply_move(position, "a1").columns[0][-1]) == "8H"
    assert refusal(position, "a2").check == "destination"


def test_foundations_build_by_suit_from_the_ace():
    position = build_position("freecell", ["AH", "2H", "2C", *REST], foundations="")
    after = apply_move(apply_move(position, "1h"), "2h")
    assert after.foundations == (2, 0, 0, 0)
    assert refusal(position, "2h").message == "destination: 2H does not go on the heart foundation (next is AH)"
    assert refusal(apply_move(position, "1h"), "3h").check == "destination"


def test_the_top_foundation_card_comes_back_onto_a_column_or_into_an_empty_cell():
    position = build_position("freecell", ["6H", "9C", *REST, "TS"], cells="JH - - -",
                              foundations="5S 4H")
    onto_column = apply_move(position, "hs1")
    assert str(onto_column.columns[0][-1]) == "5S" and onto_column.foundations[3] == 4
    into_cell = apply_move(position, "hhb")
    assert str(into_cell.cells[1]) == "4H" and into_cell.foundations[0] == 3
    assert refusal(position, "hh2").check == "destination"  # 4H does not go on 9C
    assert refusal(position, "hsa").check == "destination"  # cell a holds JH


def test_auto_finish_lights_when_columns_run_high_to_low_whatever_the_suits():
    ready = build_position("freecell", ["KS QH JC 9D", "KC QD TH", "KH QS TD 9C",
                                        "KD JH TS 9H", "QC JD TC 9S", "JS", "", ""],
                           cells="8H - 8S -", foundations="7H 8D 8C 7S")
    assert auto_finish_ready(ready)  # the cells hold cards and do not block it
    moves = auto_finish_moves(ready)
    assert is_won(replay(ready, moves).position)
    assert all(m.destination == "foundation" for m in moves)


def test_auto_finish_is_not_ready_while_a_column_climbs():
    climbing = build_position("freecell", ["KS QH JC 9D", "KC QD TH", "KH QS TD 9C",
                                           "KD JH TS 9H", "QC JD 9S TC", "JS", "", ""],
                              cells="8H - 8S -", foundations="7H 8D 8C 7S")
    assert not auto_finish_ready(climbing)
    assert auto_finish_moves(climbing) == []


def test_won_when_all_52_cards_are_home():
    won = build_position("freecell", [""] * 8, foundations="KH KC KD KS")
    assert is_won(won) and not auto_finish_ready(won)
    assert legal_moves(won)  # in this variant a foundation card may still come back
