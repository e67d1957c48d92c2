"""Deals, dailies, games (deal + compact move log), submissions and results.

A game is its deal plus its move log: the log is one space-separated string of
standard-notation moves in the game row, with the server's receive time and
the client's clock for every move in two integer arrays. A game belongs to a
player, or to a guest (``guest_key``, a random id kept in the guest's browser
session): guest games are never ranked, never dailies, never submitted, and
they expire a week after their last move (``games.services.guests``); at log-in
the account takes over its session's guest games (``from_guest``), still never
submitted nor counted in stats. Leaderboard facts
live only in ``Result`` rows, which only the worker writes after replaying the
whole log from the deal.

Variants are the engine's catalogue (``games.catalogue``): a variant column's
choices are read from it when needed, so a new variant needs no migration.
"""

import uuid

from django import forms
from django.conf import settings
from django.core import exceptions
from django.db import models
from django.db.models import Q

from engine.rules import PYSOLFC_MAX_DEAL
from games.variant_catalogue import variant_choices

#: The largest deal number a row can hold: PySolFC's 20 digits (the largest of every variant's maximum).
DEAL_NUMBER_MAX = PYSOLFC_MAX_DEAL


class DealNumberField(models.Field):
    """A deal number: PostgreSQL ``numeric(20, 0)`` in the table, a Python ``int``
    everywhere else. PySolFC's deal numbers reach 10**20 - 1, past bigint's 2**63 - 1;
    each variant's own maximum is the engine's (``Ruleset.max_deal_number``).

    SQLite (the embedded mode of ``scripts/run``) binds no integer past 2**63 - 1 and
    turns a longer numeric text into a float, so there the column holds the digits
    as text: equality, uniqueness and ``IN`` hold; ``ORDER BY number`` is by text."""

    description = "A deal number, 1 to 10**20 - 1"

    def db_type(self, connection) -> str:
        return "numeric(20, 0)" if connection.vendor == "postgresql" else "varchar(20)"

    def get_db_prep_value(self, value, connection, prepared=False):
        value = value if prepared else self.get_prep_value(value)
        if value is None or connection.vendor == "postgresql":
            return value
        return str(value)

    def from_db_value(self, value, expression, connection):
        return None if value is None else int(value)

    def to_python(self, value):
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        try:
            text = str(value).strip()
            if not text.isdigit():
                raise ValueError(text)
            return int(text)
        except (TypeError, ValueError):
            raise exceptions.ValidationError("A deal number is a whole number.", code="invalid") from None

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        return None if value is None else self.to_python(value)

    def formfield(self, **kwargs):
        return super().formfield(
            **{"form_class": forms.IntegerField, "min_value": 1, "max_value": DEAL_NUMBER_MAX, **kwargs}
        )


DIFFICULTY_CHOICES = [("easy", "easy"), ("medium", "medium"), ("hard", "hard")]


class SolverStatus(models.TextChoices):
    UNKNOWN = "unknown"
    WINNABLE = "winnable"
    IMPOSSIBLE = "impossible"
    UNDECIDED = "undecided"


