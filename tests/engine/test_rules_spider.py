"""docs/rules.md, Spider: every rule sentence of seed 004's Spider section."""

from collections import Counter

import pytest

from engine import (
    IllegalMoveError,
    apply_move,
    deal,
    is_won,
    legal_moves,
    player_view,
    resolve_move,
    revealed_cards,
    turned_from_stock,
)
from tests.engine.stock_boards import board, texts

RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"  # AS makes it complete
FULL_ROW = ["5C", "6C", "7C", "8C", "9C", "5D", "6D", "7D", "8D", "9D"]


def refusal(position, text):
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(position, text)
    return caught.value


@pytest.mark.parametrize(("variant", "suits"), [("spider-1suit", "C"), ("spider-2suits", "CH"),
                                                  ("spider-4suits", "CDHS")])
def test_two_decks_54_dealt_with_four_face_down_rows_and_50_in_the_stock(variant, suits):
    position = deal(variant, 11)
    assert [len(column) for column in position.columns] == [6, 5, 5, 6, 5, 5, 6, 5, 5, 6]
    assert position.face_down == (5, 4, 4, 5, 4, 4, 5, 4, 4, 5)
    assert len(position.stock) == 50 and position.removed == ()
    cards = Counter(card for pile in (*position.columns, position.stock) for card in pile)
    assert sum(cards.values()) == 104 and "".join(sorted({c.suit for c in cards})) == suits


@pytest.mark.parametrize("card", ["9H", "9C"])
def test_a_single_card_goes_on_any_card_one_rank_higher_whatever_its_suit(card):
    after = apply_move(board("spider-4suits", [card, "TC"], removed="H"), "12")
    assert texts(after.columns[1]) == ["TC", card]


def test_a_rank_gap_is_refused():
    error = refusal(board("spider-4suits", ["8H", "TC"]), "12")
    assert error.check == "destination" and "8H needs a 9" in error.message


def test_a_same_suit_run_moves_as_a_group_onto_any_nine():
    after = apply_move(board("spider-4suits", ["8D 7D 6D", "9S"]), "12")
    assert texts(after.columns[1]) == ["9S", "8D", "7D", "6D"] and after.columns[0] == ()


def test_a_mixed_suit_group_is_refused():
    error = refusal(board("spider-4suits", ["8D 7C 6C", "9S"]), "12")
    assert error.check == "group_order" and "8D 7C 6C is not one suit" in error.message


def test_nine_eight_seven_with_a_suit_break_moves_one_or_two_cards_but_not_three():
    position = board("spider-4suits", ["9S 8H 7H", "8C", "9D", "TD"])
    assert texts(apply_move(position, "12").columns[1]) == ["8C", "7H"]
    assert texts(apply_move(position, "13").columns[2]) == ["9D", "8H", "7H"]
    assert refusal(position, "14").check == "group_order"
    empties = [f"1{j}v{n}" for j in "567890" for n in (1, 2)]
    from_first = [str(m) for m in legal_moves(position) if m.source == "column" and m.source_index == 0]
    assert from_first == sorted(["12", "13", *empties])


def test_an_empty_column_takes_any_card_or_a_same_suit_run():
    position = board("spider-4suits", ["9S 8H 7H", "5D"])
    assert texts(apply_move(position, "13").columns[2]) == ["7H"]
    assert texts(apply_move(position, "13v2").columns[2]) == ["8H", "7H"]
    assert refusal(position, "13v3").check == "group_order"
    assert str(resolve_move(position, "13")) == "13v1"


def test_a_count_given_where_the_group_is_determined_must_match():
    position = board("spider-4suits", ["8D 7D 6D", "9S"])
    assert apply_move(position, "12v3") == apply_move(position, "12")
    assert refusal(position, "12v2").check == "destination"


