"""A daily's board among the players you follow (``?among=following``) or a league's
members (``?league=<code>``): the public board's view hands these to this one
(``games.apis.boards.daily_board_filter_register``).

As the public board, the answer is stored bytes with an ETag; a reader known from
the session cookie (``social.selectors.stored.reader_remember``) is answered
before DRF's request handling, with no query. The answer is the reader's own:
``Cache-Control: private``.
"""

import datetime as dt
import re

from django.conf import settings
from django.utils.cache import patch_vary_headers
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import IsAuthenticated
from rest_framework.views import APIView

from core.errors import PermissionDenied
from core.fields import StrictCharField
from games.apis.boards import DailyBoardOut, DailyRowOut
from games.apis.dailies import parse_date
from games.apis.stored import stored_response
from games.catalogue import site_variants
from games.clock import today_utc
from games.services.dailies import daily_get
from social.codes import code_valid
from social.selectors.boards import (
    following_board,
    following_board_stored,
    league_board,
    league_board_stored,
)
from social.selectors.leagues import league_for_member
from social.selectors.stored import reader_of, reader_remember

# Revalidated at every read, as the public board (``games.apis.stored.CACHE_CONTROL``): a
# copy shown stale while the browser asks again would leave out a result just recorded or cleared.
CACHE_CONTROL = "private, max-age=0"
#: What Django issues as a session key (``VALID_KEY_CHARS``, 32 of them): anything else is no session.
SESSION_KEY = re.compile(r"[a-z0-9]{32}")


class FilteredRowOut(DailyRowOut):
    board_rank = serializers.IntegerField(help_text="The row's place on the whole board.")


class LeagueRefOut(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()


class FilteredBoardOut(DailyBoardOut):
    rows = FilteredRowOut(many=True)
    among = serializers.CharField(allow_null=True)
    league = LeagueRefOut(allow_null=True)


def _private(request, stored):
    response = stored_response(request, stored)
    response["Cache-Control"] = CACHE_CONTROL
    patch_vary_headers(response, ("Cookie", "Authorization"))
    return response


def _day(text: str) -> dt.date | None:
    if text == "today":
        return today_utc()
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


class FilteredDailyBoardApi(APIView):
    permission_classes = [IsAuthenticated]

    class FilterIn(serializers.Serializer):
        among = serializers.ChoiceField(["following"], required=False)
        league = StrictCharField(required=False, max_length=12)

        def validate(self, attrs):
            if ("among" in attrs) == ("league" in attrs):
                raise serializers.ValidationError("Ask for one of among=following or league=<code>.")
            return attrs

    def dispatch(self, request, *args, **kwargs):
        if request.method == "GET":
            stored = self._stored(request, **kwargs)
            if stored is not None:
                return _private(request, stored)
        return super().dispatch(request, *args, **kwargs)

    def _stored(self, request, *, date: str, variant: str):
        """The stored answer for a session's player, with no query: the session cookie's
        player is the one remembered when DRF last authenticated it (``reader_remember``)."""
        session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
        day = _day(date)
        if not SESSION_KEY.fullmatch(session_key) or day is None or day > today_utc() \
                or variant not in site_variants() or len(request.GET) != 1:
            return None
        reader_id = reader_of(session_key)
        if reader_id is None:
            return None
        if request.GET.get("among") == "following":
            return following_board_stored(player_id=reader_id, variant=variant, date=day)
        code = request.GET.get("league", "")
        return league_board_stored(code=code, variant=variant, date=day, reader_id=reader_id) \
            if code_valid(code) else None

    def _reader_remember(self, request) -> None:
        """A session DRF has just authenticated stands for its player on the stored path."""
        if isinstance(request.successful_authenticator, SessionAuthentication):
            session_key = request._request.session.session_key
            if session_key:
                reader_remember(session_key, request.user.pk)

    def get(self, request, date: str, variant: str):
        query = self.FilterIn(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        self._reader_remember(request)
        daily = daily_get(variant=variant, date=parse_date(date))
        if "among" in query.validated_data:
            return _private(request, following_board(daily=daily, player=request.user))
        league = league_for_member(code=query.validated_data["league"], player=request.user)
        stored = league_board(daily=daily, league=league, reader=request.user)
        if stored is None:  # removed between the two reads
            raise PermissionDenied("Only the league's members see it.", code="not_member")
        return _private(request, stored)
