"""The race pages: a thin shell, as every page is; the race comes over its socket."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from games.catalogue import catalogue_json, site_ruleset, variant_choices, variant_title
from races.selectors import race_get
from races.services.races import DEFAULT_MINUTES, MAX_MINUTES

RACE_MODULES = ("race", "api", "board_view", "catalogue", "controller", "hud", "rules", "rules_stock",
                "state", "storage", "sync", "session", "table")


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
    race = race_get(code=code)
    family = site_ruleset(race.variant).family
    return render(request, "races/race.html", {
        "page": "race", "race": race, "title": f"Race: {variant_title(race.variant)} #{race.deal.number}",
        "family": family, "catalogue": catalogue_json(), "socket_port": settings.RACE_SOCKET_PORT,
        "preload": RACE_MODULES,
    })
