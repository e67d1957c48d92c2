"""CSRF failures in the API's error shape."""

from django.http import JsonResponse

from core.responses import error_response


def csrf_failure(request, reason: str = "") -> JsonResponse:
    return error_response("csrf_failed", f"CSRF check failed: {reason}", status=403)
