"""The error body as the OpenAPI schema documents it (``core.responses.error_body``)."""

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ErrorBodyOut(serializers.Serializer):
    code = serializers.CharField(help_text="Stable error code (see docs/api.md).")
    message = serializers.CharField()


class ErrorOut(serializers.Serializer):
    error = ErrorBodyOut()


ERRORS = {
    400: OpenApiResponse(ErrorOut, description="Refused: see the error code"),
    401: OpenApiResponse(ErrorOut, description="Not authenticated (no or a bad token or session)"),
    403: OpenApiResponse(ErrorOut, description="Not allowed"),
    404: OpenApiResponse(ErrorOut, description="Not found"),
}
CONFLICT = {409: OpenApiResponse(ErrorOut, description="Conflict with the current state")}
THROTTLED = {429: OpenApiResponse(ErrorOut, description="Too many requests from this player or address")}
UNAVAILABLE = {503: OpenApiResponse(ErrorOut, description="The solver cannot answer right now")}
NOT_READY = {503: OpenApiResponse(ErrorOut, description="daily_not_ready: the daily is being prepared")}
