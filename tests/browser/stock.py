"""Klondike and Spider in the browser: a stock daily set up on a deal with the
solver's winning line, that line translated into what a player does on the
board (pile ids of docs/client.md: stock ``s``, waste ``w``, columns ``1``..``9``
and ``0``, foundations ``hH`` ``hC`` ``hD`` ``hS``), and the checks that no
face-down card reaches the browser before it turns.

The test knows the whole deal (it runs beside the server); the page must only
ever show the player's view. Each step carries the view after it, so a test can
compare the board with it move by move."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import engine
from engine import COLUMN, FOUNDATION, parse_stock_move, player_view
from engine.families.stock.position import pile_name
from engine.notation import STOCK, WASTE
from tests.browser.board import mouse_gesture

CARD = re.compile(r"^[A23456789TJQK][HCDS]$")


@dataclass(frozen=True)
class Step:
    """One move of the line as the board sees it: ``source`` and ``destination``
    are pile ids (``s`` for a stock turn or deal), ``count`` the cards carried,
    ``card`` the head card carried (None for the stock), ``reveals`` what the
    server turns up for this move, ``view`` the player's view after it."""

    ply: int
    move: str
    source: str
    destination: str
    count: int
    card: str | None
    reveals: list[dict]
    view: dict

    @property
    def stock(self) -> bool:
        return self.source == "s"

    @property
    def to_foundation(self) -> bool:
        return self.destination.startswith("h")


@dataclass
class Line:
    variant: str
    number: int
    moves: list[str]
    start_view: dict
    steps: list[Step] = field(default_factory=list)
    won: bool = False


def _pile_id(kind: str, index: int, card: str | None) -> str:
    if kind == COLUMN:
        return pile_name(index)
    if kind == WASTE:
        return "w"
    if kind == STOCK:
        return "s"
    return f"h{'HCDS'[index]}" if index is not None and index >= 0 else f"h{card[1]}"


def translate(variant: str, number: int, moves: list[str]) -> Line:
    """The line as board gestures, with what each move reveals and the view after it.

    >>> line = translate("klondike-draw1", 1, ["7h", "s"])
    >>> [(s.source, s.destination, s.card, s.reveals) for s in line.steps]
    [('7', 'hS', 'AS', [{'pile': '7', 'card': 'JS'}]), ('s', 's', None, [{'pile': 'w', 'card': '4H'}])]
    """
    rules = engine.get_ruleset(variant)
    position = engine.deal(variant, number)
    line = Line(variant, number, list(moves), player_view(position))
    for ply, text in enumerate(moves):
        move = parse_stock_move(text, rules)
        after, reveals = engine.apply_revealing(position, text)
        if move.source == STOCK:
            source = destination = "s"
            count, card = 0, None
        else:
            if move.source == COLUMN:
                count = len(position.columns[move.source_index]) - len(after.columns[move.source_index])
                card = str(position.columns[move.source_index][-count])
            elif move.source == WASTE:
                count, card = 1, str(position.waste[-1])
            else:  # a foundation's top card comes back
                suit = "HCDS"[move.source_index]
                count, card = 1, f"{'A23456789TJQK'[position.foundations[move.source_index] - 1]}{suit}"
            source = _pile_id(move.source, move.source_index, card)
            index = move.destination_index if move.destination == COLUMN else -1
            destination = _pile_id(move.destination, index, card) if move.destination != FOUNDATION \
                else f"h{card[1]}"
        line.steps.append(Step(ply, text, source, destination, count, card, reveals, player_view(after)))
        position = after
    line.won = engine.is_won(position)
    return line


def make_stock_daily(variant: str, number: int, *, date=None) -> Line:
    """Today's (or ``date``'s) daily of ``variant`` on deal ``number``, with the
    solver's verified winning line stored as its par line; returns the line translated."""
    from games.clock import today_utc
    from games.models import Daily, Deal, SolverStatus
    from tests.support.lines import winning_line

    moves = list(winning_line(variant, number))
    deal, _ = Deal.objects.update_or_create(
        variant=variant, number=number,
        defaults={"status": SolverStatus.WINNABLE, "par": len(moves), "solution": " ".join(moves), "in_pool": True},
    )
    Daily.objects.create(variant=variant, date=date or today_utc(), deal=deal)
    line = translate(variant, number, moves)
    assert line.won, f"{variant} #{number}: the solver's line does not win"
    return line


# --- what the browser holds ---------------------------------------------------------------

