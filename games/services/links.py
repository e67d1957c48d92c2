"""Linked accounts: two accounts' games on one daily that share a browser, an address or a line.

One account can learn a Klondike or Spider daily's hidden cards (its hints,
its reveals, a sandbox) and hand them to a second account that plays the
full-knowledge line at par. Nothing in that second game looks like a bot, so
the link is found where the two meet instead:

- the same **browser** (its long-lived id cookie, ``games.browser_ids``) or the
  same **address** (kept as a keyed hash) started or won games on the daily;
- or the two **lines** are identical or nearly so (``LINE_NEAR`` of their moves
  in common, in order), from wherever they were played.

Every link is kept on the result for staff (``Result.links``, shown with the
evidence in the admin). A ranked result linked to another account whose game
on the same daily started before this one was won is held for review, as a
fair-play flag is: an address shared by a household or a school holds its
second player's result until staff look, which is the price of the check.
"""

import hashlib
import hmac
from dataclasses import dataclass
from difflib import SequenceMatcher

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Game, GameOrigin

#: Share of moves two lines have in common, in order, above which they are one line.
LINE_NEAR = 0.9
#: Lines shorter than this are not compared (every line of a short deal looks alike).
LINE_MIN_MOVES = 20
#: Other games on the daily a line is compared with, the longest first.
LINE_CANDIDATES = 2000


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a request came from: the client's address and the browser's id ('' for none)."""

    address: str
    browser: str = ""


def address_key(address: str) -> str:
    """A keyed hash of a client address: equal addresses stay equal, none can be read back."""
    return hmac.new(settings.SECRET_KEY.encode(), address.encode(), hashlib.sha256).hexdigest()[:32]


def origin_record(*, game: Game, address: str, browser: str) -> None:
    """Note where a player's daily game was started or won from (idempotent)."""
    if game.daily_id is None or game.player_id is None:
        return
    try:
        with transaction.atomic():
            GameOrigin.objects.get_or_create(
                game=game, address=address_key(address), browser=browser,
                defaults={"daily_id": game.daily_id, "player_id": game.player_id},
            )
    except IntegrityError:
        pass  # the same origin noted by a concurrent request


def line_nearness(a: list[str], b: list[str]) -> float:
    """Share of the two lines' moves they have in common, in order (1.0: the same line).

    >>> line_nearness(["1a", "2b", "3c"], ["1a", "2b", "3c"]), line_nearness(["1a"], ["2b"])
    (1.0, 0.0)
    """
    if not a or not b:
        return 0.0
    return round(SequenceMatcher(None, a, b, autojunk=False).ratio(), 3)


def _origin_links(game: Game) -> dict[int, set[str]]:
    """Other players' games on the daily sharing a browser or an address with ``game``."""
    mine = list(GameOrigin.objects.filter(game=game).values_list("address", "browser"))
    addresses = {a for a, _ in mine}
    browsers = {b for _, b in mine if b}
    found: dict[int, set[str]] = {}
    others = GameOrigin.objects.filter(daily_id=game.daily_id).exclude(player_id=game.player_id)
    for game_id, address, browser in others.values_list("game_id", "address", "browser"):
        if browser and browser in browsers:
            found.setdefault(game_id, set()).add("browser")
        if address in addresses:
            found.setdefault(game_id, set()).add("address")
    return found


def _line_links(game: Game) -> dict[int, float]:
    """Other players' games on the daily whose line is ``game``'s, or nearly."""
    line = game.move_list
    if len(line) < LINE_MIN_MOVES:
        return {}
    others = (Game.objects.filter(daily_id=game.daily_id).exclude(player_id=game.player_id)
              .exclude(player__isnull=True).filter(ply__gte=LINE_MIN_MOVES)
              .order_by("-ply").values_list("pk", "moves")[:LINE_CANDIDATES])
    found = {}
    for pk, moves in others:
        other = moves.split()
        matcher = SequenceMatcher(None, line, other, autojunk=False)
        if matcher.real_quick_ratio() >= LINE_NEAR and matcher.quick_ratio() >= LINE_NEAR:
            nearness = round(matcher.ratio(), 3)
            if nearness >= LINE_NEAR:
                found[pk] = nearness
    return found


def links_find(*, game: Game) -> list[dict]:
    """``game``'s links to other accounts' games on its daily (see the module notes),
    earliest game first; ``earlier``: that game started before this one was won."""
    if game.daily_id is None or game.player_id is None:
        return []
    by_origin = _origin_links(game)
    by_line = _line_links(game)
    ids = set(by_origin) | set(by_line)
    if not ids:
        return []
    until = game.finished_at or timezone.now()
    rows = (Game.objects.filter(pk__in=ids).select_related("player").order_by("started_at", "pk")
            .values("pk", "player__username", "started_at", "ranked", "state", "hints", "undos"))
    links = []
    for row in rows:
        via = sorted(by_origin.get(row["pk"], ()))
        if row["pk"] in by_line:
            via.append(f"line {by_line[row['pk']]:.0%}")
        links.append({
            "game": str(row["pk"]), "player": row["player__username"], "via": via,
            "started_at": row["started_at"].isoformat(), "earlier": row["started_at"] < until,
            "ranked": row["ranked"], "state": row["state"], "hints": row["hints"], "undos": row["undos"],
        })
    return links


def _holds(link: dict) -> bool:
    """An earlier account's game linked by a kind of link that holds (``FAIRPLAY_LINK_HOLD``)."""
    kinds = {via.split()[0] for via in link["via"]}
    return link["earlier"] and bool(kinds & set(settings.FAIRPLAY_LINK_HOLD))


def linked_reason(links: list[dict]) -> str:
    """Why a ranked result is held for its links ('' when no earlier account is linked
    by a kind of link that holds)."""
    earlier = [link for link in links if _holds(link)]
    if not earlier:
        return ""
    named = ", ".join(f"{link['player']} ({' and '.join(link['via'])})" for link in earlier[:3])
    return f"linked to an earlier account on this daily: {named}"
