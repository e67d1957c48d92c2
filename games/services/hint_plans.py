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
not kept, and the next hint plans from where the game is. One plan is made at a
time per player (or guest), so that a player's many games cannot fill the
worker, and at most ``HINT_PLAN_AT_ONCE`` across the site (each stage takes every
core for seconds); a hint that cannot have one answers as it would without the
worker (``undecided``).
"""

from __future__ import annotations

import contextlib
import logging

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


def _key(game_id) -> str:
    return f"hint-plan:{game_id}"


def _owner_key(game: Game) -> str:
    owner = f"p{game.player_id}" if game.player_id else f"g{game.guest_key}"
    return f"hint-plan-owner:{owner}"


def _get(key: str):
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - a cache that is down: no plan is running
        return None


def hint_plan_state(*, game: Game) -> str | None:
    """``running``, ``failed`` or ``None``: what the worker does or did for the game's
    current log."""
    state = _get(_key(game.pk))
    if not state or state.get("ply") != game.ply:
        return None
    return state.get("state")


def hint_plan_start(*, game: Game) -> bool:
    """Ring the worker to plan from the game's current log. ``False`` when it cannot
    (the player's other game is being planned, the cache or the broker is down, or a
    plan for this log already failed)."""
    if game.deal.variant not in solver.STOCK_VARIANTS or settings.HINT_PLAN_STAGES <= 0:
        return False
    if hint_plan_state(game=game) == FAILED:
        return False
    owner, mine = _owner_key(game), str(game.pk)
    try:
        if not cache.add(owner, mine, RUNNING_SECONDS) and cache.get(owner) != mine:
            return False
        slot = next((i for i in range(settings.HINT_PLAN_AT_ONCE) if _slot_taken(i, mine)), None)
        if slot is None:  # the site's worker plans as many as it may at once
            cache.delete(owner)
            return False
        cache.set(owner, mine, RUNNING_SECONDS)
        _running(game, game.ply, 0, 0, slot)
    except Exception:  # noqa: BLE001 - no cache: no way to follow the plan's progress
        return False
    try:
        tasks.hint_plan_task.delay(mine, game.ply, 0)
    except Exception:  # noqa: BLE001 - the broker is down: the hint says undecided
        logger.warning("hint plan not enqueued", exc_info=True)
        _end(game, None, slot)
        return False
    return True


def _slot_key(index: int) -> str:
    return f"hint-plan-slot:{index}"


def _slot_taken(index: int, game_id: str) -> bool:
    """Whether the site's place ``index`` is now the game's (free, or its already)."""
    return cache.add(_slot_key(index), game_id, RUNNING_SECONDS) or cache.get(_slot_key(index)) == game_id


def _running(game: Game, ply: int, stage: int, resume: int, slot: int | None) -> None:
    """Mark the game's plan running (and keep its owner's and site slot's keys as long)."""
    state = {"ply": ply, "state": RUNNING, "stage": stage, "resume": resume, "slot": slot}
    cache.set(_key(game.pk), state, RUNNING_SECONDS)
    cache.set(_owner_key(game), str(game.pk), RUNNING_SECONDS)
    if slot is not None:
        cache.set(_slot_key(slot), str(game.pk), RUNNING_SECONDS)


def _end(game: Game, state: str | None, slot: int | None) -> None:
    with contextlib.suppress(Exception):
        if state is None:
            cache.delete(_key(game.pk))
        else:
            cache.set(_key(game.pk), {"ply": game.ply, "state": state}, FAILED_SECONDS)
        for key in (_owner_key(game), *(() if slot is None else (_slot_key(slot),))):
            if cache.get(key) == str(game.pk):
                cache.delete(key)


def hint_plan_stage(*, game_id, ply: int, stage: int) -> str:
    """One stage of the worker's search for the game at ``ply`` (the task's body):
    keeps the plan it finds, rings the next stage, or marks the log ``failed`` once
    the stages are spent. A task delivered twice, or for a log the game has left,
    does nothing."""
    game = Game.objects.select_related("deal").filter(pk=game_id).first()
    state = _get(_key(game_id))
    if game is None or not state or state.get("ply") != ply or state.get("state") != RUNNING \
            or state.get("stage") != stage:
        return "stale"
    slot = state.get("slot")
    if game.state != Game.State.PLAYING or game.ply != ply:
        _end(game, None, slot)
        return "moved"
    resume = state.get("resume", 0)
    found = solver.deep_plan(start_position(game.deal.variant, game.deal.number), game.move_list,
                             seconds=settings.HINT_PLAN_STAGE_SECONDS, resume=resume)
    if found.plan:
        with transaction.atomic():
            row = Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
            kept = row is not None and row.state == Game.State.PLAYING and row.ply == ply
            if kept:
                row.plan = " ".join(found.plan)
                row.save(update_fields=["plan"])
        _end(game, None, slot)
        return "planned" if kept else "moved"
    # a stage that ended no attempt (one needs more than a stage's seconds) would only repeat itself
    if found.resume is not None and found.resume > resume and stage + 1 < settings.HINT_PLAN_STAGES:
        try:
            _running(game, ply, stage + 1, found.resume, slot)
            tasks.hint_plan_task.delay(str(game_id), ply, stage + 1)
        except Exception:  # noqa: BLE001 - as in hint_plan_start
            _end(game, FAILED, slot)
            return "failed"
        return "next stage"
    _end(game, FAILED, slot)
    return "failed"
