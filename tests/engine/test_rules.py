"""Rulesets are data: each variant answers the seven questions of docs/rules.md."""

import dataclasses

import pytest

from engine import MAX_DEAL_NUMBER, VARIANTS, UnknownVariantError, get_ruleset


def test_the_variant_ids():
    assert VARIANTS == ("freecell", "freecell-tableau", "freecell-classic", "forecell",
                        "klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")


@pytest.mark.parametrize(
    ("variant", "returns", "empty_column", "uses_columns", "layout"),
    [
        ("freecell", {"column", "cell"}, "any", True, "columns"),
        ("freecell-tableau", {"column"}, "any", True, "columns"),
        ("freecell-classic", set(), "any", True, "columns"),
        ("forecell", set(), "king", False, "columns+cells"),
    ],
)
def test_each_variant_is_a_ruleset_not_a_branch(variant, returns, empty_column, uses_columns, layout):
    rules = get_ruleset(variant)
    assert rules.foundation_return == frozenset(returns)
    assert rules.empty_column_accepts == empty_column
    assert rules.capacity_uses_empty_columns is uses_columns
    assert rules.deal_layout == layout
    assert (rules.decks, rules.columns, rules.cells, rules.foundations) == (1, 8, 4, 4)
    assert rules.stock == "none"
    assert rules.win == "all_on_foundations"


def test_rulesets_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        get_ruleset("freecell").cells = 5


def test_deal_number_ranges():
    assert MAX_DEAL_NUMBER["freecell"] == MAX_DEAL_NUMBER["freecell-classic"] == 8_589_934_591
    assert MAX_DEAL_NUMBER["forecell"] == 10**20 - 1


@pytest.mark.parametrize("name", ["FreeCell", "klondike", "", None, 3])
def test_unknown_variant_is_refused(name):
    with pytest.raises(UnknownVariantError, match="unknown variant"):
        get_ruleset(name)


def test_engine_errors_are_value_errors():
    from engine import (
        EngineError,
        IllegalMoveError,
        InvalidBoardError,
        InvalidDealError,
        NotationError,
    )

    for error in (UnknownVariantError, InvalidDealError, InvalidBoardError, NotationError,
                  IllegalMoveError):
        assert issubclass(error, EngineError)
    assert issubclass(EngineError, ValueError)
