"""Second factors (django-otp): a TOTP authenticator with static recovery codes.

Staff and superusers must enrol one before the admin or the staff API acts for
them (``accounts/admin_site.py``, ``accounts/permissions.py``); players may enrol
too. A session is verified by a code (``django_otp.login``); the admin's own
log-in asks for one. Wrong codes are refused with ``otp_invalid``, counted per
account (429 ``throttled`` past ``OTP_ATTEMPTS_PER_HOUR``), and django-otp's own
throttle doubles each device's wait after every failure.
"""

from django.conf import settings
from django.db import transaction
from django_otp import login as otp_login
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.throttles import hits_check
from core.errors import Conflict, InvalidRequest

RECOVERY_CODES = 10
HOUR = 3600


def factor_required(user) -> bool:
    """Whether the account may act only with a second factor."""
    return bool(user.is_authenticated and (user.is_staff or user.is_superuser))


def factor_enrolled(user) -> bool:
    return TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def factor_enrolment_start(*, user) -> TOTPDevice:
    """The authenticator being enrolled (its key is shown to the owner until a code confirms it)."""
    if factor_enrolled(user):
        raise Conflict("A second factor is enrolled already.", code="factor_enrolled")
    device = TOTPDevice.objects.filter(user=user, confirmed=False).first()
    return device or TOTPDevice.objects.create(user=user, name="authenticator", confirmed=False)


def _attempt_count(user) -> None:
    hits_check(key=f"otp:account:{user.pk}", limit=settings.OTP_ATTEMPTS_PER_HOUR, window=HOUR,
               message="Too many codes tried: try again in an hour.")


def factor_enrolment_confirm(*, request, user, code: str) -> list[str]:
    """Confirm the authenticator with a code it shows; the recovery codes (shown once),
    and this session counts as verified."""
    _attempt_count(user)
    with transaction.atomic():
        device = TOTPDevice.objects.select_for_update().filter(user=user, confirmed=False).first()
        if device is None:
            raise Conflict("Nothing is being enrolled: start again.", code="factor_not_started")
        if not device.verify_token(code.strip()):
            raise InvalidRequest("That code is not the one the authenticator shows now.", code="otp_invalid")
        device.confirmed = True
        device.save(update_fields=["confirmed"])
        recovery, _ = StaticDevice.objects.get_or_create(user=user, name="recovery codes")
        recovery.token_set.all().delete()
        codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
        StaticToken.objects.bulk_create([StaticToken(device=recovery, token=c) for c in codes])
    otp_login(request, device)
    return codes


def factor_device_for_code(*, user, code: str):
    """The device a code is for: six digits are the authenticator's, anything else a recovery
    code (so that a wrong code counts against one device, not every one)."""
    code = code.strip()
    devices = TOTPDevice if code.isdigit() and len(code) == 6 else StaticDevice
    return devices.objects.filter(user=user, confirmed=True).first()


def _code_matches(user, code: str):
    device = factor_device_for_code(user=user, code=code)
    if device is None:
        return None
    allowed, _ = device.verify_is_allowed()
    return device if allowed and device.verify_token(code.strip()) else None


def factor_verify(*, request, user, code: str) -> None:
    """Verify this session with a code from the authenticator or a recovery code (used up)."""
    _attempt_count(user)
    device = _code_matches(user, code)
    if device is None:
        raise InvalidRequest("That code is not valid.", code="otp_invalid")
    otp_login(request, device)


def factor_check(*, user, code: str | None) -> None:
    """For doors without a session (an API token): an enrolled account must give a code."""
    if not factor_enrolled(user):
        return
    if not code:
        raise InvalidRequest("This account needs a code from its authenticator.", code="otp_required")
    _attempt_count(user)
    if _code_matches(user, code) is None:
        raise InvalidRequest("That code is not valid.", code="otp_invalid")