class Deal(models.Model):
    variant = models.CharField(max_length=20, choices=variant_choices)
    number = DealNumberField()
    status = models.CharField(
        max_length=12, choices=SolverStatus.choices, default=SolverStatus.UNKNOWN
    )
    scope = models.CharField(max_length=200, blank=True, help_text="What the solver's verdict proves.")
    par = models.PositiveIntegerField(null=True, blank=True, help_text="Shortest line found, in moves.")
    solution = models.TextField(blank=True, help_text="The par line, verified by the engine.")
    par_method = models.CharField(
        max_length=80, blank=True,
        help_text="How the par line was found: the search that found it (ve, ksolve-minimal, ...), "
                  "then what refined it (+suffix:SEARCHES searched again from its positions, "
                  "+shorten the peephole search; solver/par.py).",
    )
    par_refined_at = models.DateTimeField(
        null=True, blank=True, help_text="When the worker finished refining par (a daily's deal, once).")
    iterations = models.BigIntegerField(default=0)
    solved_at = models.DateTimeField(null=True, blank=True)
    in_pool = models.BooleanField(default=False, help_text="Offered as a random winnable deal.")
    daily_reserve = models.BooleanField(
        default=False, help_text="Held back for a future daily: never offered as a random deal."
    )
    presets_solved = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="How many of the presets the solver ran found a winning line."
    )
    presets_tried = models.PositiveSmallIntegerField(null=True, blank=True)
    difficulty = models.CharField(
        max_length=6, blank=True, choices=DIFFICULTY_CHOICES,
        help_text="The variant's band of the score below (see games/difficulty.py).",
    )
    difficulty_score = models.FloatField(
        null=True, blank=True,
        help_text="0 (easiest) to 1 (hardest) within the variant: the solver's par percentile, "
                  "blended with the players' results as they come.",
    )
    players = models.PositiveIntegerField(
        default=0, help_text="Players whose first game on the deal is settled (won, or left unfinished).")
    players_won = models.PositiveIntegerField(default=0, help_text="Of them, those who won without a hint.")
    win_moves_ratio = models.FloatField(
        null=True, blank=True, help_text="The winners' median counted moves over par.")
    win_seconds = models.FloatField(null=True, blank=True, help_text="The winners' median time, in seconds.")
    featured = models.BooleanField(default=False)
    honest_reference = models.JSONField(
        default=dict, blank=True,
        help_text="Klondike and Spider dailies: the reference honest player's runs on the deal "
                  "(fairplay/honest.py), what a ranked win is compared with.",
    )
    voided = models.BooleanField(default=False, help_text="Withdrawn from pools and schedules.")
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["variant", "number"], name="deal_unique_variant_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deal_number_positive"),
        ]
        indexes = [models.Index(fields=["variant", "in_pool", "status"], name="deal_pool_idx")]

    def __str__(self) -> str:
        return f"{self.variant} #{self.number}"

    @property
    def proven_winnable(self) -> bool:
        return self.status == SolverStatus.WINNABLE and not self.voided


class Daily(models.Model):
    class Source(models.TextChoices):
        SCHEDULE = "schedule", "staff (by number)"
        RESERVE = "reserve", "reserve"
        # Dailies made before the reserve existed came from the play pool; none is made so now.
        POOL = "pool", "play pool (before the reserve)"

    variant = models.CharField(max_length=20, choices=variant_choices)
    date = models.DateField()
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="dailies")
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.SCHEDULE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "dailies"
        ordering = ["-date", "variant"]
        constraints = [
            models.UniqueConstraint(fields=["variant", "date"], name="daily_unique_variant_date"),
        ]

    def __str__(self) -> str:
        return f"{self.variant} daily {self.date.isoformat()}"


