"""``GET /api/health/``: each part of the service, ok or the error.

In embedded mode (no DATABASE_URL / REDIS_URL) the database is a SQLite file
and tasks run eagerly in the web process: health says exactly that instead of
pretending a broker or a worker is up.
"""

import threading
import time

import redis
from django.conf import settings
from django.db import connection
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from .celery import app as celery_app


def _database() -> dict:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # noqa: BLE001 - any failure is reported, not raised
        return {"status": "error", "detail": str(exc)[:200]}
    if settings.EMBEDDED_DATABASE:
        return {"status": "ok", "detail": "embedded SQLite file (no DATABASE_URL set)"}
    return {"status": "ok", "detail": connection.vendor}


def _broker() -> dict:
    if settings.EMBEDDED_BROKER:
        return {"status": "embedded", "detail": "no broker: REDIS_URL unset, tasks run eagerly"}
    try:
        client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_connect_timeout=1, socket_timeout=1)
        client.ping()
    except Exception as exc:  # noqa: BLE001
        return {"status": "error", "detail": str(exc)[:200]}
    return {"status": "ok", "detail": "redis"}


def _worker(broker: dict) -> dict:
    if settings.EMBEDDED_BROKER:
        return {"status": "embedded", "detail": "no worker: tasks run eagerly in the web process"}
    if broker["status"] != "ok":
        return {"status": "error", "detail": "unknown: the broker is unreachable"}
    try:
        replies = celery_app.control.ping(timeout=1.0)
    except Exception:  # noqa: BLE001 - retried below on a fresh connection
        replies = []
    if not replies:
        # A pooled broker connection from before a Redis restart fails the first publish
        # on it: ask once more on a connection of this check's own.
        try:
            with celery_app.connection_for_write() as fresh:
                replies = celery_app.control.ping(timeout=1.0, connection=fresh)
        except Exception as exc:  # noqa: BLE001
            return {"status": "error", "detail": str(exc)[:200]}
    if not replies:
        return {"status": "error", "detail": "no worker answered within 1 s"}
    return {"status": "ok", "detail": f"{len(replies)} worker(s)"}


def _solver() -> dict:
    try:
        from solver import library_check

        detail = library_check()
    except Exception as exc:  # noqa: BLE001
        return {"status": "error", "detail": str(exc)[:200]}
    return {"status": "ok", "detail": detail}


class HealthPartOut(serializers.Serializer):
    status = serializers.ChoiceField(["ok", "error", "embedded"])
    detail = serializers.CharField()


class HealthPartsOut(serializers.Serializer):
    database = HealthPartOut()
    broker = HealthPartOut()
    worker = HealthPartOut()
    solver = HealthPartOut()


class HealthOut(serializers.Serializer):
    status = serializers.ChoiceField(["ok", "error"])
    mode = serializers.ChoiceField(["services", "embedded"])
    parts = HealthPartsOut()


class HealthApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: HealthOut, 503: HealthOut},
        summary="Health of the database, broker, worker and solver library",
    )
    def get(self, request):
        body = _checked()
        return Response(body, status=503 if body["status"] == "error" else 200)


_CACHE_SECONDS = 3.0
_last: tuple[float, dict] | None = None
_lock = threading.Lock()


def _checked() -> dict:
    """The parts' state, checked at most every few seconds per process while all is well: the
    worker ping waits up to a second, and a public endpoint must not let a crowd of callers
    tie up every web thread waiting on it. A failure is not kept: the next call checks again
    (one at a time), so health says ok as soon as the parts are back, not seconds later."""
    global _last
    with _lock:
        if _last is not None and time.monotonic() - _last[0] < _CACHE_SECONDS and _last[1]["status"] == "ok":
            return _last[1]
        broker = _broker()
        parts = {"database": _database(), "broker": broker, "worker": _worker(broker), "solver": _solver()}
        failed = any(p["status"] == "error" for p in parts.values())
        body = {
            "status": "error" if failed else "ok",
            "mode": "embedded" if settings.EMBEDDED else "services",
            "parts": parts,
        }
        _last = (time.monotonic(), body)
        return body
