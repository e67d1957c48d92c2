"""django-axes lockout answer in the API's error shape."""

from django.http import JsonResponse

from core.responses import error_response


def lockout_response(request, original_response=None, credentials=None) -> JsonResponse:
    return error_response(
        "locked_out", "Too many failed log-in attempts: this account is locked for a while.", status=403
    )
