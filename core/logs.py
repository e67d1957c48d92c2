"""Logs: JSON lines in production, plain text on a developer's terminal, the same
context in both (django-structlog binds a ``request_id`` to every request and carries
it, in the task's headers, into every Celery task the request enqueues).

``LOG_FORMAT=json|plain`` chooses; production defaults to JSON. Lines from the
standard library's loggers (Django, Celery, this project's ``logging.getLogger``)
go through the same formatter, so every line of a process has one shape.
"""

from __future__ import annotations

import structlog
from django_structlog.middlewares import RequestMiddleware as StructlogRequestMiddleware

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

    @classmethod
    def bind_ip(cls, request) -> None:
        from rest_framework.throttling import BaseThrottle  # accounts.addresses.client_address's rule

        structlog.contextvars.bind_contextvars(ip=BaseThrottle().get_ident(request))
