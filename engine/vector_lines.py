"""The ``canonical_lines`` section of the conformance vectors: whole lines
written with the optional counts the notation allows (``41`` for ``41v1``,
``21v6`` onto a card, ``56v3`` in Klondike) and their canonical form, so that
the client and the engine agree on which two logs are the same line.
"""

from __future__ import annotations

import random

from engine.canonical import canonical_line
from engine.notation import format_move
from engine.play import apply_move, deal, legal_moves, position_to_json
from engine.stock_scenarios import stock_named_positions

_LINES = (
    ("freecell", 24), ("freecell-classic", 617), ("forecell", 3), ("freecell-tableau", 1000),
    ("klondike-draw1", 1), ("klondike-draw3", 32001), ("spider-1suit", 1), ("spider-2suits", 2),
    ("spider-4suits", 3),
)
_PLIES = 90
#: Spider positions with an empty column: the ``41`` / ``41v1`` case.
_SPIDER_GAPS = ("deal-needs-every-column/spider", "any-suit-one-higher/spider")


def canonical_line_vectors() -> list[dict]:
    """One entry per deal of ``_LINES``: ``moves`` as a player might write them,
    ``canonical`` as the engine writes them back."""
    starts = [(f"walk/{variant}/{number}", deal(variant, number)) for variant, number in _LINES]
    starts += [(f"walk/{name}", position) for name, position in stock_named_positions()
               if name.startswith(_SPIDER_GAPS)]
    entries = []
    for name, start in starts:
        written = _written_walk(start, random.Random(name))
        entries.append({"name": name, "variant": start.variant, "start": position_to_json(start),
                        "moves": written, "canonical": list(canonical_line(start, written))})
    return entries


def _written_walk(start, rng: random.Random) -> list[str]:
    """A seeded walk that prefers moves into empty columns and groups, each move
    written in its other accepted form where it has one."""
    position, written = start, []
    for _ in range(_PLIES):
        moves = legal_moves(position)
        if not moves:
            break
        move = rng.choice(_preferred(position, moves, rng))
        after = apply_move(position, move)
        written.append(_other_form(position, after, move))
        position = after
    return written


def _preferred(position, moves, rng: random.Random) -> list:
    """Moves into an empty column first, then moves that empty one, then any."""
    columns = [m for m in moves if m.source == m.destination == "column"]
    into = [m for m in columns if not position.columns[m.destination_index]]
    emptying = [m for m in moves if m.source == "column" and len(position.columns[m.source_index]) == 1]
    for group in (into, emptying, columns):
        if group and rng.random() < 0.8:
            return group
    return moves


def _other_form(position, after, move) -> str:
    text = format_move(move)
    if not move.source == move.destination == "column":
        return text
    if text.endswith("v1"):
        return text[:-2]  # one card into an empty column, written without its count
    if "v" in text:
        return text
    moved = len(position.columns[move.source_index]) - len(after.columns[move.source_index])
    return f"{text}v{moved:x}"
