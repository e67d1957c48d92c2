"""The account mails: what each says, built when it is sent (in the worker).

A link's secret (a password-reset token, a signed verification key) is made
here, in the task, so the broker never carries one.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.mail import send_mail
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

VERIFY_SALT = "accounts.email_verify"


def verify_key(*, user, email: str) -> str:
    return signing.dumps({"user": user.pk, "email": email}, salt=VERIFY_SALT, compress=True)


def _reset_body(user, base_url: str) -> tuple[str, str]:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    hours = settings.PASSWORD_RESET_TIMEOUT // 3600
    link = f"{base_url}/reset/{uid}/{token}/"
    return "Reset your Solitaire password", (
        f"Someone (we hope you) asked to reset the password of {user.get_username()}.\n\n"
        f"Choose a new password here (the link works once, for {hours} hours):\n{link}\n\n"
        "If it was not you, ignore this mail: your password stays as it is.\n"
    )


def _verify_body(user, base_url: str) -> tuple[str, str]:
    link = f"{base_url}/verify-email/{verify_key(user=user, email=user.email)}/"
    days = settings.EMAIL_VERIFY_DAYS
    return "Confirm your email for Solitaire", (
        f"Confirm that {user.email} is the address of {user.get_username()}"
        f" (the link works for {days} days):\n"
        f"{link}\n\nIf you did not give this address, ignore this mail.\n"
    )


BODIES = {"password_reset": _reset_body, "email_verify": _verify_body}


def account_mail_send(*, kind: str, user_id: int, base_url: str) -> bool:
    """Send mail ``kind`` to the account's current address; False when there is none to send."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None or not user.email:
        return False
    subject, body = BODIES[kind](user, base_url.rstrip("/"))
    send_mail(subject, body, None, [user.email])
    return True
