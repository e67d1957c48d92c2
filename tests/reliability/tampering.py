"""Tampered replays: mutations of valid winning logs, each with what the rules say must happen.

Every mutation starts from a solver line that the engine has replayed to a win
(``tests/support/lines.py``) and changes it the way a cheat or a broken client
would. A mutation that still replays to a legal win is not tampering (two
independent moves swapped, say) and is drawn again. The expected outcome is
fixed here, from the rules:

- ``illegal``: refused, with the 1-based index of the first move the rules
  refuse; a mutation never makes a move before its own position illegal, and an
  inserted illegal move (over capacity, a forbidden foundation return) is refused
  exactly where it was inserted, with its check;
- ``not_won``: every move is legal but the log does not win;
- ``time_backwards``: the client clock goes back at a known move;
- ``flagged``: a legal win played faster than a human can (by the client clock
  or the server's), recorded but held back from every leaderboard.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import engine
from tests.support.lines import winning_line

# (variant, number) of the logs that are tampered with; the first two are the dailies.
DAILY_DEALS = {"freecell": ("freecell", 24), "forecell": ("forecell", 2)}
DEALS = [
    ("freecell", 24), ("forecell", 2), ("freecell", 31), ("freecell-tableau", 25),
    ("freecell-classic", 50), ("forecell", 7),
]
# Variants where a foundation card never comes back (freecell-tableau: never into a cell).
FORBIDS_RETURNS = [("freecell-classic", 50), ("forecell", 2), ("forecell", 7), ("freecell-tableau", 25)]

# How many of each; 1,200 in all.
PLAN = {
    "moves_swapped": 150,      # two adjacent moves exchanged
    "card_swapped": 150,       # a move takes its card from another pile
    "move_dropped": 150,
    "move_duplicated": 150,
    "over_capacity": 150,      # a group move larger than the free cells and columns allow
    "foundation_return": 100,  # a card back from the foundation where the variant forbids it
    "forged_win": 100,         # a log that stops short of the win, or goes on past it
    "other_deal": 100,         # the winning log of another deal
    "time_backwards": 100,     # a client time earlier than the one before it
    "too_fast": 50,            # a legal win, faster than FAIRPLAY_MIN_MS_PER_DECISION allows
}
PILES = [*"12345678", *"abcd"]
HUMAN_MS = 4000  # client milliseconds per move for logs that are not about timing


@dataclass(frozen=True)
class Mutation:
    kind: str
    variant: str
    number: int
    moves: tuple[str, ...]
    client_times: tuple[int, ...]
    expect: str                     # illegal | not_won | time_backwards | flagged
    index: int | None = None        # first bad move (1-based), for illegal and time_backwards
    check: str | None = None        # engine check of an inserted illegal move
    at: int = 1                     # 1-based position of the first changed move
    server_fast: bool = False       # flagged by the server's clock (the game is not backdated)

    @property
    def daily(self) -> str | None:
        return next((v for v, deal in DAILY_DEALS.items() if deal == (self.variant, self.number)), None)


def human_times(count: int) -> tuple[int, ...]:
    return tuple(HUMAN_MS * (i + 1) for i in range(count))


def _positions(variant: str, number: int, line: tuple[str, ...]) -> list:
    """positions[i] is the position before move i (0-based); the last one is won."""
    position = engine.deal(variant, number)
    out = [position]
    for move in line:
        position = engine.apply_move(position, move)
        out.append(position)
    return out


def _judge(variant: str, number: int, moves: list[str], at: int, kind: str, **extra) -> Mutation | None:
    """The rules' verdict on a mutated log, or None when it is still a legal win."""
    result = engine.replay(engine.deal(variant, number), moves)
    times = human_times(len(moves))
    if result.error_index is not None:
        assert result.error_index >= at, (kind, at, result.error_index)
        return Mutation(kind, variant, number, tuple(moves), times, "illegal", result.error_index,
                        getattr(result.error, "check", "notation"), at, **extra)
    if not result.won:
        return Mutation(kind, variant, number, tuple(moves), times, "not_won", None, None, at, **extra)
    return None


def _moves_swapped(rng, variant, number, line, positions):
    i = rng.randrange(len(line) - 1)
    moves = list(line)
    moves[i], moves[i + 1] = moves[i + 1], moves[i]
    return _judge(variant, number, moves, i + 1, "moves_swapped")


def _card_swapped(rng, variant, number, line, positions):
    i = rng.randrange(len(line))
    move = line[i]
    source = move[:2] if move.startswith("h") else move[0]
    other = rng.choice([p for p in PILES if p != source])
    moves = list(line)
    moves[i] = other + move[len(source):]
    return _judge(variant, number, moves, i + 1, "card_swapped")


