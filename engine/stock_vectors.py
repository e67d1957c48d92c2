"""Conformance vectors for Klondike and Spider (the ``stock_*`` sections of
tests/vectors/conformance.json; schema in docs/engine.md).

Full positions (every card named, ``face_down`` counts) test the rules; the
``stock_views`` section tests play from the player's view: a view, a move,
the cards the server reveals, and the view after it.
"""

from __future__ import annotations

import random

from engine.errors import IllegalMoveError, NotationError
from engine.families.stock import StockPosition, parse_stock_move
from engine.families.stock.position import stock_position_to_json
from engine.play import (
    apply_move,
    apply_revealing,
    deal,
    is_stuck,
    is_won,
    legal_moves,
    perft,
    player_view,
    resolve_move,
)
from engine.rules import get_ruleset
from engine.stock_scenarios import stock_named_positions

STOCK_VARIANTS = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")
_DEAL_NUMBERS = (1, 2, 31999, 32000, 32001, 10**20 - 1)
_BOARD_MOVES = {
    "alternate-colours": "12 13 14 56 56v3 56v2 5h s wh w1 h1 hs1 11 17 71",
    "king-only-columns": "14 14v3 14v2 24 24v2 34 31 12 1h",
    "exposed-card-turns": "12 13 1h",
    "foundation-return": "hs1 hs2 hd1 hd4 hh5 hh1 hc1 3h 4h 1h hsh",
    "waste-top-only": "s",
    "stock-and-waste-empty": "s 1h w1 wh",
    "passes": "s wh",
    "any-suit-one-higher": "12 13 14 15 16 16v2 16v3 16v4 21 31v2 1h h1 hs1 s",
    "run-removal": "21 23 12 s",
    "deal-needs-every-column": "s 14 54",
    "removal-after-deal": "s 21",
}
_NOTATION = "s 35 35v4 30v1 09 w3 wh 3h hs5 hsh 8h 18 80 1a a1 w ww 3hv1 35v0 35v 35V2 S 0h hs0 1w 11"


def stock_vectors() -> dict:
    """The ``stock_*`` sections, JSON-ready."""
    named = stock_named_positions()
    walked = _walk_positions()
    return {
        "stock_deals": [
            {"variant": v, "number": n, "position": stock_position_to_json(deal(v, n))}
            for v in STOCK_VARIANTS for n in _DEAL_NUMBERS
        ],
        "stock_positions": [_position_entry(name, p) for name, p in _starts() + named + walked],
        "stock_moves": _move_entries(named, walked),
        "stock_notation": [
            {"variant": v, "text": text, "canonical": _canonical_text(text, v)}
            for v in ("klondike-draw1", "spider-4suits") for text in _NOTATION.split()
        ],
        "stock_views": _view_entries(walked),
        "stock_replays": _replay_entries(),
        "stock_perft": _perft_entries(named),
    }


def _starts() -> list[tuple[str, StockPosition]]:
    return [(f"deal-{n}/{v}", deal(v, n)) for v in STOCK_VARIANTS for n in (1, 32001)]


def _position_entry(name: str, position: StockPosition) -> dict:
    return {
        "name": name,
        "variant": position.variant,
        "position": stock_position_to_json(position),
        "legal_moves": [str(m) for m in legal_moves(position)],
        "stuck": is_stuck(position),
        "won": is_won(position),
    }


def random_game(
    variant: str, number: int, plies: int, home_share: float = 0.6
) -> tuple[StockPosition, list[str]]:
    """A seeded random game of legal moves; a foundation move, when there is
    one, is chosen ``home_share`` of the time."""
    rng = random.Random(f"{variant}/{number}")
    start = position = deal(variant, number)
    log = []
    for _ in range(plies):
        moves = legal_moves(position)
        if not moves:
            break
        home = [m for m in moves if m.destination == "foundation"]
        move = rng.choice(home if home and rng.random() < home_share else moves)
        log.append(str(move))
        position = apply_move(position, move)
    return start, log


