"""Plans the worker makes when a hint's own search finds none in time.

A Klondike or Spider hint searches from the game's position within the hint's
limits (``HINT_STOCK_BUDGET`` positions, ``HINT_MAX_SECONDS``). A position that
random play has scrambled can need far more: a Spider 4-suit game after 5-40
random moves took 2.5-21.7 million positions (2-17 s on both cores) where a
hint has 1 million. Such a hint answers ``planning`` and rings the worker,
which searches in stages of ``HINT_PLAN_STAGE_SECONDS`` on every core (each
stage goes on where the last one stopped: ``solver.deep_plan``), at most
``HINT_PLAN_STAGES`` of them (fewer when a stage ends no attempt of the search:
the next would only repeat it), and keeps the line it finds as the game's plan.
The page asks again after ``retry_after`` seconds; once the plan is kept, the
hint is its next move, and the hints after it follow it as any plan.

What the worker is doing for a game is kept in the shared cache, under the
game and the ply it plans for: ``running`` (with the stage) or ``failed``. A
move, an undo or a lost cache ends it: a plan for a log the game has left is
not kept, and the next hint plans from where the game is.

A guest's numbered deal played in the page has no game row: its hints are asked
by log (``deals/<variant>/<number>/hint/``). There the subject is the deal and
the log (canonical, digested), the worker's plan is kept in the cache under it,
and each hint that answers a move from a plan keeps that plan for the log the
move leads to, so the guest's next hint follows it as a game's would. One plan is made at a
time per player (or guest), so that a player's many games cannot fill the
worker, and at most ``HINT_PLAN_AT_ONCE`` across the site (each stage takes every
core for seconds); a hint that cannot have one answers as it would without the
worker (``undecided``).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

import solver
from games import tasks
from games.models import Game
from games.referee import start_position

logger = logging.getLogger(__name__)

RUNNING, FAILED = "running", "failed"
#: How long the cache keeps each state: a worker lost with its task leaves ``running``
#: behind for at most this long, after which the next hint plans again.
RUNNING_SECONDS = 90
FAILED_SECONDS = 3600


#: How long a guest's plan is kept for the log it was made or followed to.
LINE_SECONDS = 3600


@dataclass(frozen=True)
class _Subject:
    """What a plan is made for: a game at a ply, or a deal and a guest's log."""

    key: str                      # the cache keys' suffix
    owner: str | None             # one plan at a time per owner (none for a guest's log)
    variant: str
    number: int
    log: tuple[str, ...]
    game_id: str | None = None

    def alive(self) -> bool:
        """Whether a plan for this log may still be kept (the game has not moved on)."""
        if self.game_id is None:
            return True
        return Game.objects.filter(pk=self.game_id, state=Game.State.PLAYING, ply=len(self.log)).exists()

    def keep(self, plan: Sequence[str]) -> bool:
        if self.game_id is None:
            return _line_keep(self.variant, self.number, self.log, plan)
        with transaction.atomic():
            row = Game.objects.select_for_update(of=("self",)).filter(pk=self.game_id).first()
            if row is None or row.state != Game.State.PLAYING or row.ply != len(self.log):
                return False
            row.plan = " ".join(plan)
            row.save(update_fields=["plan"])
        return True

    def ring(self, stage: int) -> None:
        if self.game_id is None:
            tasks.hint_plan_log_task.delay(self.variant, self.number, list(self.log), stage)
        else:
            tasks.hint_plan_task.delay(self.game_id, len(self.log), stage)


def _game_subject(game: Game) -> _Subject:
    owner = f"p{game.player_id}" if game.player_id else f"g{game.guest_key}"
    deal = game.deal
    return _Subject(str(game.pk), owner, deal.variant, deal.number, tuple(game.move_list), str(game.pk))


def _digest(variant: str, number: int, log: Sequence[str]) -> str:
    return hashlib.sha256(f"{variant}:{number}:{' '.join(log)}".encode()).hexdigest()[:32]


def _log_subject(variant: str, number: int, log: Sequence[str]) -> _Subject:
    return _Subject(f"log-{_digest(variant, number, log)}", None, variant, number, tuple(log))


def _line_keep(variant: str, number: int, log: Sequence[str], plan: Sequence[str]) -> bool:
    try:
        cache.set(f"hint-plan-line:{_digest(variant, number, log)}", " ".join(plan), LINE_SECONDS)
    except Exception:  # noqa: BLE001 - a cache that is down keeps no plan
        return False
    return True


def _key(subject: _Subject) -> str:
    return f"hint-plan:{subject.key}"


def _owner_key(subject: _Subject) -> str:
    return f"hint-plan-owner:{subject.owner}"


def _get(key: str):
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - a cache that is down: no plan is running
        return None


def _state(subject: _Subject) -> str | None:
    state = _get(_key(subject))
    if not state or state.get("ply") != len(subject.log):
        return None
    return state.get("state")


def hint_plan_state(*, game: Game) -> str | None:
    """``running``, ``failed`` or ``None``: what the worker does or did for the game's
    current log."""
    return _state(_game_subject(game))


def hint_plan_start(*, game: Game) -> bool:
    """Ring the worker to plan from the game's current log. ``False`` when it cannot
    (the player's other game is being planned, the site plans as many as it may, the
    cache or the broker is down, or a plan for this log already failed)."""
    return _start(_game_subject(game))


def guest_plan_state(*, variant: str, number: int, log: Sequence[str]) -> str | None:
    """As ``hint_plan_state``, for a guest's canonical ``log`` on a deal."""
    return _state(_log_subject(variant, number, log))


