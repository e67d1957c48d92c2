"""Driving the board as a player does: by dragging, or with the keyboard only."""

import math
import random
import re
import time

from fairplay.timing import is_decision

MOVE = re.compile(r"^([1-8]|[a-d]|h[hcds])([1-8]|[a-d]|h)(?:v([0-9a-f]+))?$")


RANKS = "A23456789TJQK"


def _builds(lower: str, upper: str) -> bool:
    return RANKS.index(lower[0]) + 1 == RANKS.index(upper[0]) and (lower[1] in "HD") != (upper[1] in "HD")


def parse(move: str, page=None) -> tuple[str, str, int]:
    """Source, destination and card count; a column move without ``v`` onto a
    card carries the run whose head fits there, read from the board."""
    source, destination, count = MOVE.fullmatch(move).groups()
    if count:
        return source, destination, int(count, 16)
    if page is not None and source.isdigit() and destination.isdigit():
        target = cards_in(page, destination)
        run = cards_in(page, source)
        for depth in range(1, len(run) + 1):
            if target and _builds(run[-depth], target[-1]):
                return source, destination, depth
    return source, destination, 1


def card(page, pile: str, depth: int = 1):
    return page.locator(f'.card[data-pile="{pile}"][data-depth="{depth}"]')


def cards_in(page, pile: str) -> list[str]:
    """The pile's cards, deepest first, as the board shows them."""
    return page.eval_on_selector_all(
        f'.card[data-pile="{pile}"]',
        "els => els.sort((a, b) => b.dataset.depth - a.dataset.depth).map(e => e.dataset.card)",
    )


def board_state(page) -> dict:
    piles = [*"12345678", *"abcd", "hH", "hC", "hD", "hS"]
    return {pile: cards_in(page, pile) for pile in piles}


def _center(box) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 20)


class HumanPace:
    """A person's pace over a line: each decision (a move not to a foundation) is played no
    sooner than a think time drawn from a log-normal spread after the last move ended.
    Playwright drags faster than the clocks' floor of 250 ms a decision on a quiet machine
    (with the cards' motion reduced, as the browser tests ask for, a move takes a few
    milliseconds), and a fixed pace is a metronome: either is held for review, as a
    script's play should be. The waits cost no CPU: nothing moves on the page meanwhile.
    """

    def __init__(self, page, *, seed: int = 0, floor_ms: float = 300, median_ms: float = 420, sigma: float = 0.35):
        self.page, self.rng, self.floor_ms = page, random.Random(seed), floor_ms
        self.mu, self.sigma = math.log(median_ms), sigma
        self.last = time.monotonic()

    def before(self, move: str) -> None:
        """Wait out the think time of ``move`` (in the engine's notation, any family) if it is a decision."""
        if is_decision(move):
            think = max(self.floor_ms, self.rng.lognormvariate(self.mu, self.sigma))
            left = think - (time.monotonic() - self.last) * 1000
            if left > 0:
                self.page.wait_for_timeout(left)

    def after(self) -> None:
        self.last = time.monotonic()


SETTLED = "el => Promise.allSettled(el.getAnimations().map((a) => a.finished))"

# What a press at (x, y) lands on: the card or pile under the point, else the element there.
UNDER = """([x, y]) => {
  const el = document.elementFromPoint(x, y);
  const hit = el?.closest('.card, .pile');
  return hit ? {card: hit.dataset.card ?? null, pile: hit.dataset.pile, depth: hit.dataset.depth ?? null}
             : {other: el ? el.outerHTML.slice(0, 160) : null};
}"""

# The page's state when a drag did not land: its notice, sync status and the table's place.
DRAG_STATE = """() => ({
  notice: document.querySelector('[data-hud=notice]:not([hidden])')?.textContent ?? null,
  status: document.querySelector('[data-hud=status]')?.textContent ?? null,
  board: JSON.stringify(document.querySelector('[data-board]')?.getBoundingClientRect()),
  scroll: [scrollX, scrollY],
})"""