SEEN_IN_DOM = """
() => {
  const piles = {};
  for (const el of document.querySelectorAll('.card[data-pile]')) {
    const id = el.dataset.pile;
    (piles[id] ??= []).push({depth: Number(el.dataset.depth), card: el.dataset.card || null});
  }
  for (const id of Object.keys(piles)) piles[id] = piles[id].sort((a, b) => b.depth - a.depth).map(c => c.card);
  return piles;
}
"""


def board_columns(page, columns: int) -> list[list[str | None]]:
    """The columns as the board draws them, deepest card first, face-down cards as None."""
    piles = page.evaluate(SEEN_IN_DOM)
    return [piles.get(pile_name(i), []) for i in range(columns)]


def cards_named(value) -> list[str]:
    """Every card code in a JSON value, with repeats."""
    if isinstance(value, str):
        return [value] if CARD.match(value) else []
    if isinstance(value, list):
        return [card for item in value for card in cards_named(item)]
    if isinstance(value, dict):
        return [card for item in value.values() for card in cards_named(item)]
    return []


class ResponseLog:
    """Every response the page receives, kept with the number of moves played when it came.

    ``check(line)`` then holds each to what the player may know at that point:
    a game's ``start``, ``position`` and ``reveals`` must be exactly the player's view
    and the reveals of its own log; any other body may name only cards already face up."""

    def __init__(self, page):
        self.played = 0
        self.bodies: list[tuple[int, str, str, str]] = []
        page.on("response", self._keep)

    def _keep(self, response) -> None:
        kind = response.headers.get("content-type", "")
        # Static scripts are the same for every deal; pages and API answers are what could leak.
        if not any(t in kind for t in ("json", "html")):
            return
        try:
            text = response.text()
        except Exception:  # a redirect or an aborted body has nothing to scan
            return
        self.bodies.append((self.played, response.url, kind, text))

    def check(self, line: Line) -> int:
        """Assert nothing came early; returns how many game answers were compared exactly."""
        seen = _seen_by_ply(line)
        views = [line.start_view, *(step.view for step in line.steps)]
        reveals = [step.reveals for step in line.steps]
        exact = 0
        for played, url, kind, text in self.bodies:
            if "json" not in kind:
                # A page carries no position at all: no card code in quotes.
                quoted = re.findall(r"[\"']([A23456789TJQK][HCDS])[\"']", text)
                assert not quoted, f"{url} names cards {sorted(set(quoted))[:5]}"
                continue
            body = json.loads(text) if text else None
            for game in _games_in(body):
                if game.get("variant", line.variant) != line.variant or game.get("moves") is None:
                    continue
                ply = len(game["moves"])  # written canonically by the server: compared by the positions
                assert game["start"] == line.start_view, f"{url}: start is not the player's view"
                assert game["position"] == views[ply], f"{url}: position after {ply} is not the player's view"
                assert game["reveals"] == reveals[:ply], f"{url}: reveals of {ply} moves differ"
                exact += 1
            # Whatever else it says, a body names only cards face up by then (Spider's repeated cards are told apart by the exact checks).
            allowed = seen[min(max(played, 0), len(line.moves))]
            for card in set(cards_named(body)):
                assert card in allowed, f"{url} (after {played} moves) names {card}, still face down"
        return exact


def _games_in(body) -> list[dict]:
    if isinstance(body, dict):
        if "position" in body and "moves" in body and "start" in body:
            return [body]
        return [game for value in body.values() for game in _games_in(value)]
    if isinstance(body, list):
        return [game for item in body for game in _games_in(item)]
    return []


def _seen_by_ply(line: Line) -> list[set[str]]:
    """The cards face up at least once after each number of moves (the start's face-up cards first)."""
    seen = set(cards_named(line.start_view))
    by_ply = [set(seen)]
    for step in line.steps:
        seen |= {reveal["card"] for reveal in step.reveals}
        by_ply.append(set(seen))
    return by_ply


# --- playing a step on the board -----------------------------------------------------------

SETTLED = "el => Promise.allSettled(el.getAnimations().map((a) => a.finished))"


def _head(page, step):
    """The card element the gesture takes: the head of the carried run."""
    return page.locator(f'.card[data-pile="{step.source}"][data-depth="{step.count}"]')


def _target(page, step):
    if step.to_foundation:
        return page.locator(f'.pile[data-pile="{step.destination}"]')
    top = page.locator(f'.card[data-pile="{step.destination}"][data-depth="1"]')
    return top if top.count() else page.locator(f'.pile[data-pile="{step.destination}"]')


