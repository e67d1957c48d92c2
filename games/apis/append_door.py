"""A move append answered in front of Django's handler, when everything about it is plain.

Every move a player makes is one ``POST games/<id>/moves/``. Past the service itself, an
append spent about half of its CPU in Django's handler, its sixteen middleware, the URL
resolver and DRF's dispatch (``bench/appends.py --door``; docs/operations.md, The append
path). The door is a WSGI layer around Django's application that answers such a request
itself, from the same parts the view uses:

- the same authentication: a script's token from memory (``ExpiringTokenAuthentication``
  with ``token_from_memory``, confirmed by the append's read of the game), or the session
  of a logged-in player (``django.contrib.auth.get_user``) or of a guest
  (``request_owner``), with DRF's and Django's CSRF check;
- the same throttle (``OneTripScopedRateThrottle``, scope ``moves``), the same body
  checks (``append_plain``), the same service (``moves_append``) and the same answer
  (``game_out`` rendered by DRF's ``JSONRenderer``);
- the answer's headers from the same middleware's response phases (security headers,
  CSP, session, CSRF cookie, frame options, the request id, the browser id) and the same
  request lines and metrics.

Whatever is not plain goes to Django unchanged, with the environ as it came and its body
put back: another method or path, a query string, another content type or ``Accept``, a
body ``append_plain`` does not take, a token not in this process's memory, a session the
door would have to change, a failed CSRF check, a throttled request, and every refusal of
the service (a game not found, a ply that does not match, an illegal move...). So every
refusal is Django's and DRF's answer, word for word; a refusal costs one more read of the
game. A request the door counted against the throttle before handing it on is not
counted again (``COUNTED``). ``tests/games/test_append_door.py`` holds the door's answers
to Django's, header by header. ``APPEND_DOOR=0`` sends every request through Django.
"""

from __future__ import annotations

import io
import json
import re
import time
import uuid
from functools import cache
from importlib import import_module

import structlog
from django.conf import settings
from django.contrib.auth import get_user
from django.core import signals
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.csp import ContentSecurityPolicyMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.middleware.security import SecurityMiddleware
from django.urls import resolve
from rest_framework.renderers import JSONRenderer

from accounts.authentication import ExpiringTokenAuthentication, SessionAuthentication
from core.logs import RequestMiddleware
from core.throttles import COUNTED, OneTripScopedRateThrottle
from freecell_site.metrics import REQUEST_SECONDS, RESPONSES
from games.apis.games import GameMovesApi, append_plain, game_out
from games.apis.owners import request_origin, request_owner
from games.browser_ids import browser_id_give
from games.selectors import TokenPlayer
from games.services.games import moves_append

_ROUTE = re.compile(r"/api/games/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/moves/\Z")
#: DRF's token header as the API documents it (``Token <40 hex digits>``); any other form
#: (another keyword, more words) is DRF's to answer.
_TOKEN = re.compile(r"Token ([0-9a-f]{40})\Z")
_ACCEPTS = frozenset({"*/*", "application/json"})
_JSON_TYPES = frozenset({"application/json"})


class _HandOn(Exception):
    """Django answers this request, not the door."""


def _ignored(request):  # the middleware whose response phase alone the door runs call no view
    return None


