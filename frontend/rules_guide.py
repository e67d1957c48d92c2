"""The rules pages for people: the goal, the deal, what moves where, a worked
example and the rules that catch people out, with small drawings of real
positions (a real deal, and the positions its first moves lead to, replayed by
the engine). The engine's own wording, notation and sources stay in
docs/rules.md, shown folded at the end of the page (``rules_page.py``)."""

import functools
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

import engine
from games.catalogue import site_ruleset

from .rules_page import rules_chapter

GLYPH = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RANK_WORD = {"T": "10"}
W, H, FAN, DOWN, GAP = 26, 36, 11, 5, 3

#: Per chapter of the rules (``Family.rules_chapter``): (variant, deal number, first moves) of
#: the worked example. Each line is a prefix of the solver's winning line for that deal; tests
#: replay it through the engine.
EXAMPLES = {
    "freecell": ("freecell", 1, ("5a", "5b", "5c", "5d", "5h", "b2", "8b", "a8")),
    "forecell": ("forecell", 2, ("2h", "ah", "4a", "4h")),
    "klondike": ("klondike-draw1", 1, ("6h", "7h", "s", "s", "wh")),
    "spider": ("spider-1suit", 1, ("24", "12", "15", "12")),
}

GOAL = {
    "freecell": "Move all 52 cards onto the four foundations, each built up by suit from Ace to King.",
    "klondike": "Move all 52 cards onto the four foundations, each built up by suit from Ace to King.",
    "spider": "Build eight runs from King down to Ace in one suit. A finished run leaves the table by "
              "itself; when all eight have gone, you have won.",
}

LAYOUT = {
    "freecell": "All 52 cards are dealt face up into eight columns (seven cards in the first four, six in "
                "the others). Above them: four free cells and four foundations, all empty. There is no "
                "stock: nothing is hidden, the whole game is finding the order.",
    "forecell": "48 cards are dealt face up into eight columns of six, and the last four fill the four "
                "free cells. The foundations start empty. There is no stock.",
    "klondike": "Seven columns of 1 to 7 cards; only the last card of each is face up. The other 24 cards "
                "are the stock, top left, with the waste beside it and the four foundations to the right.",
    "spider": "Two decks, 104 cards, in ten columns: four face-down rows, one more face-down card in "
              "columns 1, 4, 7 and 10, then one face-up card on each. The other 50 cards are the stock: "
              "five deals of ten.",
}

MOVES = {
    "freecell": [
        "A column's last card moves onto a card one rank higher of the other colour: 8♥ on 9♣, never on 9♦.",
        "Any card may go into an empty free cell, and from there to its foundation or onto a column.",
        "An empty column takes any card, or any run that fits.",
        "A run in order (down, alternating colours) moves as one when the free cells and empty columns "
        "could carry it a card at a time: (empty cells + 1) × 2 for each empty column.",
        "Foundations take the next card of their suit, Ace first.",
    ],
    "forecell": [
        "A column's last card, or a cell's card, goes to its foundation, onto a card one rank higher of "
        "the other colour, or into an empty cell.",
        "Only a King, alone or heading a run, may go into an empty column.",
        "A run moves as one if it is at most one card longer than the number of empty cells.",
        "A card on a foundation stays there.",
    ],
    "klondike": [
        "A face-up card moves onto a card one rank higher of the other colour: 7♣ on 8♦. A run in "
        "order moves with it.",
        "Only a King, alone or heading a run, fills an empty column.",
        "A face-down card left at the end of a column turns up by itself.",
        "Click the stock to turn cards onto the waste (one in Draw 1, three in Draw 3); only the top "
        "waste card plays. An empty stock takes the waste back, as often as you like.",
        "Foundations take the next card of their suit, Ace first; the top card may come back down.",
    ],
    "spider": [
        "Any card goes onto a card one rank higher, whatever its suit: 9♥ or 9♣ on 10♣.",
        "Only a run in one suit moves as a group: 8♦ 7♦ 6♦ moves; 8♦ 7♣ 6♣ does not.",
        "An empty column takes any card or one-suit run.",
        "Click the stock to deal one card onto every column; not while a column is empty.",
        "A King-to-Ace run in one suit leaves by itself; the card under it turns up.",
    ],
}

