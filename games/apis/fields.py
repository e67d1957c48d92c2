"""Strict serializer fields and the output shapes shared by several APIs."""

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers

from games import engine
from games.models import DAILY_VARIANTS, Deal, Game
from games.selectors import daily_is_open
from games.share_links import share_code


class StrictCharField(serializers.CharField):
    """A string and only a string: DRF's CharField would accept ``0`` or ``true``."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """An integer and only an integer: no ``"12"``, no ``12.0``, no ``true``."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


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


class ErrorBodyOut(serializers.Serializer):
    code = serializers.CharField(help_text="Stable error code (see docs/api.md).")
    message = serializers.CharField()


class ErrorOut(serializers.Serializer):
    error = ErrorBodyOut()


ERRORS = {
    400: OpenApiResponse(ErrorOut, description="Refused: see the error code"),
    401: OpenApiResponse(ErrorOut, description="Not authenticated (no or a bad token or session)"),
    403: OpenApiResponse(ErrorOut, description="Not allowed"),
    404: OpenApiResponse(ErrorOut, description="Not found"),
}
CONFLICT = {409: OpenApiResponse(ErrorOut, description="Conflict with the current state")}
UNAVAILABLE = {503: OpenApiResponse(ErrorOut, description="The solver cannot answer right now")}


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
