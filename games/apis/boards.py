"""Leaderboards and a player's stats: stored JSON, an ETag, a Cache-Control that has browsers revalidate."""

import datetime as dt
from collections.abc import Callable

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from core.schemas import NOT_READY
from games.apis.dailies import parse_date
from games.apis.fields import DAILY_VARIANT_PATH, DATE_PATH, ERRORS, VARIANT_PATH
from games.apis.stored import NOT_MODIFIED, StoredReadApi, stored_response
from games.clock import today_utc
from games.referee import variant_check
from games.selectors import (
    leaderboard_all_time,
    leaderboard_daily,
    leaderboard_daily_stored,
    leaderboard_deal,
    leaderboard_deal_stored,
    player_by_username,
    player_stats,
)
from games.services.dailies import daily_get
from games.services.deals import deal_lookup


@extend_schema_field(OpenApiTypes.DATETIME)
class FinishedAtField(serializers.CharField):
    """When the game was won (ISO 8601, as the board stores it)."""


class FinishRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    moves = serializers.IntegerField()
    seconds = serializers.FloatField(help_text="Server time from the first move to the win.")
    finished_at = FinishedAtField()


class DailyRowOut(FinishRowOut):
    counted_moves = serializers.IntegerField(
        help_text="The ranked move total the board orders by: moves plus those taken back (undos)."
    )
    undos = serializers.IntegerField()
    hints = serializers.IntegerField()


class HistogramBarOut(serializers.Serializer):
    moves = serializers.IntegerField()
    players = serializers.IntegerField()


class DailyBoardOut(serializers.Serializer):
    date = serializers.DateField()
    variant = serializers.CharField()
    par = serializers.IntegerField(allow_null=True)
    players = serializers.IntegerField()
    rows = DailyRowOut(many=True)
    histogram = HistogramBarOut(many=True)


class DealBoardOut(serializers.Serializer):
    variant = serializers.CharField()
    number = serializers.IntegerField()
    par = serializers.IntegerField(allow_null=True)
    rows = FinishRowOut(many=True)


class AllTimeRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    daily_wins = serializers.IntegerField()
    current_streak = serializers.IntegerField()
    best_streak = serializers.IntegerField()


class AllTimeBoardOut(serializers.Serializer):
    variant = serializers.CharField()
    rows = AllTimeRowOut(many=True)


class VariantStatsOut(serializers.Serializer):
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    win_rate = serializers.FloatField()
    fewest_moves = serializers.IntegerField(allow_null=True)
    fastest_seconds = serializers.FloatField(allow_null=True)
    daily_wins = serializers.IntegerField()
    current_streak = serializers.IntegerField()
    best_streak = serializers.IntegerField()
    average_over_par = serializers.FloatField(allow_null=True)
    under_review = serializers.IntegerField(
        help_text="Wins held for a fair-play review: counted nowhere until staff clear them."
    )


class PlayerStatsOut(serializers.Serializer):
    player = serializers.CharField()
    variants = serializers.DictField(child=VariantStatsOut())


def _day_or_none(text: str) -> dt.date | None:
    if text == "today":
        return today_utc()
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None  # the long way answers the error


#: Views that answer a daily board narrowed by a query parameter, by its name
#: (``among``, ``league``: the social app registers them when it starts).
DAILY_BOARD_FILTERS: dict[str, Callable] = {}
BOARD_FILTER_PARAMETERS = [
    OpenApiParameter("among", str, enum=["following"], required=False,
                     description="`following`: only the players you follow, and you (login required)."),
    OpenApiParameter("league", str, required=False,
                     description="A league's code: only its members (members only)."),
]


def daily_board_filter_register(parameter: str, view: Callable) -> None:
    """Answer daily boards asked with ``?<parameter>=`` by ``view(request, date=, variant=)``."""
    DAILY_BOARD_FILTERS[parameter] = view


class LeaderboardDailyApi(StoredReadApi):
    permission_classes = [AllowAny]

    def dispatch(self, request, *args, **kwargs):
        for parameter, view in DAILY_BOARD_FILTERS.items():
            if parameter in request.GET:
                return view(request, *args, **kwargs)
        return super().dispatch(request, *args, **kwargs)

    def stored_answer(self, *, date: str, variant: str):
        day = _day_or_none(date)
        return None if day is None else leaderboard_daily_stored(variant=variant, date=day)

    @extend_schema(responses={200: DailyBoardOut, **NOT_MODIFIED, **ERRORS, **NOT_READY},
                   parameters=[DATE_PATH, DAILY_VARIANT_PATH, *BOARD_FILTER_PARAMETERS],
                   summary="A daily's leaderboard and moves histogram (or its rows among friends, a league)")
    def get(self, request, date: str, variant: str):
        # Not stored yet: today's daily may have to be made from the pool first.
        daily = daily_get(variant=variant, date=parse_date(date))
        return stored_response(request, leaderboard_daily(daily=daily))


class LeaderboardDealApi(StoredReadApi):
    permission_classes = [AllowAny]

    def stored_answer(self, *, variant: str, number: int):
        return leaderboard_deal_stored(variant=variant, number=number)

    @extend_schema(responses={200: DealBoardOut, **NOT_MODIFIED, **ERRORS}, parameters=[VARIANT_PATH],
                   summary="Each player's best on a deal")
    def get(self, request, variant: str, number: int):
        deal = deal_lookup(variant=variant, number=number)
        if deal.pk is None:  # nobody has played it: nothing to store
            return Response({"variant": variant, "number": number, "par": None, "rows": []})
        return stored_response(request, leaderboard_deal(deal=deal))


class LeaderboardAllTimeApi(StoredReadApi):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: AllTimeBoardOut, **NOT_MODIFIED, **ERRORS}, parameters=[VARIANT_PATH],
                   summary="Daily wins and streaks")
    def get(self, request, variant: str):
        return stored_response(request, leaderboard_all_time(variant=variant_check(variant)))


class PlayerStatsApi(StoredReadApi):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlayerStatsOut, **NOT_MODIFIED, **ERRORS},
                   summary="A player's stats per variant")
    def get(self, request, username: str):
        return stored_response(request, player_stats(player=player_by_username(username=username)))
