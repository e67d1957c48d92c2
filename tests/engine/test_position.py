"""Positions: frozen, hashable, checked, and their JSON form."""

import dataclasses

import pytest

from engine import (
    InvalidBoardError,
    UnknownVariantError,
    deal,
    parse_card,
    position_from_json,
    position_to_json,
)


def test_position_is_frozen_and_hashable():
    position = deal("freecell", 24)
    assert hash(position) == hash(deal("freecell", 24))
    with pytest.raises(dataclasses.FrozenInstanceError):
        position.cells = ()


def test_json_shape_is_the_shared_one():
    data = position_to_json(deal("forecell", 1))
    assert list(data) == ["variant", "columns", "cells", "foundations"]
    assert data["variant"] == "forecell"
    assert data["columns"][0] == ["JD", "KD", "2S", "4C", "3S", "6D"]
    assert data["cells"] == ["6S", "9C", "2H", "6H"]
    assert data["foundations"] == {"H": 0, "C": 0, "D": 0, "S": 0}


def test_json_round_trips():
    position = deal("freecell-classic", 617)
    assert position_from_json(position_to_json(position)) == position


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d["columns"][0].pop(),
        lambda d: d["columns"][0].append("AS"),
        lambda d: d["columns"].pop(),
        lambda d: d["cells"].append(None),
        lambda d: d["foundations"].update(H=1),
        lambda d: d["foundations"].update(H="0"),
        lambda d: d["columns"][0].__setitem__(0, "10C"),
        lambda d: d.pop("cells"),
    ],
)
def test_bad_json_is_refused(mutate):
    data = position_to_json(deal("freecell", 24))
    mutate(data)
    with pytest.raises(InvalidBoardError):
        position_from_json(data)


def test_unknown_variant_in_json_is_refused():
    data = position_to_json(deal("freecell", 24)) | {"variant": "spider"}
    with pytest.raises(UnknownVariantError):
        position_from_json(data)


def test_cards_read_rank_then_suit():
    card = parse_card("TH")
    assert (card.rank, card.suit, card.is_red, str(card)) == (10, "H", True, "TH")
    for bad in ("10H", "th", "1H", "TX", "", None):
        with pytest.raises(InvalidBoardError):
            parse_card(bad)
