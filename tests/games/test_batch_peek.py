"""A batch of moves cannot peek at a card: a move that turns a card up ends its batch (issue 14).

Appends are all or nothing. Without this rule a Klondike or Spider player could
send a move that turns a card up followed by a move that fails on purpose
(``["s", "wh"]``): the refusal named the card just turned ("6S does not go on
the spade foundation"), or merely whether the second move was legal, and
nothing was recorded, so the stock's order and the face-down cards could be
read one by one with no move played and no undo counted. The same held for a
whole-log submission. Now a move after a revealing move in the same batch is
refused with ``reveal_ends_batch`` before it is looked at, so the answer is the
same whatever the hidden card is.
"""

import re

import pytest
from rest_framework.test import APIClient

import engine
from games.models import Game

pytestmark = pytest.mark.django_db

CARD = re.compile(rb"(?<![A-Za-z0-9])[A2-9TJQK][HCDS](?![A-Za-z0-9])")


def start(api: APIClient, variant: str, number: int) -> dict:
    response = api.post("/api/games/", {"variant": variant, "number": number}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def append(api: APIClient, game: dict, moves: list[str], ply: int = 0):
    return api.post(f"/api/games/{game['id']}/moves/",
                    {"expected_ply": ply, "moves": moves, "client_times": [1000] * len(moves)}, format="json")


def seen(view: dict) -> set[bytes]:
    return {card.encode() for column in view["columns"] for card in column if card} | {
        card.encode() for card in view.get("waste", ())}


@pytest.mark.parametrize(("variant", "number", "batch"), [
    ("klondike-draw1", 2, ["s", "wh"]),   # the waste card would be named: "6S does not go on ..."
    ("klondike-draw3", 2, ["s", "w1"]),
    ("spider-2suits", 4, ["s", "12"]),    # "JC does not go on 8H": the dealt row
    ("klondike-draw1", 2, ["41", "4h"]),  # moves onto nothing: refused before the reveal's card matters
])
def test_a_refused_move_after_a_reveal_in_its_batch_names_no_card_and_records_nothing(
        api, variant, number, batch):
    game = start(api, variant, number)
    response = append(api, game, batch)
    assert response.status_code == 400
    error = response.json()["error"]
    if batch[0] == "41":  # the first move itself is refused: by what the player sees
        assert error["code"] == "illegal_move" and error["index"] == 1
    else:
        assert (error["code"], error["index"]) == ("reveal_ends_batch", 2)
        assert "reason" not in error and "check" not in error
    named = set(CARD.findall(response.content))
    assert named <= seen(game["start"]), f"the refusal names {named - seen(game['start'])}"
    assert Game.objects.get(pk=game["id"]).ply == 0


@pytest.mark.parametrize(("variant", "number", "batch"), [
    ("klondike-draw1", 2, ["s", "s"]),
    ("spider-2suits", 4, ["s", "s"]),
])
def test_a_legal_batch_going_past_a_reveal_is_refused_the_same_way(api, variant, number, batch):
    """Legal or not, the move after a reveal gets the same answer: its legality is no oracle."""
    game = start(api, variant, number)
    assert engine.replay(engine.deal(variant, number), batch).error_index is None
    response = append(api, game, batch)
    assert response.status_code == 400
    assert (response.json()["error"]["code"], response.json()["error"]["index"]) == ("reveal_ends_batch", 2)
    assert Game.objects.get(pk=game["id"]).ply == 0


@pytest.mark.parametrize(("variant", "number"), [("klondike-draw1", 2), ("klondike-draw3", 5)])
def test_a_long_batch_past_a_reveal_is_replayed_only_up_to_the_reveal(api, monkeypatch, variant, number):
    """A forged batch of one revealing move and 500 more legal ones costs one move
    of replay: the refusal comes from the replay stopping, not from a replay of all."""
    batch = ["s"] * 501  # turn the stock round and round: all legal, most turn a card up
    assert engine.replay(engine.deal(variant, number), batch).moves == len(batch)
    game = start(api, variant, number)
    applied = []
    replay = engine.replay

    def counted(*args, **kwargs):
        result = replay(*args, **kwargs)
        applied.append(result.moves)
        return result

    monkeypatch.setattr(engine, "replay", counted)
    response = append(api, game, batch)
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["index"], error["move"]) == ("reveal_ends_batch", 2, "s")
    assert sum(applied) == 1, f"moves replayed per call: {applied}"
    assert Game.objects.get(pk=game["id"]).ply == 0


def test_a_batch_ending_at_its_first_reveal_is_played_and_the_next_batch_goes_on(api):
    game = start(api, "klondike-draw1", 2)
    # 21 (the King onto nothing) is refused, so play moves that reveal nothing first:
    # none exists at the start of deal 2 but the stock turn, which ends the batch.
    response = append(api, game, ["s"])
    assert response.status_code == 200, response.content
    assert response.json()["reveals"] == [[{"pile": "w", "card": "6S"}]]
    response = append(api, game, ["s"], ply=1)
    assert response.status_code == 200, response.content
    assert len(response.json()["reveals"]) == 2


def test_a_freecell_batch_is_not_cut(api):
    """FreeCell hides nothing: its batches go on as before."""
    game = start(api, "freecell", 24)
    moves = ["4h", "7a", "7b"]  # legal opening moves of deal 24 (see the engine's doctests)
    assert append(api, game, moves).status_code == 200


def test_a_submission_cannot_peek_past_a_reveal_either(api):
    game = start(api, "klondike-draw1", 2)
    response = api.post(f"/api/games/{game['id']}/submission/",
                        {"moves": ["s", "wh"], "client_times": [1000, 2000]}, format="json")
    assert response.status_code == 400
    assert (response.json()["error"]["code"], response.json()["error"]["index"]) == ("reveal_ends_batch", 2)
    assert set(CARD.findall(response.content)) <= seen(game["start"])