def guest_plan_start(*, variant: str, number: int, log: Sequence[str]) -> bool:
    """As ``hint_plan_start``, for a guest's canonical ``log`` on a deal."""
    return _start(_log_subject(variant, number, log))


def guest_plan(*, variant: str, number: int, log: Sequence[str]) -> list[str] | None:
    """The plan kept for a guest's canonical ``log`` on a deal (made by the worker, or
    followed to this log by an earlier hint), or ``None``."""
    line = _get(f"hint-plan-line:{_digest(variant, number, log)}")
    return line.split() if line else None


def guest_plan_keep(*, variant: str, number: int, log: Sequence[str], plan: Sequence[str]) -> None:
    """Keep ``plan`` for the guest's canonical ``log``: the log a hint's move leads to."""
    _line_keep(variant, number, log, plan)


def _start(subject: _Subject) -> bool:
    if subject.variant not in solver.STOCK_VARIANTS or settings.HINT_PLAN_STAGES <= 0:
        return False
    if _state(subject) == FAILED:
        return False
    mine = subject.key
    try:
        if subject.owner is not None and not cache.add(_owner_key(subject), mine, RUNNING_SECONDS) \
                and cache.get(_owner_key(subject)) != mine:
            return False
        slot = next((i for i in range(settings.HINT_PLAN_AT_ONCE) if _slot_taken(i, mine)), None)
        if slot is None:  # the site's worker plans as many as it may at once
            if subject.owner is not None:
                cache.delete(_owner_key(subject))
            return False
        _running(subject, 0, 0, slot)
    except Exception:  # noqa: BLE001 - no cache: no way to follow the plan's progress
        return False
    try:
        subject.ring(0)
    except Exception:  # noqa: BLE001 - the broker is down: the hint says undecided
        logger.warning("hint plan not enqueued", exc_info=True)
        _end(subject, None, slot)
        return False
    return True


def _slot_key(index: int) -> str:
    return f"hint-plan-slot:{index}"


def _slot_taken(index: int, key: str) -> bool:
    """Whether the site's place ``index`` is now the subject's (free, or its already)."""
    return cache.add(_slot_key(index), key, RUNNING_SECONDS) or cache.get(_slot_key(index)) == key


def _running(subject: _Subject, stage: int, resume: int, slot: int | None) -> None:
    """Mark the plan running (and keep its owner's and site slot's keys as long)."""
    state = {"ply": len(subject.log), "state": RUNNING, "stage": stage, "resume": resume, "slot": slot}
    cache.set(_key(subject), state, RUNNING_SECONDS)
    if subject.owner is not None:
        cache.set(_owner_key(subject), subject.key, RUNNING_SECONDS)
    if slot is not None:
        cache.set(_slot_key(slot), subject.key, RUNNING_SECONDS)


def _end(subject: _Subject, state: str | None, slot: int | None) -> None:
    with contextlib.suppress(Exception):
        if state is None:
            cache.delete(_key(subject))
        else:
            cache.set(_key(subject), {"ply": len(subject.log), "state": state}, FAILED_SECONDS)
        keys = [_slot_key(slot)] if slot is not None else []
        if subject.owner is not None:
            keys.append(_owner_key(subject))
        for key in keys:
            if cache.get(key) == subject.key:
                cache.delete(key)


def hint_plan_stage(*, game_id, ply: int, stage: int) -> str:
    """One stage of the worker's search for the game at ``ply`` (the task's body):
    keeps the plan it finds, rings the next stage, or marks the log ``failed`` once
    the stages are spent. A task delivered twice, or for a log the game has left,
    does nothing."""
    game = Game.objects.select_related("deal").filter(pk=game_id).first()
    if game is None:
        return "stale"
    subject = _game_subject(game)
    if len(subject.log) != ply:  # moved on: the state, if any, is for another ply
        state = _get(_key(subject))
        if state and state.get("ply") == ply and state.get("stage") == stage:
            _end(subject, None, state.get("slot"))  # the key is the game's, whatever its ply
            return "moved"
        return "stale"
    return _stage(subject, stage)


def guest_plan_stage(*, variant: str, number: int, log: Sequence[str], stage: int) -> str:
    """One stage of the worker's search for a guest's log on a deal (the task's body)."""
    return _stage(_log_subject(variant, number, log), stage)


def _stage(subject: _Subject, stage: int) -> str:
    state = _get(_key(subject))
    if not state or state.get("ply") != len(subject.log) or state.get("state") != RUNNING \
            or state.get("stage") != stage:
        return "stale"
    slot = state.get("slot")
    if not subject.alive():
        _end(subject, None, slot)
        return "moved"
    resume = state.get("resume", 0)
    found = solver.deep_plan(start_position(subject.variant, subject.number), list(subject.log),
                             seconds=settings.HINT_PLAN_STAGE_SECONDS, resume=resume)
    if found.plan:
        kept = subject.keep(found.plan)
        _end(subject, None, slot)
        return "planned" if kept else "moved"
    # a stage that ended no attempt (one needs more than a stage's seconds) would only repeat itself
    if found.resume is not None and found.resume > resume and stage + 1 < settings.HINT_PLAN_STAGES:
        try:
            _running(subject, stage + 1, found.resume, slot)
            subject.ring(stage + 1)
        except Exception:  # noqa: BLE001 - as in _start
            _end(subject, FAILED, slot)
            return "failed"
        return "next stage"
    _end(subject, FAILED, slot)
    return "failed"
