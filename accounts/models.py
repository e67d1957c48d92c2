"""What accounts add to Django's user: the look-alike key of each username."""

from django.conf import settings
from django.db import models


class UsernameSkeleton(models.Model):
    """A username's skeleton (``accounts.usernames.username_skeleton``): two names
    that look alike share one, and a unique skeleton keeps a second one out even
    when two registrations race."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="skeleton")
    skeleton = models.CharField(max_length=600, unique=True)

    def __str__(self) -> str:
        return self.skeleton


class LoginOrigin(models.Model):
    """An address or a browser that has logged in to the account: a log-in from
    one is not slowed down by failures from elsewhere (``accounts/origins.py``).
    Only a keyed digest is kept, never the address or the browser's key itself."""

    class Kind(models.TextChoices):
        ADDRESS = "address"
        BROWSER = "browser"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="login_origins")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    digest = models.CharField(max_length=64)
    last_seen = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind", "digest"], name="login_origin_unique")]

    def __str__(self) -> str:
        return f"{self.kind} of {self.user_id}"


class VerifiedEmail(models.Model):
    """The address of the account that its owner proved to read. The account's
    email is verified while ``User.email`` is this address; changing it asks again."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="verified_email")
    email = models.EmailField()
    verified_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.email


class AccountSession(models.Model):
    """A logged-in session of the account, so that its owner can list and end it
    (``accounts/sessions_owned.py``); the session itself is Django's."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="account_sessions")
    session_key = models.CharField(max_length=40, unique=True)
    created_at = models.DateTimeField()
    user_agent = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"session of {self.user_id} since {self.created_at:%Y-%m-%d %H:%M}"


class AccountDeletion(models.Model):
    """An account its owner asked to delete: erased when ``due_at`` comes, unless cancelled first."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deletion")
    requested_at = models.DateTimeField()
    due_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"deletion of {self.user_id} due {self.due_at:%Y-%m-%d %H:%M}"
