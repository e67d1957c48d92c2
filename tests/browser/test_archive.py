"""Dailies worth coming back to: the home tiles with today's result and the
streak, the archive calendar, the replay viewer of a closed daily, and the
leaderboard's links to players' profiles (in test_daily.py)."""

import datetime as dt

import pytest

from games.clock import today_utc
from games.models import Deal
from tests.browser.board import cards_in, wait_settled
from tests.browser.players import log_in, play_elsewhere

pytestmark = pytest.mark.browser


def test_the_home_tile_says_todays_result(site, make_player, make_daily):
    line = make_daily(1)
    player = make_player("regular")
    play_elsewhere(player, line[:3], daily=today_utc().isoformat())
    log_in(site, site.base, "regular", "/", board=False)
    site.locator("[data-daily-tile][data-variant=freecell][data-state]").wait_for()
    tile = site.locator("[data-daily-tile][data-variant=freecell] [data-tile-status]")
    assert tile.text_content() == "Playing, 3 moves"


def test_the_replay_viewer_steps_and_plays_the_par_line_to_the_end(site, make_player, make_daily, screenshots):
    yesterday = today_utc() - dt.timedelta(days=1)
    line = make_daily(5, date=yesterday)
    Deal.objects.filter(variant="freecell", number=5).update(solution=" ".join(line))
    make_player("watcher")
    log_in(site, site.base, "watcher", f"/replay/{yesterday}/freecell/", board=False)
    counter = site.locator("[data-step]")
    site.locator("[data-line] option").first.wait_for(state="attached")
    assert counter.text_content() == f"0 / {len(line)}"
    assert "Par line" in site.locator("[data-line]").inner_text()
    site.get_by_role("button", name="Next").click()
    assert counter.text_content() == f"1 / {len(line)}"
    site.get_by_role("button", name="Back").click()
    assert counter.text_content() == f"0 / {len(line)}"
    site.locator("[data-speed]").select_option("150")
    site.get_by_role("button", name="Play").click()
    site.wait_for_function("() => document.querySelector('[data-step]').textContent.startsWith('3 /')")
    site.get_by_role("button", name="Pause").click()
    site.get_by_role("button", name="End").click()
    wait_settled(site)
    assert all(len(cards_in(site, pile)) == 13 for pile in ("hH", "hC", "hD", "hS"))
    for name, size in {"desktop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}.items():
        site.set_viewport_size({"width": size[0], "height": size[1]})
        site.get_by_role("button", name="Start").click()
        wait_settled(site)
        site.screenshot(path=str(screenshots / f"replay-{name}.png"))


def test_an_open_dailys_replays_are_not_shown(site, make_player, make_daily):
    make_daily(7)
    make_player("early")
    log_in(site, site.base, "early", f"/replay/{today_utc()}/freecell/", board=False)
    site.get_by_text("The replays of a daily open once its day is over.").wait_for()
    assert site.locator(".card[data-pile]").count() == 0


def test_the_archive_marks_a_played_day_and_shows_nothing_for_days_without_a_daily(site, make_player, make_daily,
                                                                                  screenshots):
    today = today_utc()
    earlier = today - dt.timedelta(days=2)
    make_daily(5, date=earlier)
    player = make_player("archivist")
    play_elsewhere(player, ["1a"], daily=earlier.isoformat())
    log_in(site, site.base, "archivist", f"/dailies/freecell/?month={earlier:%Y-%m}", board=False)
    played = site.get_by_role("link", name=f"{earlier}: played, not won. Play it (unranked)")
    played.wait_for()
    cell = site.locator("td", has=played)
    assert cell.locator(".mark").text_content() == "●"
    # A day of the month without a daily is plain text, not a link.
    other = (earlier.replace(day=1) if earlier.day != 1 else earlier.replace(day=2))
    assert site.get_by_role("link", name=f"{other}:").count() == 0
    for name, size in {"desktop": (1280, 800), "phone": (390, 844), "landscape": (844, 390)}.items():
        site.set_viewport_size({"width": size[0], "height": size[1]})
        wait_settled(site)
        site.screenshot(path=str(screenshots / f"archive-{name}.png"), full_page=True)
