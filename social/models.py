"""Playing together, asynchronously: challenges on one deal, follows, private leagues.

A challenge is made from a won game whose result the worker has validated: its
``counted_moves`` and ``duration_ms`` are that result's (moves plus undos, the
server's clock). Whoever takes it up plays the deal once as a challenge attempt,
a ``games.Game`` of kind ``challenge``: the games pipeline checks each move, the
worker replays the won log and writes the ``Result``, with fair play as for a
daily. This app only links attempts to challenges and reads their results.

A league's name is checked as a username is (``accounts.usernames``): its
skeleton is unique, so no league can take a name that looks like another's.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from games.models import Deal, Game


class Challenge(models.Model):
    code = models.CharField(max_length=12, unique=True)
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="challenge")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="challenges")
    counted_moves = models.PositiveIntegerField(help_text="The challenger's moves plus undos.")
    duration_ms = models.BigIntegerField(help_text="The challenger's server-measured time.")
    finished_at = models.DateTimeField(
        help_text="When the challenger won: ties go to whoever finished first.")
    answers = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="counters",
        help_text="The challenge this one answers (a counter-challenge on a new deal).",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["answers"], name="challenge_answers_idx")]

    def __str__(self) -> str:
        return f"challenge {self.code} ({self.deal})"


class ChallengeAttempt(models.Model):
    """A player's one game at a challenge."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="attempts")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="challenge_attempt")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["challenge", "player"], name="challenge_one_attempt_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.challenge}"


class Follow(models.Model):
    follower = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="following")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_unique_pair"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="follow_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"


class League(models.Model):
    code = models.CharField(max_length=12, unique=True, help_text="The invite code: whoever has it may join.")
    name = models.CharField(max_length=40)
    skeleton = models.CharField(max_length=160, unique=True, help_text="What the name looks like.")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="leagues_owned")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"league {self.name} ({self.code})"


class LeagueMember(models.Model):
    """A member, or one the owner removed (kept, so the invite code does not let them back)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="leagues")
    removed = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="league_member_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.league}"
