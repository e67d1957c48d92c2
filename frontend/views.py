"""The site's HTML pages. Each page is a thin shell: the data comes from the
web API through the client's ES modules, so these views only check the URL,
ask for a login where the page needs one, and name the page for the client.
"""

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import password_validators_help_texts
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie

from accounts.redirects import next_path_safe
from core.errors import NotFound
from games.catalogue import (
    catalogue_json,
    daily_on,
    daily_variants,
    daily_variants_ever,
    site_ruleset,
    site_variants,
    variant_choices,
    variant_title,
)
from games.clock import today_utc
from games.models import Daily
from games.selectors import deals_featured, player_by_username
from games.services.deals import deal_random
from games.share_links import ShareCodeError, share_code, share_decode
from races.selectors import player_race_ratings

from .layout_art import layout_svg
from .play_controls import play_controls
from .rules_guide import rules_guide
from .rules_page import rules_html

# The play page's modules, preloaded so the browser fetches them at once
# instead of discovering them import by import.
PLAY_MODULES = (
    "play",
    "api",
    "auto_finish",
    "board_view",
    "catalogue",
    "celebrate",
    "click_targets",
    "controller",
    "end_screen",
    "families",
    "families/freecell",
    "families/klondike",
    "families/spider",
    "families/stock",
    "hints",
    "hud",
    "input",
    "intents",
    "loader",
    "lost_watch",
    "notices",
    "piles",
    "rules",
    "session",
    "share",
    "state",
    "storage",
    "sync",
    "table",
    "words",
)


def _deal_ceiling(variant: str) -> int:
    """The largest deal number the site serves in ``variant`` (its whole range: ``Deal.number``
    holds PySolFC's 20 digits)."""
    return site_ruleset(variant).max_deal_number


def _variant_or_404(variant: str) -> str:
    if variant not in site_variants():
        raise Http404(f"no variant {variant!r}")
    return variant


def _page(request: HttpRequest, template: str, page: str, **context) -> HttpResponse:
    # Every page names the variants from the catalogue, and carries it for the client.
    context.setdefault("variants", dict(variant_choices()))
    context.setdefault("dailies", [(v, variant_title(v)) for v in daily_variants()])
    context.setdefault("catalogue", catalogue_json())
    return render(request, f"frontend/{template}", {"page": page, **context})


@ensure_csrf_cookie
def home(request: HttpRequest) -> HttpResponse:
    deal_variants = [(v, title, _deal_ceiling(v)) for v, title in variant_choices()]
    games = [
        {"variant": v, "title": title, "art": layout_svg(site_ruleset(v))}
        for v, title in variant_choices()
    ]
    daily_tiles = [
        {"variant": v, "title": variant_title(v), "art": layout_svg(site_ruleset(v))}
        for v in daily_variants()
    ]
    return _page(request, "home.html", "home", featured=deals_featured(), deal_variants=deal_variants,
                 games=games, daily_tiles=daily_tiles, today=today_utc().isoformat())


def play_random(request: HttpRequest, variant: str) -> HttpResponse:
    """One tap from the home page: a new random deal of the variant (never an open daily's layout)."""
    _variant_or_404(variant)
    return redirect("frontend:play", variant=variant, number=deal_random(variant=variant).number)


@ensure_csrf_cookie
def play(request: HttpRequest, variant: str, number: int) -> HttpResponse:
    _variant_or_404(variant)
    if not 1 <= number <= _deal_ceiling(variant):
        raise Http404("no such deal")
    return _page(
        request,
        "play.html",
        "play",
        variant=variant,
        number=number,
        title=f"{variant_title(variant)} #{number}",
        short_title=variant_title(variant),
        controls=play_controls(variant),
        share_url=reverse("frontend:share", args=[share_code(variant, number)]),
        preload=PLAY_MODULES,
    )


@ensure_csrf_cookie
def daily(request: HttpRequest, variant: str, date: str | None = None) -> HttpResponse:
    """Today's daily, or a past one by its date (playable, unranked). Playing needs an
    account; a guest opening a closed daily is shown its replays instead."""
    if variant not in daily_variants_ever():
        raise Http404("no daily for this variant")
    today = today_utc()
    day = _date_or_404(date) if date else today
    if day > today:
        raise Http404("that daily has not opened")
    if not daily_on(variant, day) or (day < today and not _daily_exists(variant, day)):
        return _no_daily(request, variant, day)
    if not request.user.is_authenticated:
        if day < today:
            return redirect("frontend:replay", date=day.isoformat(), variant=variant)
        return redirect_to_login(request.get_full_path())
    return _page(
        request,
        "play.html",
        "play",
        variant=variant,
        daily_date=day.isoformat(),
        short_title=variant_title(variant),
        past=day < today,
        title=f"Daily {variant_title(variant)}, {day.isoformat()}",
        controls=play_controls(variant),
        preload=PLAY_MODULES,
    )


