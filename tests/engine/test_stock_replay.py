"""Klondike and Spider replay: the fast path agrees with apply_move move by move,
legal or not, and keeps FreeCell's contract."""

import random

import pytest

from engine import (
    IllegalMoveError,
    NotationError,
    StockMove,
    apply_move,
    apply_revealing,
    deal,
    legal_moves,
    player_view,
    position_to_json,
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


@pytest.mark.parametrize("variant", STOCK_VARIANTS)
@pytest.mark.parametrize("seed", range(40))
def test_replay_reveals_agree_with_apply_revealing_move_by_move(variant, seed):
    """The reveals the fast replay finds in its one pass are, move for move, what
    ``apply_revealing`` says each move turned up (stock turns and recycles, flips,
    Spider deals and runs taken off), and stop at the first refused move."""
    rng = random.Random(f"reveals/{variant}/{seed}")
    start = deal(variant, rng.randint(1, 10**20 - 1))
    position, texts, expected = start, [], []
    for _ in range(rng.randint(60, 400)):
        legal = legal_moves(position)
        if not legal:
            break
        text = str(rng.choice(legal))
        position, shown = apply_revealing(position, text)
        texts.append(text)
        expected.append(shown)
    reveals: list = []
    result = replay(start, [*texts, "zz", "s"], reveals=reveals)
    assert result.error_index == len(texts) + 1 and result.position == position
    assert reveals == expected
    assert sum(len(shown) for shown in expected) > 0


def test_replay_reveals_a_stock_turn_in_the_order_the_waste_takes_it():
    start = deal("klondike-draw3", 1)
    reveals: list = []
    replay(start, ["s"], reveals=reveals)
    assert reveals == [[{"pile": "w", "card": "4H"}, {"pile": "w", "card": "AC"}, {"pile": "w", "card": "4D"}]]


def test_freecell_replay_leaves_reveals_alone():
    reveals: list = []
    assert replay(deal("freecell", 24), ["4h"], reveals=reveals).moves == 1 and reveals == []


def test_player_view_hides_face_down_cards_and_the_stock_and_nothing_of_freecell():
    for variant in STOCK_VARIANTS:
        position = deal(variant, 7)
        view = player_view(position)
        assert "face_down" not in view and view["stock"] == [None] * len(position.stock)
        for column, down, shown in zip(position.columns, position.face_down, view["columns"], strict=True):
            assert shown == [None] * down + [str(card) for card in column[down:]]
    assert player_view(deal("freecell", 24)) == position_to_json(deal("freecell", 24))


@pytest.mark.parametrize(("columns", "stock_top", "moves"), [
    # a run completed by a move: its column's new top card turns up, after the source's flip
    (["<5S> <4C> KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "<9D> AC"], "", ["21"]),
    (["<9D> AC", "<5S> <4C> KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"], "", ["12"]),
    # a run completed by a deal: the dealt card first, then the flip under the removed run
    (["<5S> KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "3H", "3H", "3D", "3D", "3S", "3S", "4H", "4H", "4D"],
     "9D 9D 9H 9H 9S 9S 8D 8D 8H AC", ["s"]),
])
def test_replay_reveals_the_card_under_a_spider_run_taken_off(columns, stock_top, moves):
    start = board("spider-4suits", columns, stock_top=stock_top)
    expected, position = [], start
    for move in moves:
        position, shown = apply_revealing(position, move)
        expected.append(shown)
    reveals: list = []
    assert replay(start, moves, reveals=reveals).position == position
    assert reveals == expected and any(item["card"] == "4C" or item["card"] == "5S" for item in expected[-1])


@pytest.mark.parametrize(("variant", "number"), [("klondike-draw1", 2), ("klondike-draw3", 5),
                                                 ("spider-2suits", 4)])
def test_a_replay_until_a_reveal_stops_after_the_first_revealing_move_and_reads_no_further(variant, number):
    """Nothing after the stop is looked at: a move that is not a move at all is
    neither applied nor refused, and the reveals end with the revealing move's."""
    reveals: list = []
    result = replay(deal(variant, number), ["s", "zz", *["s"] * 50], reveals=reveals, until_reveal=True)
    assert (result.moves, result.reveal_stop, result.error_index, result.error) == (1, 1, None, None)
    assert len(reveals) == 1 and reveals[0]
    assert result.position == apply_move(deal(variant, number), "s")


def test_a_replay_until_a_reveal_plays_the_moves_that_turn_nothing_before_it():
    start = board("klondike-draw1", ["<5S> AH", "KC", "QD"])
    reveals: list = []
    result = replay(start, ["32", "1h", "zz"], reveals=reveals, until_reveal=True)  # the Ace off the 5S
    assert (result.moves, result.reveal_stop, result.error_index) == (2, 2, None)
    assert reveals == [[], [{"pile": "1", "card": "5S"}]]


def test_a_replay_until_a_reveal_refuses_as_before_and_plays_to_the_end_when_nothing_turns():
    start = deal("klondike-draw1", 2)
    refused = replay(start, ["41", "s"], until_reveal=True)
    assert (refused.moves, refused.error_index, refused.reveal_stop) == (0, 1, None)
    last = replay(start, ["s"], until_reveal=True)  # the reveal is the last move: nothing to stop
    assert (last.moves, last.error_index, last.reveal_stop) == (1, None, None)
    assert replay(deal("freecell", 24), ["4h", "7a", "7b"], until_reveal=True).moves == 3