def test_a_stock_deal_puts_one_card_face_up_on_every_column():
    position = deal("spider-2suits", 3)
    after = apply_move(position, "s")
    assert [len(c) for c in after.columns] == [len(c) + 1 for c in position.columns]
    assert after.face_down == position.face_down and len(after.stock) == 40
    assert texts(c[-1] for c in after.columns) == texts(position.stock[::-1][:10])
    shown = revealed_cards(position, after, turned_from_stock(position, position.ruleset))
    assert [r["pile"] for r in shown] == list("1234567890")


def test_the_stock_deal_is_refused_while_a_column_is_empty():
    position = board("spider-4suits", FULL_ROW[:3] + [""] + FULL_ROW[4:])
    error = refusal(position, "s")
    assert error.check == "stock"
    assert error.message == "stock: the stock cannot be dealt while column 4 is empty"
    assert "s" not in [str(m) for m in legal_moves(position)]


def test_a_complete_run_is_removed_after_a_move():
    position = board("spider-4suits", [f"<4D> {RUN}", "AS", "7H"])
    after = apply_move(position, "21")
    assert after.removed == ("S",) and texts(after.columns[0]) == ["4D"] and after.face_down[0] == 0
    assert revealed_cards(position, after) == [{"pile": "1", "card": "4D"}]


def test_a_complete_run_is_removed_after_a_deal():
    columns = [f"<4D> {RUN}"] + FULL_ROW[1:]
    position = board("spider-4suits", columns, stock_top="5H 6H 7H 8H 9H TH JH QH KH AS")
    after = apply_move(position, "s")
    assert after.removed == ("S",) and texts(after.columns[0]) == ["4D"] and after.face_down[0] == 0


def test_a_mixed_suit_king_to_ace_is_not_removed():
    mixed = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    after = apply_move(board("spider-4suits", [mixed, "AH"]), "21")
    assert after.removed == () and len(after.columns[0]) == 13


def test_the_exposed_card_turns_up_after_a_move():
    position = board("spider-4suits", ["<3C> <QD> 7H", "8S"])
    after = apply_move(position, "12")
    assert after.face_down[0] == 1 and player_view(after)["columns"][0] == [None, "QD"]


def test_cards_never_go_to_a_foundation_one_by_one():
    position = board("spider-4suits", ["AS"])
    assert refusal(position, "1h").check == "variant"


def test_won_when_eight_runs_are_removed():
    position = board("spider-1suit", [f"{RUN.replace('S', 'C')}", "AC"], removed="C C C C C C C")
    assert not is_won(position)
    after = apply_move(position, "21")
    assert is_won(after) and len(after.removed) == 8


def test_spider_notation_has_a_tenth_column_zero_and_no_waste():
    from engine import NotationError

    position = board("spider-4suits", ["5C", "", "", "", "", "", "", "", "", "6H"])
    assert texts(apply_move(position, "10").columns[9]) == ["6H", "5C"]
    for text in ("w1", "1a", "1w", "0"):
        with pytest.raises(NotationError):
            apply_move(position, text)


@pytest.mark.parametrize("variant", ["spider-1suit", "spider-2suits", "spider-4suits"])
def test_every_suit_count_removes_runs_and_refuses_the_deal_alike(variant):
    from engine.stock_scenarios import stock_named_positions

    boards = {name.split("/")[0]: p for name, p in stock_named_positions() if name.endswith(variant)}
    after_move = apply_move(boards["run-removal"], "21")
    assert len(after_move.removed) == 1 and after_move.face_down[0] == 0 and len(after_move.columns[0]) == 1
    after_deal = apply_move(boards["removal-after-deal"], "s")
    assert len(after_deal.removed) == 1 and len(after_deal.columns[0]) == 1
    assert refusal(boards["deal-needs-every-column"], "s").check == "stock"
    any_suit = boards["any-suit-one-higher"]
    assert texts(apply_move(any_suit, "12").columns[1])[-1] == "7" + any_suit.columns[0][-1].suit
