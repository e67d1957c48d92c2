"""Games: start, append moves, undo, hints and whole-log submissions.

Every write locks the game row (``select_for_update`` inside ``atomic``) and
checks the ply the client expects, so two devices or a double-clicked button
never interleave. A batch is checked move by move by the engine before any of
it is stored: an illegal move refuses the whole batch with its index.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from core.errors import Conflict, InvalidRequest, NotFound, ServiceUnavailable
from games import solver, tasks
from games.clock import daily_open_check, today_utc
from games.models import Game, Submission
from games.referee import (
    GameReplay,
    batch_replay,
    game_replay,
    hides_cards,
    log_replay,
    start_position,
    variant_check,
)
from games.selectors import daily_is_open, owned_by, player_game
from games.services.deals import deal_free_play_check, deal_get_or_create, deal_lookup
from games.services.fairplay import fairplay_warm_due
from games.services.leaderboards import leaderboards_outdate
from games.services.solving import hint_solve

MAX_LOG_MOVES = 1000
MAX_CLIENT_MS = 30 * 24 * 3600 * 1000  # a month of play is more than any game


def game_start(*, player, deal, daily=None, ranked: bool = False, kind: str = Game.Kind.PLAY) -> Game:
    """Start a game; the server's clock starts now."""
    return Game.objects.create(player=player, deal=deal, daily=daily, ranked=ranked, kind=kind)


def deal_game_start(*, player, variant: str, number: int) -> Game:
    """Start an unranked game on a numbered deal (not on a daily still to close)."""
    deal = deal_get_or_create(variant=variant, number=number)
    deal_free_play_check(deal=deal)
    return game_start(player=player, deal=deal)


def game_locked(*, game_id, player) -> Game:
    """The owner's game (``player``: a player or a ``Guest``), locked for this
    transaction; anyone else's is a 404."""
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("deal", "daily")
        .filter(owned_by(player), pk=game_id)
        .first()
    )
    if game is None:
        raise NotFound("No such game.")
    return game


def _ply_check(game: Game, expected_ply: int) -> None:
    if game.state != Game.State.PLAYING:
        raise Conflict("This game is finished.", code="game_finished", ply=game.ply)
    if expected_ply != game.ply:
        raise Conflict(
            f"The game is at ply {game.ply}, not {expected_ply}.", code="ply_mismatch", ply=game.ply
        )


def _client_times_check(game: Game, moves: Sequence[str], client_times: Sequence[int]) -> None:
    if len(client_times) != len(moves):
        raise InvalidRequest("Give one client time per move.", code="invalid")
    previous = game.client_times[-1] if game.client_times else 0
    for i, ms in enumerate(client_times):
        if ms < previous:
            raise InvalidRequest(
                f"Client time of move {game.ply + i + 1} goes backwards ({ms} < {previous} ms).",
                code="time_backwards",
                index=game.ply + i + 1,
            )
        previous = ms


def _log_length_check(moves: Sequence[str], held: int = 0) -> None:
    if held + len(moves) > MAX_LOG_MOVES:
        raise InvalidRequest(
            f"A game log may hold at most {MAX_LOG_MOVES} moves.",
            code="too_many_moves",
            limit=MAX_LOG_MOVES,
        )


def _elapsed_ms(game: Game, now: datetime) -> int:
    return max(0, int((now - game.started_at).total_seconds() * 1000))


@dataclass(frozen=True)
class Appended:
    """A game after an append, with the replay of its whole log: the log was
    replayed once to check the batch, so nobody needs to replay it again."""

    game: Game
    replay: GameReplay


