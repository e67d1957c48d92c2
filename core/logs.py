"""Logs: JSON lines in production, plain text on a developer's terminal, the same
context in both (django-structlog binds a ``request_id`` to every request and carries
it, in the task's headers, into every Celery task the request enqueues).

``LOG_FORMAT=json|plain`` chooses; production defaults to JSON. Lines from the
standard library's loggers (Django, Celery, this project's ``logging.getLogger``)
go through the same formatter, so every line of a process has one shape.
"""

from __future__ import annotations

import logging
import uuid

import structlog
from django.http import StreamingHttpResponse
from django_structlog import signals
from django_structlog.app_settings import app_settings
from django_structlog.middlewares import RequestMiddleware as StructlogRequestMiddleware
from django_structlog.middlewares.request import get_request_header

#: django-structlog's own logger for the request's start and end lines (``LOGGING`` keeps them
#: at WARNING: gunicorn's access log says as much).
_REQUEST_LINES = logging.getLogger("django_structlog.middlewares.request")

_SHARED = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
    structlog.stdlib.ExtraAdder(),
]


def configure(fmt: str) -> None:
    """structlog's own loggers hand their events to the standard library's handlers."""
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *_SHARED,
            structlog.stdlib.PositionalArgumentsFormatter(),
            structlog.processors.StackInfoRenderer(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )


def logging_config(fmt: str, level: str) -> dict:
    """The ``LOGGING`` setting: one console handler whose formatter renders ``fmt``.

    >>> logging_config("json", "INFO")["handlers"]["console"]["formatter"]
    'json'
    """
    if fmt not in ("json", "plain"):
        raise ValueError(f"LOG_FORMAT must be json or plain, not {fmt!r}")
    renderer = (structlog.processors.JSONRenderer() if fmt == "json"
                else structlog.dev.ConsoleRenderer(colors=False))
    configure(fmt)
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            fmt: {
                "()": structlog.stdlib.ProcessorFormatter,
                "processors": [
                    structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    structlog.processors.format_exc_info,
                    renderer,
                ],
                "foreign_pre_chain": _SHARED,
            },
        },
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": fmt}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # The request's own start and end lines: gunicorn's access log says as much.
            "django_structlog.middlewares": {"level": "WARNING"},
        },
    }


class RequestIdHeaderMiddleware:
    """Every answer names its request id (``X-Request-ID``), the one in every log line
    of the request and of the tasks it enqueued: what a player or an operator quotes
    to find them. Sits inside django-structlog's ``RequestMiddleware``, which binds it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        request_id = structlog.contextvars.get_contextvars().get("request_id")
        if request_id:
            response["X-Request-ID"] = request_id
        return response


class RequestMiddleware(StructlogRequestMiddleware):
    """django-structlog's request middleware, with the client's address in each line of the
    request (``ip``) as the throttles and the log-in lockout count it (``accounts/addresses.py``:
    the socket's, or the one ``NUM_PROXIES`` trusted proxies saw). django-structlog's own
    lookup (``ipware``, every forwarding header folded on every request) took a tenth of a
    move append's CPU, and believed whatever ``X-Forwarded-For`` a client wrote."""

    def prepare(self, request) -> None:
        """What django-structlog binds for the request (its id, a trusted correlation id, the
        address), without building the ``request_started`` line when its level is not logged
        and nothing listens for it: on a move append that line's arguments, its level lookups
        and its dropped log call were about 3 % of the web process's CPU (py-spy)."""
        if (_REQUEST_LINES.isEnabledFor(app_settings.STATUS_START_LOG_LEVEL)
                or signals.bind_extra_request_metadata.receivers):
            super().prepare(request)
            return
        trusted = app_settings.TRUST_UPSTREAM_REQUEST_ID and get_request_header(
            request, "x-request-id", "HTTP_X_REQUEST_ID")
        request_id = trusted or str(uuid.uuid4())
        structlog.contextvars.bind_contextvars(request_id=request_id)
        if app_settings.TRUST_UPSTREAM_CORRELATION_ID:
            correlation_id = get_request_header(request, "x-correlation-id", "HTTP_X_CORRELATION_ID")
            if correlation_id:
                structlog.contextvars.bind_contextvars(correlation_id=correlation_id)
        self.bind_user_id(request)
        if app_settings.IP_LOGGING_ENABLED:
            self.bind_ip(request)

    def handle_response(self, request, response) -> None:
        """django-structlog's, or only the context cleared when its ``request_finished`` line
        would be dropped (an answer whose status's level is not logged, not streamed, no
        exception raised, nothing listening)."""
        if (hasattr(request, "_raised_exception") or isinstance(response, StreamingHttpResponse)
                or signals.bind_extra_request_finished_metadata.receivers
                or _REQUEST_LINES.isEnabledFor(self._log_level_for_status_code(response.status_code))):
            super().handle_response(request, response)
            return
        self.bind_user_id(request)
        structlog.contextvars.clear_contextvars()

    @classmethod
    def bind_ip(cls, request) -> None:
        from rest_framework.throttling import BaseThrottle  # accounts.addresses.client_address's rule

        structlog.contextvars.bind_contextvars(ip=BaseThrottle().get_ident(request))
