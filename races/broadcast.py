"""Fan-out through the channel layer: what a service returned, to a race's sockets.

Events carry the JSON text their clients are sent (built once, by whoever
broadcasts), so a socket only forwards them.
"""

import json

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder


def race_group(code: str) -> str:
    return f"race.{code}"


def as_json(payload: dict) -> str:
    return json.dumps(payload, cls=DjangoJSONEncoder, separators=(",", ":"))


def event(payload: dict) -> dict:
    """A channel-layer message that a race socket forwards as it is."""
    return {"type": "race.event", "text": as_json(payload)}


def race_broadcast(code: str) -> None:
    """Send the stored race to a race's sockets (from a task or other sync code)."""
    from races.selectors import race_get, race_out

    layer = get_channel_layer()
    if layer is not None:
        payload = {"type": "race", "race": race_out(race_get(code=code))}
        async_to_sync(layer.group_send)(race_group(code), event(payload))
