"""No request carries a NUL byte past the door.

PostgreSQL refuses a NUL in a text parameter (psycopg's ``UntranslatableCharacter``),
so an admin filter such as ``?status__exact=%00``, or a form field with one, reached
the database and answered 500. No field of this site has a use for a NUL: a request
with one in its query or its form is refused as bad input (400 ``nul_byte``) before
any view reads it. (Paths go through the URL converters, which accept no NUL: a 404.)
"""

from django.views import defaults

from core.responses import error_response

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _any_nul(data) -> bool:
    return any("\x00" in key or any("\x00" in value for value in values) for key, values in data.lists())


def _has_nul(request) -> bool:
    if _any_nul(request.GET):
        return True
    return request.method == "POST" and request.content_type in FORM_TYPES and _any_nul(request.POST)


class NulByteMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _has_nul(request):
            if request.path.startswith("/api/"):
                message = "The request holds a NUL character, which no field accepts."
                return error_response("nul_byte", message, status=400)
            return defaults.bad_request(request, exception=None)
        return self.get_response(request)
