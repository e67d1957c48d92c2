"""Games: start, append moves, undo, hints and whole-log submissions.

Every write locks the game row (``select_for_update`` inside ``atomic``) and
checks the ply the client expects, so two devices or a double-clicked button
never interleave; an append that does not win first tries one read and one
UPDATE that writes only if the row is unchanged since the read (the same
guarantee without the lock's transaction; ``moves_append``). A batch is checked
move by move by the engine before any of it is stored: an illegal move refuses
the whole batch with its index.
"""

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import engine
import solver
from core.errors import Conflict, InvalidRequest, NotFound, ServiceUnavailable
from core.outages import doorbell
from core.rows import row_update
from freecell_site import metrics
from games import tasks
from games.clock import daily_open_check, today_utc
from games.kept import game_position, kept_text
from games.models import Game, Submission
from games.referee import (
    GameReplay,
    batch_replay,
    game_replay,
    log_replay,
    start_position,
    variant_check,
)
from games.selectors import daily_is_open, daily_layout_open, player_game
from games.services.deals import deal_free_play_check, deal_get_or_create, deal_lookup
from games.services.fairplay import fairplay_warm_due
from games.services.game_rows import game_row_locked
from games.services.hint_plans import (
    RUNNING,
    guest_plan,
    guest_plan_keep,
    guest_plan_start,
    guest_plan_state,
    hint_plan_start,
    hint_plan_state,
)
from games.services.layouts import layout_attempt
from games.services.leaderboards import leaderboards_outdate
from games.services.links import Origin, origin_record
from games.services.solving import hint_plan, hint_solve
from solver.results import MOVE, UNDECIDED, HintResult

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
    """The owner's game (``player``: a player, a ``Guest`` or a ``RaceSeat``), locked for
    this transaction, with its deal and daily; anyone else's is a 404."""
    game = game_row_locked(game_id=game_id, owner=player)
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
                 client_times: Sequence[int], origin: Origin | None = None) -> Appended:
    """Append a batch of moves; all of it or none of it. A win finishes the game.
    ``origin``: the request's address and browser id, noted with a daily game's win.

    Only the batch is replayed, from the position the stored log leads to, kept
    with the game (``games.kept``; replayed from the deal when it is not the log's).

    A batch that does not win is first written without a lock (``_append_unlocked``):
    one read, one UPDATE that writes only if the row is still the one read. When
    another write came between, or the batch wins (the win's writes go together), it
    is done again under the row lock, in a transaction, from a fresh read."""
    if not moves:
        raise InvalidRequest("A batch holds at least one move.", code="empty_batch")
    appended = _append_unlocked(game_id=game_id, player=player, expected_ply=expected_ply, moves=moves,
                                client_times=client_times)
    if appended is not None:
        return appended
    with transaction.atomic():
        game = game_locked(game_id=game_id, player=player)
        replay, line, won = _batch_check(game, expected_ply, moves, client_times)
        _moves_record(game, line, client_times, won=won, origin=origin, replay=replay)
    return Appended(game=game, replay=replay)


def _batch_check(game: Game, expected_ply: int, moves: Sequence[str],
                 client_times: Sequence[int]) -> tuple[GameReplay, list[str], bool]:
    """The checks of an append, in order (the refusals the API documents), and the batch
    replayed from the kept position: where the new log leads, the batch as logs keep it,
    and whether it wins."""
    _ply_check(game, expected_ply)
    _log_length_check(moves, game.ply)
    _client_times_check(game, moves, client_times)
    _ranking_expire(game)
    stored = game_position(game)
    reveals = stored.reveals  # the batch's replay adds its moves' reveals to the log's
    result = batch_replay(stored.position, list(moves), offset=game.ply, reveals=reveals)
    replay = GameReplay(stored.start, result.position, reveals)
    return replay, engine.canonical_line(stored.position, moves), result.won


def _append_unlocked(*, game_id, player, expected_ply: int, moves: Sequence[str],
                     client_times: Sequence[int]) -> Appended | None:
    """A batch that does not win, appended with one read and one checked UPDATE, no
    transaction: the UPDATE writes only if the row is still at the ply and the
    ``updated_at`` read (every write of a game sets it), so a write that came between
    makes it write nothing; and it waits, as a locked read would, for a transaction
    that holds the row's lock. A refusal is raised from the read, a state the game was
    in once the request had arrived. ``None``: nothing was written (another write came
    between, or the batch wins), the caller does it again under the lock."""
    game = game_row_locked(game_id=game_id, owner=player, lock=False)
    if game is None:
        raise NotFound("No such game.")
    read = {"ply": game.ply, "updated_at": game.updated_at}
    replay, line, won = _batch_check(game, expected_ply, moves, client_times)
    if won:
        return None
    hooks = _moves_apply(game, line, client_times, won=False, replay=replay)
    # A move that does not win commits without waiting for the disk (docs/operations.md, The
    # append path: what a crash of the database can take, and why the page gets it back).
    if not row_update(game, _APPEND_FIELDS, unchanged=read, commit_wait=settings.APPEND_SYNCHRONOUS_COMMIT):
        return None
    hooks()  # not in a transaction: each runs now, after the write (in the caller's, at its commit)
    return Appended(game=game, replay=replay)


