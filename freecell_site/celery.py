"""The Celery app: one place for serialization, acknowledgement, limits and the beat schedule.

Why these values: with Celery's defaults a worker killed with -9 loses the
tasks it had prefetched (early ack) or leaves them invisible for an hour (the
Redis visibility timeout). Late acknowledgement plus ``task_reject_on_worker_lost``
puts them back; a 20 s visibility timeout with a 2 s restore scan brings them
to another worker within about 22 s. Every task therefore may run twice, so
every task is idempotent, and every task's hard time limit stays below the
visibility timeout (a task still running past it would be delivered again).

Priorities (kombu's Redis transport keeps one list per queue and priority step and
its BRPOP asks the lists in step order, 0 first): a task with no priority goes first
(0); the bulk work that keeps pools, reserves and references full (``PRIORITY_BULK``)
goes after every waiting validation, so that a flooded queue delays a player's
verdict by at most the tasks already running (``tests/reliability/test_faults_schedule.py``).
"""

import os

from celery import Celery
from celery.schedules import crontab
from celery.signals import beat_init, task_postrun, task_prerun, worker_init, worker_process_init
from django_structlog.celery.steps import DjangoStructLogInitStep

from .streams import streams_drop_when_full

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freecell_site.settings.local")
# A full log disk must not stop the worker or beat (see streams.py).
streams_drop_when_full()

VISIBILITY_TIMEOUT = 20  # seconds; must exceed every task's hard time limit
TASK_SOFT_TIME_LIMIT = 12
TASK_TIME_LIMIT = 15
PRIORITY_BULK = 9  # pool and reserve filling, solving, par, honest references: after every validation
# A hint's plan (games/services/hint_plans.py): a player waits for it, but each stage takes both
# cores for seconds, so the validations waiting go first.
PRIORITY_HINT_PLAN = 5
BULK_TASKS = ("games.honest_reference", "games.deal_solve", "games.pools_fill", "games.pool_fill",
              "games.fill_job_step", "games.deal_difficulty", "games.difficulty_refresh", "games.par_refine")

app = Celery("freecell_site")
# The request id and the task's own ids in every line the worker logs (core/logs.py).
app.steps["worker"].add(DjangoStructLogInitStep)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    task_serializer="json",
    result_serializer="json",
    accept_content=["json"],
    result_accept_content=["json"],
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    task_acks_on_failure_or_timeout=True,
    worker_prefetch_multiplier=1,
    task_soft_time_limit=TASK_SOFT_TIME_LIMIT,
    task_time_limit=TASK_TIME_LIMIT,
    result_expires=3600,
    # Nothing waits for a task's result (the database carries every outcome), and a sender
    # that keeps one subscribes to the result store first: with Redis down that raised
    # "Retry limit exceeded ... the Celery application must be restarted" from a web request.
    task_ignore_result=True,
    # The bulk work's priority is routed by name (a task attribute for it is deprecated).
    task_routes={**{name: {"priority": PRIORITY_BULK} for name in BULK_TASKS},
                 "games.hint_plan": {"priority": PRIORITY_HINT_PLAN},
                 "games.hint_plan_log": {"priority": PRIORITY_HINT_PLAN}},
    broker_connection_retry_on_startup=True,
    # The worker logs through the site's LOGGING (JSON lines in production), not its own format.
    worker_hijack_root_logger=False,
    broker_transport_options={
        "visibility_timeout": VISIBILITY_TIMEOUT,
        "unacked_restore_interval": 2,
        "unacked_restore_throttle": 1,
        # The restore scan's lock: a worker killed while holding it (a scan takes
        # milliseconds) would otherwise stop every redelivery for 5 minutes.
        "unacked_mutex_expire": 10,
    },
    result_backend_transport_options={"visibility_timeout": VISIBILITY_TIMEOUT},
    timezone="UTC",
    enable_utc=True,
    beat_schedule={
        "sweep-pending-submissions": {
            "task": "games.submissions_sweep",
            "schedule": 30.0,
        },
        "requeue-after-broker-loss": {
            "task": "games.broker_loss_check",
            "schedule": 5.0,
        },
        "fill-winnable-pools": {
            "task": "games.pools_fill",
            "schedule": 60.0,
        },
        "sweep-schedule-requests": {
            "task": "games.schedule_requests_sweep",
            "schedule": 60.0,
        },
        "sweep-fill-jobs": {
            "task": "games.fill_jobs_sweep",
            "schedule": 60.0,
        },
        "expire-guest-games": {
            "task": "games.guest_games_expire",
            "schedule": 3600.0,
        },
        "delete-accounts-due": {
            "task": "accounts.deletions_run",
            "schedule": 3600.0,
        },
        "clear-expired-sessions": {
            "task": "accounts.sessions_clear",
            "schedule": 3600.0,
        },
        "sweep-races": {
            "task": "races.races_sweep",
            "schedule": 30.0,
        },
        "refresh-difficulty": {
            "task": "games.difficulty_refresh",
            "schedule": 3600.0,
        },
        "prepare-dailies": {
            "task": "games.dailies_prepare",
            "schedule": crontab(minute="*/15"),
        },
    },
)
if app.conf.broker_url.startswith("redis"):
    # Kombu's Redis transport with the fix that lets a worker outlive a Redis restart.
    app.conf.broker_transport = "freecell_site.broker:Transport"
app.autodiscover_tasks()


@beat_init.connect
def _catch_up(**_kwargs) -> None:
    """Beat back from an outage does the work it missed at once: the dailies its absence left
    unprepared, then the pools and reserves. A schedule file lost with the outage (a recreated
    container) would otherwise wait for the next quarter hour; both tasks are idempotent."""
    prepare = app.signature("games.dailies_prepare", immutable=True, priority=PRIORITY_BULK)
    fill = app.signature("games.pools_fill", immutable=True, priority=PRIORITY_BULK)
    (prepare | fill).apply_async()


@worker_process_init.connect
def _solver_warm_up(**_kwargs) -> None:
    """Load fc-solve's presets in each pool process before its first task, not during it."""
    from solver import warm_up

    warm_up()


@app.task(name="site.ping", ignore_result=False)
def ping(token: str) -> str:
    """Round trip through the broker and a worker: health checks and tests use it."""
    return f"pong:{token}"


@worker_init.connect
def _metrics_port(**_kwargs) -> None:
    """A worker in a container of its own answers Prometheus on ``METRICS_PORT`` (the compose
    file); beside the web on one machine it shares PROMETHEUS_MULTIPROC_DIR instead."""
    port = os.environ.get("METRICS_PORT")
    if port:
        from freecell_site.metrics import serve_worker_metrics

        serve_worker_metrics(int(port))


@task_prerun.connect
def _task_started(task_id=None, **_kwargs) -> None:
    from freecell_site.metrics import task_started

    task_started(task_id)


@task_postrun.connect
def _task_finished(task_id=None, task=None, state=None, **_kwargs) -> None:
    """Every task counted and timed, by name and outcome (SUCCESS, FAILURE, RETRY, ...)."""
    from freecell_site.metrics import task_observed

    task_observed(task_id, getattr(task, "name", "unknown"), state or "unknown")