CATCHES = {
    "freecell": [
        "An empty column accepts any card, not just a King. That is the big break from Klondike, and it "
        "is why an empty column is worth more than an empty free cell: it can hold a whole run instead "
        "of one card.",
        "A card on a foundation is not stuck there (in FreeCell as dealt here). The top card of a "
        "foundation may come back onto a column that accepts it, or into an empty free cell. FreeCell "
        "(returns to columns) allows the column only, FreeCell (classic) neither.",
        "A move can be refused even when the two cards match. Moving several cards borrows the free "
        "cells and empty columns to stage them, so a run in order will not move when there is nowhere "
        "to put its cards on the way, and a move into an empty column counts that column out.",
    ],
    "forecell": [
        "Only a King fills an empty column, so clear one when a King is ready to go into it.",
        "Empty columns do not lengthen the runs you can move; only empty cells do. Keep a cell free "
        "whenever you can.",
        "Once a cell has been emptied, any card may go back into it.",
    ],
    "klondike": [
        "\u201cOne lower\u201d is only half the rule: the colours must alternate too.",
        "Only a King, or a run a King heads, may fill an empty column.",
        "Only the top waste card is playable. In Draw 3 the two cards under it wait until it has gone.",
        "A foundation card needs the same suit and the next rank: 4♦ only on 3♦.",
    ],
    "spider": [
        "A group's top card may fit while a suit break inside it keeps the group from moving.",
        "The stock will not deal while any column is empty: fill it first.",
        "A mixed-suit King-to-Ace order does not leave the table; only a one-suit run does.",
    ],
}


def _family_key(variant: str) -> str:
    site_ruleset(variant)  # an unknown or unoffered variant is refused here
    return rules_chapter(variant)


def _face(card: str | None) -> tuple[str, bool]:
    if card is None:
        return "", False
    return f"{RANK_WORD.get(card[0], card[0])}{GLYPH[card[1]]}", card[1] in "HD"


def _card(x: float, y: float, card: str | None, marked: bool = False) -> str:
    text, red = _face(card)
    kind = "down" if card is None else "face"
    outline = " marked" if marked else ""
    parts = [f'<rect class="{kind}{outline}" x="{x:g}" y="{y:g}" width="{W}" height="{H}" rx="3"/>']
    if text:
        colour = "r" if red else "k"
        parts.append(f'<text class="{colour}" x="{x + 3:g}" y="{y + 10:g}">{escape(text)}</text>')
    return "".join(parts)


def _slot(x: float, y: float, label: str = "") -> str:
    text = ""
    if label:
        text = f'<text class="slot-label" x="{x + W / 2:g}" y="{y + H / 2 + 4:g}">{escape(label)}</text>'
    return f'<rect class="slot" x="{x:g}" y="{y:g}" width="{W}" height="{H}" rx="3"/>{text}'


def position_svg(view: dict, *, marked: frozenset = frozenset(), label: str = "") -> SafeString:
    """A drawing of a position as the player sees it (``engine.player_view``): real cards, face-down
    cards as backs; ``marked`` holds (pile, index) of cards to outline (what the last move moved)."""
    columns = view["columns"]
    width = len(columns) * (W + GAP) + GAP
    top: list[str] = []
    if "stock" in view:
        if "waste" in view:
            top.append(_card(GAP, GAP, None) if view["stock"] else _slot(GAP, GAP))
            waste = view["waste"]
            top.append(_card(GAP + W + GAP, GAP, waste[-1], ("w", len(waste) - 1) in marked) if waste
                       else _slot(GAP + W + GAP, GAP))
        else:
            deals = len(view["stock"]) // 10
            top += [_card(width - GAP - W - 3 * i, GAP, None) for i in range(deals)]
            top += [_card(GAP + i * 8, GAP, "K" + run[-1:] if len(run) == 1 else run[:2])
                    for i, run in enumerate(view.get("removed", []))]
    for i, card in enumerate(view.get("cells", [])):
        x = GAP + i * (W + GAP)
        top.append(_card(x, GAP, card, ("cell", i) in marked) if card else _slot(x, GAP))
    if "foundations" in view:
        first = len(columns) - 4
        for i, (suit, count) in enumerate(view["foundations"].items()):
            x = GAP + (first + i) * (W + GAP)
            rank = "A23456789TJQK"[count - 1] if count else ""
            home = _card(x, GAP, rank + suit, ("h", i) in marked) if count else _slot(x, GAP, GLYPH[suit])
            top.append(home)
    body: list[str] = []
    y0 = GAP + H + 8
    bottom = y0 + H
    for c, column in enumerate(columns):
        x = GAP + c * (W + GAP)
        if not column:
            body.append(_slot(x, y0))
        y = y0
        for k, card in enumerate(column):
            body.append(_card(x, y, card, (str(c), k) in marked))
            bottom = max(bottom, y + H)
            y += DOWN if card is None else FAN
    named = f' role="img" aria-label="{escape(label)}"' if label else ' aria-hidden="true"'
    # Built here from the engine's card codes and numbers; the label is escaped.
    return mark_safe(  # noqa: S308
        f'<svg class="position-art" viewBox="0 0 {width:g} {bottom + GAP:g}"{named}>'
        f'{"".join(top)}{"".join(body)}</svg>'
    )


