"""Games: start, fetch, append moves, undo, hint, submit a whole log.

Players reach their own games; without an account, the same endpoints reach the
games of this browser session's guest (``games.apis.owners``): guests start
server games on the variants with face-down cards only, and never submit one.
"""

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from accounts.authentication import token_refusal
from core.errors import NotFound
from core.fields import count_list, plain_count, plain_text, text_list
from core.schemas import THROTTLED
from core.throttles import (
    GameStartBurstThrottle,
    GameStartThrottle,
    GuestGameStartThrottle,
    OneTripScopedRateThrottle,
)
from games.apis.fields import (
    CONFLICT,
    ERRORS,
    UNAVAILABLE,
    VARIANT_PATH,
    PositionOut,
    StrictIntegerField,
    game_deal_out,
    reveals_field,
    variant_field,
)
from games.apis.owners import (
    guest_for_start,
    guest_remember,
    request_origin,
    request_owner,
    request_owner_or_none,
)
from games.kept import game_position
from games.models import DEAL_NUMBER_MAX, Game, Submission
from games.referee import GameReplay, hides_cards
from games.selectors import TokenPlayer, daily_rank, game_submission, player_game, player_games
from games.services.games import (
    MAX_CLIENT_MS,
    MAX_LOG_MOVES,
    PLANNING,
    deal_game_start,
    game_hint,
    game_undo,
    game_verdict,
    guest_hint,
    guest_verdict,
    moves_append,
    submission_submit,
)
from games.services.guests import guest_game_start

GAME_ERRORS = {**ERRORS, **CONFLICT}


def moves_field() -> serializers.ListField:
    # The list may be longer than the log limit so that the service can refuse
    # it with ``too_many_moves``; the 64 KiB body limit bounds it anyway.
    return text_list(12)


def client_times_field() -> serializers.ListField:
    return count_list(0, MAX_CLIENT_MS)


_PLAIN_PLY = plain_count(0, MAX_LOG_MOVES)
_PLAIN_MOVE = plain_text(12)
_PLAIN_TIME = plain_count(0, MAX_CLIENT_MS)


def append_plain(data) -> dict | None:
    """What ``GameMovesApi.MovesAppendIn`` makes of a body whose every field is plainly
    valid (``core.fields``: each check takes only what the field takes unchanged), without
    the serializer, whose copy of its fields on every request was a tenth of an append's
    CPU. ``None`` for anything else, which goes through the serializer: its refusals are
    the API's. tests/games/test_append_plain.py holds the two to the same answers."""
    if type(data) is not dict:
        return None
    ply, moves, times = data.get("expected_ply"), data.get("moves"), data.get("client_times")
    if (_PLAIN_PLY(ply) and type(moves) is list and type(times) is list
            and all(map(_PLAIN_MOVE, moves)) and all(map(_PLAIN_TIME, times))):
        return {"expected_ply": ply, "moves": list(moves), "client_times": list(times)}
    return None


class ResultOut(serializers.Serializer):
    moves = serializers.IntegerField()
    seconds = serializers.FloatField(help_text="Server-measured, start to the winning move.")
    undos = serializers.IntegerField()
    hints = serializers.IntegerField()
    ranked = serializers.BooleanField()
    flagged = serializers.BooleanField(help_text="Held back from leaderboards for review.")
    counted_moves = serializers.IntegerField(
        help_text="The ranked move total: moves plus those taken back (undos) on a ranked attempt."
    )
    under_review = serializers.BooleanField(help_text="Held until staff have looked at it.")
    review = serializers.ChoiceField(["", "held", "cleared", "voided"], help_text="Where its review stands.")
    rank = serializers.IntegerField(allow_null=True, help_text="Place on the daily board, when ranked.")


class SubmissionOut(serializers.Serializer):
    status = serializers.ChoiceField(["pending", "accepted", "rejected"])
    reason = serializers.CharField()
    attempts = serializers.IntegerField()
    result = ResultOut(allow_null=True)


def submission_out(submission: Submission | None) -> dict | None:
    if submission is None:
        return None
    result = getattr(submission, "result", None) if submission.status == "accepted" else None
    return {
        "status": submission.status,
        "reason": submission.reason,
        "attempts": submission.attempts,
        "result": None if result is None else {
            "moves": result.moves,
            "seconds": round(result.duration_ms / 1000, 1),
            "undos": result.undos,
            "hints": result.hints,
            "ranked": result.ranked,
            "flagged": result.flagged,
            "counted_moves": result.counted_moves,
            "under_review": result.review == "held",
            "review": result.review,
            "rank": daily_rank(result=result),
        },
    }


