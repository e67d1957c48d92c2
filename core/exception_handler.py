"""One place where errors become responses: ``{"error": {"code", "message", ...}}``."""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import DomainError
from core.outages import OUTAGE_ERRORS, RETRY_AFTER_SECONDS, outage_body
from core.responses import error_body

_DRF_CODES = {
    exceptions.ParseError: "malformed_body",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
    exceptions.ValidationError: "invalid",
}


def api_exception_handler(exc, context):
    if isinstance(exc, DomainError):
        return Response(error_body(exc.code, exc.message, **exc.extra), status=exc.status)
    if isinstance(exc, OUTAGE_ERRORS):
        # A throttle's counter, a session or a row out of reach: the request may be sent again.
        return Response(outage_body(), status=status.HTTP_503_SERVICE_UNAVAILABLE,
                        headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    if isinstance(exc, RequestDataTooBig):
        return Response(
            error_body("body_too_large", "The request body is larger than 64 KiB."),
            status=status.HTTP_400_BAD_REQUEST,
        )
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    code = next((c for cls, c in _DRF_CODES.items() if isinstance(exc, cls)), "error")
    if isinstance(exc, exceptions.ValidationError):
        response.data = error_body(code, "The request is not valid.", fields=exc.detail)
    else:
        detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
        response.data = error_body(code, detail)
    return response
