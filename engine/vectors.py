"""Conformance vectors: the engine's answers, written as JSON for other
implementations of these rules (the JavaScript client) to test against.

``python -m engine vectors --out tests/vectors/conformance.json``; the
output is deterministic (fixed seeds, fixed order). Schema: docs/engine.md.
"""

from __future__ import annotations

import json
import random

from engine.cards import DECK, RANKS, SUITS
from engine.errors import IllegalMoveError
from engine.families.freecell import Position, parse_move, supermove_capacity
from engine.notation import COLUMN, FOUNDATION, format_move
from engine.play import (
    apply_move,
    auto_finish_moves,
    auto_finish_ready,
    deal,
    is_stuck,
    is_won,
    legal_moves,
    perft,
    perft_moves,
    position_to_json,
    replay,
    resolve_move,
)
from engine.rules import RULESETS, VARIANTS, ruleset_to_json
from engine.scenarios import named_positions
from engine.stock_vectors import stock_vectors
from engine.vector_cases import MOVE_CASES, NOTATION_CASES, replay_cases
from engine.vector_lines import canonical_line_vectors
from engine.vector_logs import SOLUTIONS

VERSION = 1
_DEALS = (
    [(v, n) for v in VARIANTS[:3] for n in (1, 24, 617)]
    + [("freecell", n) for n in (11982, 32000, 2**31, 2**32 + 1, 8_589_934_591)]
    + [("forecell", n) for n in (1, 2, 3, 32000, 32001, 10**20 - 1)]
)
_WALKS = [(v, n) for v in VARIANTS[:3] for n in (24, 1000)] + [("forecell", 3), ("forecell", 5)]


def build_vectors() -> dict:
    """All vectors as one JSON-ready dict (see docs/engine.md for the schema)."""
    walked = _walk_positions()
    return {
        "version": VERSION,
        "rulesets": [ruleset_to_json(ruleset) for ruleset in RULESETS.values()],
        "cards": {"ranks": RANKS, "suits": SUITS, "red": ["H", "D"], "deck": [str(c) for c in DECK]},
        "deals": [
            {"variant": v, "number": n, "position": position_to_json(deal(v, n))} for v, n in _DEALS
        ],
        "positions": [_position_entry(name, p) for name, p in _starts() + named_positions() + walked],
        "moves": _move_entries(walked),
        "notation": [
            {"text": text, "canonical": _canonical_text(text)} for text in NOTATION_CASES
        ],
        "replays": [_replay_entry(v, n, log) for v, n, log in replay_cases(SOLUTIONS)],
        "perft": _perft_entries(),
        **stock_vectors(),  # Klondike and Spider
        "canonical_lines": canonical_line_vectors(),
    }


def vectors_json() -> str:
    """The vectors as text: one entry per line, so that diffs stay readable."""
    data = build_vectors()
    parts = []
    for key, value in data.items():
        if isinstance(value, list):
            rows = ",\n".join("  " + json.dumps(row) for row in value)
            parts.append(f'"{key}": [\n{rows}\n]')
        else:
            parts.append(f'"{key}": {json.dumps(value)}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _starts() -> list[tuple[str, Position]]:
    starts = [(f"deal-{n}/{v}", deal(v, n)) for v in VARIANTS[:3] for n in (24, 617)]
    return starts + [(f"deal-{n}/forecell", deal("forecell", n)) for n in (1, 2, 3)]


def _position_entry(name: str, position: Position) -> dict:
    empty = [i for i, column in enumerate(position.columns) if not column]
    return {
        "name": name,
        "variant": position.variant,
        "position": position_to_json(position),
        "legal_moves": [format_move(m) for m in legal_moves(position)],
        "capacity": {
            "to_occupied": supermove_capacity(position, None),
            "to_empty": supermove_capacity(position, empty[0]) if empty else None,
        },
        "auto_finish_ready": auto_finish_ready(position),
        "auto_finish_moves": [format_move(m) for m in auto_finish_moves(position)],
        "stuck": is_stuck(position),
        "won": is_won(position),
    }


def _walk_positions() -> list[tuple[str, Position]]:
    """Positions met along seeded random play, every fifth ply of 60."""
    found = []
    for variant, number in _WALKS:
        rng = random.Random(f"{variant}/{number}")
        position = deal(variant, number)
        for ply in range(1, 61):
            moves = perft_moves(position)
            if not moves:
                break
            home = [m for m in moves if m.destination == FOUNDATION]
            position = apply_move(position, rng.choice(home if home and rng.random() < 0.6 else moves))
            if ply % 5 == 0:
                found.append((f"walk-{number}-ply-{ply}/{variant}", position))
    return found


def _move_entry(name: str, position: Position, text: str) -> dict:
    try:
        result, error = position_to_json(apply_move(position, text)), None
        canonical = format_move(resolve_move(position, text))
    except IllegalMoveError as refusal:
        result, error, canonical = None, refusal.to_json(), None
    return {
        "name": name,
        "position": position_to_json(position),
        "move": text,
        "canonical": canonical,
        "result": result,
        "error": error,
    }


def _move_entries(walked: list[tuple[str, Position]]) -> list[dict]:
    boards = dict(named_positions() + _starts())
    entries = [_move_entry(name, boards[board], text) for name, board, text in MOVE_CASES]
    rng = random.Random("moves")
    for name, position in walked[::3]:
        legal = [format_move(m) for m in legal_moves(position)]
        for text in sorted(set(rng.sample(legal, min(2, len(legal))) + _random_texts(rng, 3))):
            entries.append(_move_entry(f"{name}/{text}", position, text))
    return entries


def _random_texts(rng: random.Random, count: int) -> list[str]:
    sources = [str(i) for i in range(1, 9)] + list("abcd") + ["hh", "hc", "hd", "hs"]
    targets = [str(i) for i in range(1, 9)] + list("abcd") + ["h"]
    texts = []
    for _ in range(count):
        text = rng.choice(sources) + rng.choice(targets)
        move = parse_move(text)
        if move.source == move.destination == COLUMN and rng.random() < 0.5:
            text += f"v{rng.randint(1, 6):x}"
        texts.append(text)
    return texts


def _canonical_text(text: str) -> str | None:
    try:
        return format_move(parse_move(text))
    except ValueError:
        return None


def _replay_entry(variant: str, number: int, log: list[str]) -> dict:
    result = replay(deal(variant, number), log)
    return {
        "variant": variant,
        "number": number,
        "moves": log,
        "won": result.won,
        "moves_count": result.moves,
        "error_index": result.error_index,
        "error": None if result.error is None else _error_json(result.error),
    }


def _error_json(error: ValueError) -> dict:
    if isinstance(error, IllegalMoveError):
        return error.to_json()
    return {"check": "notation", "message": str(error)}


def _perft_entries() -> list[dict]:
    entries = []
    for variant, number, depth in [("freecell-classic", 24, 3), ("freecell", 24, 2),
                                   ("freecell-tableau", 24, 2), ("freecell-classic", 617, 2),
                                   ("forecell", 3, 3), ("forecell", 1, 2)]:
        for d in range(depth + 1):
            count = perft(deal(variant, number), d)
            entries.append({"variant": variant, "deal": number, "depth": d, "count": count})
    for name, position in named_positions():
        examples = ("group-move-", "freecell-six-", "foundation-returns", "king-only", "auto-finish-ready")
        if name.startswith(examples):
            entries.append({"variant": position.variant, "name": name,
                            "position": position_to_json(position), "depth": 2,
                            "count": perft(position, 2)})
    return entries