#: What an append writes: one UPDATE of these columns (``updated_at`` orders a player's games).
_APPEND_FIELDS = ("moves", "ply", "server_times", "client_times", "position", "ranked", "state",
                  "finished_at", "updated_at")


def _moves_apply(game: Game, moves: Sequence[str], client_times: Sequence[int], *, won: bool,
                 replay: GameReplay | None = None):
    """Set checked moves on ``game`` (not written yet) with this request's receive time; a
    win finishes the game. Returns what to do once they are written: the ``on_commit``
    hooks that follow a write (the player's stats, the fair-play searches)."""
    now = timezone.now()
    first = game.ply == 0 and game.records_wins  # from now on the game counts as played in the player's stats
    held = game.move_list
    # the fair-play assessment's searches follow the game (games/services/fairplay.py)
    warm = game.ranked_attempt and not won and fairplay_warm_due(game.deal.variant, held, [*held, *moves])
    game.moves = " ".join([*held, *moves])
    game.ply += len(moves)
    game.server_times = [*game.server_times, *[_elapsed_ms(game, now)] * len(moves)]
    game.client_times = [*game.client_times, *client_times]
    game.position = kept_text(replay, game.moves) if replay is not None else ""
    if won:
        game.state = Game.State.WON
        game.finished_at = now

    def hooks() -> None:
        if first:
            transaction.on_commit(lambda: leaderboards_outdate(player_id=game.player_id))
        if warm:
            transaction.on_commit(lambda pk=str(game.pk): doorbell(tasks.fairplay_warm_task, pk))

    return hooks


def _moves_record(game: Game, moves: Sequence[str], client_times: Sequence[int], *, won: bool,
                  origin: Origin | None = None, replay: GameReplay | None = None) -> Submission | None:
    """Store checked moves with this request's receive time, in the caller's transaction
    with the row locked; a win finishes the game and opens its submission, which is
    returned. A guest's game (taken over by an account or not) that is won is just won:
    nothing is submitted. ``replay``: where the whole new log leads, kept with the game
    (``games.kept``)."""
    hooks = _moves_apply(game, moves, client_times, won=won, replay=replay)
    row_update(game, _APPEND_FIELDS)
    hooks()
    if won and origin is not None:  # before the worker is rung: it links the win (services/links.py)
        origin_record(game=game, address=origin.address, browser=origin.browser)
    return _submission_open(game) if won and game.records_wins else None


def _ranking_expire(game: Game) -> None:
    """A ranked daily game still being played after its day closed goes on, unranked."""
    if game.ranked and game.daily is not None and game.daily.date < today_utc():
        game.ranked = False


def _submission_open(game: Game) -> Submission:
    """Commit a pending submission and ring the worker after commit."""
    submission = Submission.objects.create(game=game, moves=game.moves)
    transaction.on_commit(lambda: doorbell(tasks.submission_validate_task, submission.pk))
    return submission


def game_undo(*, game_id, player, expected_ply: int, to_ply: int) -> Game:
    """Undo is a shorter log: truncate to ``to_ply`` and count the moves taken back.
    The shorter log is replayed once, and where it leads is kept with the game."""
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
        shorter = game_replay(game.deal.variant, game.deal.number, game.move_list)
        game.position = kept_text(shorter, game.moves)
        row_update(game, ("undos", "moves", "server_times", "client_times", "ply", "position",
                               "updated_at"))
        if to_ply == 0 and game.records_wins:  # back to an opened page: no longer a game played
            transaction.on_commit(lambda: leaderboards_outdate(player_id=game.player_id))
    return game


