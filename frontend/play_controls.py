"""What the play page says and offers for a variant, from its family: the help
line under the board (how to play a card, the keys of the piles the family's
games have, what its stock does), whether a click or a double-click plays a
card, the Auto-finish button and the settings that apply. The template only
prints these, so a new family needs no branch there.

>>> controls = play_controls("spider-2suits")
>>> controls.finish, controls.auto_home, "S deals; 1–9 and 0 columns" in controls.help
(False, False, True)
"""

from dataclasses import dataclass
from functools import cache

import engine
from engine.notation import CELL, COLUMN, FOUNDATION, STOCK, WASTE

#: The keys of each kind of pile, in the order the help names them.
_KEYS = {
    COLUMN: lambda n: f"1–{n} columns" if n < 10 else "1–9 and 0 columns",
    CELL: lambda n: f"A–{'ABCD'[n - 1]} free cells",
    WASTE: lambda n: "W waste",
    FOUNDATION: lambda n: "F foundations (F again: the next one)",
}


@dataclass(frozen=True)
class PlayControls:
    help: str
    single_click: bool  # a mouse click plays a card (else a double-click does)
    finish: bool  # the Auto-finish button, and the Auto complete setting
    auto_home: bool  # the "Safe cards go home" setting


def play_controls(variant: str) -> PlayControls:
    """The controls of ``variant``'s play page (see the module notes)."""
    return _controls(engine.family_of(variant), engine.get_ruleset(variant))


@cache
def _controls(family: engine.Family, rules: engine.Ruleset) -> PlayControls:
    single = family.single_click(rules)
    piles = dict(family.piles(rules))
    turn, turns = family.stock_words
    play = f"Drag cards, or {'click' if single else 'double-click'} or tap one to play it"
    play += f"; click the stock to {turn}." if STOCK in piles else "."
    keys = ", ".join(name(piles[kind]) for kind, name in _KEYS.items() if piles.get(kind))
    stock = f"S {turns}; " if STOCK in piles else ""
    text = (f"{play} Keys: {stock}{keys}, then the destination and Enter. "
            "H hint, U undo, R redo, L reads the board.")
    return PlayControls(help=text, single_click=single, finish=family.finishes_by_itself,
                        auto_home=family.safe_cards_go_home)
