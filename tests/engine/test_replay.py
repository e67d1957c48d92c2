"""Replay: won / not won, the count, or the first illegal move and why."""

import dataclasses
import random

import pytest

from engine import (
    VARIANTS,
    IllegalMoveError,
    NotationError,
    ReplayResult,
    apply_move,
    deal,
    get_ruleset,
    is_won,
    legal_moves,
    parse_move,
    replay,
)
from engine.vector_logs import SOLUTIONS
from tests.engine.candidates import all_move_texts

FREECELL_VARIANTS = tuple(v for v in VARIANTS if get_ruleset(v).family == "freecell")

CLASSIC_24 = SOLUTIONS["freecell-classic", 24].split()


def test_a_solution_replays_to_a_win():
    result = replay(deal("freecell-classic", 24), CLASSIC_24)
    assert result == ReplayResult(True, 119, result.position, None, None)
    assert is_won(result.position)


def test_replay_accepts_move_values_too():
    moves = [parse_move(text) for text in CLASSIC_24]
    assert replay(deal("freecell-classic", 24), moves).won


def test_a_legal_unfinished_log_is_not_won():
    result = replay(deal("freecell", 24), CLASSIC_24[:30])
    assert (result.won, result.moves, result.error_index, result.error) == (False, 30, None, None)


def test_the_first_illegal_move_is_reported_with_its_1_based_index_and_check():
    log = CLASSIC_24[:9] + ["hs1"] + CLASSIC_24[9:]
    result = replay(deal("freecell-classic", 24), log)
    assert (result.won, result.moves, result.error_index) == (False, 9, 10)
    assert isinstance(result.error, IllegalMoveError) and result.error.check == "variant"
    assert result.position == replay(deal("freecell-classic", 24), CLASSIC_24[:9]).position


def test_unreadable_move_text_is_a_notation_error_at_its_index():
    result = replay(deal("freecell", 24), ["4h", "7a", "what"])
    assert result.error_index == 3 and isinstance(result.error, NotationError)


def test_a_foundation_return_replays_where_the_variant_allows_it():
    log = ["4h", "hsa", "ah", *CLASSIC_24[1:]]
    assert replay(deal("freecell", 24), log).won
    assert replay(deal("freecell-tableau", 24), log).error_index == 2
    assert replay(deal("freecell-classic", 24), log).error.check == "variant"


def test_result_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        replay(deal("freecell", 1), []).won = True


def slow_replay(position, texts):
    """The reference: apply_move one move at a time."""
    for index, text in enumerate(texts, 1):
        try:
            position = apply_move(position, text)
        except (IllegalMoveError, NotationError) as error:
            return False, index - 1, position, index, error
    return is_won(position), len(texts), position, None, None


TEXTS = all_move_texts()


@pytest.mark.parametrize("variant", FREECELL_VARIANTS)
@pytest.mark.parametrize("seed", range(25))
def test_fast_replay_agrees_with_apply_move_move_by_move(variant, seed):
    rng = random.Random(seed)
    start = deal(variant, rng.randint(1, 32000))
    position, texts = start, []
    for _ in range(rng.randint(20, 120)):
        legal = legal_moves(position)
        if legal and rng.random() < 0.9:
            move = rng.choice(legal)
            text = str(move) if rng.random() < 0.8 else str(move).split("v")[0]
        else:
            text = rng.choice(TEXTS)
        texts.append(text)
        try:
            position = apply_move(position, text)
        except IllegalMoveError:
            break
    fast = replay(start, texts)
    won, count, final, index, error = slow_replay(start, texts)
    assert (fast.won, fast.moves, fast.position, fast.error_index) == (won, count, final, index)
    assert type(fast.error) is type(error)
    assert str(fast.error) == str(error)


def test_values_that_are_not_moves_are_notation_errors():
    result = replay(deal("freecell", 24), ["4h", ["7a"], "7b"])
    assert result.error_index == 2 and isinstance(result.error, NotationError)
    assert replay(deal("freecell", 24), ["4h", None]).error_index == 2