def _daily_exists(variant: str, day: dt.date) -> bool:
    """A daily was played that day: dealt, and its variant switched on then."""
    return daily_on(variant, day) and Daily.objects.filter(variant=variant, date=day).exists()


def _date_or_404(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise Http404("not a date") from None


def share(request: HttpRequest, code: str) -> HttpResponse:
    try:
        variant, number = share_decode(code)
    except ShareCodeError:
        raise Http404("not a share link") from None
    if number > _deal_ceiling(variant):
        raise Http404("not a share link")
    return redirect(f"{reverse('frontend:play', args=[variant, number])}?shared=1")


@ensure_csrf_cookie
def leaderboards(request: HttpRequest) -> HttpResponse:
    today = today_utc()
    return _page(
        request, "leaderboards.html", "leaderboards", today=today.isoformat(),
    )


@ensure_csrf_cookie
def leaderboard_daily(request: HttpRequest, date: str, variant: str) -> HttpResponse:
    _variant_or_404(variant)
    day = _date_or_404(date)
    title = f"Daily {variant_title(variant)}, {date}"
    today = today_utc()
    return _page(
        request, "leaderboard.html", "board-daily", board="daily", date=date, variant=variant, title=title,
        playable=daily_on(variant, day) and day <= today, past=day < today,
    )


@ensure_csrf_cookie
def leaderboard_deal(request: HttpRequest, variant: str, number: int) -> HttpResponse:
    _variant_or_404(variant)
    title = f"{variant_title(variant)} #{number}"
    return _page(
        request, "leaderboard.html", "board-deal", board="deal", variant=variant, number=number, title=title
    )


@ensure_csrf_cookie
def leaderboard_all_time(request: HttpRequest, variant: str) -> HttpResponse:
    _variant_or_404(variant)
    title = f"All-time {variant_title(variant)}"
    return _page(
        request, "leaderboard.html", "board-all-time", board="all-time", variant=variant, title=title
    )


@ensure_csrf_cookie
def profile(request: HttpRequest, username: str) -> HttpResponse:
    try:
        player = player_by_username(username=username)
    except NotFound:
        raise Http404("no such player") from None
    race_ratings = player_race_ratings(player=player)
    titled = [{**row, "title": variant_title(row["variant"])} for row in race_ratings]
    return _page(request, "profile.html", "profile", username=player.get_username(), race_ratings=titled)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    return redirect("frontend:profile", username=request.user.get_username())


@ensure_csrf_cookie
def login_page(request: HttpRequest) -> HttpResponse:
    return _page(request, "account.html", "login", mode="login", next=_safe_next(request))


@ensure_csrf_cookie
def register_page(request: HttpRequest) -> HttpResponse:
    return _page(request, "account.html", "register", mode="register", next=_safe_next(request),
                 password_rules=password_validators_help_texts())


def _safe_next(request: HttpRequest) -> str:
    """Where to go after logging in: a path on this site, normalised, else the home page."""
    return next_path_safe(request.GET.get("next", "/"))


def rules(request: HttpRequest, variant: str) -> HttpResponse:
    """How a variant is played, from docs/rules.md."""
    _variant_or_404(variant)
    html = rules_html(variant)
    if not html:
        raise Http404("no rules written for this variant")
    return _page(request, "rules.html", "rules", variant=variant,
                 title=f"How to play {variant_title(variant)}", short_title=variant_title(variant),
                 rules=html, guide=rules_guide(variant))


def _no_daily(request: HttpRequest, variant: str, day: dt.date) -> HttpResponse:
    """A date without a daily: said plainly, with the archive of the days that had one."""
    response = _page(request, "no_daily.html", "no-daily", variant=variant, date=day.isoformat(),
                     title=f"No daily {variant_title(variant)} on {day.isoformat()}")
    response.status_code = 404
    return response


@ensure_csrf_cookie
def archive(request: HttpRequest, variant: str) -> HttpResponse:
    """A calendar of a variant's past dailies, with the player's marks (also once it is switched off)."""
    if variant not in daily_variants_ever():
        raise Http404("no daily for this variant")
    return _page(request, "archive.html", "archive", variant=variant,
                 title=f"Daily {variant_title(variant)} archive", today=today_utc().isoformat())


@ensure_csrf_cookie
def replay(request: HttpRequest, date: str, variant: str) -> HttpResponse:
    """A closed daily's best lines and par line, played back on its board."""
    if variant not in daily_variants_ever():
        raise Http404("no daily for this variant")
    day = _date_or_404(date)
    if not _daily_exists(variant, day):
        return _no_daily(request, variant, day)
    return _page(request, "replay.html", "replay", variant=variant, date=date, closed=day < today_utc(),
                 short_title=variant_title(variant),
                 title=f"Replays: daily {variant_title(variant)}, {date}")
