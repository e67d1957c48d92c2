"""Races over HTTP: make one, read one, join one. Play is on the socket
(``/ws/races/<code>/``, races.consumers); the messages are in docs/api.md."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictBooleanField
from core.schemas import CONFLICT, ERRORS, THROTTLED
from core.throttles import GameStartBurstThrottle, GameStartThrottle
from games.apis.fields import StrictIntegerField, variant_field
from games.models import DEAL_NUMBER_MAX
from games.selectors import player_by_username
from races.selectors import player_race_ratings, race_get, race_out
from races.services.races import DEFAULT_MINUTES, MAX_MINUTES, race_create, race_join


class RacePlayerOut(serializers.Serializer):
    username = serializers.CharField()
    host = serializers.BooleanField()
    connected = serializers.BooleanField(help_text="Has a socket open on the race now.")
    gone = serializers.BooleanField(help_text="Left the race (gave up).")
    home = serializers.IntegerField(help_text="Cards on the foundations (Spider: runs completed).")
    moves = serializers.IntegerField(help_text="Moves played, those taken back included.")
    won = serializers.BooleanField()
    seconds = serializers.FloatField(allow_null=True, help_text="When they won, after the deal.")
    rating = serializers.IntegerField(help_text="Race rating in this variant (1500 for a newcomer).")
    place = serializers.IntegerField(allow_null=True, help_text="Once the worker has validated every log.")
    log_check = serializers.ChoiceField(["pending", "valid", "invalid"])
    under_review = serializers.BooleanField(help_text="Held by the fair-play checks: not rated.")
    rating_before = serializers.IntegerField(allow_null=True)
    rating_after = serializers.IntegerField(allow_null=True)


class RaceOut(serializers.Serializer):
    code = serializers.CharField()
    url = serializers.CharField()
    variant = serializers.CharField()
    number = serializers.IntegerField()
    rated = serializers.BooleanField()
    minutes = serializers.IntegerField()
    state = serializers.ChoiceField(["lobby", "countdown", "running", "finished"])
    host = serializers.CharField()
    unit = serializers.ChoiceField(["cards", "runs"], help_text="What home counts.")
    total = serializers.IntegerField(help_text="How many home make a win.")
    server_now = serializers.DateTimeField()
    created_at = serializers.DateTimeField()
    starts_at = serializers.DateTimeField(allow_null=True, help_text="The deal: every clock starts here.")
    ends_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    validated = serializers.BooleanField(help_text="The worker has replayed every log; places are final.")
    players = RacePlayerOut(many=True)


class RaceListApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [GameStartBurstThrottle, GameStartThrottle]

    class RaceCreateIn(serializers.Serializer):
        variant = variant_field()
        number = StrictIntegerField(min_value=1, max_value=DEAL_NUMBER_MAX, required=False,
                                    help_text="A deal number; a random winnable deal without it.")
        rated = StrictBooleanField(required=False, default=False)
        minutes = StrictIntegerField(min_value=1, max_value=MAX_MINUTES, required=False,
                                     default=DEFAULT_MINUTES)

    class RaceCreatedOut(serializers.Serializer):
        code = serializers.CharField()
        url = serializers.CharField()

    @extend_schema(request=RaceCreateIn, responses={201: RaceCreatedOut, **ERRORS, **THROTTLED},
                   summary="Make a race (you are its host and first player)")
    def post(self, request):
        data = self.RaceCreateIn(data=request.data)
        data.is_valid(raise_exception=True)
        race = race_create(host=request.user, **data.validated_data)
        return Response({"code": race.code, "url": f"/race/{race.code}"}, status=status.HTTP_201_CREATED)


class RaceDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RaceOut, 404: ERRORS[404]},
                   summary="A race: its players, their progress and, once over, the places")
    def get(self, request, code: str):
        return Response(RaceOut(race_out(race_get(code=code))).data)


class RaceJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: RaceOut, **ERRORS, **CONFLICT},
                   summary="Join a race in its lobby (2 to 8 players)")
    def post(self, request, code: str):
        race = race_join(code=code, player=request.user)
        return Response(RaceOut(race_out(race_get(code=race.code))).data)


class RaceRatingOut(serializers.Serializer):
    variant = serializers.CharField()
    rating = serializers.IntegerField()
    races = serializers.IntegerField()


class PlayerRaceRatingsApi(APIView):
    permission_classes = [AllowAny]

    class RatingsOut(serializers.Serializer):
        ratings = RaceRatingOut(many=True)

    @extend_schema(responses={200: RatingsOut, 404: OpenApiResponse(description="No such player")},
                   summary="A player's race ratings, per variant")
    def get(self, request, username: str):
        return Response({"ratings": player_race_ratings(player=player_by_username(username=username))})
