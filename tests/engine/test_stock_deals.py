"""Klondike and Spider deals equal PySolFC's, small game numbers and huge ones."""

import re
from pathlib import Path

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from engine import InvalidDealError, deal, from_layout, to_layout
from tests.engine import pysolfc_reference as reference

FIXTURES = Path(__file__).parent / "fixtures" / "pysolfc_deals.txt"
STOCK_VARIANTS = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")


def fixtures() -> dict[tuple[str, int], str]:
    found = {}
    for block in re.split(r"^# ", FIXTURES.read_text(encoding="utf-8"), flags=re.M)[1:]:
        head, _, layout = block.partition("\n")
        game, number = head.split()
        found[game, int(number)] = layout
    return found


FIXED = fixtures()


def pysolfc_game(variant: str) -> str:
    return "klondike" if variant.startswith("klondike") else variant


@pytest.mark.parametrize("number", reference.FIXTURE_NUMBERS)
@pytest.mark.parametrize("variant", STOCK_VARIANTS)
def test_deals_equal_the_stored_pysolfc_layouts(variant, number):
    assert to_layout(deal(variant, number)) == FIXED[pysolfc_game(variant), number]


def test_the_fixtures_cover_every_game_at_every_number():
    assert len(FIXED) == 4 * len(reference.FIXTURE_NUMBERS)
    assert min(reference.FIXTURE_NUMBERS) == 1 and max(reference.FIXTURE_NUMBERS) == 10**20 - 1


def pysol_cards_layout(game: str, number: int) -> str:
    return Game(game, number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))


@pytest.mark.parametrize("number", [n for n in reference.FIXTURE_NUMBERS if n != 32000] + [7, 31998])
def test_the_reference_procedure_reproduces_pysol_cards_klondike_and_gypsy(number):
    # Gypsy is pysol-cards' two-deck game dealt in rows: the same shuffle of 104
    # cards and the same row dealing as Spider, printed by pysol-cards itself.
    assert reference.klondike_layout(number) == pysol_cards_layout("klondike", number)
    assert reference.gypsy_layout(number) == pysol_cards_layout("gypsy", number)


def test_game_32000_uses_pysolfc_s_mersenne_twister_as_pysolfc_does():
    # PySolFC's constructRandom takes Microsoft's generator for 0 <= n < 32000;
    # pysol-cards switches one number later, so the two differ at 32000 only.
    assert to_layout(deal("klondike-draw1", 32000)) == reference.klondike_layout(32000)
    assert to_layout(deal("klondike-draw1", 32000)) != pysol_cards_layout("klondike", 32000)
    assert to_layout(deal("klondike-draw1", 31999)) == pysol_cards_layout("klondike", 31999)


@pytest.mark.parametrize("variant", STOCK_VARIANTS)
@pytest.mark.parametrize("number", [5, 31999, 32001, 2**40 + 3])
def test_layout_text_round_trips(variant, number):
    position = deal(variant, number)
    assert from_layout(to_layout(position), variant) == position


@pytest.mark.parametrize("variant", STOCK_VARIANTS)
@pytest.mark.parametrize("number", [0, -1, 10**20, "7", 2.0])
def test_numbers_outside_1_to_10_20_minus_1_are_refused(variant, number):
    with pytest.raises(InvalidDealError):
        deal(variant, number)
