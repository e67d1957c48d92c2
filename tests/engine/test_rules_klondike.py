"""docs/rules.md, Klondike: every rule sentence of seed 004's Klondike section."""

import pytest

from engine import (
    IllegalMoveError,
    apply_move,
    deal,
    is_won,
    legal_moves,
    player_view,
    replay,
    resolve_move,
    revealed_cards,
    turned_from_stock,
)
from tests.engine.stock_boards import board, texts

ALL_HOME_BUT_KINGS = {"H": 12, "C": 12, "D": 12, "S": 12}


def refusal(position, text):
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(position, text)
    return caught.value


def test_the_deal_is_columns_of_one_to_seven_with_only_the_last_card_face_up():
    position = deal("klondike-draw1", 5)
    assert [len(column) for column in position.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert position.face_down == (0, 1, 2, 3, 4, 5, 6)
    assert len(position.stock) == 24 and position.waste == () and position.foundations == (0, 0, 0, 0)


def test_seven_of_clubs_goes_on_a_red_eight():
    after = apply_move(board("klondike-draw1", ["7C", "8D"]), "12")
    assert texts(after.columns[1]) == ["8D", "7C"] and after.columns[0] == ()


def test_same_colour_is_refused():
    error = refusal(board("klondike-draw1", ["7C", "8S"]), "12")
    assert error.check == "destination" and "both black" in error.message


def test_a_rank_gap_is_refused():
    error = refusal(board("klondike-draw1", ["7C", "9D"]), "12")
    assert error.check == "destination" and "7C needs a red 8" in error.message


def test_a_face_up_run_moves_together_when_its_top_card_fits():
    position = board("klondike-draw1", ["<2H> TC 9H 8S", "JD"])
    after = apply_move(position, "12")
    assert texts(after.columns[1]) == ["JD", "TC", "9H", "8S"]
    assert texts(after.columns[0]) == ["2H"] and after.face_down[0] == 0


def test_the_part_of_a_run_that_fits_moves_and_no_count_is_needed():
    after = apply_move(board("klondike-draw1", ["TC 9H 8S", "9D"]), "12")
    assert texts(after.columns[1]) == ["9D", "8S"] and texts(after.columns[0]) == ["TC", "9H"]


def test_a_count_that_is_not_the_fitting_group_is_refused():
    position = board("klondike-draw1", ["TC 9H 8S", "JD"])
    assert texts(apply_move(position, "12v3").columns[1]) == ["JD", "TC", "9H", "8S"]
    assert refusal(position, "12v2").check == "destination"


def test_a_king_led_run_fills_an_empty_column():
    position = board("klondike-draw1", ["<2H> KS QH JC", "5D"])
    after = apply_move(position, "13")
    assert texts(after.columns[2]) == ["KS", "QH", "JC"]
    assert str(resolve_move(position, "13")) == "13"


def test_a_queen_led_run_may_not_fill_an_empty_column():
    error = refusal(board("klondike-draw1", ["<2H> QH JC", "5D"]), "13")
    assert error.check == "empty_column" and "only a King" in error.message


def test_a_queen_may_go_on_a_king_but_not_into_an_empty_column():
    position = board("klondike-draw1", ["QH", "KC"])
    assert texts(apply_move(position, "12").columns[1]) == ["KC", "QH"]
    assert refusal(position, "13").check == "empty_column"


def test_the_card_a_move_exposes_turns_face_up_by_itself():
    position = board("klondike-draw1", ["<4S> <9D> 7C", "8H"])
    after = apply_move(position, "12")
    assert texts(after.columns[0]) == ["4S", "9D"] and after.face_down[0] == 1
    assert player_view(after)["columns"][0] == [None, "9D"]
    assert revealed_cards(position, after) == [{"pile": "1", "card": "9D"}]


def test_foundations_build_up_by_suit_from_the_ace():
    position = board("klondike-draw1", ["4D", "AS", "2S"], foundations={"D": 3, "H": 3})
    assert apply_move(position, "1h").foundations == (3, 0, 4, 0)
    assert apply_move(apply_move(position, "2h"), "3h").foundations == (3, 0, 3, 2)
    assert refusal(position, "3h").check == "destination"


def test_four_of_diamonds_does_not_go_on_three_of_hearts_or_start_a_foundation():
    error = refusal(board("klondike-draw1", ["4D"], foundations={"H": 3}), "1h")
    assert error.check == "destination" and "it takes an A next" in error.message and "AD" not in error.message


def test_the_top_foundation_card_may_return_to_a_legal_column():
    position = board("klondike-draw1", ["8D", "8H", "4C"], foundations={"S": 7})
    after = apply_move(position, "hs1")
    assert texts(after.columns[0]) == ["8D", "7S"] and after.foundations == (0, 0, 0, 6)
    assert refusal(position, "hs3").check == "destination"  # 7S on 4C: a rank gap
    assert "hs1" in [str(m) for m in legal_moves(position)]


def test_a_foundation_card_returns_under_the_normal_colour_rule():
    position = board("klondike-draw1", ["8S", "8H"], foundations={"S": 7, "D": 7})
    assert refusal(position, "hs1").check == "destination"  # 7S on 8S: both black
    assert texts(apply_move(position, "hs2").columns[1]) == ["8H", "7S"]
    assert refusal(position, "hd2").check == "destination"  # 7D on 8H: both red


def test_a_foundation_return_into_an_empty_column_is_a_king_only():
    position = board("klondike-draw1", ["5C"], foundations={"S": 13, "H": 7})
    assert texts(apply_move(position, "hs2").columns[1]) == ["KS"]
    assert refusal(position, "hh2").check == "empty_column"


def test_draw_one_turns_one_card_onto_the_waste():
    position = deal("klondike-draw1", 1)
    after = apply_move(position, "s")
    assert texts(after.waste) == ["4H"] and len(after.stock) == 23
    assert revealed_cards(position, after, turned_from_stock(position, position.ruleset)) == [
        {"pile": "w", "card": "4H"}]


def test_draw_three_only_the_top_waste_card_is_playable():
    position = board("klondike-draw3", ["KC", "3S"], stock_top="2D AH 2S")
    turned = apply_move(position, "s")
    assert texts(turned.waste) == ["2S", "AH", "2D"]
    assert refusal(turned, "wh").check == "destination"  # the top card, 2D, cannot go home
    assert "wh" not in [str(m) for m in legal_moves(turned)]
    after = apply_move(turned, "w2")  # 2D onto 3S uncovers AH
    assert apply_move(after, "wh").foundations == (1, 0, 0, 0)


def test_draw_three_turns_fewer_when_fewer_remain():
    position = board("klondike-draw3", [], foundations={"H": 13, "C": 13, "D": 13, "S": 11})
    after = apply_move(position, "s")
    assert texts(after.waste) == ["KS", "QS"] and after.stock == ()


def test_unlimited_passes_three_full_passes_then_a_play():
    position = board("klondike-draw3", [], foundations=ALL_HOME_BUT_KINGS)
    original = position.stock
    for _ in range(3):
        position = apply_move(apply_move(position, "s"), "s")
        assert position.stock == () and len(position.waste) == 4
        position = apply_move(position, "s")  # the waste comes back as the stock
        assert position.stock == original and position.waste == ()
    position = apply_move(position, "s")
    assert texts(position.waste) == ["KS", "KH", "KD"]
    assert apply_move(position, "wh").foundations == (12, 12, 13, 12)


def test_the_stock_turns_in_its_original_order_on_every_pass():
    start = deal("klondike-draw1", 9)
    once = replay(start, ["s"] * 24).position
    again = replay(start, ["s"] * 49).position
    assert once.waste == again.waste and again.stock == ()


def test_turning_an_empty_stock_with_an_empty_waste_is_refused():
    position = board("klondike-draw1", [], foundations={"H": 13, "C": 13, "D": 13, "S": 13})
    assert refusal(position, "s").check == "stock" and is_won(position)


def test_the_waste_plays_to_a_column_and_a_foundation():
    position = board("klondike-draw1", ["9C"], stock_top="AD 8H")
    after = apply_move(apply_move(position, "s"), "w1")
    assert texts(after.columns[0]) == ["9C", "8H"]
    assert apply_move(apply_move(after, "s"), "wh").foundations == (0, 0, 1, 0)
    assert refusal(board("klondike-draw1", []), "wh").check == "availability"


def test_won_when_all_52_cards_are_home():
    position = board("klondike-draw1", ["KH"], foundations={"H": 12, "C": 13, "D": 13, "S": 13})
    assert not is_won(position)
    assert is_won(apply_move(position, "1h"))


def test_klondike_has_no_cells_and_no_tenth_column():
    from engine import NotationError

    for text in ("1a", "a1", "18", "80", "1w"):
        with pytest.raises(NotationError):
            apply_move(deal("klondike-draw1", 1), text)
