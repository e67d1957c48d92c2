"""Private leagues: make one, join by its code, read it and its standings; the owner renames and removes."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.schemas import CONFLICT, ERRORS
from games.apis.dailies import parse_date
from social.selectors.leagues import PERIODS, league_for_member, league_out, league_standings
from social.services.leagues import NAME_MAX, league_create, league_join, league_member_remove, league_rename


def _base(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")

class LeagueOut(serializers.Serializer):
    code = serializers.CharField(help_text="The invite code: whoever has it may join.")
    name = serializers.CharField()
    url = serializers.CharField()

class LeagueDetailOut(LeagueOut):
    owner = serializers.CharField()
    members = serializers.ListField(child=serializers.CharField())

class LeagueNameIn(serializers.Serializer):
    name = StrictCharField(max_length=NAME_MAX * 2)

class LeagueCreateApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=LeagueNameIn, responses={201: LeagueOut, **ERRORS, **CONFLICT},
                   summary="Make a private league (you are its owner and first member)")
    def post(self, request):
        data = LeagueNameIn(data=request.data)
        data.is_valid(raise_exception=True)
        league = league_create(owner=request.user, name=data.validated_data["name"])
        out = league_out(league, base_url=_base(request))
        return Response({k: out[k] for k in ("code", "name", "url")}, status=status.HTTP_201_CREATED)

class LeagueDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: LeagueDetailOut, **ERRORS},
                   summary="A league you are in, with its members")
    def get(self, request, code: str):
        league = league_for_member(code=code, player=request.user)
        return Response(league_out(league, base_url=_base(request)))

    @extend_schema(request=LeagueNameIn, responses={200: LeagueDetailOut, **ERRORS, **CONFLICT},
                   summary="Rename your league (owner only)")
    def patch(self, request, code: str):
        data = LeagueNameIn(data=request.data)
        data.is_valid(raise_exception=True)
        league = league_rename(owner=request.user, code=code, name=data.validated_data["name"])
        return Response(league_out(league, base_url=_base(request)))

class LeagueJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: LeagueDetailOut, **ERRORS, **CONFLICT},
                   summary="Join a league by its invite code")
    def post(self, request, code: str):
        member = league_join(player=request.user, code=code)
        return Response(league_out(member.league, base_url=_base(request)), status=status.HTTP_201_CREATED)

class LeagueMemberApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, **ERRORS}, summary="Remove a member (owner only)")
    def delete(self, request, code: str, username: str):
        league_member_remove(owner=request.user, code=code, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)

class StandingRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.IntegerField()
    firsts = serializers.IntegerField(help_text="Dailies on which this member was first in the league.")
    dailies = serializers.IntegerField(help_text="Dailies won in the period.")

class StandingsOut(serializers.Serializer):
    league = serializers.CharField()
    name = serializers.CharField()
    period = serializers.ChoiceField(PERIODS)
    first = serializers.DateField()
    last = serializers.DateField()
    rule = serializers.CharField(help_text="How points are given, as the league page says it.")
    rows = StandingRowOut(many=True)

class LeagueStandingsApi(APIView):
    permission_classes = [IsAuthenticated]

    class StandingsIn(serializers.Serializer):
        period = serializers.ChoiceField(PERIODS, default="week")
        date = StrictCharField(required=False,
                               help_text="A day of the period wanted (YYYY-MM-DD); today by default.")

    @extend_schema(parameters=[StandingsIn], responses={200: StandingsOut, **ERRORS},
                   summary="A league's standings over a week or a month (points per daily by rank)")
    def get(self, request, code: str):
        query = self.StandingsIn(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        day = parse_date(query.validated_data["date"]) if "date" in query.validated_data else None
        league = league_for_member(code=code, player=request.user)
        return Response(league_standings(league=league, period=query.validated_data["period"], day=day))
