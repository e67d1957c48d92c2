"""Packed positions read back as the very position packed, all along real games."""

import pytest

import engine
from engine import InvalidBoardError, pack_position, pack_reveals, unpack_position, unpack_reveals
from tests.support.lines import winning_line

GAMES = [("freecell", 24), ("forecell", 2), ("klondike-draw1", 2), ("klondike-draw3", 5), ("spider-1suit", 3),
         ("spider-2suits", 4), ("spider-4suits", 1)]


@pytest.mark.parametrize(("variant", "number"), GAMES)
def test_every_position_of_a_won_game_and_its_reveals_pack_and_read_back(variant, number):
    position = engine.deal(variant, number)
    reveals = [] if engine.hides_cards(variant) else None
    for move in winning_line(variant, number):
        assert unpack_position(pack_position(position), variant) == position
        after, shown = engine.apply_revealing(position, move)
        if reveals is not None:
            reveals.append(shown)
            assert unpack_reveals(pack_reveals(reveals), len(reveals)) == reveals
        position = after
    assert engine.is_won(position) and unpack_position(pack_position(position), variant) == position


@pytest.mark.parametrize(("variant", "text"), [("freecell", "0000..../!!"), ("klondike-draw1", "x"),
                                               ("spider-1suit", "//////"), ("spider-1suit", "0/4/4/0000/X/4")])
def test_text_that_was_not_packed_is_refused(variant, text):
    with pytest.raises(InvalidBoardError):
        unpack_position(text, variant)


def test_reveals_for_another_number_of_moves_are_refused():
    with pytest.raises(InvalidBoardError):
        unpack_reveals("w4H,", 3)


def test_a_family_without_a_packing_of_its_own_packs_its_json_form_and_reads_it_back_checked():
    from engine.families import FAMILIES, Family

    family, position = FAMILIES["klondike"], engine.deal("klondike-draw3", 7)
    text = Family.pack(family, position)
    assert Family.unpack(family, text, "klondike-draw3") == position
    with pytest.raises(InvalidBoardError):
        Family.unpack(family, text.replace("7", "8", 1), "klondike-draw3")
