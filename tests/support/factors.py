"""Second factors for tests: staff who enrolled an authenticator, and a session it verified."""

import time

from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.oath import hotp
from django_otp.plugins.otp_totp.models import TOTPDevice


def factor_enrol(user) -> TOTPDevice:
    return TOTPDevice.objects.create(user=user, name="authenticator", confirmed=True)


def factor_code(device: TOTPDevice, *, steps_ahead: int = 0) -> str:
    """The code the authenticator shows now (or ``steps_ahead`` periods later, within the device's tolerance)."""
    counter = (int(time.time()) - device.t0) // device.step + steps_ahead
    return f"{hotp(device.bin_key, counter, digits=device.digits):06d}"


def factor_verified_login(client, user) -> None:
    """Log ``client`` in as ``user`` with the session verified by an enrolled authenticator."""
    device = TOTPDevice.objects.filter(user=user, confirmed=True).first() or factor_enrol(user)
    client.force_login(user)
    session = client.session
    session[DEVICE_ID_SESSION_KEY] = device.persistent_id
    session.save()
