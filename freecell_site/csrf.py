"""CSRF failures in the API's error shape."""

from django.http import JsonResponse


def csrf_failure(request, reason: str = "") -> JsonResponse:
    return JsonResponse(
        {"error": {"code": "csrf_failed", "message": f"CSRF check failed: {reason}"}}, status=403
    )
