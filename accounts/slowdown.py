"""Failed log-ins on one username from anywhere slow it down; they never lock it.

django-axes locks a (username, address) pair after ``AXES_FAILURE_LIMIT``
failures. Across addresses a lock would let anyone lock a player out of their
own account, so instead, past the same limit, each further attempt on the
username must wait a little longer after the last failure: 1 s, 2 s, 4 s, ...
up to ``LOGIN_SLOWDOWN_MAX_SECONDS``. A guesser gets a handful of tries a
minute; the player, trying once, is at worst asked to wait that long. The
failures are the ones axes records (``AccessAttempt`` rows, every address),
within its cool-off time.

An attempt from an address or a browser that has logged in to the account
before is not slowed (``accounts/origins.py``): a flood from elsewhere must
not keep the owner out.
"""

import datetime as dt
import math

from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Max, Sum
from django.utils import timezone

from accounts.origins import login_origin_known
from core.errors import DomainError


class LoginSlowed(DomainError):
    status = 429
    code = "login_slowed"


def _now() -> dt.datetime:
    return timezone.now()


def login_wait(failures: int) -> float:
    """Seconds an attempt must wait after the last of ``failures`` failures."""
    over = failures - settings.AXES_FAILURE_LIMIT
    return 0.0 if over < 0 else float(min(2**over, settings.LOGIN_SLOWDOWN_MAX_SECONDS))


def login_slowdown_check(*, request, username: str) -> None:
    """Refuse (429 ``login_slowed``, with ``retry_after`` seconds) an attempt on
    ``username`` that comes too soon after its last failure. An address that
    axes has locked out of the account is left to axes (403 ``locked_out``)."""
    if AxesProxyHandler.is_locked(request, {"username": username}):
        return
    if login_origin_known(request=request, username=username):
        return
    now = _now()
    recent = AccessAttempt.objects.filter(
        username=username, attempt_time__gte=now - dt.timedelta(hours=settings.AXES_COOLOFF_TIME)
    ).aggregate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
    if not recent["failures"]:
        return
    remaining = login_wait(recent["failures"]) - (now - recent["last"]).total_seconds()
    if remaining > 0:
        seconds = math.ceil(remaining)
        raise LoginSlowed(
            f"Too many failed log-ins on this account: try again in {seconds} s.", retry_after=seconds
        )
