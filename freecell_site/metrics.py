"""What an operator watches: the Prometheus endpoint and the service's own series.

- Requests: ``RequestMetricsMiddleware``, the outermost middleware (time by view and
  method, answers by view, method and status).
- Tasks: counted and timed by Celery's signals in the worker (``task_observed``).
- The state of the service, read when Prometheus scrapes (``ServiceCollector``):
  queue depth, validations waiting and their age, the lag from a win to its result,
  held results waiting for staff, pool and reserve sizes. Reading them at scrape
  time keeps them true whichever process did the work.
- Hints and verdicts: searches run and the solver iterations they spent.

Gunicorn's workers and the Celery worker are separate processes: with
``PROMETHEUS_MULTIPROC_DIR`` set (``scripts/run``, the compose file) they write
their counters there and any web worker answers for all of them.
"""

from __future__ import annotations

import hmac
import logging
import os
import time

from django.conf import settings
from django.http import HttpResponse
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    multiprocess,
)
from prometheus_client.core import REGISTRY, GaugeMetricFamily
from prometheus_client.exposition import choose_encoder

from core.responses import error_response

log = logging.getLogger(__name__)

TASKS = Counter("solitaire_tasks_total", "Celery tasks finished, by task and outcome.", ["task", "outcome"])
TASK_SECONDS = Histogram(
    "solitaire_task_seconds", "Time a Celery task ran, by task.", ["task"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15),
)
HINT_SEARCHES = Counter("solitaire_hint_searches_total", "Hints and verdicts answered, by outcome.",
                        ["status"])
HINT_ITERATIONS = Counter("solitaire_hint_iterations_total", "Solver iterations spent on hints and verdicts.")
HINT_SECONDS = Histogram(
    "solitaire_hint_seconds", "Time a hint or verdict search took.",
    buckets=(0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2.5),
)