def moves_append(*, game_id, player, expected_ply: int, moves: Sequence[str],
                 client_times: Sequence[int]) -> Appended:
    """Append a batch of moves; all of it or none of it. A win finishes the game."""
    if not moves:
        raise InvalidRequest("A batch holds at least one move.", code="empty_batch")
    with transaction.atomic():
        game = game_locked(game_id=game_id, player=player)
        _ply_check(game, expected_ply)
        _log_length_check(moves, game.ply)
        _client_times_check(game, moves, client_times)
        _ranking_expire(game)
        stored = game_replay(game.deal.variant, game.deal.number, game.move_list)
        result = batch_replay(stored.position, list(moves), offset=game.ply, reveals=stored.reveals)
        _moves_record(game, moves, client_times, won=result.won)
    return Appended(game=game, replay=GameReplay(stored.start, result.position, stored.reveals))


def _moves_record(game: Game, moves: Sequence[str], client_times: Sequence[int], *,
                  won: bool) -> Submission | None:
    """Store checked moves with this request's receive time; a win finishes the
    game and opens its submission, which is returned. A guest's game (taken over
    by an account or not) that is won is just won: nothing is submitted."""
    now = timezone.now()
    if game.ply == 0 and game.records_wins:  # from now on the game counts as played in the player's stats
        transaction.on_commit(lambda: leaderboards_outdate(player_id=game.player_id))
    if game.ranked_attempt and not won and fairplay_warm_due(game.deal.variant, game.move_list,
                                                      [*game.move_list, *moves]):
        # the fair-play assessment's searches follow the game (games/services/fairplay.py)
        transaction.on_commit(lambda pk=str(game.pk): tasks.fairplay_warm_task.delay(pk))
    game.moves = " ".join([*game.move_list, *moves])
    game.ply += len(moves)
    game.server_times = [*game.server_times, *[_elapsed_ms(game, now)] * len(moves)]
    game.client_times = [*game.client_times, *client_times]
    if won:
        game.state = Game.State.WON
        game.finished_at = now
    game.save()
    return _submission_open(game) if won and game.records_wins else None


def _ranking_expire(game: Game) -> None:
    """A ranked daily game still being played after its day closed goes on, unranked."""
    if game.ranked and game.daily is not None and game.daily.date < today_utc():
        game.ranked = False


def _submission_open(game: Game) -> Submission:
    """Commit a pending submission and ring the worker after commit."""
    submission = Submission.objects.create(game=game, moves=game.moves)
    transaction.on_commit(lambda: tasks.submission_validate_task.delay(submission.pk))
    return submission


def game_undo(*, game_id, player, expected_ply: int, to_ply: int) -> Game:
    """Undo is a shorter log: truncate to ``to_ply`` and count the moves taken back."""
    with transaction.atomic():
        game = game_locked(game_id=game_id, player=player)
        _ply_check(game, expected_ply)
        if not 0 <= to_ply < game.ply:
            raise InvalidRequest(
                f"Undo must go back to a ply between 0 and {game.ply - 1}.", code="invalid"
            )
        game.undos += game.ply - to_ply
        game.moves = " ".join(game.move_list[:to_ply])
        game.server_times = game.server_times[:to_ply]
        game.client_times = game.client_times[:to_ply]
        game.ply = to_ply
        game.save()
        if to_ply == 0 and game.records_wins:  # back to an opened page: no longer a game played
            transaction.on_commit(lambda: leaderboards_outdate(player_id=game.player_id))
    return game


