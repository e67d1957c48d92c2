"""The HTML pages' URLs: what needs a login, what is a 404, where a share link lands."""

import datetime as dt

import pytest

from games.share_links import share_code

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/play/freecell/1",
        "/play/forecell/3",
        "/leaderboards/",
        "/leaderboards/all-time/freecell/",
        "/leaderboards/daily/2026-01-02/freecell/",
        "/leaderboards/deal/freecell/24/",
        "/login/",
        "/register/",
    ],
)
def test_every_page_opens_for_a_guest_and_sets_the_csrf_cookie(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert "csrftoken" in response.cookies
    assert b'type="module"' in response.content


def test_the_daily_asks_a_guest_to_log_in_first(client):
    response = client.get("/daily/freecell")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=/daily/freecell")


def test_the_daily_opens_for_a_player(client, player):
    client.force_login(player)
    response = client.get("/daily/forecell")
    assert response.status_code == 200
    assert b"data-daily-date=" in response.content
    assert client.get("/daily/freecell-classic").status_code == 404


def test_a_past_daily_opens_by_its_date_and_a_future_one_does_not(client, player):
    from games.models import Daily, Deal

    Daily.objects.create(variant="freecell", date=dt.date(2026, 1, 2), deal=Deal.objects.create(variant="freecell", number=5))
    client.force_login(player)
    response = client.get("/daily/freecell/2026-01-02")
    assert response.status_code == 200
    assert b'data-daily-date="2026-01-02"' in response.content
    assert client.get("/daily/freecell/not-a-date").status_code == 404
    assert client.get("/daily/freecell/2999-01-01").status_code == 404
    assert client.get("/daily/freecell-classic/2026-01-02").status_code == 404


def test_a_guest_opening_a_past_daily_sees_its_replays_and_todays_asks_to_log_in(client):
    from games.clock import today_utc
    from games.models import Daily, Deal

    deal = Deal.objects.create(variant="forecell", number=2)
    past = Daily.objects.create(variant="forecell", date=today_utc() - dt.timedelta(days=3), deal=deal)
    response = client.get(f"/daily/forecell/{past.date.isoformat()}")
    assert response.status_code == 302 and response["Location"] == f"/replay/{past.date.isoformat()}/forecell/"
    assert client.get("/daily/forecell/2026-01-02").status_code == 404  # no daily that day: said plainly
    todays = client.get("/daily/forecell")
    assert todays.status_code == 302 and todays["Location"].startswith("/login/?next=/daily/forecell")


def test_the_leaderboards_page_offers_the_archives_of_past_dailies(client):
    response = client.get("/leaderboards/")
    assert b'href="/dailies/freecell/"' in response.content and b'type="date"' not in response.content
    board = client.get("/leaderboards/daily/2026-01-02/freecell/")
    assert b'href="/daily/freecell/2026-01-02"' in board.content
    assert b'href="/replay/2026-01-02/freecell/"' in board.content


def test_a_past_date_without_a_daily_is_a_clear_page_not_a_board(client, player):
    client.force_login(player)
    response = client.get("/daily/freecell/2026-01-02")
    assert response.status_code == 404
    assert b"There was no daily on 2026-01-02" in response.content
    assert b'href="/dailies/freecell/"' in response.content


@pytest.mark.parametrize("path", ["/dailies/freecell/", "/dailies/forecell/", "/rules/freecell", "/rules/forecell",
                                  "/rules/freecell-classic"])
def test_the_archive_and_rules_pages_open_for_a_guest(client, path):
    assert client.get(path).status_code == 200


def test_a_rules_page_is_cut_from_docs_rules_md(client):
    forecell = client.get("/rules/forecell").content.decode()
    assert "Only a King" in forecell and "How a move is judged" not in forecell
    freecell = client.get("/rules/freecell").content.decode()
    assert "Group moves" in freecell and "<table>" in freecell and "ForeCell</h2>" not in freecell


@pytest.mark.parametrize(
    "path",
    ["/play/spider/1", "/play/freecell/0", "/leaderboards/daily/not-a-date/freecell/", "/s/zz", "/s/f0"],
)
def test_unknown_games_deals_and_links_are_not_found(client, path):
    assert client.get(path).status_code == 404


def test_a_share_link_lands_on_its_deal(client):
    response = client.get(f"/s/{share_code('forecell', 35)}")
    assert response.status_code == 302
    assert response["Location"] == "/play/forecell/35?shared=1"


def test_the_play_page_carries_its_share_link(client):
    response = client.get("/play/freecell/24")
    assert f'data-share-url="/s/{share_code("freecell", 24)}"'.encode() in response.content


def test_a_profile_opens_for_a_guest_and_an_unknown_players_is_not_found(client, make_player):
    make_player("someone")
    response = client.get("/players/someone/")
    assert response.status_code == 200 and "csrftoken" in response.cookies
    assert client.get("/players/nobody-by-this-name/").status_code == 404


@pytest.mark.parametrize(
    "target", ["https://elsewhere.example/", "//elsewhere.example/", "javascript:alert(1)"]
)
def test_log_in_only_sends_a_player_on_to_this_site(client, target):
    response = client.get("/login/", {"next": target})
    assert b'data-next="/"' in response.content


@pytest.mark.browser
def test_a_profile_shows_statistics_per_game(site, make_player):
    make_player("statsperson")
    site.goto(f"{site.base}/players/statsperson/")
    site.get_by_text("No games finished yet.").wait_for()
    assert site.goto(f"{site.base}/players/nobody-by-this-name/").status == 404
