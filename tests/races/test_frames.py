"""A race frame's quick check takes only what the serializers take, and returns it as they do;
everything else goes through the serializers, so a refusal reads the same."""

import json
import uuid

import pytest

from core.errors import InvalidRequest
from races.frames import _checked, _plain, frame_parse

GAME = "0b6c1a52-8f0e-4c9e-9a41-3f1f1f0e2d11"

FRAMES = [
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [1000]},
    {"type": "moves", "id": 7, "expected_ply": 3, "moves": ["1a", "2h"], "client_times": [1, 2], "x": 1},
    {"type": "moves", "id": 0, "expected_ply": 1000, "moves": [], "client_times": [], "game": GAME},
    {"type": "moves", "id": 2**31, "expected_ply": 0, "moves": ["1a"], "client_times": [0], "game": GAME.upper()},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [1], "game": GAME.replace("-", "")},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [1], "game": "{" + GAME + "}"},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [1], "game": "nope"},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [1], "game": 5},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [1], "game": None},
    {"type": "moves", "id": 2**31 + 1, "expected_ply": 0, "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "id": -1, "expected_ply": 0, "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "id": None, "expected_ply": 0, "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "id": True, "expected_ply": 0, "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "id": "1", "expected_ply": 0, "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "expected_ply": "0", "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "expected_ply": 0.0, "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "expected_ply": 1001, "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "expected_ply": False, "moves": ["1a"], "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": "1a", "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"] * 201, "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"] * 200, "client_times": [1] * 200},
    {"type": "moves", "expected_ply": 0, "moves": ["x" * 13], "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": ["x" * 12], "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": [""], "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": [" 1a "], "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": ["1\x00"], "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": ["1é"], "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": [1], "client_times": [1]},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [-1]},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [30 * 24 * 3600 * 1000 + 1]},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [1.5]},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": {"a": 1}},
    {"type": "moves", "expected_ply": 0, "moves": ["1a"]},
    {"type": "moves", "moves": ["1a"], "client_times": [1]},
    {"type": "moves"},
    {"type": "undo", "expected_ply": 4, "to_ply": 2},
    {"type": "undo", "id": 9, "expected_ply": 4, "to_ply": 0, "game": GAME},
    {"type": "undo", "expected_ply": 4},
    {"type": "undo", "expected_ply": 4, "to_ply": "2"},
    {"type": "undo", "expected_ply": 4, "to_ply": 1001},
    {"type": "join"}, {"type": "start", "id": 3}, {"type": "deal", "id": 1}, {"type": "leave"},
    {"type": "sync", "id": 1, "moves": "ignored"}, {"type": "sync", "id": "1"},
    {"type": "dance"}, {"type": 1}, {"type": None}, {"type": ["moves"]}, {"type": "Moves"}, {},
]


def outcome(parse, body):
    try:
        return "ok", dict(parse(body))
    except InvalidRequest as exc:
        return "refused", exc.code, exc.message, json.loads(json.dumps(exc.extra))


@pytest.mark.parametrize("body", FRAMES)
def test_a_frame_parses_as_the_serializers_parse_it(body):
    quick = _plain(body)
    if quick is not None:
        checked = dict(_checked(body))
        assert quick == checked
        assert [type(v) for v in quick.values()] == [type(checked[k]) for k in quick]
    assert outcome(lambda b: frame_parse(json.dumps(b), None), body) == outcome(_checked, body)


def test_the_quick_check_takes_the_frames_players_send():
    frame = FRAMES[2]
    assert _plain(frame)["game"] == uuid.UUID(GAME)
    for body in (FRAMES[0], FRAMES[1], FRAMES[35], FRAMES[41]):
        assert _plain(body) is not None
