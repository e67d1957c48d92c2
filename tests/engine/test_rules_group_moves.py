"""docs/rules.md, group moves: free cells and usable empty columns set the capacity."""

import pytest

from engine import (
    IllegalMoveError,
    NotationError,
    apply_move,
    legal_moves,
    parse_move,
    supermove_capacity,
)
from engine.scenarios import build_position, group_move_transfer

REST = ["KH", "KD", "QS", "QC", "JD"]


def test_the_six_card_transfer_step_by_step_equals_the_group_move():
    """Two cells and one helper column move 8H 7S 6D 5C 4H 3S onto the black nine."""
    start = group_move_transfer()
    steps = [
        "2c", "2d",  # park black three and red four in the two cells
        "23",  # black five into the helper column (fc-solve's single-card form)
        "d3", "c3",  # red four onto black five, black three onto red four
        "2c", "2d", "21", "d1", "c1",  # red eight, black seven, red six onto black nine
        "3c", "3d", "31", "d1", "c1",  # the helper's five, four, three onto red six
    ]
    position = start
    for step in steps:
        position = apply_move(position, step)  # each placement is itself legal
    assert position == apply_move(start, "21v6")
    assert [str(c) for c in position.columns[0][-7:]] == ["9C", "8H", "7S", "6D", "5C", "4H", "3S"]
    assert not position.columns[2]


def test_capacity_is_six_onto_the_black_nine_and_three_into_the_sole_empty_column():
    position = group_move_transfer()
    assert supermove_capacity(position, None) == 6
    assert supermove_capacity(position, 2) == 3
    apply_move(position, "21v6")
    apply_move(position, "23v3")
    with pytest.raises(IllegalMoveError) as refusal:
        apply_move(position, "23v4")
    error = refusal.value
    assert (error.check, error.capacity, error.asked) == ("capacity", 3, 4)
    assert error.message == (
        "capacity: 3 cards may move into an empty column here "
        "(2 free cells, 0 other empty columns), 4 asked"
    )


def test_red_eight_black_seven_red_six_go_onto_a_black_nine():
    position = build_position("freecell", ["9C", "8H 7S 6D", *REST, "TS"], cells="JH TH - -")
    after = apply_move(position, "21v3")
    assert [str(c) for c in after.columns[0][-4:]] == ["9C", "8H", "7S", "6D"]


def test_an_empty_column_accepts_a_group_of_any_rank_within_the_limit():
    position = group_move_transfer()
    after = apply_move(position, "23v3")
    assert [str(c) for c in after.columns[2]] == ["5C", "4H", "3S"]


def test_the_column_the_move_would_empty_does_not_count():
    position = build_position(
        "freecell", ["9C", "8H 7S 6D 5C 4H 3S", *REST, "TS"], cells="JH TH - -", alone=(1,)
    )
    assert len(position.columns[1]) == 6
    assert supermove_capacity(position, None) == 3
    with pytest.raises(IllegalMoveError) as refusal:
        apply_move(position, "21v6")
    assert (refusal.value.check, refusal.value.capacity, refusal.value.asked) == ("capacity", 3, 6)


def test_filling_a_cell_lowers_the_next_capacity_from_three_to_two():
    position = build_position("freecell", ["9C", "8H 7S 6D", *REST, "TS"], cells="JH TH - -")
    assert supermove_capacity(position) == 3
    parked = apply_move(position, "8c")
    assert supermove_capacity(parked) == 2
    with pytest.raises(IllegalMoveError, match="capacity: 2 cards may move onto a column"):
        apply_move(parked, "21v3")


def test_cells_and_foundations_take_one_card_at_a_time():
    for text in ("2cv2", "2hv2", "a1v2"):
        with pytest.raises(NotationError):
            parse_move(text)
    position = group_move_transfer()
    assert all(m.count == 1 for m in legal_moves(position) if m.destination != "column")


def test_capacity_counts_only_empty_space_not_cards_that_could_take_part_of_the_run():
    # Column 3 ends with a red 6 that could take the 5C-4H-3S part; that is no workspace.
    position = build_position("freecell", ["9C", "8H 7S 6D 5C 4H 3S", "6H", *REST],
                              cells="JH TH 7D 8S")
    assert supermove_capacity(position) == 1
    with pytest.raises(IllegalMoveError, match="capacity: 1 card may move onto a column here"):
        apply_move(position, "21v6")
