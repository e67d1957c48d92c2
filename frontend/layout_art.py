"""Small drawings of a game's opening layout: the home page's tiles and the
rules pages show them instead of pictures.

The drawing is of a real deal as the player sees it (``engine.player_view``
of deal 1): its columns' face-down and face-up cards, and the piles the view
holds (a stock and its waste, free cells, foundations), so a new variant, of
any family, gets its drawing without one of its own. Only the shape is drawn,
never the cards.

>>> from games.catalogue import site_ruleset
>>> layout_svg(site_ruleset("spider-1suit")).count('class="down"')  # 44 in the columns, 5 deals
49
"""

from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

import engine
from engine.rules import Ruleset

CARD_W, CARD_H, GAP, FAN = 10, 14, 2, 3.2


def _columns(view: dict) -> list[tuple[int, int]]:
    """Each column's (face-down, face-up) counts."""
    return [(column.count(None), len(column) - column.count(None)) for column in view["columns"]]


def _rect(x: float, y: float, kind: str) -> str:
    return f'<rect class="{kind}" x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="1.5"/>'


def _pip(x: float, y: float, red: bool) -> str:
    return f'<circle class="{"r" if red else "k"}" cx="{x + 2.6:g}" cy="{y + 2.6:g}" r="1.3"/>'


def layout_svg(ruleset: Ruleset, *, label: str = "") -> SafeString:
    """An inline SVG of the deal: piles on top (stock, waste, free cells, foundations), columns below."""
    return _layout_svg(ruleset, label)


@lru_cache(maxsize=256)
def _layout_svg(ruleset: Ruleset, label: str) -> SafeString:
    view = engine.player_view(engine.deal(ruleset.variant, 1))
    columns = _columns(view)
    width = len(columns) * (CARD_W + GAP) + GAP
    top: list[str] = []
    y0 = GAP
    if "waste" in view:
        top += [_rect(GAP, y0, "down"), _rect(GAP + CARD_W + GAP, y0, "slot")]
    elif view.get("stock"):
        # A stock dealt a row at a time: its deals as overlapping backs, top right.
        deals = len(view["stock"]) // len(columns)
        top += [_rect(width - GAP - CARD_W - 4 + i, y0, "down") for i in range(deals)]
    for i, card in enumerate(view.get("cells", ())):
        top.append(_rect(GAP + i * (CARD_W + GAP), y0, "slot" if card is None else "face"))
    homes = len(view.get("foundations", ()))
    first = len(columns) - homes
    top += [_rect(GAP + (first + i) * (CARD_W + GAP), y0, "slot") for i in range(homes)]
    body: list[str] = []
    y_cols = y0 + CARD_H + 4
    tallest = 0.0
    for index, (down, up) in enumerate(columns):
        x = GAP + index * (CARD_W + GAP)
        for depth in range(down + up):
            y = y_cols + depth * FAN
            body.append(_rect(x, y, "down" if depth < down else "face"))
            tallest = max(tallest, y + CARD_H)
        body.append(_pip(x, y_cols + (down + up - 1) * FAN, (index + down) % 2 == 0))
    height = tallest + GAP
    named = f' role="img" aria-label="{escape(label)}"' if label else ' aria-hidden="true"'
    # Every piece is built here from numbers and fixed class names; the label is escaped.
    return mark_safe(  # noqa: S308
        f'<svg class="layout-art" viewBox="0 0 {width:g} {height:g}"{named}>'
        f'{"".join(top)}{"".join(body)}</svg>'
    )
