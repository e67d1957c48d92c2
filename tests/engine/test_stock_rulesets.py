"""Klondike and Spider rulesets are catalogue data, and their rules modules play
exactly the answers they declare."""

import dataclasses

import pytest

from engine import (
    MAX_DEAL_NUMBER,
    SITE_VARIANTS,
    UnknownVariantError,
    deal,
    from_board,
    get_ruleset,
    to_board,
    to_layout,
)
from engine.families import family_for, family_of
from engine.rules import RULESETS


@pytest.mark.parametrize(("variant", "family", "title", "letter", "daily", "draw", "suits"), [
    ("klondike-draw1", "klondike", "Klondike (Draw 1)", "k", False, 1, "CSHD"),
    ("klondike-draw3", "klondike", "Klondike (Draw 3)", "d", True, 3, "CSHD"),
    ("spider-1suit", "spider", "Spider (1 suit)", "p", False, 0, "CCCC"),
    ("spider-2suits", "spider", "Spider (2 suits)", "w", True, 0, "CCHH"),
    ("spider-4suits", "spider", "Spider (4 suits)", "s", False, 0, "CSHD"),
])
def test_the_catalogue_entries(variant, family, title, letter, daily, draw, suits):
    rules = get_ruleset(variant)
    assert (rules.family, rules.title, rules.share_letter, rules.daily_default) == (family, title, letter, daily)
    assert (rules.draw_count, rules.deck_suits, rules.deal_numbers) == (draw, suits, "pysolfc")
    assert rules.short_title and rules.on_site is True and variant in SITE_VARIANTS
    assert MAX_DEAL_NUMBER[variant] == 10**20 - 1
    assert family_of(variant).name == family and family_of(variant).hides_cards


def test_share_letters_are_unique():
    letters = [rules.share_letter for rules in RULESETS.values()]
    assert len(letters) == len(set(letters)) and all(len(letter) == 1 for letter in letters)


def test_klondike_and_spider_differ_by_data():
    klondike, spider = get_ruleset("klondike-draw3"), get_ruleset("spider-2suits")
    assert (klondike.decks, klondike.columns, klondike.cells, klondike.foundations) == (1, 7, 0, 4)
    assert (spider.decks, spider.columns, spider.cells, spider.foundations) == (2, 10, 0, 8)
    assert (klondike.stock, spider.stock) == ("waste", "deal_row")
    assert (klondike.empty_column_accepts, spider.empty_column_accepts) == ("king", "any")
    assert (klondike.group_order, spider.group_order) == ("down_alternate_colour", "down_same_suit")
    assert (klondike.win, spider.win) == ("all_on_foundations", "all_runs_removed")
    assert spider.deal_needs_every_column and not klondike.deal_needs_every_column


@pytest.mark.parametrize(("variant", "field", "value"), [
    ("klondike-draw1", "empty_column_accepts", "any"),
    ("klondike-draw3", "group_order", "down_same_suit"),
    ("spider-4suits", "stock", "waste"),
    ("spider-1suit", "empty_column_accepts", "king"),
])
def test_a_ruleset_asking_for_rules_its_module_does_not_play_is_refused(variant, field, value):
    made_up = dataclasses.replace(get_ruleset(variant), variant="made-up", **{field: value})
    with pytest.raises(UnknownVariantError, match=field):
        family_for(made_up)


@pytest.mark.parametrize("variant", ["klondike-draw1", "spider-4suits"])
def test_board_text_functions_speak_layout_text_for_these_variants(variant):
    position = deal(variant, 77)
    assert to_board(position) == to_layout(position)
    assert from_board(to_board(position), variant) == position


NAMES = {"variant", "title", "short_title", "share_letter", "daily_default"}


def rules_without(variant: str, *fields: str) -> dict:
    data = dataclasses.asdict(get_ruleset(variant))
    return {key: value for key, value in data.items() if key not in NAMES | set(fields)}


def test_one_two_and_four_suit_spider_share_every_movement_rule_and_differ_in_the_deck_only():
    assert rules_without("spider-1suit", "deck_suits") == rules_without("spider-4suits", "deck_suits")
    assert rules_without("spider-2suits", "deck_suits") == rules_without("spider-4suits", "deck_suits")


def test_draw_one_and_draw_three_differ_in_the_stock_turn_only():
    assert rules_without("klondike-draw1", "draw_count") == rules_without("klondike-draw3", "draw_count")
