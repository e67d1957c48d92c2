"""Hot reads answered from stored JSON bytes: an ETag, a public Cache-Control that has browsers
revalidate every read, 304 when unchanged.

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

# Browsers ask again at every read (a 304 with no body when unchanged). Under the former
# ``max-age=1, stale-while-revalidate=5`` a browser answered a read within six seconds of
# the last one from its own copy and revalidated in the background; the page rendered
# that copy once and kept it, so a win just recorded or just cleared by staff was missing
# from the board. A shared proxy in front may still micro-cache a page everyone refreshes
# for one second (``s-maxage``, under which it serves nothing stale).
CACHE_CONTROL = "public, max-age=0, s-maxage=1"
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