class GameOut(serializers.Serializer):
    id = serializers.UUIDField()
    variant = serializers.CharField()
    deal = serializers.DictField()
    daily = serializers.DictField(allow_null=True)
    ranked = serializers.BooleanField()
    guest = serializers.BooleanField(
        help_text="A guest's game: owned by a browser session, never ranked, gone 7 days after its last move."
    )
    state = serializers.CharField()
    ply = serializers.IntegerField()
    moves = serializers.ListField(child=serializers.CharField())
    start = PositionOut(help_text="The dealt position, as the player sees it.")
    position = PositionOut(help_text="Where the log leads, as the player sees it.")
    reveals = reveals_field()
    undos = serializers.IntegerField()
    hints = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    client_ms = serializers.IntegerField(
        help_text="The client time of the last move (ms after the game's start on the device that "
                  "played it), 0 before the first: a device resuming the game sends times from there up."
    )
    submission = SubmissionOut(allow_null=True)


_TIME = serializers.DateTimeField()


def game_out(game: Game, replay: GameReplay | None = None) -> dict:
    """The game as its player may see it (``engine.player_view``), in the shape of
    ``GameOut``. ``replay``: where its whole log leads when the caller has it (an
    append just replayed its batch to check it), else the position kept with the
    game is read (``games.kept``).

    Built as plain data, not through ``GameOut`` (every move's answer is this, and
    the serializer's field copies and per-reveal serializers were a good part of
    it); tests/games/test_game_answer.py holds the two to the same output."""
    replay = replay or game_position(game)
    # A submission is opened with the win, in the same transaction: a game still played has none.
    submission = None if game.state == Game.State.PLAYING else game_submission(game=game)
    daily = game.daily
    return {
        "id": str(game.id),
        "variant": game.deal.variant,
        "deal": game_deal_out(game),
        "daily": {"date": daily.date.isoformat(), "variant": daily.variant} if daily else None,
        "ranked": game.ranked,
        "guest": game.guest,
        "state": game.state,
        "ply": game.ply,
        "moves": game.move_list,
        "start": engine.player_view(replay.start),
        "position": engine.player_view(replay.position),
        "reveals": replay.reveals,
        "undos": game.undos,
        "hints": game.hints,
        "started_at": _TIME.to_representation(game.started_at),
        "finished_at": None if game.finished_at is None else _TIME.to_representation(game.finished_at),
        "client_ms": game.client_times[-1] if game.client_times else 0,
        "submission": submission_out(submission),
    }


class GameListApi(APIView):
    def get_throttles(self):
        # Starting a game writes a row: limited (20 in 1.5 s were accepted before), and guests
        # also by the hour. Listing is not.
        if self.request.method != "POST":
            return []
        return [GameStartBurstThrottle(), GameStartThrottle(), GuestGameStartThrottle()]

    class GameStartIn(serializers.Serializer):
        variant = variant_field()
        number = StrictIntegerField(min_value=1)

    class GameListOut(serializers.Serializer):
        games = GameOut(many=True)

    @extend_schema(request=GameStartIn, responses={201: GameOut, **ERRORS, **THROTTLED},
                   summary="Start a game on a deal (guests too, on variants with face-down cards)")
    def post(self, request):
        data = self.GameStartIn(data=request.data)
        data.is_valid(raise_exception=True)
        if request.user.is_authenticated:
            game = deal_game_start(player=request.user, **data.validated_data)
        elif hides_cards(data.validated_data["variant"]):
            guest = guest_for_start(request)
            game = guest_game_start(guest=guest, **data.validated_data)
            guest_remember(request, guest)
        else:
            # FreeCell-family guests play in the browser: every card is dealt face up.
            raise exceptions.NotAuthenticated()
        return Response(game_out(game), status=status.HTTP_201_CREATED)

    class GameFilterIn(serializers.Serializer):
        state = serializers.ChoiceField(choices=Game.State.values, required=False)
        variant = variant_field(required=False)
        number = serializers.IntegerField(min_value=1, max_value=DEAL_NUMBER_MAX, required=False)
        daily = serializers.DateField(required=False, help_text="Games on the daily of this date.")

    @extend_schema(parameters=[GameFilterIn], responses={200: GameListOut, **ERRORS},
                   summary="The player's (or this session's guest's) 20 most recent games, "
                           "on one deal or daily if asked",
                   operation_id="games_list")
    def get(self, request):
        # A plain dict: from a QueryDict DRF reads `?variant=` as no filter; the schema says no such thing.
        query = self.GameFilterIn(data=request.query_params.dict())
        query.is_valid(raise_exception=True)
        values = query.validated_data
        owner = request_owner_or_none(request)
        if owner is None:  # a guest who never started a server game
            return Response({"games": []})
        games = player_games(
            player=owner, state=values.get("state"), variant=values.get("variant"),
            number=values.get("number"), daily_date=values.get("daily"),
        )
        return Response({"games": [game_out(game) for game in games]})


