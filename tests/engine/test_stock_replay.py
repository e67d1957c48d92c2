"""Klondike and Spider replay: the fast path agrees with apply_move move by move,
legal or not, and keeps FreeCell's contract."""

import random

import pytest

from games.engine import (
    IllegalMoveError,
    NotationError,
    StockMove,
    apply_move,
    deal,
    legal_moves,
    replay,
)
from tests.engine.stock_boards import board
from tests.engine.test_replay import slow_replay
from tests.engine.test_stock_generate import candidate_texts

STOCK_VARIANTS = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")


@pytest.mark.parametrize("variant", STOCK_VARIANTS)
@pytest.mark.parametrize("seed", range(30))
def test_fast_replay_agrees_with_apply_move_move_by_move(variant, seed):
    rng = random.Random(f"{variant}/{seed}")
    texts_pool = candidate_texts(variant) + ["zz", "1a", "w", "s1"]
    start = deal(variant, rng.randint(1, 10**20 - 1))
    position, texts = start, []
    for _ in range(rng.randint(20, 150)):
        legal = legal_moves(position)
        if legal and rng.random() < 0.92:
            text = str(rng.choice(legal))
            text = text.split("v")[0] if rng.random() < 0.2 else text
        else:
            text = rng.choice(texts_pool)
        texts.append(text)
        try:
            position = apply_move(position, text)
        except (IllegalMoveError, NotationError):
            break
    fast = replay(start, texts)
    won, count, final, index, error = slow_replay(start, texts)
    assert (fast.won, fast.moves, fast.position, fast.error_index) == (won, count, final, index)
    assert type(fast.error) is type(error) and str(fast.error) == str(error)


def test_replay_takes_move_values_and_reports_the_first_refusal():
    start = deal("spider-4suits", 1)
    result = replay(start, [StockMove("stock", 0, "stock"), "s", "hs1"])
    assert (result.moves, result.error_index, result.error.check) == (2, 3, "variant")
    assert replay(start, ["s", ["s"]]).error_index == 2


def test_replay_wins_and_counts_every_stock_turn():
    position = board("klondike-draw3", [], foundations={"H": 12, "C": 12, "D": 12, "S": 12})
    result = replay(position, ["s", "s", "s", "s", "wh", "s", "wh", "wh", "wh"])
    assert result.error is None and result.won and result.moves == 9


def test_replay_removes_runs_and_wins_spider():
    run = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
    position = board("spider-1suit", [run, "AC"], removed="C C C C C C C")
    result = replay(position, ["21"])
    assert result.won and result.position.removed == ("C",) * 8