def submission_submit(*, game_id, player, moves: Sequence[str], client_times: Sequence[int]) -> Submission:
    """Claim a win with the whole log at once (scripts, offline play).

    The log must extend what the server already holds for the game; the moves
    not yet on the server get this request's receive time. A repeat of the
    same claim answers with the same submission instead of a second one.
    """
    with transaction.atomic():
        game = game_locked(game_id=game_id, player=player)
        if not game.records_wins:
            raise InvalidRequest(
                "A game started as a guest is never submitted: its win is just a win.", code="guest_game"
            )
        existing = Submission.objects.filter(game=game).first()
        if existing is not None:
            if existing.moves == " ".join(moves):
                return existing
            raise Conflict("This game already has a submission.", code="already_submitted")
        if game.daily_id is not None and game.ranked:
            daily_open_check(daily=game.daily)
        held = game.move_list
        if list(moves[: len(held)]) != held:
            raise Conflict(
                "The log does not extend the moves already recorded for this game.",
                code="log_mismatch",
                ply=game.ply,
            )
        fresh = list(moves[len(held):])
        _log_length_check(fresh, game.ply)
        _client_times_check(game, fresh, client_times[len(held):])
        start = start_position(game.deal.variant, game.deal.number)
        previous = log_replay(start, held)
        result = batch_replay(previous.position, fresh, offset=len(held))
        if not result.won:
            raise InvalidRequest(
                f"The log is legal but does not win: {len(held) + result.moves} moves played.",
                code="not_won",
                moves=len(held) + result.moves,
            )
        return _moves_record(game, fresh, client_times[len(held):], won=True)


def game_hint_count(*, game_id, player) -> Game:
    """Count a hint. A ranked daily game that takes one is no longer ranked: the
    hint is the first move of the solver's line, and a board of solver lines
    would rank nobody's play."""
    with transaction.atomic():
        game = game_locked(game_id=game_id, player=player)
        game.hints += 1
        game.ranked = False
        game.save(update_fields=["hints", "ranked", "updated_at"])
    return game


def log_hint(*, deal, moves: Sequence[str]):
    """The solver's advice after ``moves`` on a deal (nothing is stored).

    Klondike and Spider hints follow the deal's stored winning line while the
    log is still on it (the hint is a move of a verified win; the solver reads
    the full position here on the server, and the answer names only the move).
    """
    _log_length_check(moves)
    start = start_position(deal.variant, deal.number)
    log_replay(start, list(moves))
    line = deal.solution.split() if hides_cards(deal.variant) and deal.solution else None
    try:
        return hint_solve(start=start, moves=list(moves), line=line)
    except solver.SolverError as exc:
        raise ServiceUnavailable(
            f"The solver cannot answer right now: {exc}", code="solver_unavailable"
        ) from exc


def guest_hint(*, variant: str, number: int, moves: Sequence[str]):
    """A hint for a guest's log on a numbered deal (not on a daily still to close).

    Only for the FreeCell family, whose guests play in the page: a log of
    Klondike or Spider moves says nothing of the cards it turned, so those
    guests play a server game (400 ``server_game_required``)."""
    variant_check(variant)
    if hides_cards(variant):
        raise InvalidRequest(
            f"{variant} is played as a server game: ask its game for hints.", code="server_game_required",
            variant=variant,
        )
    deal = deal_lookup(variant=variant, number=number)
    deal_free_play_check(deal=deal)
    return log_hint(deal=deal, moves=moves)


def _solver_asked(*, game_id, player):
    """The solver's answer from the current position of a game that may ask.

    On a daily that has not closed, only the player's first game on its deal may
    ask: a second game would be a way to consult the solver for the ranked one.
    """
    game = player_game(player=player, game_id=game_id)
    if game.state != Game.State.PLAYING:
        raise Conflict("This game is finished.", code="game_finished", ply=game.ply)
    if daily_is_open(game.daily) and Game.objects.filter(
        owned_by(player), deal=game.deal, started_at__lt=game.started_at
    ).exists():
        raise InvalidRequest(
            "Hints are for your first game on a daily until the day closes.", code="deal_unavailable"
        )
    return log_hint(deal=game.deal, moves=game.move_list)


def game_hint(*, game_id, player):
    """The solver's advice from the current position of a game; the hint is counted."""
    hint = _solver_asked(game_id=game_id, player=player)
    return hint, game_hint_count(game_id=game_id, player=player)


def game_verdict(*, game_id, player):
    """Whether the game can still be won, and since when it cannot: the solver's
    answer without its move, so nothing is counted and the game stays ranked.
    Asked by the page after moves, within the same limits as a hint."""
    return _solver_asked(game_id=game_id, player=player)