class Game(models.Model):
    class State(models.TextChoices):
        PLAYING = "playing"
        WON = "won"

    class Kind(models.TextChoices):
        """``play``: free play or a daily (``daily`` says which). ``challenge``: a player's
        attempt at someone's challenge (the ``social`` app), ranked as a daily is."""

        PLAY = "play"
        CHALLENGE = "challenge"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games", null=True, blank=True
    )
    guest_key = models.CharField(
        max_length=64, blank=True, default="",
        help_text="A guest's game: the random id kept in the guest's session (not the session key).",
    )
    from_guest = models.BooleanField(
        default=False, help_text="Started by a guest, taken over by the account at log-in: never submitted."
    )
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="games")
    daily = models.ForeignKey(Daily, on_delete=models.PROTECT, null=True, blank=True, related_name="games")
    ranked = models.BooleanField(default=False)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PLAY)
    state = models.CharField(max_length=10, choices=State.choices, default=State.PLAYING)
    moves = models.TextField(blank=True, default="", help_text="Space-separated standard notation.")
    ply = models.PositiveIntegerField(default=0)
    server_times = models.JSONField(default=list, help_text="Receive time of each move, ms after start.")
    client_times = models.JSONField(default=list, help_text="Client clock of each move, ms after start.")
    undos = models.PositiveIntegerField(default=0)
    hints = models.PositiveIntegerField(default=0)
    plan = models.TextField(
        blank=True, default="",
        help_text="The winning line this game's hints follow: moves from the deal in canonical notation, "
                  "the log its beginning while the player follows it (solver/plans.py).",
    )
    in_race = models.BooleanField(
        default=False,
        help_text="A live race's game (races app): played through its race only, never the games API.",
    )
    position = models.TextField(
        blank=True, default="",
        help_text="Where the log leads, kept so that an append replays only its new moves: the log's "
                  "length, a digest and the packed position (games/kept.py); rebuilt from the log when "
                  "it does not match.",
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["player", "state", "-updated_at"], name="game_player_state_idx"),
            models.Index(fields=["guest_key", "-updated_at"], condition=Q(player__isnull=True),
                         name="game_guest_key_idx"),
            models.Index(fields=["updated_at"], condition=Q(player__isnull=True),
                         name="game_guest_expiry_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(player__isnull=False, guest_key="") | (Q(player__isnull=True) & ~Q(guest_key="")),
                name="game_player_or_guest",
            ),
            models.CheckConstraint(
                condition=Q(player__isnull=False, from_guest=False) | Q(ranked=False, daily__isnull=True),
                name="game_guest_unranked_free_play",
            ),
            models.UniqueConstraint(
                fields=["player", "daily"],
                condition=Q(ranked=True),
                name="game_one_ranked_per_player_daily",
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.id} ({self.deal}, ply {self.ply})"

    @property
    def move_list(self) -> list[str]:
        return self.moves.split() if self.moves else []

    @property
    def guest(self) -> bool:
        return self.player_id is None

    @property
    def ranked_attempt(self) -> bool:
        """A game that is someone's one ranked try: a first attempt at an open daily,
        or at a challenge. Its undos count, a hint ends it (``ranked`` goes), and its
        win is assessed for fair play as a daily's is."""
        return self.ranked and (self.daily_id is not None or self.kind == self.Kind.CHALLENGE)

    @property
    def records_wins(self) -> bool:
        """Whether a win is submitted, recorded and counted in stats: a player's own
        game. A guest's game, or one an account took over from a guest, is just won."""
        return self.player_id is not None and not self.from_guest


class Submission(models.Model):
    """A finished log waiting for (or past) the worker's independent replay."""

    class Status(models.TextChoices):
        PENDING = "pending"
        ACCEPTED = "accepted"
        REJECTED = "rejected"

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="submission")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    moves = models.TextField(help_text="The log as submitted, frozen.")
    attempts = models.PositiveIntegerField(default=0)
    reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    validated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "created_at"], name="submission_status_idx")]

    def __str__(self) -> str:
        return f"submission {self.pk} ({self.status})"


