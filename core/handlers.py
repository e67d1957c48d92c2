"""Site-wide 400/404/500 answers: JSON under /api/, the normal pages elsewhere."""

import sys

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponseNotFound, HttpResponseServerError
from django.http.multipartparser import MultiPartParserError
from django.views import defaults

from core.outages import OUTAGE_ERRORS, outage_api_response, outage_page
from core.responses import error_response


def bad_request(request, exception=None):
    """What Django refuses before any view runs (the CSRF check reading a broken form body, say)."""
    if request.path.startswith("/api/"):
        if isinstance(exception, RequestDataTooBig):
            code, message = "body_too_large", "The request body is larger than 64 KiB."
        elif isinstance(exception, MultiPartParserError):
            code, message = "malformed_body", "The request body could not be read."
        else:
            code, message = "bad_request", "The request could not be served as sent."
        return error_response(code, message, status=400)
    return defaults.bad_request(request, exception)


def page_not_found(request, exception=None):
    if request.path.startswith("/api/"):
        return error_response("not_found", "No such resource.", status=404)
    try:
        return defaults.page_not_found(request, exception)
    except ValueError:
        # The styled page names hashed static files; before collectstatic has run
        # (a fresh deploy) the manifest lacks them, and a 404 must not become a 500.
        return HttpResponseNotFound(_PLAIN % ("Page not found", "There is no page at this address."))


def server_error(request):
    # Django calls this handler inside its ``except`` block, so the exception is at hand:
    # a database or Redis outage met outside DRF's own handling (a page, a middleware,
    # a hot read before DRF) is a 503 to retry, not a 500.
    if isinstance(sys.exc_info()[1], OUTAGE_ERRORS):
        return outage_api_response() if request.path.startswith("/api/") else outage_page()
    if request.path.startswith("/api/"):
        return error_response("server_error", "Something went wrong on our side.", status=500)
    try:
        return defaults.server_error(request)
    except ValueError:
        return HttpResponseServerError(_PLAIN % ("Something went wrong", "Please try again in a moment."))


_PLAIN = (
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>%s</title>'
    '<p>%s</p><p><a href="/">Back to the home page</a></p></html>'
)
