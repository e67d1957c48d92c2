"""Dailies by date (the deal number stays secret until the day closes); their boards are in boards.py."""

import datetime as dt

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from core.errors import InvalidRequest
from core.schemas import CONFLICT, NOT_READY
from games.apis.fields import DAILY_VARIANT_PATH, DATE_PATH, ERRORS, PositionOut, reveals_field
from games.apis.games import GameOut, game_out
from games.apis.owners import origin_note
from games.catalogue import daily_variants
from games.clock import today_utc
from games.models import Daily
from games.referee import start_position
from games.selectors import daily_is_open, daily_players, daily_started
from games.selectors_archive import dailies_archive, daily_lines
from games.services.dailies import daily_ensure, daily_game_open, daily_get, daily_variant_check


def parse_date(text: str) -> dt.date:
    """An ISO date, or ``today`` (UTC)."""
    if text == "today":
        return today_utc()
    try:
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise InvalidRequest(f"{text!r} is not a date (YYYY-MM-DD).", code="invalid_date") from exc


class DailyOut(serializers.Serializer):
    date = serializers.DateField()
    variant = serializers.CharField()
    position = PositionOut(
        allow_null=True,
        help_text="null while the daily is open and the player has not started it: starting the "
                  "attempt (POST .../games/) deals it, and the server's clock starts then.",
    )
    par = serializers.IntegerField(allow_null=True)
    difficulty = serializers.CharField(
        allow_null=True,
        help_text='"easy", "medium" or "hard", estimated from the solver\'s effort; null if unknown.',
    )
    open = serializers.BooleanField()
    number = serializers.IntegerField(allow_null=True, help_text="Revealed once the day has closed.")
    players = serializers.IntegerField(help_text="How many players have played it so far.")


def daily_out(daily: Daily, player) -> dict:
    is_open = daily_is_open(daily)
    dealt = not is_open or daily_started(daily=daily, player=player)
    position = start_position(daily.deal.variant, daily.deal.number) if dealt else None
    return DailyOut(
        {
            "date": daily.date,
            "variant": daily.variant,
            "position": engine.player_view(position) if position else None,
            "par": daily.deal.par,
            "difficulty": daily.deal.difficulty or None,
            "open": is_open,
            "number": None if is_open else daily.deal.number,
            "players": daily_players(daily=daily),
        }
    ).data


class DailyTodayApi(APIView):
    permission_classes = [IsAuthenticated]

    class DailyTodayOut(serializers.Serializer):
        date = serializers.DateField()
        dailies = DailyOut(many=True)

    @extend_schema(responses={200: DailyTodayOut, **ERRORS}, summary="Today's dailies (UTC)")
    def get(self, request):
        today = today_utc()
        # Never a solver search here: a daily still being prepared is left out until it exists.
        dailies = [daily_ensure(variant=variant, date=today, fill_rounds=0) for variant in daily_variants()]
        shown = [daily_out(d, request.user) for d in dailies if d is not None]
        return Response({"date": today, "dailies": shown})


class DailyDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: DailyOut, **ERRORS, **NOT_READY},
                   parameters=[DATE_PATH, DAILY_VARIANT_PATH],
                   summary="A daily by date and variant")
    def get(self, request, date: str, variant: str):
        return Response(daily_out(daily_get(variant=variant, date=parse_date(date)), request.user))


class DailyGameStartApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: GameOut, 200: GameOut, **ERRORS, **CONFLICT, **NOT_READY},
                   parameters=[DATE_PATH, DAILY_VARIANT_PATH],
                   summary="Start a game on a daily (ranked on the first attempt of an open daily)",
                   description="While the daily is open the player's first game on it is their only one: "
                               "a later start answers that game (200). 409 `daily_layout_played` when a "
                               "game on the layout started before the day opened. Once closed, every "
                               "start is a new unranked game (201).")
    def post(self, request, date: str, variant: str):
        game, created = daily_game_open(player=request.user, variant=variant, date=parse_date(date))
        origin_note(request, game)
        return Response(game_out(game), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class ArchiveEntryOut(serializers.Serializer):
    date = serializers.DateField()
    open = serializers.BooleanField()
    number = serializers.IntegerField(allow_null=True, help_text="Revealed once the day has closed.")
    par = serializers.IntegerField(allow_null=True)
    played = serializers.BooleanField()
    won = serializers.BooleanField()
    moves = serializers.IntegerField(allow_null=True, help_text="The player's best win on it.")
    seconds = serializers.FloatField(allow_null=True)
    ranked = serializers.BooleanField()


class ArchiveOut(serializers.Serializer):
    variant = serializers.CharField()
    month = serializers.CharField()
    dailies = ArchiveEntryOut(many=True)


MONTH_QUERY = OpenApiParameter(
    "month", str, OpenApiParameter.QUERY, description="YYYY-MM; this month by default."
)


class DailyArchiveApi(APIView):
    """A month of past dailies for the archive calendar, with the player's marks when logged in."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: ArchiveOut, **ERRORS}, parameters=[DAILY_VARIANT_PATH, MONTH_QUERY],
                   summary="A month of dailies with the player's marks")
    def get(self, request, variant: str):
        daily_variant_check(variant)
        month = parse_month(request.query_params.get("month"))
        player = request.user if request.user.is_authenticated else None
        entries = dailies_archive(variant=variant, month=month, player=player)
        return Response({"variant": variant, "month": month.strftime("%Y-%m"), "dailies": entries})


def parse_month(text: str | None) -> dt.date:
    """``YYYY-MM`` as the month's first day; this month when absent."""
    if not text:
        return today_utc().replace(day=1)
    try:
        return dt.date.fromisoformat(f"{text}-01")
    except ValueError as exc:
        raise InvalidRequest(f"{text!r} is not a month (YYYY-MM).", code="invalid_date") from exc


class LineOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    moves = serializers.ListField(child=serializers.CharField())
    reveals = reveals_field()
    seconds = serializers.FloatField()


class LinesOut(serializers.Serializer):
    date = serializers.DateField()
    variant = serializers.CharField()
    number = serializers.IntegerField()
    start = PositionOut(help_text="The player's view of the start, as for a game.")
    par = serializers.IntegerField(allow_null=True)
    par_line = serializers.ListField(child=serializers.CharField())
    par_reveals = reveals_field()
    players = LineOut(many=True)


class DailyLinesApi(APIView):
    """A closed daily's best ranked lines and its par line, for the replay viewer."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: LinesOut, **ERRORS}, parameters=[DATE_PATH, DAILY_VARIANT_PATH],
                   summary="A closed daily's best lines and par line")
    def get(self, request, date: str, variant: str):
        daily_variant_check(variant)
        return Response(daily_lines(variant=variant, date=parse_date(date)))
