"""The games APIs' shared fields, path parameters and output shapes.

Strict fields and error schemas live in ``core`` and are imported here for the
games APIs' convenience.
"""

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from core.fields import StrictCharField, StrictIntegerField
from core.schemas import CONFLICT, ERRORS, UNAVAILABLE, ErrorOut
from games import engine
from games.models import DAILY_VARIANTS, Deal, Game
from games.selectors import daily_is_open
from games.share_links import share_code

__all__ = [
    "CONFLICT", "DAILY_VARIANT_PATH", "DATE_PATH", "ERRORS", "UNAVAILABLE", "VARIANT_PATH", "ErrorOut",
    "PositionOut", "StrictCharField", "StrictIntegerField", "deal_links", "game_deal_out", "variant_field",
]


def variant_field(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=list(engine.SITE_VARIANTS), **kwargs)


# Path parameters as the views read them, so that the schema says which values exist.
VARIANT_PATH = OpenApiParameter("variant", str, OpenApiParameter.PATH, enum=list(engine.SITE_VARIANTS))
DAILY_VARIANT_PATH = OpenApiParameter("variant", str, OpenApiParameter.PATH, enum=list(DAILY_VARIANTS))
DATE_PATH = OpenApiParameter(
    "date",
    {"anyOf": [{"type": "string", "format": "date"}, {"type": "string", "enum": ["today"]}]},
    OpenApiParameter.PATH,
    description="A UTC date, YYYY-MM-DD, or `today`.",
)


class PositionOut(serializers.Serializer):
    """A position as the engine writes it (``engine.position_to_json``)."""

    variant = serializers.CharField()
    columns = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    cells = serializers.ListField(child=serializers.CharField(allow_null=True))
    foundations = serializers.DictField(child=serializers.IntegerField())


def deal_links(deal: Deal) -> dict:
    return {
        "play_url": f"/play/{deal.variant}/{deal.number}",
        "share_url": f"/s/{share_code(deal.variant, deal.number)}",
    }


def game_deal_out(game: Game) -> dict:
    """The deal as a game may show it: an open daily keeps its number secret."""
    if daily_is_open(game.daily):
        return {"variant": game.deal.variant, "number": None, "par": game.deal.par,
                "play_url": None, "share_url": None}
    return {"variant": game.deal.variant, "number": game.deal.number, "par": game.deal.par,
            **deal_links(game.deal)}
