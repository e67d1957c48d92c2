"""Hot reads answered from stored JSON bytes: an ETag, a short public Cache-Control, 304 when unchanged.

``StoredReadApi`` tries the stored answer before DRF's request handling
(authentication, throttles, content negotiation, rendering): an anonymous read
of a public board needs none of it. When nothing is stored, or the request is
not a plain GET, the view runs as any other APIView and stores what it builds.
"""

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags
from drf_spectacular.utils import OpenApiResponse
from rest_framework.views import APIView

from core.outages import CACHE_ERRORS
from games.selectors.stored import Stored

# One second fresh, so a proxy in front can micro-cache a page everyone refreshes;
# a little longer stale while it asks again. The player who just won still sees
# their row within a second or so: every answer from here carries the current version.
CACHE_CONTROL = "public, max-age=1, stale-while-revalidate=5"
NOT_MODIFIED = {304: OpenApiResponse(description="Not modified: the `If-None-Match` ETag is current.")}


def stored_response(request: HttpRequest, stored: Stored) -> HttpResponse:
    """The stored bytes, or 304 when the request already holds them."""
    wanted = request.META.get("HTTP_IF_NONE_MATCH")
    # A weak comparison, as RFC 9110 asks for If-None-Match: W/"x" matches "x".
    if wanted and {"*", stored.etag} & {tag.removeprefix("W/") for tag in parse_etags(wanted)}:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(stored.body, content_type="application/json")
    response["ETag"] = stored.etag
    response["Cache-Control"] = CACHE_CONTROL
    return response


class StoredReadApi(APIView):
    """A GET that first looks for its stored answer (``stored_answer``), with no query."""

    def stored_answer(self, **kwargs) -> Stored | None:
        return None

    def dispatch(self, request, *args, **kwargs):
        if request.method == "GET":
            try:
                stored = self.stored_answer(**kwargs)
            except CACHE_ERRORS:
                stored = None  # no cache: the view builds the answer from the database
            if stored is not None:
                return stored_response(request, stored)
        return super().dispatch(request, *args, **kwargs)
