"""A forgotten password and a verified email: the services behind the pages and the API.

A reset link is Django's own (``default_token_generator``): it hashes the
password and the last log-in, so it works once and stops working after
``PASSWORD_RESET_TIMEOUT``. A request answers the same whether or not the
address belongs to an account, and is counted per client address, per email
address and per account. A reset signs the account out everywhere (a new
password changes the session hash Django checks on every request, and the
account's sessions are deleted too) and revokes its API tokens.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.db import transaction
from django.utils import timezone
from django.utils.http import urlsafe_base64_decode
from rest_framework.authtoken.models import Token

from accounts.addresses import client_address
from accounts.mail import VERIFY_SALT
from accounts.models import VerifiedEmail
from accounts.sessions_owned import user_sessions_end
from accounts.tasks import mail_send_task
from accounts.throttles import hits_check, hits_count
from core.errors import Conflict, InvalidRequest

User = get_user_model()
HOUR = 3600
RESET_LINK_INVALID = (
    "This reset link is not valid: it was used already, has expired or was cut short. Ask for a new one."
)


def _base_url(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def account_mail_enqueue(*, kind: str, user, request) -> None:
    base = _base_url(request)
    transaction.on_commit(lambda: mail_send_task.delay(kind, user.pk, base))


def password_reset_request(*, request, email: str) -> None:
    """Mail a reset link to each active account with this address. Says nothing
    about whether there is one; at most ``PASSWORD_RESET_MAILS_PER_HOUR`` mails
    per account, the rest dropped without a word."""
    email = email.strip()
    hits_check(key=f"reset:address:{client_address(request)}", limit=settings.PASSWORD_RESET_PER_ADDRESS,
               window=HOUR, message="Too many reset requests from here: try again in an hour.")
    hits_check(key=f"reset:email:{email.casefold()}", limit=settings.PASSWORD_RESET_PER_EMAIL, window=HOUR,
               message="Too many reset requests for this address: try again in an hour.")
    for user in User.objects.filter(email__iexact=email, is_active=True):
        if not user.has_usable_password():
            continue
        if hits_count(key=f"reset:account:{user.pk}", window=HOUR) > settings.PASSWORD_RESET_MAILS_PER_HOUR:
            continue
        account_mail_enqueue(kind="password_reset", user=user, request=request)


def password_reset_user(*, uidb64: str, token: str):
    """The account a reset link is for, or ``InvalidRequest`` (``reset_link_invalid``)."""
    try:
        pk = int(urlsafe_base64_decode(uidb64).decode())
        user = User.objects.get(pk=pk, is_active=True)
    except (ValueError, TypeError, OverflowError, UnicodeDecodeError, User.DoesNotExist):
        user = None
    if user is None or not default_token_generator.check_token(user, token):
        raise InvalidRequest(RESET_LINK_INVALID, code="reset_link_invalid")
    return user


def password_reset_confirm(*, request, uidb64: str, token: str, new_password: str):
    """Set the new password from a reset link: once, before it expires; every session
    of the account ends and every API token is revoked."""
    from accounts.services import _password_check

    hits_check(key=f"reset-confirm:address:{client_address(request)}",
               limit=settings.PASSWORD_RESET_PER_ADDRESS,
               window=HOUR, message="Too many attempts from here: try again in an hour.")
    with transaction.atomic():
        user = password_reset_user(uidb64=uidb64, token=token)
        user = User.objects.select_for_update().get(pk=user.pk)
        if not default_token_generator.check_token(user, token):  # a second use racing the first
            raise InvalidRequest(RESET_LINK_INVALID, code="reset_link_invalid")
        _password_check(new_password, user)
        user.set_password(new_password)
        user.save(update_fields=["password"])
        Token.objects.filter(user=user).delete()
        user_sessions_end(user=user)
    return user


def email_change(*, request, user, email: str) -> None:
    """Give the account a new address (or none); a new address is mailed a link to verify it."""
    email = User.objects.normalize_email(email.strip())
    if email.casefold() == (user.email or "").casefold():
        return
    hits_check(key=f"verify:account:{user.pk}", limit=settings.EMAIL_VERIFY_MAILS_PER_HOUR, window=HOUR,
               message="Too many address changes: try again in an hour.")
    with transaction.atomic():
        user.email = email
        user.save(update_fields=["email"])
        if email:
            account_mail_enqueue(kind="email_verify", user=user, request=request)


def email_verification_send(*, request, user) -> None:
    """Mail the verification link again (counted with the changes)."""
    if not user.email:
        raise InvalidRequest("The account has no email address to verify.", code="no_email")
    hits_check(key=f"verify:account:{user.pk}", limit=settings.EMAIL_VERIFY_MAILS_PER_HOUR, window=HOUR,
               message="Too many verification mails: try again in an hour.")
    account_mail_enqueue(kind="email_verify", user=user, request=request)


def email_verify(*, request, key: str):
    """Mark the address in a verification link as the account's verified one."""
    hits_check(key=f"verify-link:address:{client_address(request)}",
               limit=settings.PASSWORD_RESET_PER_ADDRESS,
               window=HOUR, message="Too many attempts from here: try again in an hour.")
    try:
        data = signing.loads(key, salt=VERIFY_SALT, max_age=settings.EMAIL_VERIFY_DAYS * 86400)
    except signing.SignatureExpired as exc:
        raise InvalidRequest("This verification link has expired: ask for a new one.",
                             code="verify_link_expired") from exc
    except signing.BadSignature as exc:
        raise InvalidRequest("This verification link is not valid.", code="verify_link_invalid") from exc
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=data.get("user"), is_active=True).first()
        if user is None or (user.email or "").casefold() != str(data.get("email", "")).casefold():
            raise InvalidRequest("This link is for an address the account no longer has.",
                                 code="verify_link_invalid")
        if VerifiedEmail.objects.filter(user=user, email__iexact=user.email).exists():
            raise Conflict("This address is verified already: the link was used.", code="verify_link_used")
        VerifiedEmail.objects.update_or_create(user=user, defaults={"email": user.email,
                                                                    "verified_at": timezone.now()})
    return user


def email_verified(user) -> bool:
    verified = getattr(user, "verified_email", None) if user.pk else None
    return bool(user.email) and verified is not None and verified.email.casefold() == user.email.casefold()
