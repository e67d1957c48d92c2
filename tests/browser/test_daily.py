"""The daily, end to end: register, win today's FreeCell daily by dragging cards
along a solver line, and find the new row on the daily leaderboard once the
real worker has replayed and ranked the game."""

import pytest

from games.models import Daily, Deal, SolverStatus
from games.services.dailies import today_utc
from tests.browser.board import drag_move, wait_settled
from tests.browser.solutions import winning_line

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.slow]

DAILY_DEAL = 1


@pytest.fixture
def todays_freecell_daily(live_url):
    line = winning_line("freecell", number=DAILY_DEAL)
    deal, _ = Deal.objects.update_or_create(
        variant="freecell",
        number=DAILY_DEAL,
        defaults={"status": SolverStatus.WINNABLE, "par": len(line), "in_pool": True},
    )
    Daily.objects.create(variant="freecell", date=today_utc(), deal=deal)
    return line


def test_a_new_player_wins_the_daily_by_dragging_and_sees_their_row(site, todays_freecell_daily, screenshots):
    site.goto(f"{site.base}/register/?next=/daily/freecell")
    site.fill("input[name=username]", "newcomer")
    site.fill("input[name=password]", "a long enough passphrase 7")
    site.get_by_role("button", name="Create account").click()
    site.wait_for_url("**/daily/freecell")
    site.locator('.card[data-pile="1"]').first.wait_for()
    wait_settled(site)

    for move in todays_freecell_daily:
        drag_move(site, move)
    site.locator('[data-hud="notice"]', has_text="Won").wait_for()
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    assert site.errors == []

    site.get_by_role("link", name="See the leaderboard").click()
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
    assert cells[2] == str(len(todays_freecell_daily))
    assert site.locator("[data-histogram]").is_visible()
    site.screenshot(path=str(screenshots / "daily-leaderboard.png"))