def _name(card: str) -> str:
    text, _ = _face(card)
    return text


def _changes(before: dict, after: dict) -> tuple[str, frozenset]:
    """A move in words, from the two views, and the cards it put down (to outline)."""
    if "stock" in before and len(after["stock"]) < len(before["stock"]):
        if "waste" in before:
            turned = f"Turn the stock: {_name(after['waste'][-1])} comes up on the waste."
            return turned, frozenset({("w", len(after["waste"]) - 1)})
        return "Deal a row from the stock: one card onto every column.", frozenset()
    source = destination = None
    marked: set = set()
    for c, (old, new) in enumerate(zip(before["columns"], after["columns"], strict=True)):
        if len(new) < len(old):
            source = f"column {c + 1}"
        elif len(new) > len(old):
            moved = new[len(old):]
            onto = f" onto {_name(old[-1])}" if old and old[-1] else " into the empty column"
            destination = (moved, f"{onto} in column {c + 1}" if old else f"{onto} {c + 1}")
            marked |= {(str(c), k) for k in range(len(old), len(new))}
    for i, (old, new) in enumerate(zip(before.get("cells", []), after.get("cells", []), strict=True)):
        if old and not new:
            source = "a free cell"
        elif new and not old:
            destination = ([new], " into a free cell")
            marked.add(("cell", i))
    if "waste" in before and len(after["waste"]) < len(before["waste"]):
        source = "the waste"
    for i, (suit, count) in enumerate(after.get("foundations", {}).items()):
        if count > before["foundations"][suit]:
            destination = (["A23456789TJQK"[count - 1] + suit], " to its foundation")
            marked.add(("h", i))
    if destination is None:
        return "A move.", frozenset()
    cards, where = destination
    what = _name(cards[0]) if len(cards) == 1 else f"the run {' '.join(_name(c) for c in cards)}"
    text = f"Move {what} from {source}{where}." if source else f"Move {what}{where}."
    shown = [c for c, (old, new) in enumerate(zip(before["columns"], after["columns"], strict=True))
             if 0 < len(new) < len(old) and old[len(new) - 1] is None and new[-1] is not None]
    if shown:
        c = shown[0]
        text += f" {_name(after['columns'][c][-1])} turns face up in column {c + 1}."
    return text, frozenset(marked)


#: What the worked example shows, said before its steps.
EXAMPLE_INTRO = {
    "freecell": "Column 5 holds the A♦ under four cards. Park them in the free cells, send the Ace home, "
                "then start emptying the cells again: every parked card is a cell you cannot use.",
    "forecell": "Every cell starts full, so the first aim is to free one: here two Aces go home at once, "
                "which empties a cell for the 3♦ and lets the 2♠ follow its Ace.",
    "klondike": "Aces first: each one sent home turns up a face-down card. Then the stock, one card at a "
                "time, until a card that plays comes up.",
    "spider": "Build down on the columns whose next card is face down: every card moved off one turns "
              "up a new card, and one column is soon nearly clear.",
}


@dataclass(frozen=True)
class Guide:
    family: str
    goal: str
    layout: str
    moves: tuple[str, ...]
    catches: tuple[str, ...]
    deal_svg: SafeString
    example_title: str
    example_intro: str
    steps: tuple[tuple[str, SafeString], ...]


@functools.cache
def rules_guide(variant: str) -> Guide:
    """The page's content for ``variant``: its family's text and drawings of a real deal."""
    key = _family_key(variant)
    ruleset = site_ruleset(variant)
    shown_variant, number, line = EXAMPLES[key]
    position = engine.deal(shown_variant, number)
    start = engine.player_view(position)
    steps = []
    before = start
    for move in line:
        position = engine.apply_move(position, move)
        after = engine.player_view(position)
        text, marked = _changes(before, after)
        steps.append((text, position_svg(after, marked=marked, label=text)))
        before = after
    title = f"{site_ruleset(shown_variant).short_title or site_ruleset(shown_variant).title} deal #{number}"
    return Guide(
        family=key,
        goal=GOAL.get(key, GOAL["freecell"]),
        layout=LAYOUT[key],
        moves=tuple(MOVES[key]) + (("Draw 3: each turn brings three cards; only the top one plays.",)
                                   if ruleset.draw_count == 3 else ()),
        catches=tuple(CATCHES[key]),
        deal_svg=position_svg(start, label=f"The deal of {title}"),
        example_title=title,
        example_intro=EXAMPLE_INTRO[key],
        steps=tuple(steps),
    )
