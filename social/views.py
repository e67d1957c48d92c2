"""Pages: a challenge, a challenge's attempt (the play page), leagues, a daily's share link.

As the site's other pages these are shells the client fills from the web API;
what they need before any script runs (titles, the rule of a league's points,
a code's existence) is read here.
"""

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie

from core.errors import NotFound
from frontend.play_controls import play_controls
from frontend.views import PLAY_MODULES
from games.catalogue import (
    catalogue_json,
    daily_on,
    daily_variants,
    daily_variants_ever,
    variant_choices,
    variant_title,
)
from games.clock import today_utc
from games.models import Daily
from games.selectors import player_by_username
from social.selectors.challenges import challenge_by_code
from social.selectors.leagues import POINTS_RULE, league_by_code, player_leagues
from social.services.challenges import challenge_for_daily


def _page(request: HttpRequest, template: str, page: str, **context) -> HttpResponse:
    context.setdefault("variants", dict(variant_choices()))
    context.setdefault("dailies", [(v, variant_title(v)) for v in daily_variants()])
    context.setdefault("catalogue", catalogue_json())
    return render(request, f"social/{template}", {"page": page, **context})


def _challenge_or_404(code: str):
    try:
        return challenge_by_code(code=code)
    except NotFound:
        raise Http404("no such challenge") from None


@ensure_csrf_cookie
def challenge(request: HttpRequest, code: str) -> HttpResponse:
    found = _challenge_or_404(code)
    title = f"{variant_title(found.deal.variant)} #{found.deal.number}: {found.player.username}'s challenge"
    return _page(request, "challenge.html", "challenge", challenge=found, title=title,
                 variant_title=variant_title(found.deal.variant))


@ensure_csrf_cookie
@login_required
def challenge_play(request: HttpRequest, code: str) -> HttpResponse:
    """The attempt, on the play page: the client starts (or resumes) it through the API."""
    found = _challenge_or_404(code)
    variant = found.deal.variant
    return render(request, "frontend/play.html", {
        "page": "play", "variants": dict(variant_choices()), "catalogue": catalogue_json(),
        "variant": variant, "number": found.deal.number, "challenge": found.code,
        "title": f"{variant_title(variant)} #{found.deal.number}", "short_title": variant_title(variant),
        "controls": play_controls(variant), "preload": PLAY_MODULES,
        "share_url": reverse("social:challenge", args=[found.code]),
    })


@ensure_csrf_cookie
@login_required
def leagues(request: HttpRequest) -> HttpResponse:
    return _page(request, "leagues.html", "leagues", title="Leagues",
                 leagues=player_leagues(player=request.user))


@ensure_csrf_cookie
@login_required
def league(request: HttpRequest, code: str) -> HttpResponse:
    try:
        found = league_by_code(code=code)
    except NotFound:
        raise Http404("no such league") from None
    return _page(request, "league.html", "league", league=found, title=found.name, rule=POINTS_RULE,
                 today=today_utc().isoformat(), invite=request.build_absolute_uri(
                     reverse("social:league", args=[found.code])))


def daily_share(request: HttpRequest, variant: str, date: str, username: str) -> HttpResponse:
    """A daily's share link: today's daily while it is open; once it has closed, the
    sharer's challenge on it (made when first asked), else the day's replays."""
    if variant not in daily_variants_ever():
        raise Http404("no daily for this variant")
    try:
        day = dt.date.fromisoformat(date)
    except ValueError:
        raise Http404("not a date") from None
    if day >= today_utc():
        return redirect("frontend:daily", variant=variant)
    daily = Daily.objects.filter(variant=variant, date=day).first() if daily_on(variant, day) else None
    if daily is None:
        raise Http404("no daily on that date")
    try:
        player = player_by_username(username=username)
    except NotFound:
        player = None
    made = challenge_for_daily(player=player, daily=daily) if player is not None else None
    if made is not None:
        return redirect("social:challenge", code=made.code)
    return redirect("frontend:replay", date=day.isoformat(), variant=variant)
