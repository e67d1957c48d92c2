"""Small drawings of a game's opening layout, drawn from its ruleset: the home
page's tiles and the rules pages show them instead of pictures.

The numbers come from the catalogue (columns, free cells, foundations, how the
deal is laid out), so a new variant gets its drawing without one of its own.

>>> from games.catalogue import site_ruleset
>>> layout_svg(site_ruleset("spider-1suit")).count('class="down"')
44
"""

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from engine.rules import Ruleset

CARD_W, CARD_H, GAP, FAN = 10, 14, 2, 3.2


def _columns(ruleset: Ruleset) -> list[tuple[int, int]]:
    """Each column's (face-down, face-up) counts at the deal."""
    n = ruleset.columns
    if ruleset.deal_layout == "klondike":
        return [(i, 1) for i in range(n)]
    if ruleset.deal_layout == "spider":
        # Four face-down rows, one more face-down card in columns 1, 4, 7, 10, then a face-up row.
        return [(4 + (1 if i % 3 == 0 else 0), 1) for i in range(n)]
    dealt = 52 * ruleset.decks - (ruleset.cells if ruleset.deal_layout == "columns+cells" else 0)
    return [(0, dealt // n + (1 if i < dealt % n else 0)) for i in range(n)]


def _rect(x: float, y: float, kind: str) -> str:
    return f'<rect class="{kind}" x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="1.5"/>'


def _pip(x: float, y: float, red: bool) -> str:
    return f'<circle class="{"r" if red else "k"}" cx="{x + 2.6:g}" cy="{y + 2.6:g}" r="1.3"/>'


def layout_svg(ruleset: Ruleset, *, label: str = "") -> SafeString:
    """An inline SVG of the deal: piles on top (stock, waste, free cells, foundations), columns below."""
    columns = _columns(ruleset)
    width = len(columns) * (CARD_W + GAP) + GAP
    top: list[str] = []
    y0 = GAP
    if ruleset.stock == "waste":
        top += [_rect(GAP, y0, "down"), _rect(GAP + CARD_W + GAP, y0, "slot")]
    if ruleset.stock != "none" and ruleset.deal_layout == "spider":
        # Spider's stock: its five deals as overlapping backs, top right.
        top += [_rect(width - GAP - CARD_W - 4 + i, y0, "down") for i in range(5)]
    for i in range(ruleset.cells):
        filled = ruleset.deal_layout == "columns+cells"
        top.append(_rect(GAP + i * (CARD_W + GAP), y0, "face" if filled else "slot"))
    if ruleset.foundation_build == "up_by_suit_from_ace":
        first = len(columns) - ruleset.foundations
        top += [_rect(GAP + (first + i) * (CARD_W + GAP), y0, "slot") for i in range(ruleset.foundations)]
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
