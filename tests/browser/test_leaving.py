"""A player downloads their data (every game they played), deletes their account, and their
old daily row shows "deleted player"."""

import datetime as dt
import json

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import AccountDeletion
from accounts.tasks import deletions_run_task
from games.clock import today_utc
from games.models import Daily, Deal, Game, Result, SolverStatus, Submission
from tests.browser.players import PASSWORD, log_in

pytestmark = [pytest.mark.browser, pytest.mark.worker]


@pytest.fixture
def dora_won_yesterday(live_url):
    dora = get_user_model().objects.create_user("dora", "dora@example.com", PASSWORD)
    deal = Deal.objects.create(variant="freecell", number=24, status=SolverStatus.WINNABLE, par=80)
    day = Daily.objects.create(variant="freecell", date=today_utc() - dt.timedelta(days=1), deal=deal)
    at = timezone.now() - dt.timedelta(days=1)
    game = Game.objects.create(player=dora, deal=deal, daily=day, ranked=True, state="won", finished_at=at,
                               moves="5a 8h")
    submission = Submission.objects.create(game=game, moves="", status="accepted")
    Result.objects.create(submission=submission, game=game, player=dora, deal=deal, daily=day, ranked=True,
                          moves=88, counted_moves=88, duration_ms=300_000, finished_at=at)
    practice = Game.objects.create(player=dora, deal=deal, state="playing", moves="3b")
    return dora, day, {str(game.pk), str(practice.pk)}


def test_a_player_exports_their_data_then_deletes_the_account_and_their_row_becomes_deleted_player(
        site, dora_won_yesterday, tmp_path):
    dora, day, games = dora_won_yesterday
    log_in(site, site.base, "dora", "/account/", board=False)
    with site.expect_download() as download:
        site.locator("[data-export]").click()
    exported = json.loads(download.value.path().read_text())
    assert {g["id"] for g in exported["games"]} == games

    site.fill("input[name=password]", PASSWORD)
    site.get_by_role("button", name="Delete my account").click()
    site.locator("[data-deletion]").wait_for()
    AccountDeletion.objects.filter(user=dora).update(due_at=timezone.now())  # the grace period, passed
    assert deletions_run_task.apply().get() == 1

    site.goto(f"{site.base}/leaderboards/daily/{day.date}/freecell/")
    row = site.locator("[data-rows] tbody tr").first
    expect(row).to_contain_text("deleted player")
    assert "dora" not in row.inner_text()
    assert site.errors == []
