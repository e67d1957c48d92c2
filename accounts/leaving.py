"""Leaving: a player takes their data (JSON) and deletes their account after a grace period.

Deletion keeps the results on past boards under an anonymous name ("deleted
player" and a few random characters, as a username must be unique) and erases
everything personal: name, email, password, sessions, tokens, factors, log-in
origins, the unfinished games. The audit log gets one entry that says an
account was deleted, with no name or address in it. Every board the player
was on is rebuilt on its next read.
"""

import datetime as dt
import secrets
from collections.abc import Callable

from auditlog.models import LogEntry
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils import timezone
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.authtoken.models import Token

from accounts.models import AccountDeletion, LoginOrigin, UsernameSkeleton, VerifiedEmail
from accounts.sessions_owned import user_sessions_end
from core.errors import Conflict, InvalidRequest

User = get_user_model()
DELETED_NAME = "deleted player"


#: Other apps' parts of a player's data: ``(export, erase)`` pairs of functions taking
#: ``player=``; ``export`` returns a dict merged into the export, ``erase`` runs in the
#: deletion's transaction after the rename. Apps register in their ``ready()``.
DATA_PARTS: list[tuple[Callable[..., dict], Callable[..., None]]] = []


def account_data_part_register(*, export: Callable[..., dict], erase: Callable[..., None]) -> None:
    if (export, erase) not in DATA_PARTS:
        DATA_PARTS.append((export, erase))


def account_export(*, user) -> dict:
    """Everything the service keeps about the player, as JSON-ready data."""
    verified = bool(user.email) and VerifiedEmail.objects.filter(user=user, email__iexact=user.email).exists()
    data = {
        "profile": {"username": user.get_username(), "email": user.email, "date_joined": user.date_joined,
                    "last_login": user.last_login, "email_verified": verified},
        "deletion_due": getattr(getattr(user, "deletion", None), "due_at", None),
    }
    for export, _ in DATA_PARTS:
        data.update(export(player=user))
    return data


def account_deletion_request(*, request, user, password: str) -> AccountDeletion:
    """Schedule the deletion ``ACCOUNT_DELETION_GRACE_DAYS`` ahead (the password confirms it);
    logging in again and cancelling keeps the account."""
    if not user.check_password(password):
        raise InvalidRequest("Wrong password: the account is not deleted.", code="bad_credentials")
    if user.is_staff or user.is_superuser:
        raise InvalidRequest("Staff accounts are not deleted this way; remove staff status first.",
                             code="staff_account")
    now = timezone.now()
    deletion, created = AccountDeletion.objects.get_or_create(
        user=user, defaults={"requested_at": now,
                             "due_at": now + dt.timedelta(days=settings.ACCOUNT_DELETION_GRACE_DAYS)})
    if not created:
        raise Conflict("The account is already to be deleted.", code="deletion_pending")
    return deletion


def account_deletion_cancel(*, user) -> None:
    deleted, _ = AccountDeletion.objects.filter(user=user).delete()
    if not deleted:
        raise Conflict("The account is not to be deleted.", code="deletion_not_pending")


def account_delete_now(*, user_id: int) -> bool:
    """Erase the account (idempotent: a deleted or cancelled one is left as it is)."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None or not AccountDeletion.objects.filter(user=user).exists():
            return False
        name = f"{DELETED_NAME} {secrets.token_hex(3)}"
        user.username, user.email, user.first_name, user.last_name = name, "", "", ""
        user.set_unusable_password()
        user.save(update_fields=["username", "email", "first_name", "last_name", "password"])
        for model in (Token, LoginOrigin, VerifiedEmail, UsernameSkeleton, TOTPDevice, StaticDevice):
            model.objects.filter(user=user).delete()
        user_sessions_end(user=user)
        user_type = ContentType.objects.get_for_model(User)
        LogEntry.objects.filter(content_type=user_type, object_pk=str(user.pk)).update(object_repr=name)
        LogEntry.objects.filter(actor=user).update(actor_email=None)
        LogEntry.objects.log_create(user, force_log=True, action=LogEntry.Action.DELETE, changes={},
                                    additional_data={"action": "account_delete", "via": "worker"})
        AccountDeletion.objects.filter(user=user).delete()
        for _, erase in DATA_PARTS:
            erase(player=user)
    return True


def account_deletions_due() -> list[int]:
    """The accounts whose grace period is over."""
    return list(AccountDeletion.objects.filter(due_at__lte=timezone.now()).values_list("user_id", flat=True))