class AppendDoor:
    """WSGI: the plain move appends answered here, everything else by ``app``."""

    def __init__(self, app):
        self.app = app
        self.renderer = JSONRenderer()
        self.sessions = import_module(settings.SESSION_ENGINE).SessionStore
        self.logs = RequestMiddleware(_ignored)
        # The response phases of the middleware Django would run on an append's answer, in
        # Django's order (innermost first). ``SessionMiddleware``'s is run only for a session.
        self.finish = [XFrameOptionsMiddleware(_ignored), CsrfViewMiddleware(_ignored),
                       ContentSecurityPolicyMiddleware(_ignored), SecurityMiddleware(_ignored)]

    def __call__(self, environ, start_response):
        match = None
        if environ.get("REQUEST_METHOD") == "POST" and settings.APPEND_DOOR:
            match = _ROUTE.match(environ.get("PATH_INFO", ""))
        if match is None:
            return self.app(environ, start_response)
        came = dict(environ)  # as it came: the door's checks write into the request's META
        signals.request_started.send(sender=self.__class__, environ=environ)
        began = time.perf_counter()
        try:
            request = WSGIRequest(environ)
        except Exception:
            return self.app(came, start_response)
        try:
            response = self._append(request, uuid.UUID(match[1]))
        except _HandOn:
            structlog.contextvars.clear_contextvars()
            if getattr(request, "_read_started", False):
                came["wsgi.input"] = io.BytesIO(request.body if hasattr(request, "_body") else b"")
            if getattr(request, "_counted", False):
                came[COUNTED] = GameMovesApi.throttle_scope
            return self.app(came, start_response)
        view = _view_name()
        REQUEST_SECONDS.labels(view, "POST").observe(time.perf_counter() - began)
        RESPONSES.labels(view, "POST", str(response.status_code)).inc()
        response._handler_class = self.__class__  # its close() sends request_finished, as Django's
        headers = [*response.items(), *(("Set-Cookie", c.OutputString()) for c in response.cookies.values())]
        start_response(f"{response.status_code} {response.reason_phrase}", headers)
        return response

    def _append(self, request: WSGIRequest, game_id: uuid.UUID) -> HttpResponse:
        """The append, or ``_HandOn`` for anything not plain: until the service has written,
        whatever goes wrong (a host not allowed, a body too big or not JSON, Redis away) is
        handed on to Django, whose answer it is."""
        try:
            values, owner, session = self._checked(request)
            if not OneTripScopedRateThrottle().allow_request(request, GameMovesApi):
                raise _HandOn
            request._counted = True
            appended = moves_append(game_id=game_id, player=owner, origin=request_origin(request), **values)
        except _HandOn:
            raise
        except Exception as exc:  # every refusal is the API's, from Django's path
            raise _HandOn from exc
        response = HttpResponse(self.renderer.render(game_out(appended.game, appended.replay)),
                                content_type="application/json")
        response["Allow"] = "POST, OPTIONS"  # DRF's, from the view's methods (no Vary: one renderer)
        return self._finished(request, response, session)

    def _checked(self, request: WSGIRequest):
        """What Django's middleware and DRF check before the view, and the body: the moves,
        their owner and whether the session was read."""
        meta = request.META
        if (meta.get("QUERY_STRING") or meta.get("SCRIPT_NAME") or settings.FORCE_SCRIPT_NAME
                or settings.DISALLOWED_USER_AGENTS or settings.PREPEND_WWW
                or request.content_type not in _JSON_TYPES
                or request.content_params.get("charset", "utf-8").lower() != "utf-8"
                or meta.get("HTTP_ACCEPT", "*/*") not in _ACCEPTS):
            raise _HandOn
        request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware asks
        if settings.SECURE_SSL_REDIRECT and not request.is_secure():
            raise _HandOn  # SecurityMiddleware's redirect
        values = append_plain(json.loads(request.body.decode("utf-8")))
        if values is None:
            raise _HandOn
        owner, session = self._owner(request)
        self.logs.prepare(request)
        return values, owner, session

    def _owner(self, request: WSGIRequest):
        """Who appends, as DRF's authenticators and ``request_owner`` find it, and whether the
        session was read. A session the door would have to change, a failed CSRF check,
        anything DRF would refuse: handed on."""
        header = request.META.get("HTTP_AUTHORIZATION")
        if header is not None:
            token = _TOKEN.match(header)
            if token is None:
                raise _HandOn
            authentication = ExpiringTokenAuthentication()
            authentication.from_memory = True
            user, auth = authentication.authenticate_credentials(token[1])
            request.user = user
            return (TokenPlayer(user, auth) if getattr(auth, "unconfirmed", False) else user), False
        key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        if not key or settings.SECRET_KEY_FALLBACKS:  # a fallback key's session is written anew
            raise _HandOn
        request.session = self.sessions(key)
        request.user = get_user(request)
        if request.session.modified or request.session.is_empty():
            raise _HandOn
        if request.user.is_authenticated:
            SessionAuthentication().enforce_csrf(request)
            owner = request.user
        else:
            owner = request_owner(request, write=True)
        if request.META.get("CSRF_COOKIE_NEEDS_UPDATE") or request.session.modified:
            raise _HandOn
        return owner, True

    def _finished(self, request: WSGIRequest, response: HttpResponse, session: bool) -> HttpResponse:
        """The response phases Django's middleware run on an append's answer, innermost first
        (``settings.MIDDLEWARE`` read backwards; those that change nothing on it left out)."""
        browser_id_give(request, response)  # BrowserIdMiddleware
        request_id = structlog.contextvars.get_contextvars().get("request_id")
        if request_id:  # RequestIdHeaderMiddleware
            response["X-Request-ID"] = request_id
        self.logs.handle_response(request, response)  # core.logs.RequestMiddleware
        xframe, csrf, csp, security = self.finish
        response = csrf.process_response(request, xframe.process_response(request, response))
        response["Content-Length"] = str(len(response.content))  # CommonMiddleware
        if session:
            response = _session_middleware().process_response(request, response)
        return security.process_response(request, csp.process_response(request, response))


@cache
def _session_middleware():
    from django.contrib.sessions.middleware import SessionMiddleware

    return SessionMiddleware(_ignored)


@cache
def _view_name() -> str:
    match = resolve(f"/api/games/{uuid.UUID(int=0)}/moves/")
    return match.view_name or match._func_path
