"""Challenges: make one from a won game, read it with its attempts, take it up."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.schemas import CONFLICT, ERRORS, THROTTLED
from core.throttles import GameStartBurstThrottle, GameStartThrottle
from games.apis.games import GameOut, game_out
from social.selectors.challenges import STATES, challenge_by_code, challenge_out
from social.services.challenges import challenge_create, challenge_game_start


class ChallengeByOut(serializers.Serializer):
    player = serializers.CharField()
    counted_moves = serializers.IntegerField(help_text="The challenger's moves plus undos.")
    seconds = serializers.FloatField()


class ChallengeAttemptOut(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True, help_text="Among the challenger and the counted wins.")
    player = serializers.CharField()
    counted_moves = serializers.IntegerField(allow_null=True)
    seconds = serializers.FloatField(allow_null=True)
    state = serializers.ChoiceField(STATES)


class CounterOut(serializers.Serializer):
    code = serializers.CharField()
    url = serializers.CharField()
    player = serializers.CharField()
    variant = serializers.CharField()
    number = serializers.IntegerField()


class ChallengeOut(serializers.Serializer):
    code = serializers.CharField()
    url = serializers.CharField()
    variant = serializers.CharField()
    number = serializers.IntegerField()
    by = ChallengeByOut()


class ChallengeDetailOut(ChallengeOut):
    answers = serializers.CharField(allow_null=True, help_text="The code of the challenge this one answers.")
    counters = CounterOut(many=True, help_text="Counter-challenges that answer this one.")
    created_at = serializers.DateTimeField()
    attempts = ChallengeAttemptOut(many=True)


def _base(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


class ChallengeCreateApi(APIView):
    permission_classes = [IsAuthenticated]

    class ChallengeIn(serializers.Serializer):
        game = serializers.UUIDField(help_text="Your won game (its win validated by the worker).")
        answers = StrictCharField(required=False, max_length=12,
                                  help_text="A challenge you took up, answered on this new deal.")

    @extend_schema(request=ChallengeIn,
                   responses={201: ChallengeOut,
                              200: OpenApiResponse(ChallengeOut, "The game's challenge, made before"),
                              **ERRORS, **CONFLICT},
                   summary="Make a challenge from your won game")
    def post(self, request):
        data = self.ChallengeIn(data=request.data)
        data.is_valid(raise_exception=True)
        challenge, created = challenge_create(player=request.user, game_id=data.validated_data["game"],
                                              answers=data.validated_data.get("answers"))
        out = challenge_out(challenge, base_url=_base(request))
        body = {key: out[key] for key in ("code", "url", "variant", "number", "by")}
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class ChallengeDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: ChallengeDetailOut, **ERRORS}, summary="A challenge and its attempts")
    def get(self, request, code: str):
        return Response(challenge_out(challenge_by_code(code=code), base_url=_base(request)))


class ChallengeGameApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [GameStartBurstThrottle, GameStartThrottle]

    @extend_schema(request=None,
                   responses={201: GameOut, 200: OpenApiResponse(GameOut, "Your attempt, still in play"),
                              **ERRORS, **CONFLICT, **THROTTLED},
                   summary="Take up a challenge: your one attempt at its deal")
    def post(self, request, code: str):
        game, created = challenge_game_start(player=request.user, code=code)
        return Response(game_out(game), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)
