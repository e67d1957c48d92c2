"""Problems 6, 7 and 8 of the player's shell, grouped by the page they share:
the archive opens on the month of the latest daily, a guest's past daily opens
its replays, a guest's win with hints says so (no "over par"), Restart shows the
deal as dealt, and the settings and buttons offer only what the game does."""

import datetime as dt

import pytest

from games.clock import today_utc
from tests.browser.board import drag_move, open_deal, wait_settled
from tests.browser.conftest import MOTION
from tests.browser.solutions import winning_line

pytestmark = pytest.mark.browser

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]

# Build the guest's local save of `moves` on deal `number` in the page itself (the client's own modules),
# so the page reopens that far into the game.
SAVE = """async ([number, moves]) => {
  const state = await import('/static/fc/js/state.js');
  const storage = await import('/static/fc/js/storage.js');
  const deal = await (await fetch(`/api/deals/freecell/${number}/`)).json();
  let game = state.newGame({ variant: 'freecell', number, start: deal.position });
  for (const move of moves) game = state.play(game, move);
  storage.createStorage().saveGame(storage.gameKey('freecell', number), { ...state.serialize(game), owner: null },
    { variant: 'freecell', number, ply: moves.length, won: false });
}"""


# With the cards' motion: the win's celebration is part of what it checks.
@pytest.mark.browser_context_args(**MOTION)
def test_a_guest_finds_the_archive_replays_and_an_honest_end_screen(site, make_daily, screenshots):
    today = today_utc()
    make_daily(11)  # today's: the only daily there is, whatever the day of the month
    # Problem 6: the archive opens on the month holding the latest daily (today's).
    site.goto(f"{site.base}/dailies/freecell/")
    title = site.locator("[data-month-title]")
    site.locator("[data-calendar] tbody tr").first.wait_for()
    assert title.inner_text() == f"{MONTHS[today.month - 1]} {today.year}"
    assert site.locator(f'[data-calendar] a[href="/daily/freecell/{today.isoformat()}"]').count() == 1
    for name, (width, height) in {"desktop": (1280, 800), "phone": (390, 844)}.items():
        site.set_viewport_size({"width": width, "height": height})
        site.screenshot(path=str(screenshots / f"archive-{name}.png"), full_page=True)
    site.set_viewport_size({"width": 1280, "height": 800})
    # Problem 8: a guest opening a past daily sees its replays, not the log-in page.
    yesterday = today - dt.timedelta(days=1)
    make_daily(12, date=yesterday)
    site.goto(f"{site.base}/daily/freecell/{yesterday.isoformat()}")
    assert site.url.endswith(f"/replay/{yesterday.isoformat()}/freecell/")

    # Problem 8: a guest's win with a hint says the hint and claims no "over par".
    line = winning_line("freecell", 9)
    open_deal(site, "/play/freecell/9")
    site.evaluate(SAVE, [9, line[:-1]])
    site.reload()
    site.locator('.card[data-pile^="h"]').first.wait_for()
    wait_settled(site)
    assert site.locator('[data-hud="moves"]').text_content() == str(len(line) - 1)
    site.keyboard.press("h")
    site.locator("[data-announcer]", has_text="Hint:").wait_for()
    site.set_viewport_size({"width": 390, "height": 844})
    wait_settled(site)
    drag_move(site, line[-1])
    # Problem 8: a win celebrates (the foundations' cards bounce off in a trail), then the end screen opens.
    site.locator("[data-celebration] .stamp").first.wait_for(state="attached")
    assert site.get_by_role("dialog", name="You won!").count() == 0 or not site.locator("dialog[data-end]").is_visible()
    end = site.get_by_role("dialog", name="You won!")
    end.wait_for()
    assert site.locator("[data-celebration] .stamp").count() > 40  # the last frame stays behind the end screen
    assert site.locator(".card[data-pile]").count() == 52  # copies name no pile
    facts = dict(zip(end.locator("dt").all_inner_texts(), end.locator("dd").all_inner_texts(), strict=True))
    assert facts.get("Hints") == "1" and "Over par" not in facts
    # The phone's last frame here; the desktop's is test_daily.py's end-screen-desktop.png.
    site.screenshot(path=str(screenshots / "end-celebration-phone.png"))
    end.get_by_role("button", name="Close").click()
    # The trail goes once the dialog's close event (a task of its own, after the click) settles it.
    site.locator("[data-celebration]").wait_for(state="detached")
    assert site.locator("[data-celebration]").count() == 0
    assert site.errors == []


def test_stock_games_offer_only_what_they_do_and_restart_shows_the_deal_as_dealt(site):
    # Problem 8: Spider never finishes by itself: no Auto-finish button that is always off.
    open_deal(site, "/play/spider-1suit/3")
    assert site.locator('[data-hud="finish"]').is_hidden()
    site.locator('[data-hud="settings"]').click()
    settings = site.locator("dialog[data-settings]")
    assert settings.locator("input[name=autoHome]").count() == 0
    assert settings.locator("input[name=autoComplete]").count() == 0
    settings.get_by_role("button", name="Done").click()
    # Klondike: no "Safe cards go home" (it does nothing there); Auto complete stays.
    open_deal(site, "/play/klondike-draw1/3")
    assert site.locator('[data-hud="finish"]').is_visible()
    assert site.locator("dialog[data-settings] input[name=autoHome]").count() == 0
    assert site.locator("dialog[data-settings] input[name=autoComplete]").count() == 1
    # After Restart no card back carries the index of a card seen before it.
    site.keyboard.press("s")
    site.locator('.card[data-pile="w"][data-card]').first.wait_for()
    wait_settled(site)
    site.keyboard.press("u")
    site.locator(".card[data-seen]").first.wait_for()  # undo keeps what was seen
    site.keyboard.press("r")
    wait_settled(site)
    site.locator('[data-hud="settings"]').click()
    site.locator('[data-hud="restart"]').click()
    site.locator("dialog[data-confirm]").get_by_role("button", name="Restart").click()
    wait_settled(site)
    assert site.locator('[data-hud="moves"]').text_content() == "0"
    assert site.locator(".card[data-seen]").count() == 0
    assert site.errors == []