def _walk_positions() -> list[tuple[str, StockPosition]]:
    """Positions met along seeded random play, every sixth ply of 60."""
    found = []
    for variant in STOCK_VARIANTS:
        start, log = random_game(variant, 7, 60)
        position = start
        for ply, text in enumerate(log, 1):
            position = apply_move(position, text)
            if ply % 6 == 0:
                found.append((f"walk-7-ply-{ply}/{variant}", position))
    return found


def _move_entry(name: str, position: StockPosition, text: str) -> dict:
    try:
        result = stock_position_to_json(apply_move(position, text))
        canonical, error = str(resolve_move(position, text)), None
    except IllegalMoveError as refusal:
        result, canonical, error = None, None, refusal.to_json()
    except NotationError as bad:
        result, canonical, error = None, None, {"check": "notation", "message": str(bad)}
    return {"name": name, "position": stock_position_to_json(position), "move": text,
            "canonical": canonical, "result": result, "error": error}


def _move_entries(named, walked) -> list[dict]:
    entries = []
    for name, position in named:
        board = name.split("/")[0]
        for text in _BOARD_MOVES[board].split():
            entries.append(_move_entry(f"{name}/{text}", position, text))
    rng = random.Random("stock moves")
    for name, position in walked[::2]:
        legal = [str(m) for m in legal_moves(position)]
        columns = [str((i + 1) % 10) for i in range(get_ruleset(position.variant).columns)]
        tries = [rng.choice(columns) + rng.choice(columns) for _ in range(3)]
        for text in sorted(set(rng.sample(legal, min(2, len(legal))) + tries)):
            entries.append(_move_entry(f"{name}/{text}", position, text))
    return entries


def _canonical_text(text: str, variant: str) -> str | None:
    try:
        return str(parse_stock_move(text, get_ruleset(variant)))
    except NotationError:
        return None


def _view_entries(walked) -> list[dict]:
    """From the player's view: each legal move of a walked position, and what it shows."""
    entries = []
    for name, position in walked[::3]:
        view = player_view(position)
        for move in legal_moves(position):
            after, revealed = apply_revealing(position, move)
            entries.append({"name": f"{name}/{move}", "view": view, "move": str(move),
                            "revealed": revealed, "result": player_view(after)})
    return entries


def _replay_entries() -> list[dict]:
    entries = []
    for variant in STOCK_VARIANTS:
        start, log = random_game(variant, 2, 120)
        cases = [log, log[:40], [*log[:30], "hs0" if variant.startswith("spider") else "17v9", *log[30:]],
                 [*log[:5], "zz"]]
        for moves in cases:
            entries.append(_replay_entry(variant, 2, start, moves))
    return entries


def _replay_entry(variant: str, number: int, start: StockPosition, moves: list[str]) -> dict:
    position, revealed, error, index = start, [], None, None
    for k, text in enumerate(moves, 1):
        try:
            position, shown = apply_revealing(position, text)
        except IllegalMoveError as refusal:
            error, index = refusal.to_json(), k
            break
        except NotationError as bad:
            error, index = {"check": "notation", "message": str(bad)}, k
            break
        revealed.append(shown)
    return {"variant": variant, "number": number, "moves": moves, "revealed": revealed,
            "won": error is None and is_won(position), "moves_count": len(revealed),
            "error_index": index, "error": error}


def _perft_entries(named) -> list[dict]:
    entries = []
    for variant, number, depth in [("klondike-draw1", 1, 3), ("klondike-draw3", 2, 3),
                                   ("spider-1suit", 1, 2), ("spider-2suits", 1, 2), ("spider-4suits", 1, 2)]:
        for d in range(depth + 1):
            entries.append({"variant": variant, "deal": number, "depth": d,
                            "count": perft(deal(variant, number), d)})
    for name, position in named:
        entries.append({"variant": position.variant, "name": name,
                        "position": stock_position_to_json(position), "depth": 2,
                        "count": perft(position, 2)})
    return entries
