"""The race pages: a thin shell, as every page is; the race comes over its socket."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.http.request import split_domain_port
from django.shortcuts import render
from django.utils.csp import CSP
from django.views.decorators.csrf import ensure_csrf_cookie

from core.errors import NotFound
from games.catalogue import catalogue_json, variant_choices, variant_title
from races.selectors import race_get
from races.services.races import DEFAULT_MINUTES, MAX_MINUTES

RACE_MODULES = ("race", "api", "board_view", "catalogue", "controller", "families", "families/freecell",
                "families/klondike", "families/spider", "families/stock", "hud", "rules", "state", "storage",
                "sync", "session", "table")


@ensure_csrf_cookie
@login_required
def race_new(request: HttpRequest) -> HttpResponse:
    return render(request, "races/new.html", {
        "page": "race-new", "title": "New race", "variants": variant_choices(), "catalogue": catalogue_json(),
        "default_minutes": DEFAULT_MINUTES, "max_minutes": MAX_MINUTES,
    })


@ensure_csrf_cookie
@login_required
def race_page(request: HttpRequest, code: str) -> HttpResponse:
    try:
        race = race_get(code=code)
    except NotFound:
        raise Http404("no such race") from None
    response = render(request, "races/race.html", {
        "page": "race", "race": race, "title": f"Race: {variant_title(race.variant)} #{race.deal.number}",
        "catalogue": catalogue_json(), "socket_port": settings.RACE_SOCKET_PORT,
        "preload": RACE_MODULES,
    })
    if settings.RACE_SOCKET_PORT:
        # The socket is on another port of this host, which 'self' does not cover: this page
        # may connect there too (what django.views.decorators.csp.csp_override sets, per request).
        host = split_domain_port(request.get_host())[0]
        host = f"[{host}]" if ":" in host and not host.startswith("[") else host
        sockets = [f"{scheme}://{host}:{settings.RACE_SOCKET_PORT}" for scheme in ("ws", "wss")]
        response._csp_config = {**settings.SECURE_CSP, "connect-src": [CSP.SELF, *sockets]}
    return response
