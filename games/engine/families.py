"""Which rules module plays a variant: the ruleset's ``family`` decides.

FreeCell-family positions are played by ``moves``/``generate``; the games with
a stock and face-down cards by ``klondike`` and ``spider``, which share
``StockPosition`` and the stock notation.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from games.engine import klondike, spider
from games.engine.errors import UnknownVariantError
from games.engine.rules import Ruleset, get_ruleset

_MODULES = {"klondike": klondike, "spider": spider}


def rules_module(variant: str) -> ModuleType:
    """The module with ``apply_move``, ``legal_moves``, ``canonical`` and
    ``is_won`` for a Klondike or Spider variant.

    >>> rules_module("spider-1suit").__name__
    'games.engine.spider'
    """
    return _module_for(get_ruleset(variant))


@cache
def _module_for(rules: Ruleset) -> ModuleType:
    module = _MODULES.get(rules.family)
    if module is None:
        raise UnknownVariantError(f"{rules.variant} is not a Klondike or Spider variant")
    asked = {field: getattr(rules, field) for field in module.PLAYS}
    differ = sorted(field for field, value in asked.items() if value != module.PLAYS[field])
    if differ:
        raise UnknownVariantError(
            f"{rules.variant}: the {rules.family} rules do not play {', '.join(differ)} as asked"
        )
    return module


def apply_revealing(position, move):
    """``apply_move`` for a Klondike or Spider position, plus the cards the move
    turned face up (``revealed_cards``): what the server sends with the new view.

    >>> from games.engine import deal
    >>> after, shown = apply_revealing(deal("klondike-draw1", 1), "s")
    >>> shown
    [{'pile': 'w', 'card': '4H'}]
    """
    from games.engine.stock_notation import STOCK, as_stock_move
    from games.engine.stock_position import revealed_cards, turned_from_stock

    rules = get_ruleset(position.variant)
    move = as_stock_move(move, rules)
    after = rules_module(position.variant).apply_move(position, move)
    turned = turned_from_stock(position, rules) if move.source == STOCK else ()
    return after, revealed_cards(position, after, turned)
