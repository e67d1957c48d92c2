"""Per-deal and all-time leaderboards, and a player's stats."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games.apis.fields import ERRORS, VARIANT_PATH
from games.referee import variant_check
from games.selectors import leaderboard_all_time, leaderboard_deal, player_by_username, player_stats
from games.services.deals import deal_lookup


class LeaderboardDealApi(APIView):
    permission_classes = [AllowAny]

    class DealBoardOut(serializers.Serializer):
        variant = serializers.CharField()
        number = serializers.IntegerField()
        par = serializers.IntegerField(allow_null=True)
        rows = serializers.ListField(child=serializers.DictField())

    @extend_schema(responses={200: DealBoardOut, **ERRORS}, parameters=[VARIANT_PATH],
                   summary="Each player's best on a deal")
    def get(self, request, variant: str, number: int):
        deal = deal_lookup(variant=variant, number=number)
        if deal.pk is None:
            return Response({"variant": variant, "number": number, "par": None, "rows": []})
        return Response(leaderboard_deal(deal=deal))


class LeaderboardAllTimeApi(APIView):
    permission_classes = [AllowAny]

    class AllTimeBoardOut(serializers.Serializer):
        variant = serializers.CharField()
        rows = serializers.ListField(child=serializers.DictField())

    @extend_schema(responses={200: AllTimeBoardOut, **ERRORS}, parameters=[VARIANT_PATH],
                   summary="Daily wins and streaks")
    def get(self, request, variant: str):
        return Response(leaderboard_all_time(variant=variant_check(variant)))


class PlayerStatsApi(APIView):
    permission_classes = [AllowAny]

    class PlayerStatsOut(serializers.Serializer):
        player = serializers.CharField()
        variants = serializers.DictField(child=serializers.DictField())

    @extend_schema(responses={200: PlayerStatsOut, **ERRORS}, summary="A player's stats per variant")
    def get(self, request, username: str):
        return Response(player_stats(player=player_by_username(username=username)))