REQUEST_SECONDS = Histogram(
    "solitaire_http_request_seconds", "Time from a request's arrival to its answer, by view and method.",
    ["view", "method"], buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
RESPONSES = Counter("solitaire_http_responses_total", "Answers, by view, method and status.",
                    ["view", "method", "status"])
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


class RequestMetricsMiddleware:
    """Every request timed and counted under its URL pattern's name (a bounded set, never
    the path itself); requests no pattern matched count as ``unresolved``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        began = time.perf_counter()
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        view = (match.view_name or match._func_path) if match else "unresolved"
        method = request.method if request.method in METHODS else "other"
        REQUEST_SECONDS.labels(view, method).observe(time.perf_counter() - began)
        RESPONSES.labels(view, method, str(response.status_code)).inc()
        return response


#: Age of the wins over which the lag from win to result is reported.
LAG_WINDOW_SECONDS = 600


VERDICT_LATE = Counter(
    "solitaire_verdict_late_total",
    "Verdicts whose search outlasted VERDICT_ANSWER_SECONDS, so their answer time was not the fixed one.",
)


def verdict_late() -> None:
    VERDICT_LATE.inc()


def hint_observed(result) -> None:
    HINT_SEARCHES.labels(result.status).inc()
    HINT_ITERATIONS.inc(result.iterations)
    HINT_SECONDS.observe(result.seconds)


_started: dict[str, float] = {}


def task_started(task_id: str) -> None:
    _started[task_id] = time.monotonic()


def task_observed(task_id: str, name: str, outcome: str) -> None:
    began = _started.pop(task_id, None)
    TASKS.labels(name, outcome).inc()
    if began is not None:
        TASK_SECONDS.labels(name).observe(time.monotonic() - began)


def _queue_depth() -> dict[str, int]:
    """Messages waiting in each Celery queue on the Redis broker (kombu keeps one list per
    queue and priority step), and those delivered but not yet acknowledged."""
    from django.conf import settings as django_settings

    url = getattr(django_settings, "REDIS_URL", None)
    if not url:
        return {}
    import redis

    queue = django_settings.CELERY_TASK_DEFAULT_QUEUE
    client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
    try:
        waiting = sum(client.llen(key) for key in client.scan_iter(match=f"{queue}*", count=100)
                      if client.type(key) == b"list")
        unacked = client.hlen("unacked")
    finally:
        client.close()
    return {queue: waiting, "unacknowledged": unacked}


class ServiceCollector:
    """Gauges read from the database and the broker at scrape time; a part that cannot be
    read is left out (and logged), so the endpoint answers whatever is down."""

    def describe(self):
        return []  # nothing to read when the collector is registered

    def collect(self):
        yield from self._guarded(self._queues)
        yield from self._guarded(self._validations)
        yield from self._guarded(self._pools)

    def _guarded(self, part):
        try:
            yield from part()
        except Exception:  # noqa: BLE001 - a metric that cannot be read is absent, not an error page
            log.warning("metrics: %s could not be read", part.__name__, exc_info=True)

    def _queues(self):
        depth = GaugeMetricFamily("solitaire_queue_depth", "Messages waiting on the broker.",
                                  labels=["queue"])
        for queue, count in _queue_depth().items():
            depth.add_metric([queue], count)
        yield depth

    def _validations(self):
        from django.db.models import Min
        from django.utils import timezone

        from games.models import Result, Submission

        now = timezone.now()
        pending = Submission.objects.filter(status=Submission.Status.PENDING)
        summary = pending.aggregate(oldest=Min("created_at"))
        waiting = GaugeMetricFamily("solitaire_validations_pending", "Wins waiting for the worker's replay.")
        waiting.add_metric([], pending.count())
        yield waiting
        oldest = GaugeMetricFamily("solitaire_validation_oldest_pending_seconds",
                                   "Age of the oldest win still waiting for its replay.")
        oldest.add_metric([], (now - summary["oldest"]).total_seconds() if summary["oldest"] else 0.0)
        yield oldest
        lags = sorted(
            (validated - created).total_seconds()
            for created, validated in Submission.objects.filter(
                validated_at__gte=now - timezone.timedelta(seconds=LAG_WINDOW_SECONDS)
            ).values_list("created_at", "validated_at")[:5000]
        )
        lag = GaugeMetricFamily("solitaire_validation_lag_seconds",
                                f"From a win to its verdict, over the last {LAG_WINDOW_SECONDS} s.",
                                labels=["quantile"])
        for quantile in (0.5, 0.95, 1.0):
            value = lags[min(len(lags) - 1, int(quantile * len(lags)))] if lags else 0.0
            lag.add_metric([str(quantile)], value)
        yield lag
        held = GaugeMetricFamily("solitaire_results_held", "Ranked wins held for a fair-play review.")
        held.add_metric([], Result.objects.filter(flagged=True, voided=False).count())
        yield held

    def _pools(self):
        from django.db.models import Count, Q

        from games.models import Deal, SolverStatus
        from games.services.layouts import reserve_deals

        rows = (Deal.objects.filter(status=SolverStatus.WINNABLE, voided=False)
                .values("variant")
                .annotate(pool=Count("pk", filter=Q(in_pool=True)),
                          reserve=Count("pk", filter=Q(daily_reserve=True))))
        pool = GaugeMetricFamily("solitaire_pool_size", "Winnable deals offered at random.",
                                 labels=["variant"])
        reserve = GaugeMetricFamily("solitaire_daily_reserve_size",
                                    "Proven deals held for dailies, never used for one.", labels=["variant"])
        for row in rows:
            pool.add_metric([row["variant"]], row["pool"])
            unused = reserve_deals(variant=row["variant"]).count() if row["reserve"] else 0
            reserve.add_metric([row["variant"]], unused)
        yield pool
        yield reserve


_collector_registered = False


def register_collector() -> None:
    global _collector_registered
    if not _collector_registered:
        REGISTRY.register(ServiceCollector())
        _collector_registered = True


def _registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(ServiceCollector())
        return registry
    register_collector()
    return REGISTRY


def serve_worker_metrics(port: int) -> None:
    """The worker's own tasks, in Prometheus text on ``port`` (all its pool processes)."""
    from prometheus_client import start_http_server

    registry = CollectorRegistry()
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    start_http_server(port, registry=registry)


def _allowed(request) -> bool:
    token = settings.METRICS_TOKEN
    if not token:
        return not settings.METRICS_REQUIRE_TOKEN
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    return hmac.compare_digest(given.encode(), token.encode())


def metrics_view(request):
    """``GET /metrics``: Prometheus text format. In production a bearer token
    (``METRICS_TOKEN``) is required; without one configured the endpoint is closed."""
    if not _allowed(request):
        return error_response("metrics_forbidden", "Metrics need the operator's bearer token.", status=403)
    encoder, content_type = choose_encoder(request.headers.get("Accept", ""))
    return HttpResponse(encoder(_registry()), content_type=content_type)
