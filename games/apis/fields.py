"""The games APIs' shared fields, path parameters and output shapes.

Strict fields and error schemas live in ``core`` and are imported here for the
games APIs' convenience.
"""

from collections.abc import Callable, Iterable, Sequence

from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from core.fields import StrictCharField, StrictIntegerField
from core.schemas import CONFLICT, ERRORS, UNAVAILABLE, ErrorOut
from games.catalogue import daily_variants_ever, site_variants
from games.models import Deal, Game
from games.selectors import daily_is_open
from games.share_links import share_code

__all__ = [
    "CONFLICT", "DAILY_VARIANT_PATH", "DATE_PATH", "ERRORS", "UNAVAILABLE", "VARIANT_PATH", "ErrorOut",
    "PositionOut", "RevealOut", "StrictCharField", "StrictIntegerField", "daily_variant_field", "deal_links",
    "game_deal_out", "reveals_field", "variant_field",
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
    """A variant that has dailies (on some day: the services check the day's switch)."""
    return CatalogueChoiceField(daily_variants_ever, **kwargs)


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
DAILY_VARIANT_PATH = OpenApiParameter("variant", str, _PATH, enum=CatalogueEnum(daily_variants_ever))
DATE_PATH = OpenApiParameter(
    "date",
    {"anyOf": [{"type": "string", "format": "date"}, {"type": "string", "enum": ["today"]}]},
    OpenApiParameter.PATH,
    description="A UTC date, YYYY-MM-DD, or `today`.",
)


class FreeCellPositionOut(serializers.Serializer):
    """A FreeCell-family position: every card is in sight."""

    variant = serializers.CharField()
    columns = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    cells = serializers.ListField(child=serializers.CharField(allow_null=True))
    foundations = serializers.DictField(child=serializers.IntegerField())


class StockViewOut(serializers.Serializer):
    """A Klondike or Spider position as its player sees it (``engine.player_view``):
    face-down cards and every stock card are null."""

    variant = serializers.CharField()
    columns = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(allow_null=True)),
        help_text="Deepest card first; a face-down card is null.",
    )
    stock = serializers.ListField(
        child=serializers.CharField(allow_null=True),
        help_text="Only nulls: the stock's size is public, its order is not.",
    )
    waste = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Klondike: the playable card last."
    )
    foundations = serializers.DictField(
        child=serializers.IntegerField(), required=False, help_text="Klondike: top rank per suit."
    )
    removed = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Spider: the suit of each run taken off."
    )


@extend_schema_field(PolymorphicProxySerializer(
    component_name="Position", serializers=[FreeCellPositionOut, StockViewOut], resource_type_field_name=None,
))
class PositionOut(serializers.Field):
    """A position as its player may see it: ``engine.player_view`` made it
    (FreeCell family in full, Klondike and Spider with hidden cards as null)."""

    def __init__(self, **kwargs):
        kwargs["read_only"] = True
        super().__init__(**kwargs)

    def to_representation(self, value):
        return value


class RevealOut(serializers.Serializer):
    pile = serializers.CharField(help_text='Column "1".."9", "0" (tenth), or "w" (Klondike waste).')
    card = serializers.CharField()


def reveals_field() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ListField(child=RevealOut()),
        allow_null=True,
        help_text="Klondike and Spider: per move of the log, the cards it turned face up "
                  "(null for the FreeCell family).",
    )


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
