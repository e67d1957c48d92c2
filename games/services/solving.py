"""The solver's verdicts on deal rows: proofs, par and the winnable pools."""

import contextlib
import random
import time

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

import engine
import solver
from freecell_site import metrics
from games import tasks
from games.models import Deal, ScheduleRequest, SolverStatus
from games.referee import hides_cards, start_position
from games.selectors import layout_variants
from games.services.deals import (
    HIDDEN_DAILY_FLOOR,
    deal_get_or_create,
    deal_random_number,
    deal_verdict_store,
)
from games.services.leaderboards import leaderboards_outdate_on_commit


class SolverCache:
    """What the solver found per position, in the site's cache, shared by every
    process: hint verdicts (``hint:``) and the fair-play check's preset lines
    (``fairplay:``). A cache that is down costs a search, never an answer."""

    timeout = 24 * 3600

    def __init__(self, prefix: str = "hint") -> None:
        self.prefix = prefix

    def get(self, key: str):
        try:
            return cache.get(f"{self.prefix}:{key}")
        except Exception:  # noqa: BLE001 - see the class notes
            return None

    def set(self, key: str, value) -> None:
        with contextlib.suppress(Exception):  # as above
            cache.set(f"{self.prefix}:{key}", value, self.timeout)


def _hint_limits(seconds: float | None = None):
    return solver.HintLimits(
        iterations=settings.HINT_MAX_ITERATIONS,
        seconds=settings.HINT_MAX_SECONDS if seconds is None else min(seconds, settings.HINT_MAX_SECONDS),
        probes=settings.HINT_MAX_PROBES,
    )


def hint_solve(*, start, moves: list[str], line: list[str] | None = None, seconds: float | None = None):
    """The solver's verdict after ``moves`` from ``start``, within the site's hard
    limits (``seconds``: a shorter clock than ``HINT_MAX_SECONDS``). ``line``: a known
    winning line, which Klondike and Spider follow while ``moves`` is its prefix (the
    site's verdicts pass none)."""
    result = solver.hint(start, moves, budget=settings.HINT_BUDGET, limits=_hint_limits(seconds),
                         verdicts=SolverCache(), line=line, stock_budget=settings.HINT_STOCK_BUDGET)
    metrics.hint_observed(result)
    return result


def hint_plan(*, start, moves: list[str], plan: list[str] | None = None,
              fallback: list[str] | None = None):
    """A hint and the plan it follows (``solver.planned_hint``), within the same limits."""
    planned = solver.planned_hint(start, moves, plan=plan, fallback=fallback, budget=settings.HINT_BUDGET,
                                  limits=_hint_limits(), verdicts=SolverCache(),
                                  stock_budget=settings.HINT_STOCK_BUDGET)
    metrics.hint_observed(planned.hint)
    return planned


#: Positions a Klondike or Spider search may visit for a pool (about 1 s of
#: Klondike-Solver per search); Spider is also capped by the seconds left.
POOL_STOCK_BUDGET = 300_000


def deal_solve(*, deal: Deal, budget: int | None = None, seconds: float | None = None,
               quick: bool = False) -> Deal:
    """Prove a deal winnable (with par and line) or impossible, or leave it undecided.
    ``seconds`` caps the searches that take a time limit (Spider); ``quick`` looks for a
    win only (``solver.solve_with_par``: a pool's candidate)."""
    position = start_position(deal.variant, deal.number)
    if budget is None and deal.variant not in solver.STOCK_VARIANTS:
        budget = settings.SOLVER_BUDGET
    result = solver.solve_with_par(position, budget=budget, seconds=seconds, quick=quick)
    return deal_verdict_store(
        deal=deal,
        status=result.status,
        scope=result.scope,
        par=result.par,
        line=" ".join(result.line),
        iterations=result.iterations,
        presets_solved=len(result.solved),
        presets_tried=len(result.presets),
        par_method=result.preset if result.par is not None else "",
    )


