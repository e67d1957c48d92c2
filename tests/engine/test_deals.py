"""Deals: Microsoft / FreeCell Pro numbers and PySolFC ForeCell numbers."""

import subprocess

import pytest

from engine import DECK, InvalidDealError, deal, to_board


@pytest.mark.parametrize(
    "number", [1, 24, 617, 11982, 32000, 32001, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 8_589_934_591]
)
def test_layout_matches_make_microsoft_freecell_board(number):
    printed = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)],
        capture_output=True, text=True, check=True,
    ).stdout
    for variant in ("freecell", "freecell-tableau", "freecell-classic"):
        assert to_board(deal(variant, number)) == printed


def test_freecell_deal_is_seven_seven_seven_seven_then_six():
    position = deal("freecell", 24)
    assert [len(column) for column in position.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert position.cells == (None,) * 4
    assert position.foundations == (0, 0, 0, 0)
    assert {c for column in position.columns for c in column} == set(DECK)


def test_forecell_deals_48_cards_in_columns_of_six_and_4_into_the_cells():
    position = deal("forecell", 1)
    assert [len(column) for column in position.columns] == [6] * 8
    assert [str(card) for card in position.cells] == ["6S", "9C", "2H", "6H"]
    assert " ".join(str(c) for c in position.columns[0]) == "JD KD 2S 4C 3S 6D"


def test_forecell_numbers_above_32000_use_pysolfc_mersenne_twister_deals():
    small, large = deal("forecell", 32000), deal("forecell", 32001)
    assert small != large
    assert all(card is not None for card in large.cells)
    assert deal("forecell", 10**20 - 1).cells[0] is not None


@pytest.mark.parametrize(
    ("variant", "number"),
    [("freecell", 0), ("freecell", -1), ("freecell", 8_589_934_592), ("forecell", 0),
     ("forecell", 10**20), ("freecell", "24"), ("freecell", 24.0), ("freecell", True)],
)
def test_deal_numbers_out_of_range_are_refused(variant, number):
    with pytest.raises(InvalidDealError, match="deal numbers run from 1"):
        deal(variant, number)
