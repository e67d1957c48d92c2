"""docs/rules.md, how a move is judged: the checks in order, and FreeCell as a system."""

import pytest

from engine import CHECKS, IllegalMoveError, apply_move
from engine.scenarios import build_position, group_move_transfer

REST = ["KH", "KD", "QS", "QC", "JD"]


def refusal(position, text):
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(position, text)
    return caught.value


def test_checks_are_named_in_the_order_of_the_five_questions():
    assert CHECKS == ("variant", "availability", "group_order", "destination",
                      "empty_column", "capacity", "stock")  # stock: Klondike and Spider only


def test_six_of_hearts_onto_seven_of_clubs_is_legal_six_of_diamonds_onto_seven_of_hearts_not():
    position = build_position("freecell", ["7C", "6H", "7H", "6D", *REST[:4]])
    apply_move(position, "21")
    assert refusal(position, "43").check == "destination"


def test_question_1_the_variant_decides_before_anything_else():
    # The spade foundation is empty, so availability would fail too: variant is asked first.
    position = group_move_transfer("freecell-classic")
    assert refusal(position, "hs1").check == "variant"
    assert refusal(group_move_transfer("freecell"), "hs1").check == "availability"


def test_question_2_availability_comes_before_the_group_order():
    position = group_move_transfer()
    error = refusal(position, "21vff")
    assert error.check == "availability" and "255 asked" in error.message
    assert refusal(position, "c1").check == "availability"
    assert refusal(position, "31").check == "availability"


def test_group_order_comes_before_the_destination():
    error = refusal(group_move_transfer(), "21v7")
    assert error.check == "group_order"
    assert "do not descend in alternating colours" in error.message


def test_question_3_destination_comes_before_the_workspace():
    position = build_position("freecell", ["9C", "8H 7S 6D 5C 4H 3S", *REST, "TS"],
                              cells="JH TH 7D 8S")
    assert refusal(position, "21v5").check == "destination"  # 7S on 9C, and 5 > capacity 1
    assert refusal(position, "21v6").check == "capacity"


def test_question_4_the_empty_column_rule_comes_before_the_workspace():
    assert refusal(group_move_transfer("forecell"), "23v6").check == "empty_column"


def test_question_5_an_ordered_six_card_sequence_may_lack_workspace():
    position = build_position("freecell", ["9C", "8H 7S 6D 5C 4H 3S", *REST, "TS"],
                              cells="JH TH 7D 8S")
    error = refusal(position, "21v6")
    assert (error.check, error.capacity, error.asked) == ("capacity", 1, 6)


def test_a_free_cell_accepts_any_card_when_empty_and_nothing_when_full():
    position = group_move_transfer()
    apply_move(position, "1c")
    error = refusal(position, "1a")
    assert (error.check, error.message) == ("destination", "destination: free cell a already holds JH")


def test_tableau_flavour_returns_a_foundation_card_to_a_column_but_not_to_a_cell():
    position = build_position("freecell-tableau", ["6H", "9C", *REST, "TS"],
                              cells="JH - - -", foundations="5S 4H")
    assert str(apply_move(position, "hs1").columns[0][-1]) == "5S"
    error = refusal(position, "hsb")
    assert error.check == "variant"
    assert error.message == "variant: in freecell-tableau a foundation card comes back onto a column only"
