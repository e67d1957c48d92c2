"""fc-solve's board format, read and written."""

import pytest

from engine import InvalidBoardError, deal, from_board, to_board
from engine.scenarios import build_position

DEAL_24 = """4C 2C 9C 8C QS 4S 2H
5H QH 3C AC 3H 4H QD
QC 9S 6H 9H 3S KS 3D
5D 2S JC 5C JH 6D AS
2D KD TH TC TD 8D
7H JS KH TS KC 7C
AH 5S 6S AD 8H JD
7S 6C 7D 4D 8S 9D
"""


def test_a_deal_is_written_without_foundation_or_cell_lines():
    assert to_board(deal("freecell", 24)) == DEAL_24


def test_forecell_deal_starts_with_its_freecells_line():
    assert to_board(deal("forecell", 1)).splitlines()[0] == "Freecells: 6S 9C 2H 6H"


def test_board_round_trips_with_foundations_cells_and_empty_columns():
    position = build_position("freecell", ["9C", "8H 7S", "", "KH", "", "QS", "QC", "JD"],
                              cells="- TS - JH", foundations="3S AH")
    text = to_board(position)
    assert text.splitlines()[:2] == ["Foundations: H-A C-0 D-0 S-3", "Freecells: - TS - JH"]
    assert ":" in text.splitlines()
    assert from_board(text, "freecell") == position


def test_reads_fc_solve_variants_of_the_format():
    text = "Foundations: S-0 H-0 D-0 C-0\nFreecells:\n" + "\n".join(
        ": " + line.replace("T", "10") for line in DEAL_24.splitlines()
    ) + "\n\n"
    assert from_board(text, "freecell") == deal("freecell", 24)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\n".join(DEAL_24.splitlines()[:7]) + "\n7S 6C 7D 4D 8S\n", "51 cards"),
        (DEAL_24 + "Freecells: 9D\n", "twice: 9D"),
        (DEAL_24.replace("4C", "XX"), "not a card"),
        ("\n".join(DEAL_24.splitlines()[:7]), "8 column lines"),
        ("Foundations: H-Z\n" + DEAL_24, "bad foundation"),
        ("Freecells: - - - - 9D\n" + DEAL_24, "at most 4"),
    ],
)
def test_bad_boards_say_what_is_wrong(text, message):
    with pytest.raises(InvalidBoardError, match=message):
        from_board(text, "freecell")
