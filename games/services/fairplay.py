"""Humanly implausible finishes: recorded, flagged, kept off the boards until reviewed.

Two checks run when a win is validated. ``fairplay_flag`` reads the clocks (below).
``fairplay_assess`` scores a ranked daily win for engine assistance
(``fairplay/``): a score at or above ``FAIRPLAY_HOLD_SCORE`` holds the
result for review with its evidence (``flagged``, as the clocks' flag does); staff
clear or void it in the admin through the curation services
(``results_flag_clear`` / ``results_void``).

Foundation moves do not count (auto-finish and autoplay send them in bursts);
every other move is a decision, and a person needs at least
``FAIRPLAY_MIN_MS_PER_DECISION`` for each. Three clocks are read: the server's
time for the whole game, the server's time between one batch of moves and the
next (a few slow moves and then the rest of a solution at once is not play), and the
client's own clock. A batch of a dozen decisions or more is never play, however
long the wait before it. Nor is a pace that never varies: over
``METRONOME_DECISIONS`` decisions or more, think times whose spread
(``fairplay/timing.spread``) stays within ``METRONOME_SPREAD`` are a
script's clock, whichever solver chose the moves.

The assessment searches each shipped preset's line from the positions the
player's line leads to, a second or more of solver time for a person's line.
So that a win need not wait for all of it, the search follows the game: every
``WARM_EVERY_DECISIONS`` decisions of a ranked daily game, the worker walks the
line so far against the presets (``fairplay_warm``), and the lines it finds are
kept in the shared cache (fc-solve is deterministic, and a walk over a prefix of
the line asks what the walk over the whole line asks first). The win's own
assessment then walks the whole line as before, searching only what is new.
"""

from collections.abc import Sequence
from itertools import groupby

from django.conf import settings

from fairplay import timing
from fairplay.agreement import line_agreement
from fairplay.score import assess, presets_play
from fairplay.timing import is_decision
from games.models import Game
from games.referee import start_position
from games.services.clairvoyance import clairvoyance_assess
from games.services.solving import SolverCache

#: A batch this large or larger must have taken its decisions' time to arrive.
BURST_DECISIONS = 4
#: A batch this large is not play as the client sends it (a move at a time, a
#: few at most after a dropped connection) whatever time it took: a whole
#: solution pasted in after a wait would pass every clock.
WHOLESALE_DECISIONS = 12
#: People's think times spread about 1 (standard deviation over mean); a script's
#: fixed pace stays near 0 however slow it is set.
METRONOME_SPREAD = 0.2
METRONOME_DECISIONS = 20
#: A ranked daily game in play is walked against the presets each time its
#: decisions pass a multiple of this (a person's line leaves every preset within
#: a few dozen decisions, so a handful of walks, each searching only what is new).
WARM_EVERY_DECISIONS = 8


def _batches(game: Game) -> list[tuple[int, int]]:
    """(receive time in ms, decisions in the batch) for each batch, in order."""
    pairs = zip(game.server_times, game.move_list, strict=False)
    return [
        (ms, sum(is_decision(move) for _, move in group))
        for ms, group in groupby(pairs, key=lambda pair: pair[0])
    ]


def fairplay_flag(game: Game) -> str:
    """Why this finish is too fast for a person, or '' when it is not."""
    floor = settings.FAIRPLAY_MIN_MS_PER_DECISION
    decisions = sum(is_decision(move) for move in game.move_list)
    total_ms = game.server_times[-1] if game.server_times else 0
    if total_ms < decisions * floor:
        return f"{total_ms} ms for {decisions} decisions (at least {decisions * floor} ms)"
    previous = 0
    for ms, batch_decisions in _batches(game):
        if batch_decisions >= WHOLESALE_DECISIONS:
            return f"{batch_decisions} decisions arrived in a single request"
        if batch_decisions >= BURST_DECISIONS and ms - previous < batch_decisions * floor:
            return f"{batch_decisions} decisions arrived {ms - previous} ms after the previous batch"
        previous = ms
    client_ms = game.client_times[-1] if game.client_times else 0
    if client_ms < decisions * floor:
        return f"the client's clock says {client_ms} ms for {decisions} decisions"
    think = timing.think_times(game.move_list, game.server_times, game.client_times)
    spread = timing.spread(think)
    if len(think) >= METRONOME_DECISIONS and spread <= METRONOME_SPREAD:
        return f"{len(think)} decisions at a fixed pace (spread {spread:.2f}; people's is near 1)"
    return ""


def fairplay_assess(*, game: Game) -> dict | None:
    """The engine-assistance evidence of a ranked attempt's win, a daily's or a challenge's
    (None for any other game): the score, its signals, the closest shipped solver preset
    and the think times."""
    if not game.ranked_attempt:
        return None
    start = start_position(game.deal.variant, game.deal.number)
    assessment = assess(start, game.move_list, game.server_times, game.client_times,
                        undos=game.undos, seconds=settings.FAIRPLAY_ASSESS_SECONDS,
                        lines=SolverCache("fairplay"))
    evidence = assessment.evidence(settings.FAIRPLAY_HOLD_SCORE)
    if not presets_play(game.deal.variant):  # Klondike, Spider: services/clairvoyance.py
        evidence["clairvoyance"] = clairvoyance_assess(game=game, counted_moves=game.ply + game.undos)
    return evidence


def assisted_reason(evidence: dict | None) -> str:
    """Why staff should look at this win ('' below the threshold). Staff read it; the
    player only sees that the result is under review."""
    if not evidence or evidence["score"] < evidence["threshold"]:
        return ""
    followed = evidence.get("followed")
    if followed and evidence["signals"].get("followed_after_dodge"):
        return (f"engine-assistance score {evidence['score']:.2f}: an opening that no preset plays, "
                f"then {followed['rate']:.0%} of decisions a fast preset's next move")[:200]
    return (f"engine-assistance score {evidence['score']:.2f}: {evidence['agreement']:.0%} of "
            f"decisions were preset {evidence['preset']}'s own moves")[:200]


def fairplay_warm_due(variant: str, before: Sequence[str], after: Sequence[str]) -> bool:
    """Whether a batch that took a game's log from ``before`` to ``after`` passed a
    multiple of ``WARM_EVERY_DECISIONS`` decisions (see the module notes), in a
    variant with presets to walk."""
    def walks(moves):
        return sum(map(is_decision, moves)) // WARM_EVERY_DECISIONS

    return presets_play(variant) and walks(after) > walks(before)


def fairplay_warm_line(*, variant: str, number: int, moves: Sequence[str]) -> int:
    """Walk ``moves`` against the shipped presets, keeping their lines in the shared
    cache; returns the searches that were not kept already."""
    searched = 0

    class Counted(SolverCache):
        def set(self, key, value):
            nonlocal searched
            searched += 1
            super().set(key, value)

    line_agreement(start_position(variant, number), moves, seconds=settings.FAIRPLAY_ASSESS_SECONDS,
                   lines=Counted("fairplay"))
    return searched


def fairplay_warm(*, game_id) -> int:
    """The worker's walk of a ranked daily game still in play (see the module notes);
    returns the searches made. Nothing is recorded but the kept preset lines."""
    game = Game.objects.select_related("deal").filter(pk=game_id).first()
    if game is None or not game.ranked_attempt or game.state != Game.State.PLAYING:
        return 0
    return fairplay_warm_line(variant=game.deal.variant, number=game.deal.number, moves=game.move_list)
