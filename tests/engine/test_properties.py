"""Properties that must always hold (Hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    DECK,
    VARIANTS,
    Card,
    Move,
    apply_move,
    deal,
    format_move,
    from_board,
    get_ruleset,
    legal_moves,
    parse_move,
    position_from_json,
    position_to_json,
    replay,
    to_board,
)
from tests.engine.candidates import SOURCES, TARGETS

FREECELL_VARIANTS = tuple(v for v in VARIANTS if get_ruleset(v).family == "freecell")

variants = st.sampled_from(FREECELL_VARIANTS)
deal_numbers = st.integers(min_value=1, max_value=8_589_934_591)


def all_cards(position):
    cards = [c for column in position.columns for c in column]
    cards += [c for c in position.cells if c is not None]
    cards += [Card(rank, suit) for suit, top in zip("HCDS", position.foundations, strict=True)
              for rank in range(1, top + 1)]
    return cards


@settings(max_examples=60, deadline=None)
@given(variant=variants, number=deal_numbers, data=st.data())
def test_52_cards_are_conserved_and_every_generated_move_is_accepted(variant, number, data):
    position = deal(variant, number)
    for _ in range(data.draw(st.integers(0, 60), label="plies")):
        moves = legal_moves(position)
        if not moves:
            break
        move = data.draw(st.sampled_from(moves), label="move")
        position = apply_move(position, move)  # raises if a generated move is refused
        cards = all_cards(position)
        assert len(cards) == 52 and set(cards) == set(DECK)


@settings(max_examples=40, deadline=None)
@given(variant=variants, number=deal_numbers, data=st.data())
def test_positions_round_trip_through_json_and_board_text(variant, number, data):
    position = deal(variant, number)
    for _ in range(data.draw(st.integers(0, 30), label="plies")):
        moves = legal_moves(position)
        if not moves:
            break
        position = apply_move(position, data.draw(st.sampled_from(moves), label="move"))
    assert position_from_json(position_to_json(position)) == position
    assert from_board(to_board(position), variant) == position


move_texts = st.builds(
    lambda source, target, count: source + target + (
        f"v{count:x}" if count and source.isdigit() and target.isdigit() else ""
    ),
    st.sampled_from(SOURCES), st.sampled_from(TARGETS), st.integers(0, 300),
)


@given(move_texts)
def test_notation_round_trips(text):
    move = parse_move(text)
    assert format_move(move) == text
    assert parse_move(format_move(move)) == move
    assert isinstance(move, Move)


@settings(max_examples=60, deadline=None)
@given(variant=variants, number=st.integers(1, 32000), texts=st.lists(move_texts, max_size=40))
def test_replay_of_any_log_stops_at_the_first_refusal_and_keeps_the_deck(variant, number, texts):
    result = replay(deal(variant, number), texts)
    assert result.moves == (len(texts) if result.error is None else result.error_index - 1)
    assert len(all_cards(result.position)) == 52
