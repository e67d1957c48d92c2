"""Curation in the admin, in Chromium against the live server: a staff member fills next month's
FreeCell dailies from the reserve, sees them on the calendar and finds every action in the audit log."""

import calendar
import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from django_otp.plugins.otp_totp.models import TOTPDevice

from games.clock import today_utc
from games.models import Daily, Deal, Game, Result, SolverStatus, Submission
from tests.support.factors import factor_code, factor_enrol

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "correct horse battery"
RESERVE_FROM = 2_000_000_001  # from the whole number range, as the reserve is


def next_month() -> tuple[dt.date, dt.date]:
    first = (today_utc().replace(day=1) + dt.timedelta(days=32)).replace(day=1)
    return first, first.replace(day=calendar.monthrange(first.year, first.month)[1])


@pytest.fixture
def curator(live_url):
    user = get_user_model().objects.create_superuser("curator", "curator@example.com", PASSWORD)
    factor_enrol(user)  # the admin asks staff for a second factor
    return user


@pytest.fixture
def reserve(live_url):
    for offset in range(35):
        Deal.objects.create(variant="freecell", number=RESERVE_FROM + offset, status=SolverStatus.WINNABLE,
                            par=90 + offset % 9, difficulty=("easy", "medium", "hard")[offset % 3],
                            daily_reserve=True)


def admin_log_in(page, base):
    page.goto(f"{base}/admin/login/?next=/admin/")
    page.fill("input[name=username]", "curator")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=otp_token]", factor_code(TOTPDevice.objects.get(user__username="curator")))
    page.locator("input[type=submit]").first.click()
    page.wait_for_url("**/admin/")


def test_staff_fill_a_month_from_the_reserve_see_the_calendar_and_the_trail(site, curator, reserve, screenshots):
    first, last = next_month()
    admin_log_in(site, site.base)
    site.goto(f"{site.base}/admin/games/daily/")
    site.get_by_role("link", name="Fill dates").first.click()
    site.select_option("select[name=variant]", "freecell")
    site.fill("input[name=first]", first.isoformat())
    site.fill("input[name=last]", last.isoformat())
    site.fill("input[name=reason]", "next month's dailies")
    site.get_by_role("button", name="Review").click()
    summary = site.locator("#fill-summary")
    assert f"{last.day} to fill" in summary.inner_text() and "35 deal(s) in the reserve" in summary.inner_text()
    site.get_by_role("button", name="Yes, schedule them").click()

    site.wait_for_url("**/admin/games/daily/calendar/**")
    calendar_table = site.locator("#calendar")
    assert calendar_table.get_attribute("data-month") == f"{first:%Y-%m}"
    scheduled = site.locator("#calendar td:not(.fc-other) .fc-deal")
    assert scheduled.count() == last.day
    numbers = {int(text.lstrip("#")) for text in scheduled.all_text_contents()}
    assert len(numbers) == last.day and numbers <= set(range(RESERVE_FROM, RESERVE_FROM + 35))
    assert f"{last.day} of {last.day} days scheduled" in site.content()
    site.screenshot(path=str(screenshots / "admin-calendar.png"), full_page=True)
    assert Daily.objects.filter(variant="freecell", date__range=(first, last)).count() == last.day

    site.goto(f"{site.base}/admin/auditlog/logentry/?staff_action=schedule_add")
    rows = site.locator("#result_list tbody tr")
    assert rows.count() == last.day
    listing = site.locator("#result_list").inner_text()
    for offset in range(last.day):
        assert f"freecell daily {first + dt.timedelta(days=offset)}" in listing
    for row in rows.all():
        text = row.inner_text()
        assert "curator" in text and "next month's dailies" in text and "admin" in text
    assert site.errors == []


def test_the_results_list_shows_every_column_at_1400_px(site, curator, screenshots):
    player = get_user_model().objects.create_user("a-rather-long-player-name", password=PASSWORD)
    deal = Deal.objects.create(variant="freecell-classic", number=8_589_934_000, status=SolverStatus.WINNABLE)
    daily_deal = Deal.objects.create(variant="freecell", number=123_456, status=SolverStatus.WINNABLE)
    daily = Daily.objects.create(variant="freecell", date=today_utc(), deal=daily_deal)
    for target, on_daily in ((deal, None), (daily_deal, daily)):
        game = Game.objects.create(player=player, deal=target, daily=on_daily, state="won",
                                   finished_at=timezone.now(), moves=" ".join(["3a", "3h", "5a", "6b"] * 10),
                                   server_times=[200 * i + (3000 if i > 20 else 0) for i in range(40)],
                                   client_times=[150 * i for i in range(40)])
        submission = Submission.objects.create(game=game, moves="", status="accepted")
        Result.objects.create(submission=submission, game=game, player=player, deal=target, daily=on_daily,
                              moves=123, duration_ms=1_234_567, finished_at=timezone.now(), flagged=True,
                              flag_reason="14 decisions arrived in a single request after a long wait")
    site.set_viewport_size({"width": 1400, "height": 900})
    admin_log_in(site, site.base)
    site.goto(f"{site.base}/admin/games/result/")
    # The list scrolls inside its own box when it is too wide: every column must fit that box.
    visible = site.locator("#changelist .results").bounding_box()
    for column in ("Player", "Deal", "Daily", "Moves", "Ranked", "Flagged", "Voided", "Evidence"):
        box = site.locator("#result_list thead th", has_text=column).first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= visible["x"] + visible["width"] + 1, (column, box)
    assert site.evaluate("document.querySelector('#changelist .results').scrollWidth") <= visible["width"] + 1
    assert site.evaluate("document.documentElement.scrollWidth") <= 1400
    site.screenshot(path=str(screenshots / "admin-results-1400.png"), full_page=False)
    site.locator("#result_list tbody tr a").first.click()
    site.wait_for_url("**/admin/games/result/*/change/")
    plot = site.locator("#timing-plot")
    plot.wait_for()
    assert plot.is_visible() and plot.locator("polyline").count() == 3
    site.screenshot(path=str(screenshots / "admin-result-evidence.png"), full_page=True)



@pytest.mark.worker
def test_staff_schedule_a_number_nobody_has_solved_and_the_worker_proves_it(site, curator):
    day = next_month()[1] + dt.timedelta(days=3)
    admin_log_in(site, site.base)
    site.goto(f"{site.base}/admin/games/daily/add/?variant=freecell&date={day.isoformat()}")
    site.fill("input[name=number]", "5")
    site.fill("input[name=reason]", "a reader's favourite")
    site.locator("input[name=_save]").click()
    site.wait_for_url("**/admin/games/schedulerequest/")
    assert "sent to the worker" in site.content()
    for _ in range(30):  # the real worker solves deal 5 and schedules it
        if "scheduled (par" in site.locator("#result_list").inner_text():
            break
        site.wait_for_timeout(1000)
        site.reload()
    assert "scheduled (par" in site.locator("#result_list").inner_text()
    site.goto(f"{site.base}/admin/games/daily/calendar/?variant=freecell&month={day:%Y-%m}")
    cell = site.locator(f'#calendar td[data-date="{day.isoformat()}"]')
    assert cell.locator(".fc-deal").inner_text() == "#5"
    site.goto(f"{site.base}/admin/auditlog/logentry/")
    listing = site.locator("#result_list").inner_text()
    assert "schedule_request" in listing and "schedule_add" in listing and "a reader's favourite" in listing
    assert site.errors == []
