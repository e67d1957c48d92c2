"""Winning today's Klondike Draw 3 daily through the page at 1280x800 with the mouse,
and the Spider 2-suit daily at 390x844 with a finger, part of each line with the
keyboard (the stock with ``S``): the solver's winning line, stored as the
daily's par line, is played move by move; after every move the board shows
exactly the player's view (each face-down card appears only when it turns) and
no element names a card not yet turned; every response the page received is
held to the player's view afterwards; the end screen shows moves, par, moves
over par and, once the real worker has replayed and ranked the win, the rank."""

import pytest

from tests.browser.board import HumanPace, wait_settled
from tests.browser.players import log_in, start_daily
from tests.browser.stock import (
    ResponseLog,
    assert_nothing_unseen_in_dom,
    double_click_card,
    keys,
    make_stock_daily,
    mouse_drag,
    stock_click,
    tap_card,
    touch_drag,
    wait_for_view,
)

LANDED = "Promise.allSettled(document.getAnimations().map((a) => a.finished))"

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.slow]

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
# One journey per variant (each a minute or more of real play): Klondike with the mouse at
# 1280x800, Spider with a finger at 390x844, so each screen and each set of gestures is
# played through once; the other pairings' boards are drawn and checked by the page tests.
CASES = [
    pytest.param("klondike-draw3", 5, "desktop", marks=pytest.mark.browser_context_args(**DESKTOP), id="klondike-desktop"),
    pytest.param("spider-2suits", 5, "phone", marks=pytest.mark.browser_context_args(**PHONE), id="spider-phone"),
]


def play(page, step, size, cdp) -> str:
    """One move as a person makes it; which gesture depends on the move and the screen.
    Every third move, and every other stock turn, is played with the keyboard."""
    if step.stock:
        if step.ply % 2:
            keys(page, step)
            return "S key"
        stock_click(page, touch=size == "phone")
        return "stock tapped" if size == "phone" else "stock clicked"
    if step.ply % 3 == 0:
        keys(page, step)
        return "keys"
    if step.to_foundation:
        # A card that fits its foundation goes there first on a tap or a double-click.
        if size == "phone":
            tap_card(page, step)
            return "tap"
        double_click_card(page, step)
        return "double-click"
    if size == "phone":
        touch_drag(page, step, cdp)
        return "touch drag"
    mouse_drag(page, step)
    return "drag"


@pytest.mark.parametrize("variant, number, size", CASES)
def test_a_player_wins_the_stock_daily_through_the_page_seeing_each_card_only_when_it_turns(
        site, make_player, screenshots, variant, number, size):
    line = make_stock_daily(variant, number)
    responses = ResponseLog(site)
    name = f"{variant.split('-')[0]}{size}"
    make_player(name)
    log_in(site, site.base, name, f"/daily/{variant}", board=False)
    start_daily(site)
    wait_for_view(site, line.start_view)
    assert_nothing_unseen_in_dom(site, line, 0)
    site.screenshot(path=str(screenshots / f"daily-{variant}-start-{size}.png"))
    cdp = site.context.new_cdp_session(site) if size == "phone" else None

    gestures: dict[str, int] = {}
    pace = HumanPace(site)  # a ranked daily, at a person's pace
    for step in line.steps:
        responses.played = step.ply + 1
        pace.before(step.move)
        # One move, one request: the page sends it at once, and the player waits for the
        # cards to land before the next (as a person does; the clocks' rules see a person's pace).
        with site.expect_response(lambda r: r.request.method == "POST" and "/moves/" in r.url) as sent:
            how = play(site, step, size, cdp)
        assert sent.value.ok, f"move {step.ply + 1} {step.move!r} by {how}: {sent.value.status}"
        gestures[how] = gestures.get(how, 0) + 1
        try:
            wait_for_view(site, step.view)
        except Exception as error:
            raise AssertionError(f"move {step.ply + 1} {step.move!r} by {how}: the board is not the view after it") \
                from error
        assert_nothing_unseen_in_dom(site, line, step.ply + 1)
        site.evaluate(LANDED)
        pace.after()
        if step.ply == len(line.steps) // 2:
            wait_settled(site)
            site.screenshot(path=str(screenshots / f"daily-{variant}-midgame-{size}.png"))
    assert gestures.get("keys") and gestures.get("S key"), gestures

    end = site.get_by_role("dialog", name="You won!")
    end.wait_for()
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    end.get_by_text("Rank", exact=True).wait_for(timeout=70_000)
    facts = dict(zip(end.locator("dt").all_text_contents(), end.locator("dd").all_text_contents(), strict=True))
    assert facts["Moves"] == str(len(line.moves)) and facts["Par"] == str(len(line.moves))
    assert facts["Over par"] == "0" and facts["Rank"] == "1 of 1"
    wait_settled(site)
    site.screenshot(path=str(screenshots / f"daily-{variant}-end-{size}.png"))
    assert responses.check(line) > 0
    assert site.errors == []
