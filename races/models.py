"""Live races: players on the same deal at the same server moment.

A race is made by its host in a lobby (2 to 8 players join by its link), dealt
when the host starts it (``starts_at``, three seconds later, is the moment every
game's clock starts) and over when every player has won or left, or at
``ends_at`` (the host's time limit). Each player's game is an ordinary ``Game``
(``in_race``): its log is refereed by the games services move by move, and the
worker replays every log from the deal when the race is over before the
places are written. Progress (cards home, moves) is kept in ``RacePlayer`` so
that a reconnecting client rebuilds the race from the database, never from
socket history.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.models import Deal, Game
from games.variant_catalogue import variant_choices


class Race(models.Model):
    class State(models.TextChoices):
        LOBBY = "lobby"
        RUNNING = "running"  # counting down until starts_at, then playing
        FINISHED = "finished"

    code = models.CharField(max_length=12, unique=True)
    variant = models.CharField(max_length=20, choices=variant_choices)
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="races")
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="hosted_races")
    rated = models.BooleanField(default=False)
    minutes = models.PositiveSmallIntegerField(default=10, help_text="Time limit once dealt.")
    state = models.CharField(max_length=10, choices=State.choices, default=State.LOBBY)
    created_at = models.DateTimeField(auto_now_add=True)
    starts_at = models.DateTimeField(null=True, blank=True,
                                     help_text="The deal: every game's clock starts here.")
    ends_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    validated_at = models.DateTimeField(
        null=True, blank=True, help_text="When the worker replayed every log and wrote the places."
    )

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["state", "ends_at"], name="race_state_ends_idx")]
        constraints = [
            models.CheckConstraint(condition=Q(minutes__gte=1, minutes__lte=60), name="race_minutes_range"),
        ]

    def __str__(self) -> str:
        return f"race {self.code} ({self.variant} #{self.deal.number}, {self.state})"


class RacePlayer(models.Model):
    class Check(models.TextChoices):
        PENDING = "pending"
        VALID = "valid"
        INVALID = "invalid"

    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="race_entries")
    game = models.OneToOneField(Game, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="race_entry")
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True, help_text="Gave up or left: shown as gone.")
    connected = models.BooleanField(default=False)
    home = models.PositiveSmallIntegerField(default=0,
                                            help_text="Cards on foundations (Spider: runs completed).")
    moves = models.PositiveIntegerField(default=0, help_text="Moves played, those taken back included.")
    won_ms = models.BigIntegerField(null=True, blank=True, help_text="Server time of the winning move.")
    log_check = models.CharField(max_length=10, choices=Check.choices, default=Check.PENDING)
    log_check_reason = models.CharField(max_length=300, blank=True)
    flag_reason = models.CharField(max_length=200, blank=True, help_text="The dailies' fair-play checks.")
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["race", "player"], name="race_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.race.code}"

    @property
    def won(self) -> bool:
        return self.won_ms is not None


class RaceRating(models.Model):
    """A player's rating per variant from rated races (openskill's Plackett-Luce model)."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="race_ratings")
    variant = models.CharField(max_length=20, choices=variant_choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    races = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "variant"], name="race_rating_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.variant}: {self.mu:.1f} ± {self.sigma:.1f}"
