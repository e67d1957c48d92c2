"""The daily, end to end: register, start today's FreeCell daily, win it by dragging
cards along a person's line (a solver's own line would be held for review), and find the new row on the daily leaderboard once the
real worker has replayed and ranked the game."""

import datetime as dt

import pytest

from games.clock import today_utc
from games.models import Daily, Deal, Game, SolverStatus
from tests.browser.board import HumanPace, drag_move, wait_settled
from tests.browser.conftest import MOTION
from tests.browser.players import log_in, start_daily
from tests.support.lines import human_line

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.slow]

DAILY_DEAL = 1


@pytest.fixture
def todays_freecell_daily(live_url):
    line = list(human_line("freecell", DAILY_DEAL))
    deal, _ = Deal.objects.update_or_create(
        variant="freecell",
        number=DAILY_DEAL,
        defaults={"status": SolverStatus.WINNABLE, "par": len(line), "in_pool": True},
    )
    Daily.objects.create(variant="freecell", date=today_utc(), deal=deal)
    return line


# With the cards' motion: gestures made while the last move's cards are still sliding.
@pytest.mark.browser_context_args(**MOTION)
def test_a_new_player_wins_the_daily_by_dragging_and_sees_their_row(site, todays_freecell_daily, screenshots):
    site.goto(f"{site.base}/register/?next=/daily/freecell")
    site.fill("input[name=username]", "newcomer")
    site.fill("input[name=password]", "a long enough passphrase 7")
    site.get_by_role("button", name="Create account").click()
    site.wait_for_url("**/daily/freecell")
    site.get_by_role("button", name="Start the daily").click()
    site.locator('.card[data-pile="1"]').first.wait_for()
    wait_settled(site)

    pace = HumanPace(site)  # as fast as the page lets a person play, and no faster
    for move in todays_freecell_daily:
        pace.before(move)
        drag_move(site, move)
        pace.after()
    site.get_by_role("dialog", name="You won!").wait_for()
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    assert site.errors == []

    # The end screen: time, moves against par, then the rank once the worker has checked the win.
    end = site.get_by_role("dialog", name="You won!")
    end.get_by_text("Rank", exact=True).wait_for(timeout=70_000)
    end.locator(".histogram .bar-row.mine").wait_for(timeout=15_000)
    facts = end.locator("dd").all_text_contents()
    assert str(len(todays_freecell_daily)) in facts and "0" in facts  # moves, and moves over par
    assert "1 of 1" in facts
    for name, size in {"desktop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}.items():
        site.set_viewport_size({"width": size[0], "height": size[1]})
        wait_settled(site)
        site.screenshot(path=str(screenshots / f"end-screen-{name}.png"))
    site.set_viewport_size({"width": 1280, "height": 800})
    end.get_by_role("link", name="Leaderboard").click()
    site.wait_for_url("**/leaderboards/daily/**/freecell/")
    mine = site.locator("table tr.me")
    for _ in range(30):
        if mine.count():
            break
        site.wait_for_timeout(1000)
        site.reload()
    assert mine.count() == 1
    cells = mine.locator("td").all_text_contents()
    assert cells[0] == "1" and cells[1] == "newcomer"
    assert mine.get_by_role("link", name="newcomer").get_attribute("href") == "/players/newcomer/"
    assert cells[2] == str(len(todays_freecell_daily))
    assert site.locator("[data-histogram]").is_visible()
    site.screenshot(path=str(screenshots / "daily-leaderboard.png"))


def test_opening_the_daily_deals_nothing_until_the_player_starts_the_ranked_attempt(site, make_player, make_daily):
    make_daily(3)
    player = make_player("patient")
    log_in(site, site.base, "patient", "/daily/freecell", board=False)
    site.wait_for_load_state("networkidle")
    assert not Game.objects.filter(player=player).exists()
    assert site.locator(".card[data-pile]").count() == 0
    site.get_by_role("button", name="Start the daily").click()
    site.locator(".card[data-pile]").first.wait_for()
    wait_settled(site)
    assert Game.objects.get(player=player).ranked
    drag_move(site, "1a")
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    game = Game.objects.get(player=player)
    assert game.ranked and game.move_list == ["1a"]


def test_a_hint_on_a_ranked_daily_asks_first_and_declining_sends_nothing(site, make_player, make_daily):
    make_daily(3)
    player = make_player("careful")
    log_in(site, site.base, "careful", "/daily/freecell", board=False)
    start_daily(site)
    drag_move(site, "1a")
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    asked = []
    site.on("request", lambda request: asked.append(request.url) if "/hint/" in request.url else None)
    question = site.get_by_role("dialog", name="Using a hint takes this game off today's leaderboard. Show a hint?")

    site.keyboard.press("h")
    question.wait_for()
    site.keyboard.press("Escape")
    question.wait_for(state="hidden")
    site.wait_for_load_state("networkidle")
    assert asked == []
    game = Game.objects.get(player=player)
    assert game.ranked and game.hints == 0

    site.keyboard.press("h")
    question.wait_for()
    assert site.evaluate("document.activeElement.textContent") == "No, keep it ranked"
    site.keyboard.press("Tab")
    site.keyboard.press("Enter")
    site.locator("[data-announcer]", has_text="Hint:").wait_for()
    game.refresh_from_db()
    assert game.hints == 1 and not game.ranked

    with site.expect_response("**/hint/"):
        site.keyboard.press("h")
    assert not question.is_visible()
    assert len(asked) == 2


def test_a_past_daily_is_reached_from_the_archive_and_shows_its_deal_number(site, make_player, make_daily,
                                                                            screenshots):
    yesterday = today_utc() - dt.timedelta(days=1)
    make_daily(5, date=yesterday)
    player = make_player("historian")
    log_in(site, site.base, "historian", "/leaderboards/", board=False)
    site.get_by_role("link", name="Daily FreeCell archive").click()
    site.goto(f"{site.base}/dailies/freecell/?month={yesterday:%Y-%m}")
    # Only the days that had a daily are links; this one has not been played.
    day = site.get_by_role("link", name=f"{yesterday}: not played. Play it (unranked)")
    day.wait_for()
    assert site.locator(".calendar td a").count() == 2  # the day and its replays
    site.get_by_role("link", name=f"{yesterday}: replays").click()
    site.wait_for_url(f"**/replay/{yesterday}/freecell/")
    site.go_back()
    site.goto(f"{site.base}/leaderboards/daily/{yesterday}/freecell/")
    assert site.locator("[data-histogram]").count() == 1
    site.get_by_role("link", name="Play this daily (unranked)").click()
    site.wait_for_url(f"**/daily/freecell/{yesterday}")
    site.get_by_role("link", name="Deal #5").wait_for()
    site.locator(".card[data-pile]").first.wait_for()
    wait_settled(site)
    drag_move(site, "1a")
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    game = Game.objects.get(player=player)
    assert not game.ranked and game.daily.date == yesterday


def test_todays_daily_never_shows_its_deal_number(site, make_player, make_daily):
    make_daily(7)
    make_player("curious")
    log_in(site, site.base, "curious", "/daily/freecell", board=False)
    start_daily(site)
    site.wait_for_load_state("networkidle")
    assert site.locator("[data-daily-facts]").is_hidden()
    assert "Deal #" not in site.locator("main").inner_text()
