"""Adding a game family (docs/adding-a-game.md), walked through: Baker's Game,
a family module of its own (tests/engine/bakers_game.py) plus one catalogue
entry, added here and nowhere else, is dealt, played, replayed, written and
read through the engine's own functions, which ask its family."""

import pytest

import engine
from engine import families, rules
from tests.engine.bakers_game import BAKERS, RULESET


@pytest.fixture
def bakers_game(monkeypatch):
    monkeypatch.setitem(rules.RULESETS, RULESET.variant, RULESET)
    monkeypatch.setitem(families.FAMILIES, BAKERS.name, BAKERS)
    return RULESET.variant


def test_the_new_family_is_asked_for_its_variant(bakers_game):
    assert engine.family_of(bakers_game) is BAKERS
    assert engine.hides_cards(bakers_game) is False


def test_a_baker_s_game_deal_is_the_microsoft_deal_and_builds_in_suit(bakers_game):
    position = engine.deal(bakers_game, 1)
    assert position.columns == engine.deal("freecell", 1).columns
    moves = [str(m) for m in engine.legal_moves(position)]
    assert moves and all(not m.startswith(("a", "h")) for m in moves)
    # FreeCell's alternating-colour build is refused here, a same-suit one taken.
    for move in engine.legal_moves(position):
        if move.destination == "column" and position.columns[move.destination_index]:
            card = position.columns[move.source_index][-1]
            onto = position.columns[move.destination_index][-1]
            assert (card.suit, card.rank + 1) == (onto.suit, onto.rank)


def test_the_new_family_plays_replays_and_round_trips_through_the_engine(bakers_game):
    position, log = engine.deal(bakers_game, 7), []
    for _ in range(15):
        moves = engine.legal_moves(position)
        if not moves:
            break
        log.append(str(moves[len(log) % len(moves)]))
        position = engine.apply_move(position, log[-1])
    result = engine.replay(engine.deal(bakers_game, 7), [*log, "1h2"])
    assert (result.moves, result.position, result.error_index) == (len(log), position, len(log) + 1)
    assert engine.from_board(engine.to_board(position), bakers_game) == position
    assert engine.position_from_json(engine.position_to_json(position)) == position
    assert engine.player_view(position) == engine.position_to_json(position)
    assert engine.perft(engine.deal(bakers_game, 7), 1) == len(engine.legal_moves(engine.deal(bakers_game, 7)))


def test_a_ruleset_asking_for_what_the_family_does_not_play_is_refused(bakers_game, monkeypatch):
    odd = RULESET.__class__(**{**RULESET.__dict__, "variant": "bakers-odd", "group_moves": True})
    monkeypatch.setitem(rules.RULESETS, odd.variant, odd)
    with pytest.raises(engine.UnknownVariantError, match="group_moves"):
        engine.family_of(odd.variant)
