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