def submission_submit(*, game_id, player, moves: Sequence[str], client_times: Sequence[int],
                      origin: Origin | None = None) -> Submission:
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
        start = start_position(game.deal.variant, game.deal.number)
        existing = Submission.objects.filter(game=game).first()
        if existing is not None:
            if existing.moves.split() == _written(start, moves):
                return existing
            raise Conflict("This game already has a submission.", code="already_submitted")
        if game.daily_id is not None and game.ranked:
            daily_open_check(daily=game.daily)
        held = game.move_list
        if _written(start, moves[: len(held)]) != _written(start, held):
            raise Conflict(
                "The log does not extend the moves already recorded for this game.",
                code="log_mismatch",
                ply=game.ply,
            )
        fresh = list(moves[len(held):])
        _log_length_check(fresh, game.ply)
        _client_times_check(game, fresh, client_times[len(held):])
        previous = log_replay(start, held)
        result = batch_replay(previous.position, fresh, offset=len(held))
        if not result.won:
            raise InvalidRequest(
                f"The log is legal but does not win: {len(held) + result.moves} moves played.",
                code="not_won",
                moves=len(held) + result.moves,
            )
        return _moves_record(game, _written(previous.position, fresh), client_times[len(held):], won=True,
                             origin=origin)


def _written(position, moves: Sequence[str]) -> list[str] | None:
    """``moves`` from ``position`` as logs keep them, one canonical form per move
    (``41v1``, never ``41``); ``None`` when one of them is not legal there."""
    line = engine.canonical_suffix(position, list(moves))
    return None if line is None else list(line)


def game_hint_count(*, game_id, player, plan: Sequence[str] = (), ply: int | None = None) -> Game:
    """Count a hint. A ranked daily game that takes one is no longer ranked: the
    hint is the first move of the solver's line, and a board of solver lines
    would rank nobody's play. ``plan``, the line the hint came from, is kept with
    the game when its log is still the one the hint was asked for (``ply``)."""
    with transaction.atomic():
        game = game_locked(game_id=game_id, player=player)
        game.hints += 1
        game.ranked = False
        fields = ["hints", "ranked", "updated_at"]
        if ply is not None and game.ply == ply:
            game.plan = " ".join(plan)
            fields.append("plan")
        game.save(update_fields=fields)
    return game


def log_hint(*, deal, moves: Sequence[str], plan: Sequence[str] | None = None):
    """The solver's advice after ``moves`` on a deal, as a ``PlannedHint`` (nothing
    is stored here): the next move of ``plan`` while the log follows it, else of
    a new plan searched from the position reached (solver/plans.py).

    A game without a plan yet starts from the deal's stored line only when
    nothing has been played: everyone is on that line then, so answering from it
    says nothing. Later, a first plan is always searched from the position; the
    stored line is the fallback only once that search found no clean line, so the
    time of the answer does not tell whether the log is on the stored line.
    """
    _log_length_check(moves)
    start = start_position(deal.variant, deal.number)
    log_replay(start, list(moves))
    stored = deal.solution.split() if deal.solution else None
    if not plan and not moves:
        plan = stored
    try:
        return hint_plan(start=start, moves=list(moves), plan=plan, fallback=stored)
    except solver.SolverError as exc:
        raise ServiceUnavailable(
            f"The solver cannot answer right now: {exc}", code="solver_unavailable"
        ) from exc


def _guest_deal(*, variant: str, number: int):
    """The numbered deal a guest may ask the solver about, in any variant: a numbered
    deal and its dealing are public (Klondike and Spider guests have them dealt in the
    page, local_deal.js), so the log replays on it with every card it turned; not a
    daily still to close."""
    variant_check(variant)
    deal = deal_lookup(variant=variant, number=number)
    deal_free_play_check(deal=deal)
    return deal


def guest_hint(*, variant: str, number: int, moves: Sequence[str]):
    """A hint for a guest's log on a numbered deal. A guest has no game row to keep a
    plan with: the plan a hint follows is kept in the cache for the log its move
    leads to, so the next hint follows it as a game's would (never back to a position
    of the log). A Klondike or Spider log whose search finds no line in time is
    planned on the worker as a game's is (``planning``; ``hint_plans.py``)."""
    deal = _guest_deal(variant=variant, number=number)
    _log_length_check(moves)
    log = _written(start_position(deal.variant, deal.number), moves)
    if log is None:  # refused with the index of the first illegal move
        return log_hint(deal=deal, moves=moves).hint
    plan = guest_plan(variant=variant, number=number, log=log)
    if plan is None and guest_plan_state(variant=variant, number=number, log=log) == RUNNING:
        return HintResult(PLANNING, None, (), None, 0, 0.0)
    planned = log_hint(deal=deal, moves=log, plan=plan)
    if planned.hint.status == UNDECIDED and guest_plan_start(variant=variant, number=number, log=log):
        plan = guest_plan(variant=variant, number=number, log=log)  # an eager worker's is there already
        if plan is None:
            return HintResult(PLANNING, None, (), None, 0, 0.0)
        planned = log_hint(deal=deal, moves=log, plan=plan)
    if planned.hint.status == MOVE and planned.plan:
        guest_plan_keep(variant=variant, number=number, log=[*log, planned.hint.move], plan=planned.plan)
    return planned.hint


