"""Celery tasks: thin, idempotent, each calls one service.

Services ring tasks; tasks call services. Services import this module at the
top and enqueue with ``transaction.on_commit(lambda: task.delay(...))``; a task
imports its service inside its body, so this module imports no service and the
two never import each other in a circle.

Names and retry policy are set here; serialization, acknowledgement and the
time limits every task shares (below the broker's visibility timeout) are set in
freecell_site/celery.py, with the priority that puts the bulk work (pool and reserve
filling, solving, references) behind every waiting validation.
"""

import datetime as dt
import time

import redis
from celery import shared_task
from django.conf import settings

import solver
from games.catalogue import daily_variants, site_variants
from games.models import Deal


@shared_task(name="games.submission_validate", max_retries=3, default_retry_delay=2,
             autoretry_for=(ConnectionError,))
def submission_validate_task(submission_id: int) -> str | None:
    from games.services.fairplay_top import fairplay_top_request
    from games.services.results import submission_validate

    submission = submission_validate(submission_id=submission_id)
    fairplay_top_request(submission_id=submission_id)  # a walk cut by time near the top: the full check
    return submission.status if submission else None


@shared_task(name="games.fairplay_warm")
def fairplay_warm_task(game_id: str) -> int:
    """Search ahead for the fair-play assessment of a ranked daily game in play."""
    from games.services.fairplay import fairplay_warm

    return fairplay_warm(game_id=game_id)


@shared_task(name="games.fairplay_top_assess")
def fairplay_top_assess_task(result_id: int) -> bool:
    """One round of the full fair-play check of a result at the top of its daily's board."""
    from games.services.fairplay_top import fairplay_top_assess

    done = fairplay_top_assess(result_id=result_id)
    if not done:
        fairplay_top_assess_task.delay(result_id)  # the next round walks on from the kept lines
    return done


@shared_task(name="games.honest_reference")
def honest_reference_task(deal_id: int) -> int:
    """Play the reference honest player on a scheduled Klondike or Spider daily's deal."""
    from games.services.clairvoyance import deal_reference_compute, reference_complete

    found = deal_reference_compute(deal_id=deal_id)
    if found and not reference_complete(found):
        honest_reference_task.delay(deal_id)  # the next round (each is bounded in time)
    return found.get("runs", 0)


@shared_task(name="games.submissions_sweep")
def submissions_sweep_task() -> int:
    """Re-ring the doorbell for submissions still pending after a while."""
    from games.services.results import submissions_stale

    stale = submissions_stale()
    for pk in stale:
        submission_validate_task.delay(pk)
    return len(stale)


@shared_task(name="games.broker_loss_check")
def broker_loss_check_task() -> int:
    """Every few seconds: has the broker lost what it held? Then re-ring for every pending submission.

    A mark with no expiry sits in the broker's Redis database beside the queue. If
    it is gone, that Redis was restarted without its data (or flushed), and every
    message queued or unacknowledged in it was lost with it: the submissions still
    pending are re-enqueued at once, whatever their age, instead of waiting for
    the sweeper's 45 s (the drill: up to 70 s "pending"). Validation is idempotent,
    so one that was not lost and runs twice does no harm.
    """
    from games.services.results import submissions_stale

    client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_timeout=5)
    if not client.set(f"{settings.CELERY_TASK_DEFAULT_QUEUE}:broker-mark", 1, nx=True):
        return 0
    pending = submissions_stale(older_than=dt.timedelta(0))
    for pk in pending:
        submission_validate_task.delay(pk)
    return len(pending)


@shared_task(name="games.guest_games_expire")
def guest_games_expire_task() -> int:
    """Delete expired guest games; rings again while a full run leaves some behind."""
    from games.services.guests import guest_games_expire

    deleted, more = guest_games_expire()
    if more:
        guest_games_expire_task.delay()
    return deleted


@shared_task(name="games.hint_plan")
def hint_plan_task(game_id: str, ply: int, stage: int) -> str:
    """One stage of the search behind a hint that found no line in time."""
    from games.services.hint_plans import hint_plan_stage

    return hint_plan_stage(game_id=game_id, ply=ply, stage=stage)


@shared_task(name="games.hint_plan_log")
def hint_plan_log_task(variant: str, number: int, log: list[str], stage: int) -> str:
    """One stage of the search behind a guest's hint by log that found no line in time."""
    from games.services.hint_plans import guest_plan_stage

    return guest_plan_stage(variant=variant, number=number, log=log, stage=stage)


@shared_task(name="games.deal_solve")
def deal_solve_task(deal_id: int) -> str:
    from games.services.solving import deal_solve

    deal = Deal.objects.get(pk=deal_id)
    seconds = STOCK_TASK_SECONDS if deal.variant in solver.STOCK_VARIANTS else None
    return deal_solve(deal=deal, seconds=seconds).status


#: Seconds one task may spend deciding Klondike or Spider deals (a Spider deal
#: can take tens of seconds, and its search stops at the seconds left): inside the
#: soft time limit of freecell_site/celery.py.
STOCK_TASK_SECONDS = 9.0
#: The same for the FreeCell family, whose search is bounded by iterations, not seconds:
#: a deal begun just before the deadline runs to its end (its par portfolio took up to 7 s
#: on a busy worker), so the deadline leaves that much room under the soft limit.
FREECELL_TASK_SECONDS = 4.0


