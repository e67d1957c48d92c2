"""The frames a race socket accepts, parsed as strictly as the API's request bodies.

Every frame is a JSON object with a ``type``; ``id`` (optional) is echoed in the
answer so that a client can match it. See docs/api.md, Races.
"""

import json

from rest_framework import serializers

from core.errors import InvalidRequest
from core.fields import StrictIntegerField, count_list, text_list
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