def guest_verdict(*, variant: str, number: int, moves: Sequence[str]):
    """Whether a guest's log can still be won: the same search as a game's verdict."""
    deal = _guest_deal(variant=variant, number=number)
    return _verdict(deal=deal, moves=list(moves))


def _game_asking(*, game_id, player) -> Game:
    """A game that may ask the solver. On a layout that is a daily still to close
    (under any variant that deals it), only the player's attempt on that daily may
    ask: any other game there would be a way to consult the solver for the ranked one."""
    game = player_game(player=player, game_id=game_id)
    if game.state != Game.State.PLAYING:
        raise Conflict("This game is finished.", code="game_finished", ply=game.ply)
    if daily_layout_open(variant=game.deal.variant, number=game.deal.number):
        attempt = layout_attempt(owner=player, deal=game.deal)
        if attempt is None or attempt.pk != game.pk or not daily_is_open(game.daily):
            raise InvalidRequest(
                "Hints are for your first game on a daily until the day closes.", code="deal_unavailable"
            )
    return game


#: A hint's answer while the worker plans (games/services/hint_plans.py): the page asks again.
PLANNING = "planning"


def game_hint(*, game_id, player):
    """The next move of the game's plan (a new plan once the player left it); the
    hint is counted and the plan kept with the game.

    A Klondike or Spider hint whose search finds no line in time rings the worker
    for a longer one and answers ``planning`` (not counted: no move was given, but
    a ranked game is no longer ranked, as a hint asked); asked again while the
    worker plans, it answers ``planning`` at once, and once the plan is kept, its
    next move (``hint_plans.py``)."""
    game = _game_asking(game_id=game_id, player=player)
    moves = game.move_list
    plan = game.plan.split()
    on_plan = len(plan) > len(moves) and plan[:len(moves)] == moves
    if not on_plan and hint_plan_state(game=game) == RUNNING:
        return _planning(game_id=game_id, player=player)
    planned = log_hint(deal=game.deal, moves=moves, plan=plan)
    if planned.hint.status == UNDECIDED and hint_plan_start(game=game):
        game.refresh_from_db(fields=["plan"])
        if hint_plan_state(game=game) == RUNNING or not game.plan:  # the worker's (an eager one is done)
            return _planning(game_id=game_id, player=player)
        planned = log_hint(deal=game.deal, moves=moves, plan=game.plan.split())
    return planned.hint, game_hint_count(game_id=game_id, player=player, plan=planned.plan, ply=len(moves))


def _planning(*, game_id, player):
    with transaction.atomic():
        game = game_locked(game_id=game_id, player=player)
        if game.ranked:
            game.ranked = False
            game.save(update_fields=["ranked", "updated_at"])
    return HintResult(PLANNING, None, (), None, 0, 0.0), game


def game_verdict(*, game_id, player):
    """Whether the game can still be won, and since when it cannot: nothing is
    counted and the game stays ranked. Asked by the page after moves, within the
    same limits as a hint.

    The verdict never reads the deal's stored line or the game's plan: the same
    search is made from the position whether the log is on a known line or not,
    so its answer time says nothing about the solver's line."""
    game = _game_asking(game_id=game_id, player=player)
    return _verdict(deal=game.deal, moves=game.move_list)


def _verdict(*, deal, moves: list[str]):
    """The search answers after ``VERDICT_ANSWER_SECONDS`` from here, whatever it found
    and however soon (an error of the solver too): a position on the solver's own line
    is decided at once and one off it after a search, so the time of an answer given as
    soon as found would say which. A log refused before the search answers at once (it
    says nothing about the deal). The search's clock stops ``VERDICT_MARGIN_SECONDS``
    earlier; one that runs late anyway is counted (``solitaire_verdict_late_total``)."""
    answer_seconds = settings.VERDICT_ANSWER_SECONDS
    answer_at = time.monotonic() + answer_seconds
    _log_length_check(moves)
    start = start_position(deal.variant, deal.number)
    log_replay(start, moves)
    margin = settings.VERDICT_MARGIN_SECONDS
    search_seconds = max(0.1, answer_seconds - margin) if answer_seconds > 0 else None
    try:
        return hint_solve(start=start, moves=moves, seconds=search_seconds)
    except solver.SolverError as exc:
        raise ServiceUnavailable(
            f"The solver cannot answer right now: {exc}", code="solver_unavailable"
        ) from exc
    finally:
        if answer_seconds > 0:
            verdict_answer_wait(answer_at)


def verdict_answer_wait(answer_at: float) -> None:
    """Hold the answer until ``answer_at`` (``time.monotonic()``), or count it late."""
    left = answer_at - time.monotonic()
    if left > 0:
        time.sleep(left)
    else:
        metrics.verdict_late()
