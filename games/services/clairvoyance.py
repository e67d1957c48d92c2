"""The clairvoyance check of Klondike and Spider dailies: the honest reference, and the verdict.

When a stock daily is scheduled (by staff, a fill, beat or startup: on commit),
the worker plays the reference honest player (``fairplay/honest.py``) on its
deal, ``REFERENCE_RUNS`` games in rounds of ``REFERENCE_SECONDS`` (one task each,
the next queued by the last), and stores what it reached on the deal
(``Deal.honest_reference``): its wins' counted moves, its win rate, and the
hindsight measure and nearness to the deal's stored full-knowledge line of
its lines. A ranked win of that daily is held for review when

- its counted moves are far below every honest win (``MOVES_HOLD_SHARE`` of the
  fewest, with at least ``MIN_HONEST_WINS`` honest wins to compare with); or
- it is the stored full-knowledge line, or nearly (``LINE_HOLD`` of its moves in
  order), where no honest line came near (all below ``HONEST_LINE_CEILING``); or
- its choices between moves that turn hidden cards up picked the best hidden
  card far more often than chance (``clairvoyance.py``: z of ``HINDSIGHT_HOLD_Z``
  or more over ``HINDSIGHT_MIN_DECISIONS`` or more such choices).

The evidence (the reference, the win's counted moves, where they fall, the
hindsight counts) is kept with the result's fair-play evidence for staff.
"""

from django.conf import settings
from django.db import transaction

from fairplay.clairvoyance import hindsight_choices
from fairplay.honest import merged, reference, win_moves_share_at_or_below
from games import tasks
from games.models import Deal, Game
from games.referee import hides_cards, start_position
from games.services.links import line_nearness

#: Runs of the reference honest player per deal, played in rounds of at most
#: ``REFERENCE_SECONDS`` (inside the task's soft time limit), at most ``REFERENCE_ROUNDS``.
REFERENCE_RUNS = 60
REFERENCE_SECONDS = 9.0
REFERENCE_ROUNDS = 12
MIN_HONEST_WINS = 3
MOVES_HOLD_SHARE = 0.9
LINE_HOLD = 0.9
HONEST_LINE_CEILING = 0.6
HINDSIGHT_HOLD_Z = 3.0
HINDSIGHT_MIN_DECISIONS = 8


def reference_complete(found: dict) -> bool:
    return bool(found) and (found["runs"] >= REFERENCE_RUNS or found.get("rounds", 1) >= REFERENCE_ROUNDS)


def deal_reference_compute(*, deal_id: int, seconds: float = REFERENCE_SECONDS) -> dict:
    """One round of the reference honest player on a Klondike or Spider deal, added to
    what the deal holds; a deal whose reference is complete keeps it (the task may run
    twice). Returns the reference so far."""
    deal = Deal.objects.get(pk=deal_id)
    kept = deal.honest_reference or {}
    if not hides_cards(deal.variant) or reference_complete(kept):
        return kept
    start = start_position(deal.variant, deal.number)
    done = kept.get("runs", 0)
    found = reference(start, runs=REFERENCE_RUNS - done, seconds=seconds, seed=deal.number % 1_000_003,
                      first=done)
    solution = deal.solution.split()
    lines = found.pop("lines")
    found["nearness_max"] = max((line_nearness(list(line), solution) for line in lines),
                                default=0.0) if solution else None
    found = merged(kept, found)
    # Only onto what this round started from: a second chain of rounds on the deal (it was asked
    # for twice) loses its round here instead of counting runs twice.
    if not Deal.objects.filter(pk=deal.pk, honest_reference=kept).update(honest_reference=found):
        return Deal.objects.values_list("honest_reference", flat=True).get(pk=deal.pk)
    return found


def dailies_reference_request(dailies) -> int:
    """Ask the worker, once the transaction commits, for the honest reference of each stock
    daily's deal that has none (asked again, its rounds still add up once: see above).
    With eager Celery (the embedded default) nothing is asked: the reference would run
    inside the request or the startup, and a win is then judged without it."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return 0
    wanted = {d.deal_id for d in dailies if hides_cards(d.variant) and not d.deal.honest_reference}
    for deal_id in wanted:
        transaction.on_commit(lambda pk=deal_id: tasks.honest_reference_task.delay(pk))
    return len(wanted)


def clairvoyance_assess(*, game: Game, counted_moves: int) -> dict | None:
    """The clairvoyance evidence of a ranked Klondike or Spider daily win (None for others)."""
    if not (game.ranked and game.daily_id and hides_cards(game.deal.variant)):
        return None
    return clairvoyance_judge(start=start_position(game.deal.variant, game.deal.number), moves=game.move_list,
                              counted_moves=counted_moves, found=game.deal.honest_reference or {},
                              solution=game.deal.solution.split())


def clairvoyance_judge(*, start, moves: list[str], counted_moves: int, found: dict,
                       solution: list[str]) -> dict:
    """The rules of the module notes on a won line, against the deal's honest reference."""
    hindsight = hindsight_choices(start, moves)
    nearness = line_nearness(moves, solution) if solution else None
    wins = found.get("win_moves") or []
    reasons = []
    if len(wins) >= MIN_HONEST_WINS and counted_moves < MOVES_HOLD_SHARE * min(wins):
        reasons.append(f"{counted_moves} counted moves, honest wins {min(wins)} or more")
    honest_near = found.get("nearness_max")
    if nearness is not None and nearness >= LINE_HOLD and honest_near is not None \
            and honest_near < HONEST_LINE_CEILING:
        reasons.append(f"{nearness:.0%} the full-knowledge line (honest lines at most {honest_near:.0%})")
    if hindsight.decisions >= HINDSIGHT_MIN_DECISIONS and hindsight.z >= HINDSIGHT_HOLD_Z:
        reasons.append(f"hidden cards chosen best {hindsight.picked} of {hindsight.decisions} times "
                       f"(chance {hindsight.expected:.1f}, z {hindsight.z})")
    return {
        "reference": {key: found.get(key) for key in ("runs", "wins", "win_moves", "median_win_moves",
                                                      "nearness_max", "seconds")} if found else None,
        "counted_moves": counted_moves,
        "honest_wins_at_or_below": win_moves_share_at_or_below(found, counted_moves),
        "solution_nearness": nearness,
        "hindsight": hindsight.evidence(),
        "reasons": reasons,
    }


def clairvoyance_reason(evidence: dict | None) -> str:
    """Why staff should look at this stock win ('' when nothing holds it)."""
    if not evidence or not evidence["reasons"]:
        return ""
    return "clairvoyance: " + "; ".join(evidence["reasons"])
