"""Who a games request acts for: the logged-in player, or the guest of this browser session.

Without an account, the games endpoints act for a guest: a random id kept in the
Django session under ``GUEST_SESSION_KEY`` (not the session key, which Django
changes at log-in and which would give a game away if it were ever shown). A
session gets its guest id with its first guest game, and only once that game is
stored: a refused start leaves no session behind. Guests' writes are CSRF-checked
as a logged-in session's are (DRF checks only authenticated sessions). Logging in
on the session (or registering) hands its guest games to the account.
"""

import secrets

from accounts.addresses import client_address
from accounts.authentication import SessionAuthentication
from core.errors import NotFound
from games.browser_ids import browser_id
from games.selectors import Guest
from games.services.guests import guest_games_adopt
from games.services.links import Origin, origin_record

GUEST_SESSION_KEY = "guest_key"


def csrf_check(request) -> None:
    """403 ``csrf_failed`` unless the request carries the session's CSRF token."""
    SessionAuthentication().enforce_csrf(request)


def session_guest(request) -> Guest | None:
    """The guest this session holds, if it has started a guest game."""
    key = request.session.get(GUEST_SESSION_KEY)
    return Guest(key) if isinstance(key, str) and key else None


def request_owner_or_none(request):
    """The owner whose games this request reaches: the logged-in player, else the
    session's guest, else ``None`` (a session that never started a guest game)."""
    if request.user.is_authenticated:
        return request.user
    return session_guest(request)


def request_owner(request, *, write: bool = False):
    """``request_owner_or_none`` for a request about one game: a session without a
    guest id owns no game, so 404. A guest's write needs the CSRF token, checked
    before anything else."""
    if write and not request.user.is_authenticated:
        csrf_check(request)
    owner = request_owner_or_none(request)
    if owner is None:
        raise NotFound("No such game.")
    return owner


def guest_for_start(request) -> Guest:
    """The guest a new game goes to: the session's, or a new one that
    ``guest_remember`` stores once the game exists."""
    csrf_check(request)
    return session_guest(request) or Guest(secrets.token_urlsafe(32))


def guest_remember(request, guest: Guest) -> None:
    """Keep the guest in the session; saving it also renews the session's expiry,
    so a guest who keeps starting games keeps their session."""
    request.session[GUEST_SESSION_KEY] = guest.key
    request.session.modified = True


def guest_games_adopt_on_login(sender, request, user, **kwargs) -> None:
    """``user_logged_in``: the account takes over the session's guest games, and the
    session stops being a guest (Django keeps a session's data when a guest logs in)."""
    session = getattr(request, "session", None)
    guest = session_guest(request) if session is not None else None
    if guest is None:
        return
    guest_games_adopt(guest=guest, player=user)
    del session[GUEST_SESSION_KEY]


def request_origin(request) -> Origin:
    """The request's address and browser id, for ``games.services.links``."""
    return Origin(address=client_address(request), browser=browser_id(request))


def origin_note(request, game) -> None:
    """Note the browser and address a player's daily game is started from
    (``games.services.links``): nothing for other games."""
    if game.daily_id is not None and game.player_id is not None:
        origin = request_origin(request)
        origin_record(game=game, address=origin.address, browser=origin.browser)