class Result(models.Model):
    """A validated win: every number here was derived by the server."""

    submission = models.OneToOneField(Submission, on_delete=models.CASCADE, related_name="result")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="result")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="results")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="results")
    daily = models.ForeignKey(Daily, on_delete=models.PROTECT, null=True, blank=True, related_name="results")
    ranked = models.BooleanField(default=False)
    moves = models.PositiveIntegerField()
    duration_ms = models.BigIntegerField(help_text="Server-measured, from start to the winning move.")
    undos = models.PositiveIntegerField(default=0)
    hints = models.PositiveIntegerField(default=0)
    finished_at = models.DateTimeField()
    counted_moves = models.PositiveIntegerField(
        default=0, help_text="The ranked move total: moves played, those taken back included."
    )
    flagged = models.BooleanField(default=False, help_text="Held back from leaderboards for review.")
    flag_reason = models.CharField(max_length=200, blank=True)
    voided = models.BooleanField(default=False)
    fairplay_score = models.FloatField(
        null=True, blank=True, help_text="Engine-assistance score of a ranked daily win (0 to 1)."
    )
    fairplay_evidence = models.JSONField(
        default=dict, blank=True, help_text="Signals, closest solver preset and think times behind the score."
    )
    links = models.JSONField(
        default=list, blank=True,
        help_text="Other accounts' games on the same daily from this browser or address, or with a "
                  "near-identical line, as found when the result was recorded.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "daily"],
                condition=Q(ranked=True),
                name="result_one_ranked_per_player_daily",
            ),
        ]
        indexes = [
            models.Index(
                fields=["daily", "counted_moves", "duration_ms", "finished_at"],
                condition=Q(ranked=True, flagged=False, voided=False),
                name="result_daily_board_idx",
            ),
            models.Index(fields=["deal", "player"], name="result_deal_player_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.deal}: {self.moves} moves"

    @property
    def review(self) -> str:
        """Where a fair-play review stands: ``held`` (flagged, off the boards until staff
        look), ``cleared`` (flagged once, ranked after review), ``voided``, or ''."""
        if self.voided:
            return "voided"
        if self.flagged:
            return "held"
        return "cleared" if self.flag_reason else ""

    @property
    def counts(self) -> bool:
        return not self.flagged and not self.voided


class GameOrigin(models.Model):
    """Where a daily game was started or won from: a keyed hash of the client's address and
    the browser's long-lived id (``games.browser_ids``). Two accounts' games on one daily
    from the same browser or address are linked for staff (``games.services.links``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="origins")
    daily = models.ForeignKey(Daily, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    address = models.CharField(max_length=64, help_text="Keyed hash of the client's address.")
    browser = models.CharField(max_length=64, blank=True, help_text="The browser's id cookie, if any.")
    seen_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "address", "browser"], name="game_origin_unique"),
        ]
        indexes = [
            models.Index(fields=["daily", "address"], name="game_origin_daily_address_idx"),
            models.Index(fields=["daily", "browser"], name="game_origin_daily_browser_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} from {self.address[:8]}/{self.browser[:8]}"


class PlayerStreak(models.Model):
    """Daily wins and streaks per player and variant, kept by ``result_record``."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="streaks")
    variant = models.CharField(max_length=20, choices=variant_choices)
    daily_wins = models.PositiveIntegerField(default=0)
    current_streak = models.PositiveIntegerField(default=0)
    best_streak = models.PositiveIntegerField(default=0)
    last_daily_date = models.DateField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "variant"], name="streak_unique_player_variant"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.variant}: {self.daily_wins} daily wins"


class Suspension(models.Model):
    """A player kept off every board while the row exists (lifting deletes it; the audit log keeps it)."""

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="suspension"
    )
    reason = models.CharField(max_length=300)
    suspended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.player} suspended: {self.reason}"


