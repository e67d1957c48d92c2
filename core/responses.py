"""The one shape of every error the site answers: ``{"error": {"code", "message", ...}}``.

The API's exception handler, the site-wide 400/404/500 handlers, the CSRF
failure view and the log-in lockout all build their bodies here, so the shape
cannot drift between them.
"""

from django.http import JsonResponse


def error_body(code: str, message: str, **extra: object) -> dict:
    """The error body: ``error_body("not_found", "No such game.")``.

    >>> error_body("illegal_move", "6h: no", index=3)
    {'error': {'code': 'illegal_move', 'message': '6h: no', 'index': 3}}
    """
    return {"error": {"code": code, "message": message, **extra}}


def error_response(code: str, message: str, *, status: int, **extra: object) -> JsonResponse:
    """A plain Django JSON response with the error body (for answers outside DRF)."""
    return JsonResponse(error_body(code, message, **extra), status=status)
