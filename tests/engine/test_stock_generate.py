"""Klondike and Spider: notation, move generation against brute force, perft, the player's view."""

import random

import pytest

from engine import (
    COLUMN,
    FOUNDATION,
    IllegalMoveError,
    NotationError,
    StockMove,
    apply_move,
    deal,
    format_move,
    get_ruleset,
    legal_moves,
    parse_stock_move,
    perft,
    player_view,
    resolve_move,
    revealed_cards,
    turned_from_stock,
)
from engine.notation import STOCK, WASTE

STOCK_VARIANTS = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")


def candidate_texts(variant):
    rules = get_ruleset(variant)
    columns = [str((i + 1) % 10) for i in range(rules.columns)]
    sources = columns + (["w", "hh", "hc", "hd", "hs"] if rules.family == "klondike" else ["hs"])
    texts = ["s"]
    for source in sources:
        for target in [*columns, "h"]:
            texts.append(source + target)
            if source in columns and target in columns:
                texts.extend(f"{source}{target}v{n:x}" for n in range(1, 14))
    return texts


@pytest.mark.parametrize(("text", "move"), [
    ("s", StockMove(STOCK, 0, STOCK)),
    ("w3", StockMove(WASTE, 0, COLUMN, 2)),
    ("wh", StockMove(WASTE, 0, FOUNDATION)),
    ("3h", StockMove(COLUMN, 2, FOUNDATION)),
    ("hs5", StockMove(FOUNDATION, 3, COLUMN, 4)),
    ("35", StockMove(COLUMN, 2, COLUMN, 4)),
    ("35vd", StockMove(COLUMN, 2, COLUMN, 4, 13)),
])
def test_klondike_notation_reads_and_writes(text, move):
    assert parse_stock_move(text, get_ruleset("klondike-draw1")) == move
    assert str(move) == text


@pytest.mark.parametrize(("variant", "text"), [
    ("klondike-draw1", "s"), ("klondike-draw3", "w3"), ("klondike-draw1", "wh"), ("klondike-draw1", "hs5"),
    ("klondike-draw1", "35"), ("spider-1suit", "s"), ("spider-2suits", "10"), ("spider-4suits", "30v4"),
])
def test_format_move_writes_a_stock_move_in_the_stock_notation(variant, text):
    assert format_move(parse_stock_move(text, get_ruleset(variant))) == text


@pytest.mark.parametrize("text", ["", "S", "s1", "1s", "8h", "18", "1a", "a1", "w", "ww", "wv2", "3hv1",
                                  "35v0", "35v", "35v01", "h5", "hx5", " 35", "0h", "hs0"])
def test_klondike_notation_refuses_what_is_not_a_move(text):
    with pytest.raises(NotationError):
        parse_stock_move(text, get_ruleset("klondike-draw3"))


@pytest.mark.parametrize(("text", "expected"), [("10", (0, 9)), ("09", (9, 8)), ("35v4", (2, 4))])
def test_spider_notation_names_the_tenth_column_zero(text, expected):
    move = parse_stock_move(text, get_ruleset("spider-2suits"))
    assert (move.source_index, move.destination_index) == expected and str(move) == text


@pytest.mark.parametrize("text", ["w1", "1w", "ws", "a1", "1a", "11v", "00v0"])
def test_spider_notation_refuses_what_is_not_a_move(text):
    with pytest.raises(NotationError):
        parse_stock_move(text, get_ruleset("spider-4suits"))


def positions_along_play(variant, seed, plies=80):
    rng = random.Random(f"{variant}/{seed}")
    position = deal(variant, rng.randint(1, 10**12))
    found = [position]
    for _ in range(plies):
        moves = legal_moves(position)
        if not moves:
            break
        position = apply_move(position, rng.choice(moves))
        found.append(position)
    return found[::7]


@pytest.mark.parametrize("variant", STOCK_VARIANTS)
@pytest.mark.parametrize("seed", range(4))
def test_generated_moves_are_exactly_the_accepted_ones(variant, seed):
    texts = candidate_texts(variant)
    for position in positions_along_play(variant, seed):
        generated = [str(m) for m in legal_moves(position)]
        assert generated == sorted(generated) and len(set(generated)) == len(generated)
        accepted = set()
        for text in texts:
            try:
                apply_move(position, text)
            except IllegalMoveError:
                continue
            accepted.add(str(resolve_move(position, text)))
        assert accepted == set(generated)


@pytest.mark.parametrize(("variant", "number", "counts"), [
    ("klondike-draw1", 1, [1, 3, 9, 31]),
    ("klondike-draw3", 1, [1, 3]),
    ("spider-4suits", 1, [1, 7]),
])
def test_perft_counts_stock_turns_as_moves(variant, number, counts):
    position = deal(variant, number)
    assert [perft(position, depth) for depth in range(len(counts))] == counts


def test_perft_equals_the_sum_over_legal_moves():
    position = deal("spider-2suits", 4)
    assert perft(position, 2) == sum(len(legal_moves(apply_move(position, m))) for m in legal_moves(position))


def test_the_view_hides_face_down_cards_and_the_stock():
    position = deal("spider-4suits", 1)
    view = player_view(position)
    assert view["columns"][0] == [None] * 5 + ["8H"] and view["stock"] == [None] * 50
    assert view["removed"] == [] and "face_down" not in view


def test_revealed_cards_name_every_card_a_move_turned_up():
    position = deal("klondike-draw3", 1)
    after = apply_move(position, "s")
    assert revealed_cards(position, after, turned_from_stock(position, position.ruleset)) == [
        {"pile": "w", "card": c} for c in ("4H", "AC", "4D")]
    moved = apply_move(position, "7h")
    assert revealed_cards(position, moved) == [{"pile": "7", "card": "JS"}]