class ScheduleRequest(models.Model):
    """Staff asked for a deal nobody has proven yet: scheduled once the worker proves it, or refused."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SCHEDULED = "scheduled"
        REFUSED = "refused"

    variant = models.CharField(max_length=20)
    date = models.DateField()
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="schedule_requests")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reason = models.CharField(max_length=300, blank=True)
    via = models.CharField(max_length=10, default="admin")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    outcome = models.CharField(
        max_length=300, blank=True, help_text="Why it was refused, or what was scheduled."
    )
    daily = models.ForeignKey(Daily, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.variant} #{self.deal.number} on {self.date.isoformat()} ({self.status})"


class DailyVariant(models.Model):
    """One switch of a variant's daily, on or off, from a date: staff's choice of whether a
    variant is played as a daily on each day. On a day no switch reaches, the catalogue's
    ``daily_default`` holds; a switch without a date (made before switches had dates) holds
    from the beginning. The latest switch reaching a day decides it, so the rows are the
    variant's whole history and a past day is judged as it was then.
    ``games.catalogue.daily_on`` reads them. Written only by ``games.services.daily_variants``,
    which audits and refreshes the cache."""

    variant = models.CharField(max_length=20)
    enabled = models.BooleanField()
    effective_from = models.DateField(
        null=True, blank=True, help_text="The first UTC day the switch holds; empty: from the beginning."
    )
    reason = models.CharField(max_length=300, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["variant", models.F("effective_from").asc(nulls_first=True), "id"]
        indexes = [models.Index(fields=["variant", "effective_from"], name="daily_switch_variant_from")]

    def __str__(self) -> str:
        since = f" from {self.effective_from}" if self.effective_from else ""
        return f"{self.variant} daily {'on' if self.enabled else 'off'}{since}"


class FillJob(models.Model):
    """Staff asked for every empty date of a range to get a daily: what the reserve held was
    scheduled at once, the worker solves new deals for the rest in bounded steps
    (``games.services.fill_jobs``). The counts are the admin's progress; ``worker_seconds``
    is the time the worker's steps took."""

    class Status(models.TextChoices):
        RUNNING = "running"
        DONE = "done"
        STOPPED = "stopped", "stopped (gaps left)"

    variant = models.CharField(max_length=20)
    first = models.DateField()
    last = models.DateField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    days_wanted = models.PositiveIntegerField(default=0, help_text="Dates of the range that had no daily.")
    filled = models.PositiveIntegerField(default=0)
    waiting = models.PositiveIntegerField(default=0, help_text="Dates still waiting for a proven deal.")
    failed = models.PositiveIntegerField(default=0, help_text="Dates left empty: begun, or given up.")
    solved = models.PositiveIntegerField(default=0, help_text="Deals the worker proved for this fill.")
    steps = models.PositiveIntegerField(default=0)
    worker_seconds = models.FloatField(default=0.0, help_text="Wall time of the worker's steps.")
    worker_cpu_seconds = models.FloatField(
        default=0.0, help_text="CPU time of the worker's steps (the solver runs in the worker's process)."
    )
    lease_until = models.DateTimeField(null=True, blank=True, help_text="A step is running until then.")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reason = models.CharField(max_length=300, blank=True)
    via = models.CharField(max_length=10, default="admin")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"fill {self.variant} {self.first.isoformat()} to {self.last.isoformat()} ({self.status})"


class DifficultyCalibration(models.Model):
    """A variant's difficulty calibration (``games.difficulty.Calibration``), computed from its
    proven deals by ``games.services.difficulty.difficulty_calibrate``: the worker after proofs and
    hourly, or ``manage.py difficulty_calibrate``."""

    variant = models.CharField(max_length=20, unique=True)
    deals = models.PositiveIntegerField(default=0, help_text="Proven deals it was computed from.")
    figures = models.JSONField(default=dict)
    computed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.variant} difficulty from {self.deals} deals"


class DifficultyPlan(models.Model):
    """The band a fill gives each weekday of a variant's calendar ('' any). Written only by
    ``games.services.difficulty_plans``, which audits each change."""

    variant = models.CharField(max_length=20, unique=True)
    monday = models.CharField(max_length=6, blank=True, choices=DIFFICULTY_CHOICES)
    tuesday = models.CharField(max_length=6, blank=True, choices=DIFFICULTY_CHOICES)
    wednesday = models.CharField(max_length=6, blank=True, choices=DIFFICULTY_CHOICES)
    thursday = models.CharField(max_length=6, blank=True, choices=DIFFICULTY_CHOICES)
    friday = models.CharField(max_length=6, blank=True, choices=DIFFICULTY_CHOICES)
    saturday = models.CharField(max_length=6, blank=True, choices=DIFFICULTY_CHOICES)
    sunday = models.CharField(max_length=6, blank=True, choices=DIFFICULTY_CHOICES)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.variant} difficulty plan"
