"""A challenge between two players, each in a browser context of their own.

Amy wins Klondike Draw 1 #2 through the page, taking one move back on the way
(the solver's line and one more counted move), and makes a challenge from the end
screen. Bea opens the link, takes it up and wins the same deal on the line; the real worker validates both
wins. Both see the challenge page with Bea first. Bea answers with a
counter-challenge on #6 (won elsewhere, through the API), and it reaches Amy on
her home page, whose link opens it."""

import datetime as dt
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.models import Game, Result
from tests.browser.board import HumanPace, wait_settled
from tests.browser.conftest import NO_AUTO_HOME, REDUCED_MOTION
from tests.browser.players import log_in, other_device
from tests.browser.stock import translate, wait_for_view
from tests.browser.test_stock_daily import LANDED, play
from tests.support.lines import winning_line
from tests.support.play import play_one_by_one

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.slow]

VARIANT, NUMBER, COUNTER_NUMBER = "klondike-draw1", 2, 6


def play_line(page, line, *, undo_first: bool = False) -> None:
    """The line move by move as a person plays it; with ``undo_first``, the first move
    is played, sent and taken back (U) before the line starts.

    The page holds moves for a batch (a pause in play or 8 moves, sync.js ``HOLD``), so
    the line does not wait for a request per move: every append it sends must succeed,
    and the game must end saved."""
    refused = []

    def heard(response) -> None:
        if response.request.method == "POST" and "/games/" in response.url and not response.ok:
            refused.append(f"{response.url}: {response.status}")

    if undo_first:
        step = line.steps[0]
        with page.expect_response(lambda r: r.request.method == "POST" and "/moves/" in r.url):
            play(page, step, "desktop", None)
        wait_for_view(page, step.view)
        page.evaluate(LANDED)
        with page.expect_response(lambda r: r.request.method == "POST" and "/undo/" in r.url) as undone:
            page.keyboard.press("u")
        assert undone.value.ok
        wait_for_view(page, line.start_view)
    page.on("response", heard)
    pace = HumanPace(page)  # a ranked attempt, at a person's pace
    try:
        for step in line.steps:
            pace.before(step.move)
            how = play(page, step, "desktop", None)
            try:
                wait_for_view(page, step.view)
            except Exception as error:
                raise AssertionError(f"move {step.ply + 1} {step.move!r} by {how}: not the view after it") from error
            page.evaluate(LANDED)
            pace.after()
        page.locator('[data-hud="status"]', has_text="Saved").wait_for()
    finally:
        page.remove_listener("response", heard)
    assert not refused, refused


def first_rows(page, count: int) -> list[list[str]]:
    rows = page.locator("[data-attempts] tbody tr")
    return [rows.nth(i).locator("td").all_text_contents() for i in range(count)]