class GameDetailApi(APIView):
    @extend_schema(responses={200: GameOut, **ERRORS}, summary="A game, to resume it anywhere")
    def get(self, request, game_id):
        return Response(game_out(player_game(player=request_owner(request), game_id=game_id)))


class GameMovesApi(APIView):
    # A script's token is read once per process; each append's own read of the game asks whether
    # it still stands (accounts.authentication.ExpiringTokenAuthentication._remembered).
    token_from_memory = True
    throttle_classes = [OneTripScopedRateThrottle]
    throttle_scope = "moves"

    class MovesAppendIn(serializers.Serializer):
        expected_ply = StrictIntegerField(min_value=0, max_value=MAX_LOG_MOVES)
        moves = moves_field()
        client_times = client_times_field()

    @extend_schema(request=MovesAppendIn, responses={200: GameOut, **GAME_ERRORS},
                   summary="Append a batch of moves (all or nothing)")
    def post(self, request, game_id):
        values = append_plain(request.data)
        if values is None:
            data = self.MovesAppendIn(data=request.data)
            data.is_valid(raise_exception=True)
            values = data.validated_data
        owner = request_owner(request, write=True)
        if getattr(request.auth, "unconfirmed", False):
            owner = TokenPlayer(owner, request.auth)
        appended = moves_append(game_id=game_id, player=owner, origin=request_origin(request), **values)
        return Response(game_out(appended.game, appended.replay))

    def handle_exception(self, exc):
        return super().handle_exception(token_refusal(self.request, exc))


