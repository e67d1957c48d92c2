"""Curation in the admin, in Chromium against the live server: a staff member fills next month's
FreeCell dailies from the reserve, sees them on the calendar and finds every action in the audit log;
a curator switches a daily off from tomorrow, reads the calendar at 1400 px and fills dates that wait
for the worker (issue 27)."""

import calendar
import datetime as dt
import signal

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from django_otp.plugins.otp_totp.models import TOTPDevice

from games.clock import today_utc
from games.models import Daily, DailyVariant, Deal, FillJob, Game, Result, SolverStatus, Submission
from tests.browser.conftest import REDUCED_MOTION
from tests.browser.players import log_in, start_daily
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


BIG_NUMBER = 98_765_432_109_876_543_210  # 20 digits, PySolFC's whole range
#: Where a link's text and its calendar day are drawn.
TEXT_AND_CELL = """(link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    const text = range.getBoundingClientRect(), cell = link.closest("td").getBoundingClientRect();
    return [text, cell].map((box) => ({left: box.left, right: box.right, top: box.top, bottom: box.bottom}));
}"""


@pytest.fixture
def worker_paused(live_stack):
    """The live worker stopped for the test: what the pages ring waits in the queue, so that the
    reserve stays empty and a fill job stays at its start; dropped before the worker goes on, as
    the live stack drops what a test leaves."""
    live_stack.worker.signal(signal.SIGSTOP)
    yield
    live_stack.queue_emptied()
    live_stack.worker.signal(signal.SIGCONT)


def list_row(page) -> dict[str, str]:
    """The first row of an admin list, by its columns' headers (lower case, as the page uppercases them)."""
    headers = [text.strip().lower() for text in page.locator("#result_list thead th").all_text_contents()]
    cells = [text.strip() for text in page.locator("#result_list tbody tr").first.locator("> th, > td")
             .all_text_contents()]
    return dict(zip(headers, cells, strict=True))