def test_a_challenge_is_made_taken_up_beaten_and_answered(site, browser, make_player, screenshots):
    line = translate(VARIANT, NUMBER, list(winning_line(VARIANT, NUMBER)))
    site.set_default_timeout(45_000)  # two browsers and a worker on a shared, busy machine
    make_player("amy")
    bea = make_player("bea")

    # Amy wins the numbered deal, one move taken back, and challenges a friend from the end screen.
    log_in(site, site.base, "amy", f"/play/{VARIANT}/{NUMBER}", board=False)
    site.locator(".card[data-pile]").first.wait_for()
    wait_settled(site)
    play_line(site, line, undo_first=True)
    end = site.get_by_role("dialog", name="You won!")
    end.wait_for()
    end.get_by_role("button", name="Challenge a friend").click()
    try:
        site.wait_for_url(re.compile(r".*/c/[a-z0-9]{8}$"), timeout=90_000)
    except PlaywrightTimeoutError:
        # Say where the challenge stopped: the page's notice, its saved state, the server's rows.
        game = Game.objects.filter(player__username="amy").select_related("submission").first()
        result = Result.objects.filter(game=game).first()
        raise AssertionError(
            f"no challenge page: notice {site.locator('[data-hud]').all_text_contents()!r}, "
            f"errors {site.errors!r}, game {game and (game.state, game.ply)}, "
            f"submission {game and getattr(getattr(game, 'submission', None), 'status', None)!r}, "
            f"result {result and (result.counts, result.flagged)!r}"
        ) from None
    code = site.url.rsplit("/", 1)[1]
    amy_result = Result.objects.get(player__username="amy")
    said = site.locator("[data-challenge-line]").text_content()
    amy_moves, bea_moves = len(line.steps) + 1, len(line.steps)  # the move taken back counts
    assert f"amy did it in {amy_moves} moves" in " ".join(said.split()), (said, amy_result.moves, amy_result.undos)

    # Bea, in a browser of her own, follows the link and plays her one attempt.
    other = browser.new_context(viewport={"width": 1280, "height": 800}, **REDUCED_MOTION)
    other.add_init_script(NO_AUTO_HOME)
    bea_page = other.new_page()
    bea_page.set_default_timeout(45_000)
    bea_page.errors = []
    bea_page.on("pageerror", lambda error: bea_page.errors.append(str(error)))
    log_in(bea_page, site.base, "bea", f"/c/{code}", board=False)
    bea_page.get_by_text(f"amy did it in {amy_moves} moves").wait_for()
    bea_page.get_by_role("link", name="Take up the challenge").click()
    bea_page.wait_for_url(f"**/c/{code}/play")
    wait_for_view(bea_page, line.start_view)
    play_line(bea_page, line)
    bea_end = bea_page.get_by_role("dialog", name="You won!")
    bea_end.wait_for()
    bea_end.get_by_role("link", name="See the challenge").click()
    bea_page.wait_for_url(f"**/c/{code}")

    # Both see the challenge with Bea first, once the worker has validated her win.
    for page in (bea_page, site):
        page.goto(f"{site.base}/c/{code}")
        page.locator("[data-attempts] tbody tr").first.filter(has_text="bea").wait_for(timeout=90_000)
        assert first_rows(page, 2) == [["1", "bea", str(bea_moves), first_rows(page, 1)[0][3], "won"],
                                       ["2", "amy", str(amy_moves), first_rows(page, 2)[1][3], "the challenge"]]
    assert Game.objects.get(player=bea, kind=Game.Kind.CHALLENGE).result.counted_moves == bea_moves
    site.screenshot(path=str(screenshots / "challenge-page.png"))

    # Bea wins another deal elsewhere and sends it back to Amy from the challenge page.
    client = other_device(bea)
    counter_game = client.post("/api/games/", {"variant": VARIANT, "number": COUNTER_NUMBER}, format="json").json()
    Game.objects.filter(pk=counter_game["id"]).update(
        started_at=Game.objects.get(pk=counter_game["id"]).started_at - dt.timedelta(minutes=10))
    play_one_by_one(client, counter_game["id"], winning_line(VARIANT, COUNTER_NUMBER))
    bea_page.goto(f"{site.base}/c/{code}")
    bea_page.get_by_role("button", name=f"Challenge amy with #{COUNTER_NUMBER}").click()
    bea_page.wait_for_url(lambda url: re.search(r"/c/[a-z0-9]{8}$", url) and not url.endswith(code),
                          timeout=90_000)
    counter = bea_page.url.rsplit("/", 1)[1]
    assert counter != code

    # It reaches Amy: on her home page, and on the challenge she made.
    site.goto(f"{site.base}/")
    site.get_by_role("link", name=f"bea challenges you: Klondike Draw 1 #{COUNTER_NUMBER}").click()
    site.wait_for_url(f"**/c/{counter}")
    site.get_by_text(f"bea did it in {len(winning_line(VARIANT, COUNTER_NUMBER))} moves").wait_for()
    site.get_by_role("link", name="Take up the challenge").wait_for()
    site.goto(f"{site.base}/c/{code}")
    site.get_by_role("link", name=f"bea challenges back: #{COUNTER_NUMBER}").wait_for()
    assert site.errors == [] and bea_page.errors == []
    other.close()