def drag_move(page, move: str) -> None:
    """Play one move by dragging its card (the head of the run) onto the destination.

    Before the press, the point pressed must show that card and the point of release
    the destination: a table that moved, or anything over it, fails here and says
    what was there. The card must then arrive: a gesture the page dropped fails too
    (no second drag)."""
    source, destination, count = parse(move, page)
    grabbed = card(page, source, count)
    code = grabbed.get_attribute("data-card")
    if destination == "h":
        target = page.locator(f'.pile[data-pile="h{code[1]}"]')
    elif destination.isdigit() and page.locator(f'.card[data-pile="{destination}"]').count():
        target = card(page, destination, 1)
    else:
        target = page.locator(f'.pile[data-pile="{destination}"]')
    wanted = f"h{code[1]}" if destination == "h" else destination
    # A card still sliding from the last move is not where its box will be.
    for moving in (grabbed, target):
        moving.evaluate(SETTLED)
    start, end = _center(grabbed.bounding_box()), _center(target.bounding_box())
    pressed, released = page.evaluate(UNDER, list(start)), page.evaluate(UNDER, list(end))
    assert pressed == {"card": code, "pile": source, "depth": str(count)}, f"{move}: a press at {start} lands on {pressed}"
    assert released.get("pile") == wanted, f"{move}: a release at {end} lands on {released}"
    mouse_gesture(page, start, end)
    arrived = page.locator(f'.card[data-card="{code}"][data-pile="{wanted}"]')
    try:
        arrived.wait_for(state="attached", timeout=15_000)
    except Exception as error:
        raise AssertionError(f"{move}: {code} did not reach {wanted}: {page.evaluate(DRAG_STATE)}, "
                             f"{source} holds {cards_in(page, source)}") from error


def mouse_gesture(page, start, end, *, nudge: int = 8, steps: int = 4) -> None:
    """Press at ``start``, nudge past the drag threshold, move to ``end`` and release."""
    (x, y), (tx, ty) = start, end
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + nudge, y + nudge, steps=2)
    page.mouse.move(tx, ty, steps=steps)
    page.mouse.up()


def drag_box_onto(page, home, onto) -> None:
    """Drag by the mouse from 20 px inside the box `home` to 20 px inside the box `onto`."""
    page.mouse.move(home["x"] + 20, home["y"] + 20)
    page.mouse.down()
    page.mouse.move(home["x"] + 40, home["y"] + 40, steps=3)
    page.mouse.move(onto["x"] + 20, onto["y"] + 20, steps=5)
    page.mouse.up()


def key_move(page, move: str) -> None:
    """Play one move with the keyboard: the source's key, the run's length with
    the Up arrow, the destination's key, then Enter; then check the page's log
    took it. The log, not the card's place: the card need not be in its
    destination by the time that is looked at (Auto complete takes the last
    move's card on home a step or two later)."""
    source, destination, count = parse(move, page)
    counter = page.locator('[data-hud="moves"]')
    before = int(counter.text_content())
    page.keyboard.press(source)
    for _ in range(count - 1):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("f" if destination == "h" else destination)
    page.keyboard.press("Enter")
    try:
        counter.filter(has_not_text=re.compile(rf"^{before}$")).wait_for()
        played = page.evaluate(SAVED_LOG)[before]
        assert played[:2] == source + destination, f"{played} played"
    except Exception as error:  # the page's state, for a move whose keys did not take
        raise AssertionError(f"{move} by keys {source!r}, {count - 1} x Up, {destination!r}, Enter: "
                             f"{page.evaluate(KEYBOARD_STATE)}") from error


# The moves of the game on the page as it saved them at its last change (storage.js: the newest game first).
SAVED_LOG = """() => {
  const [newest] = JSON.parse(localStorage.getItem("fc:games") ?? "[]");
  return JSON.parse(newest ? localStorage.getItem(newest.key) : "null")?.moves ?? [];
}"""


# Where the keys went: the focused element, the chosen card, what was last announced, where the card is.
KEYBOARD_STATE = """() => ({
  focused: document.activeElement?.outerHTML?.slice(0, 160),
  selected: [...document.querySelectorAll(".card.selected, .pile.selected, [aria-selected=true]")]
    .map((el) => el.dataset.card || el.dataset.pile),
  announced: document.querySelector("[data-announcer]")?.textContent,
  dialogs: [...document.querySelectorAll("dialog[open], [role=dialog]")].map((el) => el.textContent.slice(0, 80)),
})"""


def open_deal(page, path: str = "/play/freecell/1") -> None:
    """Open a play page and wait for its cards to be dealt and still."""
    page.goto(f"{page.base}{path}")
    page.locator('.card[data-pile="1"]').first.wait_for()
    wait_settled(page)


# Two frames first, so that what the last task changed has started its transitions.
BOARD_SETTLED = """() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)))
  .then(() => Promise.allSettled(document.getAnimations()
    .filter((a) => a.effect?.target?.closest?.(".board"))
    .map((a) => a.finished)))"""


def wait_settled(page) -> None:
    """Let the board's transitions and animations end before a screenshot or a bounding box."""
    page.evaluate(BOARD_SETTLED)
