"""A move's body checked without the serializer reads exactly as the serializer reads it."""

import pytest

from games.apis.games import GameMovesApi, append_plain
from games.services.games import MAX_CLIENT_MS, MAX_LOG_MOVES

GOOD = {"expected_ply": 3, "moves": ["3a", "26v4"], "client_times": [100, 2500]}

BODIES = [
    GOOD,
    {**GOOD, "extra": "ignored"},
    {**GOOD, "moves": [], "client_times": []},
    {**GOOD, "expected_ply": 0},
    {**GOOD, "expected_ply": MAX_LOG_MOVES},
    {**GOOD, "expected_ply": MAX_LOG_MOVES + 1},
    {**GOOD, "expected_ply": -1},
    {**GOOD, "expected_ply": True},
    {**GOOD, "expected_ply": 3.0},
    {**GOOD, "expected_ply": "3"},
    {**GOOD, "expected_ply": None},
    {key: value for key, value in GOOD.items() if key != "expected_ply"},
    {key: value for key, value in GOOD.items() if key != "moves"},
    {key: value for key, value in GOOD.items() if key != "client_times"},
    {**GOOD, "moves": "3a"},
    {**GOOD, "moves": ["3a", ""]},
    {**GOOD, "moves": ["3a", "x" * 13]},
    {**GOOD, "moves": ["3a", "x" * 12]},
    {**GOOD, "moves": ["3a", "a\x00"]},
    {**GOOD, "moves": ["3a", "é"]},
    {**GOOD, "moves": ["3a", 3]},
    {**GOOD, "moves": ["3a", None]},
    {**GOOD, "moves": {"0": "3a"}},
    {**GOOD, "client_times": [100, MAX_CLIENT_MS]},
    {**GOOD, "client_times": [100, MAX_CLIENT_MS + 1]},
    {**GOOD, "client_times": [100, -1]},
    {**GOOD, "client_times": [100, True]},
    {**GOOD, "client_times": [100, 1.0]},
    {**GOOD, "client_times": [100, "1"]},
    {**GOOD, "client_times": 100},
    ["3a"],
    "3a",
    None,
]


def serializer_outcome(data):
    checked = GameMovesApi.MovesAppendIn(data=data)
    return ("ok", dict(checked.validated_data)) if checked.is_valid() else ("refused", checked.errors)


@pytest.mark.parametrize("data", BODIES)
def test_a_plain_body_reads_as_the_serializer_reads_it(data):
    plain = append_plain(data)
    expected = serializer_outcome(data)
    if plain is None:  # anything not plainly valid goes through the serializer
        return
    assert expected == ("ok", plain)


def test_a_well_formed_move_skips_the_serializer():
    assert append_plain(GOOD) == GOOD
    assert append_plain({**GOOD, "moves": [], "client_times": []}) is not None


def test_whatever_the_serializer_refuses_is_left_to_it():
    refused = [data for data in BODIES if serializer_outcome(data)[0] == "refused"]
    assert refused and all(append_plain(data) is None for data in refused)
