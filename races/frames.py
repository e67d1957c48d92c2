"""The frames a race socket accepts, parsed as strictly as the API's request bodies.

Every frame is a JSON object with a ``type``; ``id`` (optional) is echoed in the
answer so that a client can match it. See docs/api.md, Races.
"""

import json
import uuid

from rest_framework import serializers

from core.errors import InvalidRequest
from core.fields import StrictIntegerField, count_list, plain_count, plain_text, text_list
from games.services.games import MAX_CLIENT_MS, MAX_LOG_MOVES

#: A frame longer than this is refused and the socket closed (a batch of moves is far shorter).
MAX_FRAME_BYTES = 16 * 1024


class FrameIn(serializers.Serializer):
    type = serializers.ChoiceField(["join", "start", "deal", "moves", "undo", "leave", "sync"])
    id = StrictIntegerField(required=False, min_value=0, max_value=2**31)


class MovesIn(FrameIn):
    expected_ply = StrictIntegerField(min_value=0, max_value=MAX_LOG_MOVES)
    moves = text_list(12, max_length=200)
    client_times = count_list(0, MAX_CLIENT_MS, max_length=200)
    game = serializers.UUIDField(required=False, help_text="The player's own game (optional).")


class UndoIn(FrameIn):
    expected_ply = StrictIntegerField(min_value=0, max_value=MAX_LOG_MOVES)
    to_ply = StrictIntegerField(min_value=0, max_value=MAX_LOG_MOVES)
    game = serializers.UUIDField(required=False)


SHAPES = {"moves": MovesIn, "undo": UndoIn}

# What the serializers above take unchanged, checked in one pass (``_plain``): building a
# serializer copies every declared field, most of what parsing a frame cost. Anything else
# goes through the serializers, so refusals read the same (tests/races/test_frames.py).
_TYPES = frozenset(FrameIn().fields["type"].choices)
_ID = plain_count(0, 2**31)
_PLY = plain_count(0, MAX_LOG_MOVES)
_MOVE = plain_text(12)
_CLIENT_MS = plain_count(0, MAX_CLIENT_MS)
_LIST_MAX = 200


def _plain_list(items, plain) -> bool:
    return type(items) is list and len(items) <= _LIST_MAX and all(map(plain, items))


def _plain(body: dict) -> dict | None:
    """The frame's validated fields when every one is plainly valid (as the serializer would
    return them); None when the serializer has to say."""
    kind = body.get("type")
    if type(kind) is not str or kind not in _TYPES:
        return None
    out = {"type": kind}
    if "id" in body:
        if not _ID(body["id"]):
            return None
        out["id"] = body["id"]
    if kind not in SHAPES:
        return out
    names = ("expected_ply", "moves", "client_times") if kind == "moves" else ("expected_ply", "to_ply")
    for name in names:
        if name not in body:
            return None
    if not _PLY(body["expected_ply"]):
        return None
    out["expected_ply"] = body["expected_ply"]
    if kind == "moves":
        if not (_plain_list(body["moves"], _MOVE) and _plain_list(body["client_times"], _CLIENT_MS)):
            return None
        out["moves"], out["client_times"] = list(body["moves"]), list(body["client_times"])
    else:
        if not _PLY(body["to_ply"]):
            return None
        out["to_ply"] = body["to_ply"]
    if "game" in body:
        if type(body["game"]) is not str:
            return None
        try:
            out["game"] = uuid.UUID(hex=body["game"])
        except ValueError:
            return None
    return out


def frame_parse(text: str | None, data: bytes | None) -> dict:
    """The frame's validated fields; ``InvalidRequest`` (``malformed_frame`` or ``invalid``) otherwise."""
    if text is None:
        raise InvalidRequest("Frames are JSON text, not binary.", code="malformed_frame")
    try:
        body = json.loads(text)
    except ValueError:
        raise InvalidRequest("The frame is not JSON.", code="malformed_frame") from None
    if not isinstance(body, dict):
        raise InvalidRequest("A frame is a JSON object with a type.", code="malformed_frame")
    plain = _plain(body)
    return plain if plain is not None else _checked(body)


def _checked(body: dict) -> dict:
    """The frame through the serializers: its validated fields, or ``InvalidRequest`` saying why."""
    head = FrameIn(data=body)
    if not head.is_valid():
        raise InvalidRequest("The frame is not valid.", code="invalid", fields=head.errors)
    shape = SHAPES.get(head.validated_data["type"])
    if shape is None:
        return head.validated_data
    full = shape(data=body)
    if not full.is_valid():
        raise InvalidRequest("The frame is not valid.", code="invalid", fields=full.errors,
                             id=head.validated_data.get("id"))
    return full.validated_data