@shared_task(name="games.pools_fill")
def pools_fill_task() -> int:
    """Ring a ``games.pool_fill`` for every variant's pool and daily reserve below its target.

    Each fill is a task of its own: filled inline, one slow FreeCell search took this task past
    its soft time limit (a reserve run down while beat was away), and the variants after it got
    nothing that round. Returns how many fills were rung."""
    from games.services.dailies import reserve_fill_target
    from games.services.solving import pool_size

    wanted = [(variant, False, settings.POOL_TARGET) for variant in site_variants()]
    wanted += [(variant, True, reserve_fill_target(variant=variant)) for variant in daily_variants()]
    rung = 0
    for variant, reserve, target in wanted:
        if pool_size(variant=variant, reserve=reserve) < target:
            pool_fill_task.delay(variant, reserve=reserve)
            rung += 1
    return rung


#: Positions one Klondike or Spider search of ``pool_fill_task`` may visit: Klondike's search is
#: bounded by positions only, and 300,000 of them ran past the 15 s hard limit at a load average
#: of 18 on 2 cores (the reserve then stayed empty). A fill job's steps use the same.
STOCK_SEARCH_BUDGET = 75_000


@shared_task(name="games.pool_fill")
def pool_fill_task(variant: str, reserve: bool = False) -> int:
    """Top up one variant's pool (or daily reserve, with a deal more while the plan by difficulty
    wants a band it lacks) within the soft time limit; Klondike and Spider in searches of
    STOCK_SEARCH_BUDGET positions each."""
    from games.services.dailies import dailies_waiting_deal, reserve_fill_target
    from games.services.solving import pool_fill

    target = reserve_fill_target(variant=variant) if reserve else settings.POOL_TARGET
    if variant in solver.STOCK_VARIANTS:
        added = pool_fill(variant=variant, target=target, seconds=STOCK_TASK_SECONDS, reserve=reserve,
                          budget=STOCK_SEARCH_BUDGET)
    else:
        added = pool_fill(variant=variant, target=target, seconds=FREECELL_TASK_SECONDS, reserve=reserve)
    if reserve and added:
        dailies_waiting_deal(variant=variant)  # a day beat could not deal is dealt now, not at its next run
    return added


@shared_task(name="games.par_refine")
def par_refine_task(deal_id: int, first: int = 1) -> int | None:
    """One bounded round of refining a daily's par (``deal_par_refine``); rings the next round
    while the scan of its line is not done. Returns the deal's par."""
    from games.services.solving import deal_par_refine

    deal, following = deal_par_refine(deal_id=deal_id, first=first)
    if following is not None:
        par_refine_task.delay(deal_id, following)
    return deal.par if deal else None


@shared_task(name="games.dailies_prepare")
def dailies_prepare_task() -> int:
    """Beat's dailies, with search rounds for an empty reserve begun only in the first
    FREECELL_TASK_SECONDS: two variants' rounds in one task went past its soft time limit on a
    busy worker (the days after them were then left for the next quarter hour). A day left
    without a deal is dealt by the reserve fill that proves one (``pool_fill_task``)."""
    from games.services.dailies import dailies_prepare

    return len(dailies_prepare(deadline=time.monotonic() + FREECELL_TASK_SECONDS))


@shared_task(name="games.schedule_request_settle")
def schedule_request_settle_task(request_id: int) -> str | None:
    from games.services.schedule_requests import schedule_request_settle

    request = schedule_request_settle(request_id=request_id)
    return request.status if request else None


@shared_task(name="games.schedule_requests_sweep")
def schedule_requests_sweep_task() -> int:
    """Re-ring the doorbell for schedule requests nobody settled (a lost message, a killed worker);
    refuse those rung for too long."""
    from games.services.schedule_requests import schedule_requests_give_up, schedule_requests_stale

    schedule_requests_give_up()
    stale = schedule_requests_stale()
    for pk in stale:
        schedule_request_settle_task.delay(pk)
    return len(stale)


@shared_task(name="games.fill_job_step")
def fill_job_step_task(job_id: int) -> str | None:
    """One bounded step of a fill job; the step rings the next while gaps are left."""
    from celery.exceptions import SoftTimeLimitExceeded

    from games.services.fill_jobs import fill_job_step, fill_job_step_released

    try:
        job = fill_job_step(job_id=job_id)
    except Exception as error:
        if not _cut_by_time_limit(error, SoftTimeLimitExceeded):
            raise  # the sweeper rings the job again once its lease is over
        fill_job_step_released(job_id=job_id)  # what it proved is kept; the next step goes on
        return None
    return job.status if job else None


def _cut_by_time_limit(error: BaseException | None, limit: type) -> bool:
    """The soft time limit, raised directly or inside a solver's error (fc-solve wraps it)."""
    while error is not None:
        if isinstance(error, limit):
            return True
        error = error.__cause__
    return False


@shared_task(name="games.fill_jobs_sweep")
def fill_jobs_sweep_task() -> int:
    """Re-ring running fill jobs that no step has touched for a while (a lost message, a killed worker)."""
    from games.services.fill_jobs import fill_jobs_stale

    stale = fill_jobs_stale()
    for pk in stale:
        fill_job_step_task.delay(pk)
    return len(stale)


@shared_task(name="games.deal_difficulty")
def deal_difficulty_task(deal_id: int) -> str | None:
    """Recount a deal's players and score it again (a result was recorded, voided or cleared)."""
    from games.services.difficulty import deal_people_refresh

    deal = deal_people_refresh(deal_id=deal_id)
    return deal.difficulty if deal else None


@shared_task(name="games.difficulty_refresh")
def difficulty_refresh_task() -> int:
    """Hourly: recount the recent dailies' players and recalibrate every variant's bands."""
    from games.services.difficulty import difficulty_refresh

    return len(difficulty_refresh())