def deal_par_ensure(*, deal: Deal) -> Deal:
    if deal.status == SolverStatus.WINNABLE and deal.par is not None:
        return deal
    # a Spider search without seconds of its own takes 10-30 s (solver.stock.SPIDER_SECONDS)
    stock = deal.variant in solver.STOCK_VARIANTS
    return deal_solve(deal=deal, seconds=tasks.STOCK_TASK_SECONDS if stock else None)


def _line_wins(deal: Deal) -> bool:
    """The stored line replays to a win: no deal enters a pool or the daily
    reserve without one."""
    line = deal.solution.split()
    return bool(line) and engine.replay(start_position(deal.variant, deal.number), line).won


def _pool_flag(reserve: bool) -> str:
    return "daily_reserve" if reserve else "in_pool"


def pool_size(*, variant: str, reserve: bool = False) -> int:
    return Deal.objects.filter(
        variant=variant, status=SolverStatus.WINNABLE, voided=False, **{_pool_flag(reserve): True}
    ).count()


def _candidate(variant: str, reserve: bool, rng: random.Random) -> int:
    """Random deals come from the well-known low numbers; daily deals from the variant's
    whole range (1 to 10**20 - 1 for PySolFC's numbers), so that a daily's number cannot
    be found by dealing every low number."""
    if not reserve:
        return deal_random_number(variant=variant, rng=rng)
    lowest = HIDDEN_DAILY_FLOOR if hides_cards(variant) else 1  # see HIDDEN_DAILY_FLOOR
    return rng.randint(lowest, engine.get_ruleset(variant).max_deal_number)


def _layout_taken(deal: Deal) -> bool:
    """Whether the deal's layout is already handed out under any variant that deals it:
    in a pool, in the daily reserve, on a daily or asked for one (a pending schedule request);
    FreeCell's three rule sets share layouts."""
    same = Deal.objects.filter(variant__in=layout_variants(deal.variant), number=deal.number)
    pending = Q(schedule_requests__status=ScheduleRequest.Status.PENDING)
    return same.filter(Q(in_pool=True) | Q(daily_reserve=True) | Q(dailies__isnull=False) | pending).exists()


def pool_add(*, deal: Deal) -> bool:
    """Offer a proven-winnable deal as a random deal (never one held for, or used as, a daily)."""
    if not deal.proven_winnable or _layout_taken(deal):
        return False
    Deal.objects.filter(pk=deal.pk).update(in_pool=True)
    deal.in_pool = True
    return True


def pool_fill(*, variant: str, target: int, seconds: float, rng: random.Random | None = None,
              reserve: bool = False, budget: int | None = None) -> int:
    """Add proven-winnable deals to a variant's pool (or its daily reserve) until
    ``target`` or the time is up; returns how many were added. Bounded in time
    so that the task stays well inside its Celery time limit. ``budget``: each
    search's iterations (positions for Klondike and Spider), when smaller searches
    are wanted than the defaults (a fill job's steps on a busy machine). A candidate is searched
    for a win only: one the search does not win is left undecided and the next is drawn
    (for Klondike, the narrow and exhaustive searches that might rescue it or prove a loss
    cost more than drawing another)."""
    rng = rng or random.Random()
    added = 0
    deadline = time.monotonic() + seconds
    stock = variant in solver.STOCK_VARIANTS
    while pool_size(variant=variant, reserve=reserve) < target and time.monotonic() < deadline:
        deal = deal_get_or_create(variant=variant, number=_candidate(variant, reserve, rng))
        if deal.voided or deal.in_pool or deal.daily_reserve or _layout_taken(deal):
            continue
        if deal.status in (SolverStatus.UNKNOWN, SolverStatus.UNDECIDED):
            left = max(deadline - time.monotonic(), 0.5)
            deal = (deal_solve(deal=deal, budget=budget or POOL_STOCK_BUDGET, seconds=left, quick=True)
                    if stock else deal_solve(deal=deal, budget=budget))
        if deal.status == SolverStatus.WINNABLE and _line_wins(deal):
            Deal.objects.filter(pk=deal.pk).update(**{_pool_flag(reserve): True})
            added += 1
    return added


