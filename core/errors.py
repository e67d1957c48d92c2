"""Domain errors that the API maps to HTTP responses with a stable code.

Services raise these; the exception handler in ``exception_handler.py`` turns
them into ``core.responses.error_body(code, message, **extra)`` with the
status below. Codes are part of the API contract: never rename one.
"""


class DomainError(Exception):
    status = 400
    code = "invalid"

    def __init__(self, message: str, *, code: str | None = None, **extra: object) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.extra = extra


class InvalidRequest(DomainError):
    status = 400


class PermissionDenied(DomainError):
    status = 403
    code = "forbidden"


class NotFound(DomainError):
    status = 404
    code = "not_found"


class Conflict(DomainError):
    status = 409
    code = "conflict"


class ServiceUnavailable(DomainError):
    status = 503
    code = "unavailable"