class GameUndoApi(APIView):
    throttle_classes = [OneTripScopedRateThrottle]
    throttle_scope = "moves"

    class GameUndoIn(serializers.Serializer):
        expected_ply = StrictIntegerField(min_value=0, max_value=MAX_LOG_MOVES)
        to_ply = StrictIntegerField(min_value=0, max_value=MAX_LOG_MOVES)

    @extend_schema(request=GameUndoIn, responses={200: GameOut, **GAME_ERRORS},
                   summary="Undo back to a ply (the log is truncated)")
    def post(self, request, game_id):
        data = self.GameUndoIn(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_undo(game_id=game_id, player=request_owner(request, write=True), **data.validated_data)
        return Response(game_out(game))


class HintOut(serializers.Serializer):
    status = serializers.ChoiceField(
        ["move", "lost", "won", "undecided", "planning"],
        help_text="planning (a game's Klondike or Spider hint): the hint's search found no line in time "
                  "and the worker is looking further; ask again after retry_after seconds. Not counted.",
    )
    move = serializers.CharField(allow_null=True, help_text="First move of a verified winning line.")
    last_good_ply = serializers.IntegerField(
        allow_null=True, help_text="When lost: the ply after which a win was still possible."
    )
    hints = serializers.IntegerField(allow_null=True, help_text="Hints used in this game (null for guests).")
    ranked = serializers.BooleanField(allow_null=True, help_text="Whether the game is still ranked.")
    scope = serializers.CharField(help_text="What a 'lost' verdict proves.")
    retry_after = serializers.IntegerField(
        allow_null=True, help_text="When planning: the seconds after which to ask again (null otherwise)."
    )


def hint_out(hint, game: Game | None) -> dict:
    planning = hint.status == PLANNING
    return HintOut(
        {"status": hint.status, "move": hint.move, "last_good_ply": hint.last_good_index,
         "hints": game.hints if game else None, "ranked": game.ranked if game else None,
         "scope": hint.scope, "retry_after": settings.HINT_PLAN_RETRY_SECONDS if planning else None}
    ).data


class VerdictOut(serializers.Serializer):
    status = serializers.ChoiceField(
        ["open", "lost", "won", "undecided"], help_text="open: a winning line exists (it is not given)."
    )
    last_good_ply = serializers.IntegerField(
        allow_null=True, help_text="When lost: the ply after which a win was still possible."
    )
    scope = serializers.CharField(help_text="What a 'lost' verdict proves.")


def verdict_out(hint) -> dict:
    status = "open" if hint.status == "move" else hint.status
    return VerdictOut({"status": status, "last_good_ply": hint.last_good_index, "scope": hint.scope}).data


class GameVerdictApi(APIView):
    """The lost-position notice: whether the game can still be won, never how; not counted as a hint."""

    throttle_classes = [OneTripScopedRateThrottle]
    throttle_scope = "hints"

    @extend_schema(request=None, responses={200: VerdictOut, **GAME_ERRORS, **UNAVAILABLE},
                   summary="Whether the game can still be won (not a hint)")
    def post(self, request, game_id):
        return Response(verdict_out(game_verdict(game_id=game_id, player=request_owner(request, write=True))))


class DealVerdictApi(APIView):
    """The lost-position notice for guests: the deal and the log, as for a guest's hint."""

    permission_classes = [AllowAny]
    throttle_classes = [OneTripScopedRateThrottle]
    throttle_scope = "hints"

    class DealVerdictIn(serializers.Serializer):
        moves = moves_field()

    @extend_schema(request=DealVerdictIn, responses={200: VerdictOut, **ERRORS, **UNAVAILABLE},
                   parameters=[VARIANT_PATH], summary="Whether a log on a deal can still be won (no account)")
    def post(self, request, variant: str, number: int):
        data = self.DealVerdictIn(data=request.data)
        data.is_valid(raise_exception=True)
        hint = guest_verdict(variant=variant, number=number, moves=data.validated_data["moves"])
        return Response(verdict_out(hint))


class GameHintApi(APIView):
    throttle_classes = [OneTripScopedRateThrottle]
    throttle_scope = "hints"

    @extend_schema(request=None, responses={200: HintOut, **GAME_ERRORS, **UNAVAILABLE},
                   summary="The first move of a winning line, or since when the game is lost")
    def post(self, request, game_id):
        hint, game = game_hint(game_id=game_id, player=request_owner(request, write=True))
        return Response(hint_out(hint, game))


class DealHintApi(APIView):
    """Hints for guests, who play without a server game: the deal and the log say where they stand."""

    permission_classes = [AllowAny]
    throttle_classes = [OneTripScopedRateThrottle]
    throttle_scope = "hints"

    class DealHintIn(serializers.Serializer):
        moves = moves_field()

    @extend_schema(request=DealHintIn, responses={200: HintOut, **ERRORS, **UNAVAILABLE},
                   parameters=[VARIANT_PATH],
                   summary="A hint after a log of moves on a deal (no account needed)")
    def post(self, request, variant: str, number: int):
        data = self.DealHintIn(data=request.data)
        data.is_valid(raise_exception=True)
        hint = guest_hint(variant=variant, number=number, moves=data.validated_data["moves"])
        return Response(hint_out(hint, None))


class GameSubmissionApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [OneTripScopedRateThrottle]
    throttle_scope = "moves"

    class SubmissionIn(serializers.Serializer):
        moves = moves_field()
        client_times = client_times_field()

    @extend_schema(request=SubmissionIn, responses={202: SubmissionOut, **GAME_ERRORS},
                   summary="Claim a win with the whole log")
    def post(self, request, game_id):
        data = self.SubmissionIn(data=request.data)
        data.is_valid(raise_exception=True)
        submission = submission_submit(game_id=game_id, player=request.user, origin=request_origin(request),
                                       **data.validated_data)
        return Response(submission_out(submission), status=status.HTTP_202_ACCEPTED)

    @extend_schema(responses={200: SubmissionOut, **ERRORS}, summary="Where the worker's validation stands")
    def get(self, request, game_id):
        submission = game_submission(game=player_game(player=request.user, game_id=game_id))
        if submission is None:
            raise NotFound("This game has no submission.")
        return Response(submission_out(submission))