#: Seconds one round of par refinement may search (inside the tasks' soft time limit of
#: 12 s: a search begun just before this runs to its end, about 1 s at most).
PAR_REFINE_SECONDS = 7.0
#: How long a deal's refinement is taken to be under way once asked for: no second chain
#: of rounds is started for it meanwhile (each round renews it).
PAR_REFINE_LEASE = 15 * 60


def _par_refine_lease(deal_id: int) -> str:
    return f"par-refine:{deal_id}"


def deal_par_refine(*, deal_id: int, first: int = 1, seconds: float | None = None):
    """One bounded round of par refinement on a winnable deal (``solver.refine_par``):
    a shorter line found replaces the stored one, with how it was found; par is never
    raised, and no result is touched (a result keeps its moves; "moves over par" is
    read against the deal's par when shown). Returns ``(deal, next_index)``;
    ``next_index`` is where the next round goes on, ``None`` when done (then
    ``par_refined_at`` is set) or when there is nothing to refine.

    The deal's difficulty is not rated again: its prior is par's percentile among
    deals whose par the portfolio found the same way."""
    deal = Deal.objects.filter(pk=deal_id).first()
    if (deal is None or deal.status != SolverStatus.WINNABLE or deal.par is None or deal.voided
            or deal.par_refined_at is not None or not deal.solution):
        return deal, None
    with contextlib.suppress(Exception):  # the lease only saves work; a cache that is down costs some
        cache.set(_par_refine_lease(deal_id), 1, PAR_REFINE_LEASE)
    start = start_position(deal.variant, deal.number)
    refined = solver.refine_par(start, deal.solution.split(), deal.par_method or "unrecorded",
                                first=first, seconds=seconds or PAR_REFINE_SECONDS)
    with transaction.atomic():
        row = Deal.objects.select_for_update().get(pk=deal_id)
        if row.solution != deal.solution:  # solved again meanwhile: the next round starts over
            return row, (None if row.par_refined_at else 1)
        fields = {}
        if refined.par < row.par:
            fields.update(par=refined.par, solution=" ".join(refined.line), par_method=refined.method)
        if refined.done:
            fields["par_refined_at"] = timezone.now()
        if fields:
            Deal.objects.filter(pk=deal_id).update(**fields)
            if "par" in fields:  # the boards and the players' stats show it: stored answers are outdated
                boards = {(daily_id, deal_id) for daily_id in row.dailies.values_list("pk", flat=True)}
                players = tuple(row.results.values_list("player_id", flat=True).distinct().order_by())
                leaderboards_outdate_on_commit(boards=boards or {(None, deal_id)}, player_ids=players)
    row.refresh_from_db()
    return row, refined.next_index


def dailies_par_refine_request(dailies) -> int:
    """Ask the worker, once the transaction commits, to refine the par of each daily's deal
    not yet refined (once per deal: a lease keeps a second chain of rounds from starting
    while one runs). With eager Celery (the embedded default) nothing is asked: the
    rounds would run inside the startup."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return 0
    wanted = {d.deal_id for d in dailies
              if d.deal.status == SolverStatus.WINNABLE and d.deal.par is not None
              and d.deal.par_refined_at is None}
    asked = 0
    for deal_id in sorted(wanted):
        try:
            fresh = cache.add(_par_refine_lease(deal_id), 1, PAR_REFINE_LEASE)
        except Exception:  # noqa: BLE001 - without the cache, ask anyway (rounds are idempotent)
            fresh = True
        if fresh:
            transaction.on_commit(lambda pk=deal_id: tasks.par_refine_task.delay(pk))
            asked += 1
    return asked
