"""The Spider search: the compiled inner loop and the pure Python one find the
same line for the same budget, and every line wins under the engine."""

import pytest

from engine import deal, replay
from solver import spider_native, spider_search
from solver.stock import spider_columns, spider_notation


@pytest.fixture(scope="module", autouse=True)
def native_built():
    assert spider_native.available(), "the package's build (setup.py) has not built solver/_spider"


@pytest.mark.parametrize(("variant", "number"), [("spider-1suit", 3), ("spider-1suit", 7),
                                                 ("spider-2suits", 10)])
def test_the_compiled_and_the_python_search_find_the_same_line(variant, number):
    columns, rows = spider_columns(deal(variant, number))
    native = spider_search.search(columns, rows, states=50_000, seconds=120, native=True)
    python = spider_search.search(columns, rows, states=50_000, seconds=120, native=False)
    assert native.moves is not None
    assert (native.moves, native.states) == (python.moves, python.states)
    assert replay(deal(variant, number), spider_notation(columns, rows, native.moves)).won


def test_a_search_stops_at_its_state_budget():
    columns, rows = spider_columns(deal("spider-4suits", 2))
    found = spider_search.search(columns, rows, states=3_000, seconds=60)
    assert found.moves is None and 3_000 <= found.states < 3_000 + 2_000
