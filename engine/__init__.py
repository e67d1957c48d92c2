"""Solitaire rules engine (FreeCell family, Klondike, Spider): pure Python, no web framework.

>>> from engine import deal, apply_move, legal_moves, replay
>>> p = deal("freecell", 24)
>>> len(legal_moves(deal("freecell-classic", 24)))
35
"""

from engine.canonical import canonical_line, canonical_move, canonical_suffix
from engine.cards import DECK, RANKS, SUITS, Card, parse_card
from engine.errors import (
    CHECKS,
    EngineError,
    IllegalMoveError,
    InvalidBoardError,
    InvalidDealError,
    NotationError,
    UnknownVariantError,
)
from engine.families import FAMILIES, Family, family_of
from engine.families.freecell import Move, Position, check_position, parse_move, supermove_capacity
from engine.families.stock import (
    StockMove,
    StockPosition,
    from_layout,
    parse_stock_move,
    revealed_cards,
    to_layout,
    turned_from_stock,
)
from engine.notation import CELL, COLUMN, FOUNDATION, format_move
from engine.packed import pack_reveals, unpack_reveals
from engine.play import (
    apply_move,
    apply_revealing,
    auto_finish_moves,
    auto_finish_ready,
    deal,
    from_board,
    hides_cards,
    is_stuck,
    is_won,
    legal_moves,
    pack_position,
    perft,
    perft_moves,
    player_view,
    position_from_json,
    position_to_json,
    replay,
    resolve_move,
    to_board,
    unpack_position,
)
from engine.replay import ReplayResult
from engine.rules import MAX_DEAL_NUMBER, SITE_VARIANTS, VARIANTS, Ruleset, get_ruleset

__all__ = [
    "CELL", "CHECKS", "COLUMN", "DECK", "FOUNDATION", "MAX_DEAL_NUMBER", "RANKS", "SITE_VARIANTS", "SUITS",
    "VARIANTS", "Card", "EngineError", "IllegalMoveError", "InvalidBoardError",
    "InvalidDealError", "Move", "NotationError", "Position", "ReplayResult", "Ruleset",
    "UnknownVariantError", "apply_move", "auto_finish_moves", "auto_finish_ready",
    "canonical_line", "canonical_move", "canonical_suffix",
    "check_position", "deal", "format_move", "from_board", "get_ruleset", "is_stuck", "is_won",
    "legal_moves", "parse_card", "parse_move", "perft", "perft_moves", "position_from_json",
    "position_to_json", "replay", "resolve_move", "supermove_capacity", "to_board",
    "StockMove", "StockPosition", "apply_revealing", "from_layout", "parse_stock_move",
    "player_view", "revealed_cards", "to_layout", "turned_from_stock",
    "FAMILIES", "Family", "family_of", "hides_cards",
    "pack_position", "unpack_position", "pack_reveals", "unpack_reveals",
]
