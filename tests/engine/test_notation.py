"""fc-solve's standard notation, read and written."""

import pytest

from engine import (
    CELL,
    COLUMN,
    FOUNDATION,
    Move,
    NotationError,
    deal,
    format_move,
    legal_moves,
    parse_move,
    resolve_move,
)
from engine.scenarios import build_position


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("12", Move(COLUMN, 0, COLUMN, 1, None)),
        ("26v4", Move(COLUMN, 1, COLUMN, 5, 4)),
        ("82vc", Move(COLUMN, 7, COLUMN, 1, 12)),
        ("14v1", Move(COLUMN, 0, COLUMN, 3, 1)),
        ("1a", Move(COLUMN, 0, CELL, 0)),
        ("d8", Move(CELL, 3, COLUMN, 7)),
        ("5h", Move(COLUMN, 4, FOUNDATION)),
        ("bh", Move(CELL, 1, FOUNDATION)),
        ("ab", Move(CELL, 0, CELL, 1)),
        ("hs5", Move(FOUNDATION, 3, COLUMN, 4)),
        ("hda", Move(FOUNDATION, 2, CELL, 0)),
    ],
)
def test_reads_and_writes_standard_notation(text, move):
    assert parse_move(text) == move
    assert format_move(move) == text


def test_counts_are_hexadecimal_as_fc_solve_writes_them():
    assert parse_move("82vc").count == 12
    assert format_move(Move(COLUMN, 7, COLUMN, 1, 13)) == "82vd"


@pytest.mark.parametrize(
    "text",
    ["", "0", "19", "91", "1e", "a", "12v0", "12v", "12V3", "12v03", "1hv2", "a1v2", "hx1",
     "h1", " 12", "12 ", "1A", "HS5", "i1", "1h2", None, 12],
)
def test_garbage_is_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_move(text)


def test_moves_other_than_column_to_column_carry_one_card():
    assert Move(COLUMN, 0, CELL, 0).count == 1
    with pytest.raises(NotationError):
        Move(COLUMN, 0, CELL, 0, 2)
    with pytest.raises(NotationError):
        Move(COLUMN, 8, COLUMN, 0)
    with pytest.raises(NotationError):
        Move("stock", 0, COLUMN, 0)


def test_canonical_form_writes_v_exactly_for_empty_destinations():
    position = build_position("freecell", ["9C", "8H 7S 6D", "", "KH", "KD", "QS", "QC", "JD"],
                              cells="JH TS - -")
    texts = [format_move(m) for m in legal_moves(position)]
    assert "21" in texts and "21v3" not in texts  # the count onto a card is implied
    assert {"23v1", "23v2", "23v3"} <= set(texts) and "23" not in texts
    assert "a3" in texts  # cell to empty column: one card, no count to state


def test_fc_solve_single_card_into_an_empty_column_reads_as_one_card():
    position = build_position("freecell", ["9C", "8H 7S 6D", "", "KH", "KD", "QS", "QC", "JD"])
    assert format_move(resolve_move(position, "23")) == "23v1"


def test_count_left_out_onto_a_card_takes_the_run_that_fits():
    position = build_position("freecell", ["9C", "8H 7S 6D", "", "KH", "KD", "QS", "QC", "JD"])
    assert resolve_move(position, "21") == resolve_move(position, "21v3")
    assert format_move(resolve_move(position, "21v3")) == "21"
    assert format_move(resolve_move(deal("freecell", 24), "65")) == "65"