def _move_dropped(rng, variant, number, line, positions):
    i = rng.randrange(len(line))
    return _judge(variant, number, [*line[:i], *line[i + 1:]], i + 1, "move_dropped")


def _move_duplicated(rng, variant, number, line, positions):
    i = rng.randrange(len(line))
    return _judge(variant, number, [*line[:i + 1], line[i], *line[i + 1:]], i + 2, "move_duplicated")


def _inserted(rng, variant, number, line, positions, kind, candidates, check):
    """Insert, at a random ply, a move the rules refuse there with ``check``."""
    for _ in range(200):
        i = rng.randrange(len(line))
        move = rng.choice(candidates(positions[i]))
        if move is None:
            continue
        try:
            engine.apply_move(positions[i], move)
        except engine.IllegalMoveError as error:
            if error.check != check:
                continue
        else:
            continue
        moves = [*line[:i], move, *line[i:]]
        mutation = _judge(variant, number, moves, i + 1, kind)
        assert mutation.index == i + 1 and mutation.check == check, mutation
        return mutation
    return None


GROUP_MOVES = [
    f"{s}{d}v{n:x}" for s in range(1, 9) for d in range(1, 9) if s != d for n in range(2, 14)
]


def _group_moves(position) -> list[str]:
    return GROUP_MOVES


def _foundation_returns(position) -> list[str | None]:
    out: list[str | None] = [None]
    for suit, top in zip("hcds", position.foundations, strict=True):
        if top:
            out += [f"h{suit}{dest}" for dest in PILES]
    return out


def _over_capacity(rng, variant, number, line, positions):
    return _inserted(rng, variant, number, line, positions, "over_capacity", _group_moves, "capacity")


def _foundation_return(rng, variant, number, line, positions):
    return _inserted(rng, variant, number, line, positions, "foundation_return", _foundation_returns, "variant")


def _forged_win(rng, variant, number, line, positions):
    if rng.random() < 0.5:  # stops short: every move legal, no win
        cut = rng.randrange(1, 12)
        return _judge(variant, number, list(line[:-cut]), len(line) - cut + 1, "forged_win")
    extra = rng.choice([m for m in [*_foundation_returns(positions[-1]), "1a", "a1", "12"] if m])
    return _judge(variant, number, [*line, extra], len(line) + 1, "forged_win")


def _other_deal(rng, variant, number, line, positions):
    other = rng.choice([n for n in (24, 31, 617, 1000, 11, 2, 3, 7) if n != number])
    try:
        foreign = winning_line(variant, other)
    except AssertionError:
        return None
    return _judge(variant, number, list(foreign), 1, "other_deal")


def _time_backwards(rng, variant, number, line, positions):
    i = rng.randrange(1, len(line))
    times = list(human_times(len(line)))
    times[i] = times[i - 1] - rng.randrange(1, HUMAN_MS)
    return Mutation("time_backwards", variant, number, tuple(line), tuple(times), "time_backwards",
                    i + 1, None, i + 1)


def _too_fast(rng, variant, number, line, positions):
    server_fast = rng.random() < 0.5
    per_move = HUMAN_MS if server_fast else rng.randrange(0, 100)
    times = tuple(per_move * (i + 1) for i in range(len(line)))
    return Mutation("too_fast", variant, number, tuple(line), times, "flagged", None, None, 1,
                    server_fast=server_fast)


MAKERS = {
    "moves_swapped": _moves_swapped, "card_swapped": _card_swapped, "move_dropped": _move_dropped,
    "move_duplicated": _move_duplicated, "over_capacity": _over_capacity,
    "foundation_return": _foundation_return, "forged_win": _forged_win, "other_deal": _other_deal,
    "time_backwards": _time_backwards, "too_fast": _too_fast,
}


def mutations(seed: int = 20261129) -> list[Mutation]:
    """The 1,200 mutations of ``PLAN``, the same ones on every run."""
    rng = random.Random(seed)
    lines = {deal: winning_line(*deal) for deal in DEALS}
    positions = {deal: _positions(*deal, line) for deal, line in lines.items()}
    out: list[Mutation] = []
    for kind, count in PLAN.items():
        deals = FORBIDS_RETURNS if kind == "foundation_return" else DEALS
        made = 0
        while made < count:
            deal = deals[made % len(deals)]
            mutation = MAKERS[kind](rng, *deal, lines[deal], positions[deal])
            if mutation is not None:
                out.append(mutation)
                made += 1
    return out


def summary(items: list[Mutation]) -> Counter:
    return Counter((m.kind, m.expect) for m in items)
