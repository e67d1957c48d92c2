"""Games: start, append in batches with the expected ply, undo, fetch, permissions."""

import pytest
from rest_framework.test import APIClient

from games.models import Game, Submission
from tests.support.lines import winning_line

pytestmark = pytest.mark.django_db


def start(api, variant="freecell", number=24) -> dict:
    response = api.post("/api/games/", {"variant": variant, "number": number}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def append(api, game_id, ply, moves, times=None):
    times = times if times is not None else [1000 * (ply + i + 1) for i in range(len(moves))]
    return api.post(
        f"/api/games/{game_id}/moves/",
        {"expected_ply": ply, "moves": list(moves), "client_times": times},
        format="json",
    )


def test_start_records_an_unranked_game_on_the_deal(api, player):
    game = start(api)
    assert game["state"] == "playing" and game["ply"] == 0 and not game["ranked"]
    assert game["deal"] == {
        "variant": "freecell", "number": 24, "par": None,
        "play_url": "/play/freecell/24", "share_url": "/s/fo",
    }
    assert game["start"]["columns"][0] == ["4C", "2C", "9C", "8C", "QS", "4S", "2H"]
    assert Game.objects.get(pk=game["id"]).player == player


def test_start_needs_an_account(anon):
    response = anon.post("/api/games/", {"variant": "freecell", "number": 24}, format="json")
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Token"
    assert response.json()["error"]["code"] == "not_authenticated"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"variant": "spider", "number": 1}, "invalid"),
        ({"variant": "freecell", "number": 0}, "invalid"),
        ({"variant": "freecell", "number": 8_589_934_592}, "invalid_deal_number"),
        ({"variant": "freecell", "number": "24"}, "invalid"),
        ({"variant": "freecell"}, "invalid"),
    ],
)
def test_start_refuses_bad_deals(api, body, code):
    response = api.post("/api/games/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
    assert not Game.objects.exists()


def test_append_checks_each_move_and_records_server_and_client_times(api):
    game = start(api)
    response = append(api, game["id"], 0, ["4h", "7a"], [1500, 2600])
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["ply"] == 2 and body["moves"] == ["4h", "7a"]
    assert body["position"]["foundations"]["S"] == 1
    row = Game.objects.get(pk=game["id"])
    assert row.client_times == [1500, 2600]
    assert len(row.server_times) == 2 and row.server_times[0] <= row.server_times[1]


@pytest.mark.parametrize(("variant", "number", "moves", "reveals"), [
    ("freecell", 24, ["4h", "7a"], None),
    ("klondike-draw1", 2, ["s"], [[{"pile": "w", "card": "6S"}]]),
])
def test_an_append_asks_once_whether_its_variant_hides_cards(api, monkeypatch, variant, number, moves,
                                                               reveals):
    """The replay that checks the batch knows it already: the answer is built from
    its reveals, not from asking the ruleset again."""
    import games.apis.games
    import games.referee
    import games.services.games

    game = start(api, variant, number)
    asked = []
    hides_cards = games.referee.hides_cards

    def counted(name):
        asked.append(name)
        return hides_cards(name)

    for module in (games.referee, games.services.games, games.apis.games):
        monkeypatch.setattr(module, "hides_cards", counted, raising=False)
    response = append(api, game["id"], 0, moves)
    assert response.status_code == 200, response.json()
    assert response.json()["reveals"] == reveals
    assert asked == [variant]


def test_an_append_answers_from_the_replay_that_checked_it(api, monkeypatch):
    """The answer's start, position and reveals come from the append's one replay:
    the dealt position is looked up and the log replayed by the service only."""
    import engine
    import games.apis.games
    import games.referee
    import games.services.games

    game = start(api, "klondike-draw1", 2)
    calls = []

    def spy(name, function):
        def counted(*args, **kwargs):
            calls.append(name)
            return function(*args, **kwargs)
        return counted

    start_position = spy("start_position", games.referee.start_position)
    for module in (games.referee, games.services.games, games.apis.games):
        monkeypatch.setattr(module, "start_position", start_position, raising=False)
    monkeypatch.setattr(engine, "replay", spy("replay", engine.replay))
    response = append(api, game["id"], 0, ["s"])
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["start"] == game["start"] and body["position"]["waste"] == ["6S"]
    assert calls == ["start_position", "replay", "replay"]  # the held log, then the batch


def test_an_illegal_move_refuses_the_whole_batch_with_its_index(api):
    game = start(api)
    append(api, game["id"], 0, ["4h"])
    response = append(api, game["id"], 1, ["7a", "1h", "7b"])
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "illegal_move"
    assert error["index"] == 3 and error["move"] == "1h"
    assert error["check"] == "destination"
    row = Game.objects.get(pk=game["id"])
    assert row.ply == 1 and row.moves == "4h" and row.client_times == [1000]


def test_unparseable_notation_is_refused_with_its_index(api):
    game = start(api)
    response = append(api, game["id"], 0, ["4h", "zz"])
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_notation"
    assert response.json()["error"]["index"] == 2
    assert Game.objects.get(pk=game["id"]).ply == 0


def test_a_stale_expected_ply_is_a_conflict(api):
    game = start(api)
    append(api, game["id"], 0, ["4h"])
    response = append(api, game["id"], 0, ["7a"])
    assert response.status_code == 409
    assert response.json()["error"] == {
        "code": "ply_mismatch", "message": "The game is at ply 1, not 0.", "ply": 1,
    }


def test_client_times_may_not_go_backwards(api):
    game = start(api)
    append(api, game["id"], 0, ["4h"], [5000])
    response = append(api, game["id"], 1, ["7a", "7b"], [6000, 5500])
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "time_backwards"
    assert response.json()["error"]["index"] == 3
    earlier = append(api, game["id"], 1, ["7a"], [4000])
    assert earlier.json()["error"]["code"] == "time_backwards"
    assert Game.objects.get(pk=game["id"]).ply == 1


def test_one_client_time_per_move(api):
    game = start(api)
    response = append(api, game["id"], 0, ["4h", "7a"], [1000])
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


def test_a_log_longer_than_1000_moves_is_refused(api):
    game = start(api)
    response = append(api, game["id"], 0, ["7a"] * 1001, list(range(1001)))
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "too_many_moves"


def test_a_body_over_64_kib_is_refused(api):
    game = start(api)
    response = append(api, game["id"], 0, ["7a" * 6] * 6000, [1] * 6000)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "body_too_large"
    assert Game.objects.get(pk=game["id"]).ply == 0


@pytest.mark.parametrize(
    "body",
    [
        {"expected_ply": "0", "moves": ["4h"], "client_times": [1]},
        {"expected_ply": 0, "moves": [4], "client_times": [1]},
        {"expected_ply": 0, "moves": ["4h"], "client_times": ["1"]},
        {"expected_ply": -1, "moves": ["4h"], "client_times": [1]},
        {"expected_ply": 0, "moves": "4h", "client_times": [1]},
        {"expected_ply": 0, "moves": ["4h"], "client_times": [-5]},
        {"expected_ply": 0, "moves": ["4h"], "client_times": [10**20]},
        [],
    ],
)
def test_wrongly_typed_bodies_are_refused(api, body):
    game = start(api)
    response = api.post(f"/api/games/{game['id']}/moves/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


def test_malformed_json_is_refused(api):
    game = start(api)
    response = api.post(f"/api/games/{game['id']}/moves/", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_body"


def test_undo_truncates_the_log_and_counts_the_moves_taken_back(api):
    game = start(api)
    append(api, game["id"], 0, ["4h", "7a", "7b"])
    response = api.post(f"/api/games/{game['id']}/undo/", {"expected_ply": 3, "to_ply": 1}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["ply"] == 1 and body["moves"] == ["4h"] and body["undos"] == 2
    assert body["position"]["cells"] == [None, None, None, None]
    row = Game.objects.get(pk=game["id"])
    assert len(row.server_times) == 1 and row.client_times == [1000]


def test_undo_refuses_a_target_outside_the_log(api):
    game = start(api)
    append(api, game["id"], 0, ["4h"])
    response = api.post(f"/api/games/{game['id']}/undo/", {"expected_ply": 1, "to_ply": 1}, format="json")
    assert response.status_code == 400
    stale = api.post(f"/api/games/{game['id']}/undo/", {"expected_ply": 0, "to_ply": 0}, format="json")
    assert stale.status_code == 409


def test_a_game_resumes_on_another_device(api, player):
    game = start(api)
    append(api, game["id"], 0, ["4h", "7a"])
    other_device = APIClient()
    other_device.force_authenticate(player)
    body = other_device.get(f"/api/games/{game['id']}/").json()
    assert body["moves"] == ["4h", "7a"] and body["ply"] == 2
    # the first device's clock at its last move: the next move's time may not be below it
    assert body["client_ms"] == 2000 and game["client_ms"] == 0
    listed = other_device.get("/api/games/?state=playing").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]]


def test_nobody_reads_or_writes_another_players_game(api, make_player):
    game = start(api)
    mallory = APIClient()
    mallory.force_authenticate(make_player("mallory"))
    gid = game["id"]
    attempts = [
        mallory.get(f"/api/games/{gid}/"),
        mallory.post(f"/api/games/{gid}/moves/", {"expected_ply": 0, "moves": ["4h"], "client_times": [1]},
                     format="json"),
        mallory.post(f"/api/games/{gid}/undo/", {"expected_ply": 0, "to_ply": 0}, format="json"),
        mallory.post(f"/api/games/{gid}/hint/"),
        mallory.post(f"/api/games/{gid}/submission/", {"moves": ["4h"], "client_times": [1]}, format="json"),
        mallory.get(f"/api/games/{gid}/submission/"),
    ]
    assert [r.status_code for r in attempts] == [404] * 6
    assert mallory.get("/api/games/").json()["games"] == []
    assert Game.objects.get(pk=gid).ply == 0


def test_the_winning_batch_finishes_the_game_and_opens_one_pending_submission(
    api, django_capture_on_commit_callbacks
):
    game = start(api)
    line = winning_line("freecell", 24)
    append(api, game["id"], 0, line[:-1])
    with django_capture_on_commit_callbacks() as callbacks:
        response = append(api, game["id"], len(line) - 1, line[-1:])
    assert response.status_code == 200
    body = response.json()
    assert body["state"] == "won" and body["finished_at"]
    assert body["submission"]["status"] == "pending"
    assert Submission.objects.filter(game_id=game["id"]).count() == 1
    assert len(callbacks) == 1  # the worker is asked after the commit, once
    after = append(api, game["id"], len(line), ["7a"])
    assert after.status_code == 409 and after.json()["error"]["code"] == "game_finished"


def test_the_game_list_finds_the_players_games_on_one_deal_or_daily(api, daily, today):
    daily(number=26)
    on_deal = start(api, "freecell", 24)
    start(api, "freecell", 25)
    on_daily = api.post(f"/api/dailies/{today}/freecell/games/").json()
    found = api.get("/api/games/?variant=freecell&number=24").json()["games"]
    assert [g["id"] for g in found] == [on_deal["id"]]
    found = api.get(f"/api/games/?variant=freecell&daily={today}").json()["games"]
    assert [g["id"] for g in found] == [on_daily["id"]]
    refused = api.get("/api/games/?state=lost")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "invalid"
