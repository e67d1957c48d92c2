"""Hot reads answer stored JSON bytes with an ETag: 304 when the client holds them, fresh after a write."""

import pytest

from games.apis.boards import AllTimeBoardOut, DailyBoardOut, DealBoardOut, PlayerStatsOut
from games.apis.stored import CACHE_CONTROL
from games.services.leaderboards import leaderboards_outdate

pytestmark = pytest.mark.django_db


def board_url(today) -> str:
    return f"/api/leaderboards/daily/{today}/freecell/"


def test_a_matching_if_none_match_answers_304_with_no_body(anon, daily, finish, today):
    day = daily()
    finish("dora", day.deal, daily=day)
    first = anon.get(board_url(today))
    assert first.status_code == 200 and first["ETag"].startswith('"')
    again = anon.get(board_url(today), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"] and again["Cache-Control"] == CACHE_CONTROL


def test_a_weak_or_listed_etag_matches_and_another_does_not(anon, daily, today):
    daily()
    etag = anon.get(board_url(today))["ETag"]
    assert anon.get(board_url(today), HTTP_IF_NONE_MATCH=f'"other", W/{etag}').status_code == 304
    assert anon.get(board_url(today), HTTP_IF_NONE_MATCH='"other"').status_code == 200


def test_the_first_read_that_builds_the_board_sends_the_same_etag_and_cache_control(anon, daily, today):
    day = daily()
    leaderboards_outdate(daily_id=day.pk)
    built = anon.get(board_url(today))
    stored = anon.get(board_url(today))
    assert built.content == stored.content and built["ETag"] == stored["ETag"]
    assert built["Cache-Control"] == stored["Cache-Control"] == CACHE_CONTROL
    assert built["Content-Type"] == stored["Content-Type"] == "application/json"


def test_a_result_recorded_after_the_board_was_stored_changes_its_etag(anon, daily, finish, today):
    day = daily()
    old = anon.get(board_url(today))
    finish("dora", day.deal, daily=day)
    leaderboards_outdate(daily_id=day.pk)  # what result_record does after its commit
    new = anon.get(board_url(today), HTTP_IF_NONE_MATCH=old["ETag"])
    assert new.status_code == 200 and new["ETag"] != old["ETag"]
    assert [row["player"] for row in new.json()["rows"]] == ["dora"]


def test_boards_and_stats_are_exactly_their_typed_serializers(anon, daily, finish, today):
    day = daily(number=24)
    finish("dora", day.deal, daily=day)
    finish("erin", day.deal)
    day.date = today.replace(year=today.year - 1)  # a closed daily: its results show on the deal's board
    day.save()
    shapes = {
        f"/api/leaderboards/daily/{day.date}/freecell/": DailyBoardOut,
        "/api/leaderboards/deal/freecell/24/": DealBoardOut,
        "/api/leaderboards/all-time/freecell/": AllTimeBoardOut,
        "/api/players/dora/stats/": PlayerStatsOut,
    }
    for url, serializer in shapes.items():
        body = anon.get(url).json()
        assert body.get("rows", body.get("variants")), url
        assert serializer(body).data == body, url


def test_the_deal_board_and_stats_are_stored_and_answer_304(anon, daily, finish):
    day = daily(number=24)
    finish("dora", day.deal)
    for url in ("/api/leaderboards/deal/freecell/24/", "/api/players/dora/stats/",
                "/api/leaderboards/all-time/freecell/"):
        etag = anon.get(url)["ETag"]
        assert anon.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304, url


def test_a_players_first_move_refreshes_their_stats(api, player, django_capture_on_commit_callbacks):
    from tests.support.lines import winning_line

    game = api.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    assert api.get("/api/players/alice/stats/").json()["variants"] == {}
    first = winning_line("freecell", 24)[0]
    with django_capture_on_commit_callbacks(execute=True):
        api.post(f"/api/games/{game['id']}/moves/",
                 {"expected_ply": 0, "moves": [first], "client_times": [1]}, format="json")
    assert api.get("/api/players/alice/stats/").json()["variants"]["freecell"]["played"] == 1


def test_a_deal_answers_304_while_unchanged_and_200_once_solved(anon, django_assert_num_queries):
    url = "/api/deals/freecell/31/"
    first = anon.get(url)
    with django_assert_num_queries(2):  # the deal row, if any; whether its layout is an open daily
        assert anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    from games.models import Deal, SolverStatus

    Deal.objects.create(variant="freecell", number=31, status=SolverStatus.WINNABLE, par=70)
    solved = anon.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert solved.status_code == 200 and solved.json()["par"] == 70
    assert anon.get("/api/deals/freecell/0/").status_code == 400


def test_voiding_or_clearing_a_result_refreshes_the_players_stored_stats(anon, daily, finish, winnable_deal,
                                                                       admin_user,
                                                                       django_capture_on_commit_callbacks):
    """Staff take a win off the boards, or clear a held one onto them: the player's
    stats (wins, streaks, bests) show it on the next read, not only the boards."""
    from games.services.audit import StaffAct
    from games.services.curation import results_flag_clear, results_void

    day = daily(number=24)
    counted = finish("dora", day.deal, daily=day, moves=90)
    held = finish("dora", winnable_deal("freecell", 31), flagged=True)
    url = "/api/players/dora/stats/"
    assert anon.get(url).json()["variants"]["freecell"]["won"] == 1  # now stored
    act = StaffAct(actor=admin_user, reason="solver line")
    with django_capture_on_commit_callbacks(execute=True):
        results_void(results=[counted], act=act)
    assert anon.get(url).json()["variants"]["freecell"]["won"] == 0
    with django_capture_on_commit_callbacks(execute=True):
        results_flag_clear(results=[held], act=act)
    assert anon.get(url).json()["variants"]["freecell"]["won"] == 1


def browser_reuse_seconds(cache_control: str) -> int:
    """How long a browser may answer a read from its own copy without asking the server
    (RFC 9111 and RFC 5861, for a private cache): ``max-age``, plus ``stale-while-revalidate``
    in which it shows its copy and only then asks; none under ``no-cache`` or ``no-store``."""
    directives = dict(
        (part.strip().lower().split("=", 1) + [""])[:2] for part in cache_control.split(",") if part.strip()
    )
    if "no-cache" in directives or "no-store" in directives:
        return 0
    return int(directives.get("max-age") or 0) + int(directives.get("stale-while-revalidate") or 0)


def test_a_held_win_cleared_by_staff_is_on_the_board_at_a_browsers_next_read(anon, daily, finish, today,
                                                                            admin_user,
                                                                            django_capture_on_commit_callbacks):
    """The board page read just before staff cleared a held win, then read again at once, showed
    no row for the player: the answer let the browser show its copy for six seconds while it
    revalidated in the background, and the page renders the first answer it gets."""
    from games.services.audit import StaffAct
    from games.services.curation import results_flag_clear
    from social.apis.boards import CACHE_CONTROL as FILTERED_CACHE_CONTROL

    day = daily()
    held = finish("dora", day.deal, daily=day, flagged=True)
    before = anon.get(board_url(today))
    assert before.json()["rows"] == []  # held: on no board until staff decide
    with django_capture_on_commit_callbacks(execute=True):
        results_flag_clear(results=[held], act=StaffAct(actor=admin_user, reason="a fair game"))
    # The browser holding ``before`` may not show it again without asking the server...
    assert browser_reuse_seconds(before["Cache-Control"]) == 0
    assert browser_reuse_seconds(FILTERED_CACHE_CONTROL) == 0  # nor the board among friends or a league
    # ...and asking with its ETag gets the board with the cleared win.
    after = anon.get(board_url(today), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert [row["player"] for row in after.json()["rows"]] == ["dora"]
    assert browser_reuse_seconds(after["Cache-Control"]) == 0
