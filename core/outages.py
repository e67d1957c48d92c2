"""Outages of the database or of Redis (cache, throttles, broker) answer 503, never 500.

A request that meets a dead or restarting Postgres or Redis has done nothing
wrong and may simply be sent again: it gets 503 ``service_unavailable`` with a
``Retry-After`` header, as JSON under ``/api/`` and as a friendly page
elsewhere. The API's exception handler, the site-wide 500 handler (for what
fails outside DRF's handling) and the hot reads all use this one list.
"""

import logging

import redis.exceptions
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template import loader
from kombu.exceptions import OperationalError as BrokerError

from core.responses import error_body, error_response

# What a dead, restarting or unreachable Postgres or Redis raises.
CACHE_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
OUTAGE_ERRORS = (OperationalError, InterfaceError, BrokerError, *CACHE_ERRORS)
RETRY_AFTER_SECONDS = 5
CODE = "service_unavailable"
MESSAGE = "The service is briefly unavailable. Nothing was changed; please try again in a few seconds."

logger = logging.getLogger("core.outages")


def outage_body() -> dict:
    return error_body(CODE, MESSAGE, retry_after=RETRY_AFTER_SECONDS)


def outage_api_response() -> HttpResponse:
    response = error_response(CODE, MESSAGE, status=503, retry_after=RETRY_AFTER_SECONDS)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def outage_page() -> HttpResponse:
    """The friendly page, rendered without the request: the session and the user both need the database."""
    try:
        body = loader.get_template("503.html").render()
    except Exception:  # noqa: BLE001 - hashed static files missing before collectstatic, say
        body = ('<!doctype html><html lang="en"><meta charset="utf-8"><title>Back in a moment</title>'
                "<p>The service is briefly unavailable. Please try again in a few seconds.</p></html>")
    response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def doorbell(task, *args, **kwargs) -> None:
    """Enqueue ``task`` after a commit; a broker out of reach is logged, not raised.

    The row just committed is the truth and the queue only a doorbell: the beat's
    sweepers ring again for whatever is still pending, so a write that committed
    must not answer 500 because the bell did not ring.
    """
    try:
        task.delay(*args, **kwargs)
    except (BrokerError, *CACHE_ERRORS) as exc:
        logger.warning("queue: %s%r not enqueued (%s); the sweepers will ring again", task.name, args, exc)
