"""Guests' server games (Klondike, Spider): started without an account, owned by the
browser session, reachable by that session only, never ranked, deleted a week
after their last move. FreeCell-family guests keep playing in the browser."""

import datetime as dt
import functools
from collections import Counter

import pytest
from django.contrib.sessions.models import Session
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tasks import sessions_clear_task
from core.throttles import GuestGameStartThrottle
from games import tasks
from games.apis.owners import GUEST_SESSION_KEY
from games.models import Daily, Deal, Game, Result, Submission
from games.services import guests
from games.services.guests import guest_games_expire
from tests.support.lines import winning_line

pytestmark = pytest.mark.django_db

KLONDIKE = "klondike-draw1"
SPIDER = "spider-2suits"
# Deal 1 of Klondike Draw 1 shows AH on column 6 and AS on column 7.
OPENING = ["6h", "7h"]


def browser(address: str = "127.0.0.1") -> APIClient:
    """A browser without an account: CSRF enforced, the token taken from the csrftoken cookie."""
    client = APIClient(enforce_csrf_checks=True, REMOTE_ADDR=address)
    token = client.get("/api/accounts/csrf/").json()["csrf_token"]
    client.credentials(HTTP_X_CSRFTOKEN=token)
    return client


@pytest.fixture
def guest() -> APIClient:
    return browser()


