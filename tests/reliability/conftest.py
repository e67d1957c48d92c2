"""Helpers for the reliability suites: many players at once, honest finishes, board snapshots."""

import datetime as dt

import pytest
import requests
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from games.models import Daily, Deal, Game, Result, SolverStatus
from games.services.dailies import today_utc
from games.services.leaderboards import leaderboards_outdate


def backdate(game_id, minutes: float) -> None:
    """As if the player had started this long ago: the server's clock decides a finish's time."""
    game = Game.objects.get(pk=game_id)
    Game.objects.filter(pk=game_id).update(started_at=game.started_at - dt.timedelta(minutes=minutes))


def todays_daily(variant: str, number: int) -> Daily:
    deal, _ = Deal.objects.update_or_create(
        variant=variant, number=number, defaults={"status": SolverStatus.WINNABLE, "par": 80}
    )
    return Daily.objects.create(variant=variant, date=today_utc(), deal=deal)


def guest_session_with_a_game(variant: str = "klondike-draw1", number: int = 1) -> tuple[str, str]:
    """A browser session whose guest has a game in play: (session key, game id), for a
    client that sends a fixed cookie and so never keeps the one a first guest game sets."""
    import secrets

    from accounts.sessions import SessionStore
    from games.apis.owners import GUEST_SESSION_KEY
    from games.selectors import Guest
    from games.services.guests import guest_game_start

    guest = Guest(secrets.token_urlsafe(32))
    game = guest_game_start(guest=guest, variant=variant, number=number)
    session = SessionStore()
    session[GUEST_SESSION_KEY] = guest.key
    session.create()
    return session.session_key, str(game.pk)


def players_bulk(count: int, prefix: str = "p") -> list:
    """Many players at once (no password hashing: they authenticate with force_authenticate or a token)."""
    User = get_user_model()
    User.objects.bulk_create(User(username=f"{prefix}{i:05d}", password="!") for i in range(count))
    return list(User.objects.filter(username__startswith=prefix).order_by("username"))


def token_session(user) -> requests.Session:
    session = requests.Session()
    session.headers["Authorization"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    return session


def post_moves(session, url, game_id, ply, moves, timeout: float = 60):
    """A batch of moves at ``ply``, 4 s of the client's clock apart (a person's pace)."""
    times = [4000 * (ply + i + 1) for i in range(len(moves))]
    return session.post(f"{url}/api/games/{game_id}/moves/",
                        json={"expected_ply": ply, "moves": moves, "client_times": times}, timeout=timeout)


def board_snapshot(client, dailies: list[Daily], deals: list[tuple[str, int]]) -> dict:
    """Every leaderboard these games could touch, read fresh (the cache cleared first), plus results."""
    # Only these boards' keys: cache.clear() would flush the whole Redis database, broker included.
    for daily in dailies:
        leaderboards_outdate(daily_id=daily.pk, deal_id=daily.deal_id)
    for deal in Deal.objects.filter(variant__in={v for v, _ in deals}):
        leaderboards_outdate(deal_id=deal.pk)
    today = today_utc().isoformat()
    return {
        "daily": {d.variant: client.get(f"/api/leaderboards/daily/{today}/{d.variant}/").json() for d in dailies},
        "deal": {f"{v}/{n}": client.get(f"/api/leaderboards/deal/{v}/{n}/").json() for v, n in deals},
        "all_time": {
            v: client.get(f"/api/leaderboards/all-time/{v}/").json()
            for v in ("freecell", "freecell-tableau", "freecell-classic", "forecell")
        },
        "counted_results": sorted(
            Result.objects.filter(flagged=False, voided=False).values_list("pk", "player__username", "moves")
        ),
    }


@pytest.fixture
def wait_for():
    from tests.support.waiting import wait_for

    return wait_for