def _point(locator, *, top_edge=False) -> tuple[float, float]:
    locator.evaluate(SETTLED)
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + (min(box["height"] / 2, 12) if top_edge else box["height"] / 2)


def mouse_drag(page, step) -> None:
    """Press on the head card, move, release over the destination."""
    mouse_gesture(page, _point(_head(page, step), top_edge=True), _point(_target(page, step), top_edge=True),
                  nudge=6, steps=5)


def touch_drag(page, step, cdp) -> None:
    """The same drag with a finger (Chrome's touch events, as a phone sends them)."""
    x, y = _point(_head(page, step), top_edge=True)
    tx, ty = _point(_target(page, step), top_edge=True)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 7):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x + (tx - x) * i / 6, "y": y + (ty - y) * i / 6}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap_card(page, step) -> None:
    """A tap (or a double-click with a mouse) plays the card the way the click order says:
    used only where that order is the line's move (a card that fits its foundation goes there first)."""
    x, y = _point(_head(page, step), top_edge=True)
    page.touchscreen.tap(x, y)


def double_click_card(page, step) -> None:
    x, y = _point(_head(page, step), top_edge=True)
    page.mouse.dblclick(x, y)


def stock_click(page, *, touch: bool) -> None:
    x, y = _point(page.locator('.pile[data-pile="s"]'))
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def keys(page, step) -> None:
    """The keyboard: ``S`` turns or deals; a move is the source's key (one more card of
    its run per Up arrow), the destination's key, Enter."""
    if step.stock:
        page.keyboard.press("s")
        return
    page.keyboard.press(step.source)
    for _ in range(step.count - 1):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("f" if step.to_foundation else step.destination)
    page.keyboard.press("Enter")


BOARD_IS = """
([columns, waste]) => {
  const piles = {};
  for (const el of document.querySelectorAll('.card[data-pile]')) {
    (piles[el.dataset.pile] ??= []).push([Number(el.dataset.depth), el.dataset.card || null]);
  }
  const cards = (id) => (piles[id] ?? []).sort((a, b) => b[0] - a[0]).map((c) => c[1]);
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const ids = columns.map((_, i) => String((i + 1) % 10));
  if (!ids.every((id, i) => same(cards(id), columns[i]))) return false;
  const shown = cards("w");
  return waste === null || (shown.length <= waste.length && same(shown, waste.slice(waste.length - shown.length)));
}
"""


def wait_for_view(page, view: dict, timeout: float = 15_000) -> None:
    """Until the board draws exactly ``view``: every column, face-down cards as cards
    without a name, and the waste's top cards (Draw 3 fans three)."""
    page.wait_for_function(BOARD_IS, arg=[view["columns"], view.get("waste")], timeout=timeout)


NAMED_IN_DOM = """
() => {
  const named = {};
  for (const el of document.querySelectorAll('[data-card]:not([data-card=""])')) {
    named[el.dataset.card] = (named[el.dataset.card] ?? 0) + 1;
  }
  return {named, html: document.documentElement.outerHTML};
}
"""

WORDS = re.compile(r"\b(Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of (hearts|clubs|diamonds|spades)\b")
RANK_WORDS = dict(zip(("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
                       "Queen", "King"), "A23456789TJQK", strict=True))


def assert_nothing_unseen_in_dom(page, line: Line, played: int) -> None:
    """No element names more copies of a card than have been face up so far, and
    (one deck, Klondike) no card still face down is named anywhere in the page."""
    seen: dict[str, int] = {}
    for card in cards_named(line.start_view):
        seen[card] = seen.get(card, 0) + 1
    for step in line.steps[:played]:
        for reveal in step.reveals:
            if reveal["pile"] != "w" or line.variant.startswith("spider"):
                seen[reveal["card"]] = seen.get(reveal["card"], 0) + 1
            else:
                seen[reveal["card"]] = 1  # a stock card turned again is the same card
    dom = page.evaluate(NAMED_IN_DOM)
    for card, times in dom["named"].items():
        assert times <= seen.get(card, 0), f"after {played} moves the page holds {card} x{times}, seen {seen.get(card, 0)}"
    if line.variant.startswith("klondike"):
        for rank, suit in WORDS.findall(dom["html"]):
            card = RANK_WORDS[rank] + suit[0].upper()
            assert card in seen, f"after {played} moves the page names {rank} of {suit}, still face down"
