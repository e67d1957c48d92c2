"""django-axes lockout answer in the API's error shape."""

from django.http import JsonResponse


def lockout_response(request, original_response=None, credentials=None) -> JsonResponse:
    return JsonResponse(
        {
            "error": {
                "code": "locked_out",
                "message": "Too many failed log-in attempts: this account is locked for a while.",
            }
        },
        status=403,
    )