def start(client, variant=KLONDIKE, number=1) -> dict:
    response = client.post("/api/games/", {"variant": variant, "number": number}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def append(client, game_id, ply, moves):
    times = [1000 * (ply + i + 1) for i in range(len(moves))]
    return client.post(f"/api/games/{game_id}/moves/",
                       {"expected_ply": ply, "moves": list(moves), "client_times": times}, format="json")


def play(client, game_id, ply, moves):
    """Moves one batch each, as the client sends them (a move that turns a card ends its batch)."""
    for i, move in enumerate(moves):
        response = append(client, game_id, ply + i, [move])
        assert response.status_code == 200, (move, response.json())
    return response


def test_a_guest_starts_a_klondike_game_owned_by_a_random_id_in_the_session(guest):
    game = start(guest)
    assert game["guest"] is True and game["ranked"] is False and game["daily"] is None
    assert game["state"] == "playing" and game["ply"] == 0 and game["variant"] == KLONDIKE
    row = Game.objects.get(pk=game["id"])
    assert row.player is None
    session = guest.session
    assert row.guest_key == session[GUEST_SESSION_KEY]
    assert len(row.guest_key) >= 40 and row.guest_key != session.session_key


def test_a_guest_starts_spider_too_and_a_second_game_keeps_the_same_guest(guest):
    first = start(guest, SPIDER, 7)
    second = start(guest, KLONDIKE, 2)
    keys = set(Game.objects.filter(pk__in=[first["id"], second["id"]]).values_list("guest_key", flat=True))
    assert len(keys) == 1


def test_a_players_game_says_it_is_not_a_guests(make_player):
    client = APIClient()
    client.force_authenticate(make_player("carol"))
    game = start(client, KLONDIKE, 1)
    assert game["guest"] is False
    assert Game.objects.get(pk=game["id"]).guest_key == ""


def test_freecell_guests_keep_playing_in_the_browser(guest):
    """Every FreeCell card is dealt face up: a guest gets 401, as before, and no session."""
    response = guest.post("/api/games/", {"variant": "freecell", "number": 24}, format="json")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert not Game.objects.exists() and not Session.objects.exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"variant": "klondike", "number": 1}, "invalid"),
        ({"variant": KLONDIKE, "number": 0}, "invalid"),
        ({"variant": KLONDIKE, "number": "1"}, "invalid"),
        ({"variant": KLONDIKE}, "invalid"),
        ({"variant": KLONDIKE, "number": 10**20}, "invalid_deal_number"),  # past the largest PySolFC number
    ],
)
def test_a_guests_bad_start_is_a_400_that_stores_nothing(guest, body, code):
    response = guest.post("/api/games/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
    assert not Game.objects.exists()
    assert not Session.objects.exists()  # no guest id was kept for a game that was not started


def test_a_guest_start_without_the_csrf_token_is_refused_and_stores_nothing():
    client = APIClient(enforce_csrf_checks=True)
    response = client.post("/api/games/", {"variant": KLONDIKE, "number": 1}, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "csrf_failed"
    assert not Game.objects.exists() and not Session.objects.exists()


def test_a_guest_plays_undoes_and_resumes_with_the_server_checking_every_move(guest):
    game = start(guest)
    gid = game["id"]
    body = play(guest, gid, 0, [*OPENING, "s"]).json()
    assert body["ply"] == 3 and body["moves"] == [*OPENING, "s"]
    assert body["position"]["foundations"] == {"H": 1, "C": 0, "D": 0, "S": 1}
    undone = guest.post(f"/api/games/{gid}/undo/", {"expected_ply": 3, "to_ply": 2}, format="json")
    assert undone.status_code == 200
    assert undone.json()["moves"] == OPENING and undone.json()["undos"] == 1
    fetched = guest.get(f"/api/games/{gid}/")
    assert fetched.status_code == 200 and fetched.json()["moves"] == OPENING and fetched.json()["guest"]
    listed = guest.get("/api/games/?state=playing").json()["games"]
    assert [g["id"] for g in listed] == [gid]


def test_a_guests_illegal_move_is_a_400_with_its_index_and_changes_nothing(guest):
    gid = start(guest)["id"]
    append(guest, gid, 0, ["6h"])
    response = append(guest, gid, 1, ["1h"])
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "illegal_move" and error["index"] == 2 and error["move"] == "1h"
    bad = append(guest, gid, 1, ["zz"])
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_notation"
    row = Game.objects.get(pk=gid)
    assert row.ply == 1 and row.moves == "6h" and row.client_times == [1000]


def test_a_guests_moves_without_the_csrf_token_are_refused(guest):
    gid = start(guest)["id"]
    guest.credentials()  # the X-CSRFToken header dropped, the cookies kept
    response = append(guest, gid, 0, OPENING[:1])
    assert (response.status_code, response.json()["error"]["code"]) == (403, "csrf_failed")
    for path in ("undo", "hint", "verdict"):
        refused = guest.post(f"/api/games/{gid}/{path}/", {"expected_ply": 0, "to_ply": 0}, format="json")
        assert (refused.status_code, refused.json()["error"]["code"]) == (403, "csrf_failed"), path
    assert Game.objects.get(pk=gid).ply == 0


def test_a_guest_asks_for_a_hint_and_a_verdict_on_their_game(guest):
    gid = start(guest)["id"]
    play(guest, gid, 0, OPENING)
    hint = guest.post(f"/api/games/{gid}/hint/")
    assert hint.status_code == 200, hint.json()
    assert hint.json()["status"] in ("move", "undecided") and hint.json()["hints"] == 1
    assert hint.json()["ranked"] is False
    verdict = guest.post(f"/api/games/{gid}/verdict/")
    assert verdict.status_code == 200, verdict.json()
    assert verdict.json()["status"] in ("open", "undecided")
    assert Game.objects.get(pk=gid).hints == 1  # the verdict is not counted


def test_a_guests_won_game_is_just_won(guest, django_capture_on_commit_callbacks):
    """No submission, no result, no task: a guest is never ranked nor on a board."""
    line = winning_line(KLONDIKE, 3)
    gid = start(guest, KLONDIKE, 3)["id"]
    play(guest, gid, 0, line[:-1])
    with django_capture_on_commit_callbacks() as callbacks:
        won = append(guest, gid, len(line) - 1, line[-1:])
    assert won.status_code == 200, won.json()
    assert won.json()["state"] == "won" and won.json()["finished_at"] and won.json()["submission"] is None
    assert callbacks == []
    assert not Submission.objects.exists() and not Result.objects.exists()
    after = append(guest, gid, len(line), ["s"])
    assert after.status_code == 409 and after.json()["error"]["code"] == "game_finished"


def test_a_guest_cannot_claim_a_win_by_submission(guest):
    gid = start(guest)["id"]
    response = guest.post(f"/api/games/{gid}/submission/", {"moves": OPENING, "client_times": [1, 2]},
                          format="json")
    assert response.status_code == 401
    assert Game.objects.get(pk=gid).ply == 0 and not Submission.objects.exists()


def _everything(client, gid) -> list[int]:
    return [
        client.get(f"/api/games/{gid}/").status_code,
        append(client, gid, 0, OPENING[:1]).status_code,
        client.post(f"/api/games/{gid}/undo/", {"expected_ply": 0, "to_ply": 0}, format="json").status_code,
        client.post(f"/api/games/{gid}/hint/").status_code,
        client.post(f"/api/games/{gid}/verdict/").status_code,
    ]


def test_another_browser_gets_404_for_a_guests_game_whether_or_not_it_has_games_of_its_own(guest):
    gid = start(guest)["id"]
    stranger = browser()
    assert _everything(stranger, gid) == [404] * 5
    assert stranger.get("/api/games/").json()["games"] == []
    start(stranger, KLONDIKE, 2)  # now a guest of its own
    assert _everything(stranger, gid) == [404] * 5
    assert [g["ply"] for g in stranger.get("/api/games/").json()["games"]] == [0]
    row = Game.objects.get(pk=gid)
    assert row.ply == 0 and row.hints == 0


def test_a_logged_in_player_gets_404_for_a_guests_game(guest, make_player):
    gid = start(guest)["id"]
    mallory = APIClient()
    mallory.force_authenticate(make_player("mallory"))
    assert _everything(mallory, gid) == [404] * 5
    assert mallory.get("/api/games/").json()["games"] == []
    assert Game.objects.get(pk=gid).ply == 0


def test_a_guest_gets_404_for_a_players_game(api):
    gid = start(api, KLONDIKE, 1)["id"]
    stranger = browser()
    start(stranger, KLONDIKE, 1)
    assert _everything(stranger, gid) == [404] * 5
    assert Game.objects.get(pk=gid).ply == 0


def test_a_guest_may_not_play_an_open_dailys_deal(guest, today):
    deal = Deal.objects.create(variant="klondike-draw3", number=77)
    Daily.objects.create(variant="klondike-draw3", date=today, deal=deal)
    response = guest.post("/api/games/", {"variant": "klondike-draw3", "number": 77}, format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (400, "deal_unavailable")
    assert not Game.objects.exists()


def test_the_database_refuses_a_ranked_or_daily_or_ownerless_guest_game(player, today):
    deal = Deal.objects.create(variant=KLONDIKE, number=5)
    daily = Daily.objects.create(variant=KLONDIKE, date=today, deal=deal)
    for fields in ({"guest_key": "k", "ranked": True}, {"guest_key": "k", "daily": daily},
                   {"guest_key": ""}, {"guest_key": "k", "player": player}):
        with pytest.raises(IntegrityError), transaction.atomic():
            Game.objects.create(deal=deal, **fields)


@pytest.fixture
def guest_rate(monkeypatch):
    monkeypatch.setattr(GuestGameStartThrottle, "THROTTLE_RATES", {"guest_games": "3/hour"})


def test_guests_starting_games_are_limited_per_address_and_players_are_not(guest_rate, make_player):
    address = "203.0.113.41"  # this test's own: throttle counts outlive a test
    statuses = Counter(
        browser(address).post("/api/games/", {"variant": KLONDIKE, "number": n}, format="json").status_code
        for n in range(1, 6)
    )
    assert statuses == {201: 3, 429: 2}
    refused = browser(address).post("/api/games/", {"variant": KLONDIKE, "number": 9}, format="json")
    assert refused.json()["error"]["code"] == "throttled"
    assert Game.objects.count() == 3
    player = APIClient(REMOTE_ADDR=address)
    player.force_authenticate(make_player("dave"))
    assert player.post("/api/games/", {"variant": KLONDIKE, "number": 9}, format="json").status_code == 201


def _age(game_ids, days: float) -> None:
    Game.objects.filter(pk__in=game_ids).update(updated_at=timezone.now() - dt.timedelta(days=days))


def test_an_expired_guest_game_is_gone_for_its_guest_before_the_sweep(guest):
    gid = start(guest)["id"]
    _age([gid], 7.01)
    assert guest.get(f"/api/games/{gid}/").status_code == 404
    assert append(guest, gid, 0, OPENING[:1]).status_code == 404
    assert guest.get("/api/games/").json()["games"] == []


def test_the_expiry_task_deletes_guest_games_a_week_after_their_last_move_and_only_those(guest, api):
    old = start(guest, KLONDIKE, 1)["id"]
    recent = start(guest, KLONDIKE, 2)["id"]
    players_old = start(api, KLONDIKE, 1)["id"]
    _age([old, players_old], 8)
    _age([recent], 6.9)
    assert tasks.guest_games_expire_task() == 1
    assert {str(pk) for pk in Game.objects.values_list("pk", flat=True)} == {recent, players_old}
    assert tasks.guest_games_expire_task() == 0  # idempotent: a second run finds nothing
    assert guest.get(f"/api/games/{recent}/").status_code == 200


def test_the_expiry_sweep_works_in_batches_and_rings_again_while_some_are_left(guest, monkeypatch):
    ids = [start(guest, KLONDIKE, n)["id"] for n in range(1, 6)]
    _age(ids, 10)
    rung = []
    monkeypatch.setattr(guests, "guest_games_expire", functools.partial(guest_games_expire, batch=2, batches=1))
    monkeypatch.setattr(tasks.guest_games_expire_task, "delay", lambda: rung.append(1))
    assert tasks.guest_games_expire_task() == 2 and rung == [1]  # three left: it rings again
    assert guest_games_expire(batch=2, batches=1) == (2, True)
    assert guest_games_expire(batch=2, batches=2) == (1, False)
    assert tasks.guest_games_expire_task() == 0 and rung == [1]  # nothing left: no ring
    assert not Game.objects.exists()


def test_the_session_sweep_deletes_expired_sessions_only(guest):
    start(guest)
    other = browser()
    start(other)
    gone = other.session.session_key
    Session.objects.filter(pk=gone).update(expire_date=timezone.now() - dt.timedelta(seconds=1))
    sessions_clear_task()
    assert list(Session.objects.values_list("pk", flat=True)) == [guest.session.session_key]


def _log_in(client, username: str) -> None:
    response = client.post("/api/accounts/login/", {"username": username, "password": "correct horse battery"},
                           format="json")
    assert response.status_code == 200, response.json()


def test_logging_in_hands_the_sessions_guest_games_to_the_account_but_never_records_their_wins(
    guest, make_player, django_capture_on_commit_callbacks
):
    """The game goes on where it was; its win opens no submission and the stats do not count it."""
    make_player("erin")
    line = winning_line(KLONDIKE, 3)
    gid = start(guest, KLONDIKE, 3)["id"]
    play(guest, gid, 0, line[:-1])
    other = browser()
    others = start(other, KLONDIKE, 4)["id"]
    expired = start(guest, KLONDIKE, 5)["id"]
    _age([expired], 8)
    _log_in(guest, "erin")
    guest.credentials(HTTP_X_CSRFTOKEN=guest.cookies["csrftoken"].value)  # log-in rotates the token
    resumed = guest.get(f"/api/games/{gid}/").json()
    assert resumed["guest"] is False and resumed["ply"] == len(line) - 1
    row = Game.objects.get(pk=gid)
    assert row.player.username == "erin" and row.guest_key == "" and row.from_guest and not row.ranked
    assert GUEST_SESSION_KEY not in guest.session
    assert Game.objects.get(pk=others).player is None  # another browser's guest games stay its own
    assert Game.objects.get(pk=expired).player is None  # an expired one is not taken over
    with django_capture_on_commit_callbacks() as callbacks:
        won = append(guest, gid, len(line) - 1, line[-1:])
    assert won.status_code == 200 and won.json()["state"] == "won" and won.json()["submission"] is None
    assert callbacks == [] and not Submission.objects.exists()
    claim = guest.post(f"/api/games/{gid}/submission/", {"moves": list(line), "client_times": [1] * len(line)},
                       format="json")
    assert (claim.status_code, claim.json()["error"]["code"]) == (400, "guest_game")
    assert guest.get("/api/players/erin/stats/").json()["variants"] == {}


def test_registering_hands_the_sessions_guest_games_to_the_new_account(guest):
    gid = start(guest, SPIDER, 3)["id"]
    response = guest.post("/api/accounts/register/", {"username": "frank", "password": "correct horse battery"},
                          format="json")
    assert response.status_code == 201, response.json()
    assert Game.objects.get(pk=gid).player.username == "frank"
    assert [g["id"] for g in guest.get("/api/games/").json()["games"]] == [gid]
