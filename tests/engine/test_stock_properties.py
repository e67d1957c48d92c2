"""Properties of Klondike and Spider that must always hold (Hypothesis)."""

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Card,
    apply_move,
    apply_revealing,
    deal,
    from_layout,
    legal_moves,
    player_view,
    position_from_json,
    position_to_json,
    replay,
    to_layout,
)
from engine.families.stock.position import full_deck

STOCK_VARIANTS = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")
variants = st.sampled_from(STOCK_VARIANTS)
deal_numbers = st.integers(min_value=1, max_value=10**20 - 1)


def all_cards(position) -> Counter:
    cards = Counter()
    for pile in (*position.columns, position.stock, position.waste):
        cards.update(pile)
    for suit, top in zip("HCDS", position.foundations, strict=True):
        cards.update(Card(rank, suit) for rank in range(1, top + 1))
    for suit in position.removed:
        cards.update(Card(rank, suit) for rank in range(1, 14))
    return cards


def play(position, data, plies):
    seen = [position]
    for _ in range(plies):
        moves = legal_moves(position)
        if not moves:
            break
        move = data.draw(st.sampled_from(moves), label="move")
        position = apply_move(position, move)  # raises if a generated move is refused
        seen.append(position)
    return seen


@settings(max_examples=40, deadline=None)
@given(variant=variants, number=deal_numbers, data=st.data())
def test_cards_are_conserved_and_every_generated_move_is_accepted(variant, number, data):
    start = deal(variant, number)
    expected = 52 if variant.startswith("klondike") else 104
    for position in play(start, data, data.draw(st.integers(0, 80), label="plies")):
        cards = all_cards(position)
        assert sum(cards.values()) == expected and cards == full_deck(position.ruleset)


@settings(max_examples=40, deadline=None)
@given(variant=variants, number=deal_numbers, data=st.data())
def test_the_player_s_view_never_holds_a_face_down_card(variant, number, data):
    for position in play(deal(variant, number), data, data.draw(st.integers(0, 60), label="plies")):
        view = player_view(position)
        hidden = Counter(card for column, down in zip(position.columns, position.face_down, strict=True)
                         for card in column[:down])
        hidden.update(position.stock)
        shown = Counter()
        for column in view["columns"]:
            shown.update(text for text in column if text is not None)
        shown.update(view.get("waste", []))
        assert view["stock"] == [None] * len(position.stock)
        assert all(len(column) == len(real) for column, real in zip(view["columns"], position.columns,
                                                                     strict=True))
        for column, down in zip(view["columns"], position.face_down, strict=True):
            assert column[:down] == [None] * down and None not in column[down:]
        visible = Counter(str(c) for column, down in zip(position.columns, position.face_down, strict=True)
                          for c in column[down:])
        visible.update(str(c) for c in position.waste)
        assert shown == visible
        assert "face_down" not in view and json.dumps(view)


@settings(max_examples=40, deadline=None)
@given(variant=variants, number=deal_numbers, data=st.data())
def test_replay_of_random_games_equals_move_by_move_application(variant, number, data):
    start = deal(variant, number)
    seen = play(start, data, data.draw(st.integers(0, 80), label="plies"))
    log = []
    position = start
    for after in seen[1:]:
        move = next(m for m in legal_moves(position) if apply_move(position, m) == after)
        log.append(str(move))
        position = after
    result = replay(start, log)
    assert result.error is None and result.moves == len(log) and result.position == seen[-1]


@settings(max_examples=30, deadline=None)
@given(variant=variants, number=deal_numbers, data=st.data())
def test_positions_round_trip_through_json_and_layout_text(variant, number, data):
    for position in play(deal(variant, number), data, data.draw(st.integers(0, 40), label="plies")):
        assert position_from_json(json.loads(json.dumps(position_to_json(position)))) == position
        assert from_layout(to_layout(position), variant) == position


def known_cards(view) -> Counter:
    """Every card a player's view names, foundation cards included."""
    cards = Counter(text for column in view["columns"] for text in column if text is not None)
    cards.update(view.get("waste", []))
    for suit, top in view.get("foundations", {}).items():
        cards.update(str(Card(rank, suit)) for rank in range(1, top + 1))
    for suit in view.get("removed", []):
        cards.update(str(Card(rank, suit)) for rank in range(1, 14))
    return cards


@settings(max_examples=40, deadline=None)
@given(variant=variants, number=deal_numbers, data=st.data())
def test_a_move_shows_no_card_but_the_ones_it_reveals(variant, number, data):
    position = deal(variant, number)
    for _ in range(data.draw(st.integers(0, 60), label="plies")):
        moves = legal_moves(position)
        if not moves:
            break
        after, revealed = apply_revealing(position, data.draw(st.sampled_from(moves), label="move"))
        shown = Counter(item["card"] for item in revealed)
        new = known_cards(player_view(after)) - known_cards(player_view(position))
        assert new - shown == Counter(), f"shown without being revealed: {new - shown}"
        hidden_before = Counter(str(c) for column, down in zip(position.columns, position.face_down, strict=True)
                                for c in column[:down])
        hidden_before.update(str(c) for c in position.stock)
        assert shown - hidden_before == Counter(), "only face-down or stock cards are revealed"
        position = after
