"""Humanly implausible finishes: recorded, flagged, kept off the boards until reviewed.

Foundation moves do not count (auto-finish and autoplay send them in bursts);
every other move is a decision, and a person needs at least
``FAIRPLAY_MIN_MS_PER_DECISION`` for each. Three clocks are read: the server's
time for the whole game, the server's time between one batch of moves and the
next (a few slow moves and then the rest of a solution at once is not play), and the
client's own clock. A batch of a dozen decisions or more is never play, however
long the wait before it.
"""

from itertools import groupby

from django.conf import settings

from games.models import Game

#: A batch this large or larger must have taken its decisions' time to arrive.
BURST_DECISIONS = 4
#: A batch this large is not play as the client sends it (a move at a time, a
#: few at most after a dropped connection) whatever time it took: a whole
#: solution pasted in after a wait would pass every clock.
WHOLESALE_DECISIONS = 12


def _is_decision(move: str) -> bool:
    return not move.endswith("h")


def _batches(game: Game) -> list[tuple[int, int]]:
    """(receive time in ms, decisions in the batch) for each batch, in order."""
    pairs = zip(game.server_times, game.move_list, strict=False)
    return [
        (ms, sum(_is_decision(move) for _, move in group))
        for ms, group in groupby(pairs, key=lambda pair: pair[0])
    ]


def fairplay_flag(game: Game) -> str:
    """Why this finish is too fast for a person, or '' when it is not."""
    floor = settings.FAIRPLAY_MIN_MS_PER_DECISION
    decisions = sum(_is_decision(move) for move in game.move_list)
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
    return ""