def test_curator_switches_forecell_off_from_tomorrow_reads_the_calendar_and_fills_dates_the_worker_owes(
        site, curator, make_player, worker_paused, screenshots):
    """Issue 27 through the admin's own pages at 1400 px: a daily switch asks a reason and a date
    (tomorrow by default) and lists what changes before anything does, and today's ForeCell daily
    stays playable and ranked; the calendar names the variant by its title, shows a week of 20-digit
    numbers each whole inside its day and a reserve daily as "reserve"; a fill from an empty reserve
    becomes a worker job whose progress the Fill jobs list shows and whose dates the calendar marks."""
    today = today_utc()
    tomorrow, later = today + dt.timedelta(days=1), today + dt.timedelta(days=3)
    forecell_today = Deal.objects.create(variant="forecell", number=2, status=SolverStatus.WINNABLE, par=90)
    Daily.objects.create(variant="forecell", date=today, deal=forecell_today, source=Daily.Source.RESERVE)
    forecell_later = Deal.objects.create(variant="forecell", number=6, status=SolverStatus.WINNABLE, par=88)
    Daily.objects.create(variant="forecell", date=later, deal=forecell_later, source=Daily.Source.SCHEDULE)
    week = [today - dt.timedelta(days=today.weekday() - offset) for offset in range(7)]  # Monday to Sunday
    numbers = {day: BIG_NUMBER - offset for offset, day in enumerate(week)}  # a reserve's numbers: 20 digits
    for day in week:
        deal = Deal.objects.create(variant="freecell", number=numbers[day], status=SolverStatus.WINNABLE, par=97,
                                   difficulty="hard")
        Daily.objects.create(variant="freecell", date=day, deal=deal,
                             source=Daily.Source.RESERVE if day == today else Daily.Source.SCHEDULE)
    site.set_viewport_size({"width": 1400, "height": 900})
    admin_log_in(site, site.base)

    # (a) Daily variants -> ForeCell -> off: a reason and a date, then a page listing what changes.
    site.goto(f"{site.base}/admin/games/dailyvariant/")
    site.locator(".object-tools a.addlink").click()
    site.wait_for_url("**/admin/games/dailyvariant/add/")
    assert site.locator("input[name=effective_from]").input_value() == tomorrow.isoformat()
    site.select_option("select[name=variant]", label="ForeCell")
    site.check("input[name=state][value=off]")
    site.fill("input[name=reason]", "   ")
    site.get_by_role("button", name="Review the switch").click()
    site.locator(".errorlist", has_text="This field is required.").wait_for()  # a blank reason is none
    assert not DailyVariant.objects.exists()
    site.fill("input[name=reason]", "ForeCell retires after today")
    site.get_by_role("button", name="Review the switch").click()
    site.get_by_role("heading", level=2, name="Confirm the daily switch").wait_for()
    changes = site.locator("[data-switch-plan] li").all_text_contents()
    assert changes[0] == f"The forecell daily is switched off from {tomorrow} (UTC)."
    assert changes[1].startswith("Today's and every earlier daily stay as they are")
    assert f"{later}: the forecell daily #6 (schedule) stays in the calendar, editable and removable" in changes[2]
    assert "Reason: ForeCell retires after today" in site.locator("#content").inner_text()
    assert not DailyVariant.objects.exists()  # nothing yet: the curator has not confirmed
    site.screenshot(path=str(screenshots / "admin-daily-switch-confirm.png"), full_page=True)
    site.get_by_role("button", name="Yes, switch it off").click()
    site.wait_for_url("**/admin/games/dailyvariant/")
    site.locator(".messagelist", has_text=f"The forecell daily is switched off from {tomorrow}.").wait_for()
    switch = DailyVariant.objects.get()
    assert (switch.variant, switch.enabled, switch.effective_from) == ("forecell", False, tomorrow)

    # Today's ForeCell daily stays open: a player starts it, ranked, and its API still answers.
    fan = make_player("forecell-fan")
    player_context = site.context.browser.new_context(viewport={"width": 1400, "height": 900}, **REDUCED_MOTION)
    try:
        player_page = player_context.new_page()
        player_page.set_default_timeout(15_000)
        player_page.on("pageerror", lambda error: site.errors.append(str(error)))
        log_in(player_page, site.base, "forecell-fan", "/daily/forecell", board=False)
        start_daily(player_page)
        assert Game.objects.get(player=fan, daily__variant="forecell", daily__date=today).ranked
        listed = player_page.request.get(f"{site.base}/api/dailies/today/").json()["dailies"]
        assert "forecell" in [daily["variant"] for daily in listed]
        assert player_page.request.get(f"{site.base}/api/dailies/{today}/forecell/").status == 200
        assert player_page.request.get(f"{site.base}/dailies/forecell/").status == 200
    finally:
        player_context.close()

    # (b) The calendar: the variant's title, 20-digit numbers whole inside their days, "reserve".
    site.goto(f"{site.base}/admin/games/daily/")
    site.get_by_role("link", name="Calendar", exact=True).click()
    site.wait_for_url("**/admin/games/daily/calendar/**")
    site.locator(".fc-tabs").get_by_role("link", name="FreeCell", exact=True).click()
    site.wait_for_url("**variant=freecell**")
    site.get_by_role("heading", level=2, name=f"FreeCell dailies, {today:%B %Y}", exact=True).wait_for()
    assert site.locator(".fc-tabs a.selected").text_content() == "FreeCell"
    for day in week:  # each number whole, inside its own day
        number = site.locator(f'#calendar td[data-date="{day.isoformat()}"] .fc-deal')
        assert number.text_content() == f"#{numbers[day]}"
        text, cell = number.evaluate(TEXT_AND_CELL)
        assert cell["left"] <= text["left"] and text["right"] <= cell["right"], (day, text, cell)
        assert text["right"] <= 1400, (day, text)  # inside the window, not cut at its edge
        assert cell["top"] <= text["top"] and text["bottom"] <= cell["bottom"], (day, text, cell)
    assert site.evaluate("document.documentElement.scrollWidth") <= 1400  # the week fits the window
    today_cell = site.locator(f'#calendar td[data-date="{today.isoformat()}"]')
    assert "reserve" in [text.strip() for text in today_cell.locator(".fc-meta").all_text_contents()]
    site.screenshot(path=str(screenshots / "admin-calendar-20-digits.png"), full_page=False)

    # (c) Fill dates with an empty reserve: Review, confirm, a job whose progress the admin shows.
    first = next_month()[1] + dt.timedelta(days=1)  # the month after next: no day of this week
    last = first + dt.timedelta(days=2)
    site.get_by_role("link", name="Fill dates", exact=True).click()
    site.wait_for_url("**/admin/games/daily/fill/")
    site.select_option("select[name=variant]", "freecell")
    site.fill("input[name=first]", first.isoformat())
    site.fill("input[name=last]", last.isoformat())
    site.fill("input[name=reason]", "a season planned ahead")
    site.get_by_role("button", name="Review").click()
    summary = site.locator("#fill-summary")
    summary.wait_for()
    assert "3 to fill" in summary.inner_text() and "0 deal(s) in the reserve" in summary.inner_text()
    assert site.get_by_role("button", name="Yes, schedule them").count() == 0
    site.get_by_role("button", name="Yes, solve 3 on the worker").click()
    site.wait_for_url(f"**/admin/games/daily/calendar/?variant=freecell&month={first:%Y-%m}")
    job = FillJob.objects.get()
    site.locator(".messagelist", has_text=(f"FreeCell: 0 of 3 date(s) scheduled from the reserve. 3 wait for "
                                           f"the worker's proofs (fill job #{job.pk})")).wait_for()
    for offset in range(3):
        day = first + dt.timedelta(days=offset)
        waiting = site.locator(f'#calendar td[data-date="{day.isoformat()}"] .fc-pending')
        assert waiting.text_content().split() == ["waiting", "for", "a", "proof", "(fill", f"#{job.pk})"]
    assert site.locator(f'#calendar td[data-date="{(last + dt.timedelta(days=1)).isoformat()}"] .fc-pending'
                        ).count() == 0
    site.get_by_role("link", name=f"fill #{job.pk}").first.click()
    site.wait_for_url("**/admin/games/filljob/")
    row = list_row(site)
    assert row["variant"] == "FreeCell" and row["status"] == "Running", row
    assert [row[column] for column in ("days wanted", "filled", "waiting", "failed", "solved", "steps")] == [
        "3", "0", "3", "0", "0", "0"], row
    assert row["requested by"] == "curator" and row["reason"] == "a season planned ahead", row
    site.screenshot(path=str(screenshots / "admin-fill-jobs.png"), full_page=False)
    assert site.errors == []


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
