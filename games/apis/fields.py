"""The games APIs' shared fields, path parameters and output shapes.

Strict fields and error schemas live in ``core`` and are imported here for the
games APIs' convenience.
"""

from collections.abc import Callable, Iterable, Sequence

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from core.fields import StrictCharField, StrictIntegerField
from core.schemas import CONFLICT, ERRORS, UNAVAILABLE, ErrorOut
from games.catalogue import daily_variants, site_variants
from games.models import Deal, Game
from games.selectors import daily_is_open
from games.share_links import share_code

__all__ = [
    "CONFLICT", "DAILY_VARIANT_PATH", "DATE_PATH", "ERRORS", "UNAVAILABLE", "VARIANT_PATH", "ErrorOut",
    "PositionOut", "StrictCharField", "StrictIntegerField", "daily_variant_field", "deal_links",
    "game_deal_out", "variant_field",
]


class CatalogueChoiceField(serializers.ChoiceField):
    """A choice among variants, read from the catalogue whenever it is used (to
    validate, to describe, to build the schema), never frozen at import time."""

    def __init__(self, variants: Callable[[], Iterable[str]], **kwargs):
        self.variants = variants
        super().__init__(choices=(), **kwargs)

    def _set_choices(self, choices):
        pass  # the catalogue is the only source of choices

    choices = property(lambda self: {v: v for v in self.variants()}, _set_choices)
    grouped_choices = property(lambda self: self.choices)
    choice_strings_to_values = property(lambda self: {str(v): v for v in self.variants()})


def variant_field(**kwargs) -> CatalogueChoiceField:
    """A variant the site offers."""
    return CatalogueChoiceField(site_variants, **kwargs)


def daily_variant_field(**kwargs) -> CatalogueChoiceField:
    """A variant played as a daily."""
    return CatalogueChoiceField(daily_variants, **kwargs)


class CatalogueEnum(Sequence):
    """A schema enum read from the catalogue when the schema is built."""

    def __init__(self, variants: Callable[[], Iterable[str]]):
        self.variants = variants

    def __getitem__(self, index):
        return tuple(self.variants())[index]

    def __len__(self) -> int:
        return len(tuple(self.variants()))


# Path parameters as the views read them, so that the schema says which values exist.
_PATH = OpenApiParameter.PATH
VARIANT_PATH = OpenApiParameter("variant", str, _PATH, enum=CatalogueEnum(site_variants))
DAILY_VARIANT_PATH = OpenApiParameter("variant", str, _PATH, enum=CatalogueEnum(daily_variants))
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
