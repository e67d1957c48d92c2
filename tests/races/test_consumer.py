"""The race socket: progress fans out to the others, the server stays the referee,
and bad input gets a clear error or a closed socket and changes nothing."""

import datetime as dt
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import async_to_sync
from django.db import OperationalError, connections
from django.utils import timezone

import engine
from games.models import Game
from races.models import Race, RacePlayer
from races.services import races as race_services
from races.services.races import race_create
from tests.races.conftest import Socket

pytestmark = pytest.mark.django_db(transaction=True)

FIRST = "1a"  # a legal first move on FreeCell deal 1 (to a free cell)


def run(scenario, *args):
    """Run an async scenario to its end in a thread of its own: the browser tests' Playwright
    (sync API) keeps an event loop running in the main thread for the whole session, and
    async_to_sync refuses to run in a thread with a running loop."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        try:
            return pool.submit(async_to_sync(scenario), *args).result()
        finally:
            # The sockets' database work ran in this thread: its connections end with it,
            # or the test database cannot be dropped at the end of the run.
            pool.submit(connections.close_all).result()


def _game(race, user) -> Game:
    return RacePlayer.objects.select_related("game").get(race=race, player=user).game


def _frame_for(ply, moves, **extra):
    return {"type": "moves", "expected_ply": ply, "moves": moves,
            "client_times": [1000 * (ply + i + 1) for i in range(len(moves))], **extra}


def test_a_move_reaches_the_other_player_as_progress_without_a_card(started_race, players):
    alice, bob, _ = players

    async def scenario():
        mine = await Socket(started_race.code, alice).open()
        theirs = await Socket(started_race.code, bob).open()
        await mine.send(_frame_for(0, [FIRST], id=7))
        answer = await mine.until("game", id=7)
        progress = None
        while progress is None or progress["player"]["moves"] == 0:
            progress = await theirs.until("progress", player="alice")
        await mine.close()
        await theirs.close()
        return answer, progress

    answer, progress = run(scenario)
    assert answer["game"]["moves"] == [FIRST]
    assert progress["player"] == {"username": "alice", "home": 0, "moves": 1, "won": False, "gone": False,
                                  "connected": True, "seconds": None}
    assert _game(started_race, alice).move_list == [FIRST]


@pytest.mark.parametrize("frame", [
    "not json", "[1, 2]", "{}", '{"type": "dance"}', '{"type": "moves"}',
    '{"type": "moves", "expected_ply": "0", "moves": ["1a"], "client_times": [1]}',
    '{"type": "moves", "expected_ply": 0, "moves": "1a", "client_times": [1]}',
    '{"type": "moves", "expected_ply": 0, "moves": ["1a"], "client_times": [1], "game": "nope"}',
    '{"type": "moves", "expected_ply": 0, "moves": ["9z"], "client_times": [1]}',
    '{"type": "moves", "expected_ply": 3, "moves": ["1a"], "client_times": [1]}',
    '{"type": "undo", "expected_ply": 0, "to_ply": 0}',
])
def test_a_malformed_or_refused_frame_gets_an_error_and_changes_nothing(started_race, players, frame):
    alice, _, _ = players

    async def scenario():
        socket = await Socket(started_race.code, alice).open()
        await socket.send(frame)
        error = await socket.until("error")
        await socket.send({"type": "sync", "id": 1})
        race = await socket.until("race")  # the socket is still open and answers
        await socket.close()
        return error, race

    error, race = run(scenario)
    assert error["error"]["code"] in {"malformed_frame", "invalid", "bad_notation", "ply_mismatch"}
    assert error["error"]["message"]
    assert race["race"]["state"] == "running"
    game = _game(started_race, alice)
    assert (game.ply, game.moves) == (0, "")


def test_a_binary_frame_is_refused(started_race, players):
    alice, _, _ = players

    async def scenario():
        socket = await Socket(started_race.code, alice).open()
        await socket.communicator.send_to(bytes_data=b"\x00\x01")
        error = await socket.until("error")
        await socket.close()
        return error

    assert run(scenario)["error"]["code"] == "malformed_frame"
    assert _game(started_race, alice).ply == 0


def test_moves_for_another_players_game_are_refused(started_race, players):
    alice, bob, _ = players
    bobs = _game(started_race, bob)

    async def scenario():
        socket = await Socket(started_race.code, alice).open()
        await socket.send(_frame_for(0, [FIRST], id=3, game=str(bobs.pk)))
        error = await socket.until("error")
        await socket.close()
        return error

    error = run(scenario)
    assert (error["id"], error["error"]["code"]) == (3, "not_your_game")
    assert _game(started_race, bob).ply == 0
    assert _game(started_race, alice).ply == 0


def test_someone_not_in_the_race_cannot_play_in_it(started_race, players):
    _, _, carol = players

    async def scenario():
        socket = await Socket(started_race.code, carol).open()
        await socket.send(_frame_for(0, [FIRST]))
        error = await socket.until("error")
        await socket.close()
        return error

    assert run(scenario)["error"]["code"] == "not_in_race"
    assert not Game.objects.filter(player=players[2]).exists()


def test_moves_after_the_time_limit_are_refused_and_end_the_race(started_race, players):
    alice, bob, _ = players
    Race.objects.filter(pk=started_race.pk).update(ends_at=timezone.now() - dt.timedelta(seconds=1))

    async def scenario():
        socket = await Socket(started_race.code, alice).open()
        await socket.send(_frame_for(0, [FIRST], id=1))
        error = await socket.until("error", id=1)
        finished = await socket.until("race")
        while finished["race"]["state"] != "finished":
            finished = await socket.until("race")
        await socket.close()
        return error

    assert run(scenario)["error"]["code"] == "race_over"
    race = Race.objects.get(pk=started_race.pk)
    assert race.state == Race.State.FINISHED
    assert _game(started_race, alice).ply == 0


def test_moves_after_the_race_ended_are_refused(started_race, players):
    alice, bob, _ = players
    Race.objects.filter(pk=started_race.pk).update(state=Race.State.FINISHED, finished_at=timezone.now())

    async def scenario():
        socket = await Socket(started_race.code, bob).open()
        await socket.send(_frame_for(0, [FIRST], id=2))
        await socket.send({"type": "undo", "id": 3, "expected_ply": 0, "to_ply": 0})
        errors = [await socket.until("error", id=2), await socket.until("error", id=3)]
        await socket.close()
        return errors

    assert [e["error"]["code"] for e in run(scenario)] == ["race_over", "race_over"]
    assert _game(started_race, bob).ply == 0


def test_moves_before_the_deal_are_refused(players):
    from races.services.races import race_create, race_join, race_start

    alice, bob, _ = players
    race = race_create(host=alice, variant="freecell", number=1)
    race_join(code=race.code, player=bob)
    race_start(code=race.code, player=alice, now=timezone.now() + dt.timedelta(hours=1))

    async def scenario():
        socket = await Socket(race.code, alice).open()
        await socket.send(_frame_for(0, [FIRST], id=1))
        await socket.send({"type": "deal", "id": 2})
        errors = [await socket.until("error", id=1), await socket.until("error", id=2)]
        await socket.close()
        return errors

    errors = run(scenario)
    assert [e["error"]["code"] for e in errors] == ["not_dealt", "not_dealt"]
    assert errors[1]["error"]["starts_in_ms"] > 0
    assert _game(race, alice).ply == 0


def test_a_flood_of_frames_closes_the_socket(started_race, players, monkeypatch):
    from races import consumers

    alice, _, _ = players
    # The bucket's clock held still: however slowly a busy machine reads the frames,
    # the one after FLOOD_BURST closes the socket.
    monkeypatch.setattr(consumers, "flood_clock", lambda: 1000.0)

    async def scenario():
        socket = await Socket(started_race.code, alice).open()
        await socket.send(_frame_for(0, [FIRST], id=1))
        await socket.until("game", id=1)
        for _ in range(300):  # far more than a person sends, far faster than the bucket refills
            await socket.send(_frame_for(1, ["1b"]))
        frames = []
        while True:
            message = await socket.communicator.receive_output(timeout=20)
            if message["type"] == "websocket.close":
                return message.get("code"), frames
            frames.append(message.get("text", ""))

    code, frames = run(scenario)
    assert code == 4008
    assert sum('"flood"' in f for f in frames) == 1
    # Every frame of the flood asks for the same move at ply 1: at most the first of them
    # was played before the socket was closed, and the frames still waiting were dropped.
    assert _game(started_race, alice).move_list in ([FIRST], [FIRST, "1b"])


def test_a_frame_too_large_closes_the_socket(started_race, players):
    alice, _, _ = players

    async def scenario():
        socket = await Socket(started_race.code, alice).open()
        await socket.send({"type": "sync", "pad": "x" * 20_000})
        error = await socket.until("error")
        return error, await socket.close_code()

    error, code = run(scenario)
    assert error["error"]["code"] == "frame_too_large"
    assert code == 1009


def test_a_socket_without_a_login_is_told_and_closed(started_race):
    async def scenario():
        socket = await Socket(started_race.code).open()
        error = await socket.until("error")
        return error, await socket.close_code()

    error, code = run(scenario)
    assert (error["error"]["code"], code) == ("not_authenticated", 4401)


def test_a_session_cookie_from_another_site_is_not_a_login(started_race, players, client):
    alice, _, _ = players
    client.force_login(alice)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()

    async def scenario(origin):
        socket = await Socket(started_race.code, path=f"/ws/races/{started_race.code}/",
                              headers=[(b"cookie", cookie), (b"origin", origin)]).open()
        first = await socket.receive()
        await socket.close()
        return first

    assert run(scenario, b"http://127.0.0.1:8000")["type"] == "race"
    assert run(scenario, b"https://evil.example")["error"]["code"] == "not_authenticated"


def test_a_player_who_reconnects_gets_the_race_and_their_game_from_the_server(started_race, players):
    alice, _, _ = players

    async def scenario():
        socket = await Socket(started_race.code, alice).open()
        await socket.send(_frame_for(0, ["1a"], id=1))
        await socket.until("game", id=1)
        await socket.send(_frame_for(1, ["1b"], id=2))
        await socket.until("game", id=2)
        await socket.close()
        again = await Socket(started_race.code, alice).open()
        race = await again.until("race")
        game = await again.until("game")
        await again.close()
        return race, game

    race, game = run(scenario)
    me = next(p for p in race["race"]["players"] if p["username"] == "alice")
    assert me["moves"] == 2
    assert game["game"]["moves"] == ["1a", "1b"]
    assert game["game"]["position"] == engine.player_view(engine.replay(engine.deal("freecell", 1),
                                                                        ["1a", "1b"]).position)


def test_the_race_goes_on_when_its_host_leaves(started_race, players):
    alice, bob, _ = players

    async def scenario():
        host = await Socket(started_race.code, alice).open()
        other = await Socket(started_race.code, bob).open()
        await host.send({"type": "leave"})
        race = await other.until("race")
        while not next(p for p in race["race"]["players"] if p["username"] == "alice")["gone"]:
            race = await other.until("race")
        await other.send(_frame_for(0, [FIRST], id=1))
        answer = await other.until("game", id=1)
        await host.close()
        await other.close()
        return race, answer

    race, answer = run(scenario)
    assert race["race"]["state"] == "running"
    assert answer["game"]["moves"] == [FIRST]


@pytest.mark.parametrize("failure", [RuntimeError("a bug"), OperationalError("the database went away")])
def test_a_frame_that_fails_on_our_side_is_answered_and_the_socket_lives_on(players, monkeypatch, failure):
    """A failure that is not the player's (a bug, an outage) answers that frame with an error;
    the frames after it are still worked through (the task serving the socket survives)."""
    alice, bob, _ = players
    race = race_create(host=alice, variant="freecell", number=1)

    def broken(**_):
        raise failure

    monkeypatch.setattr(race_services, "race_join", broken)

    async def scenario():
        socket = await Socket(race.code, bob).open()
        await socket.until("race")
        await socket.send({"type": "join", "id": 4})
        error = await socket.until("error", id=4)
        await socket.send({"type": "sync", "id": 5})
        answer = await socket.until("race")
        await socket.close()
        return error, answer

    error, answer = run(scenario)
    assert error["error"]["code"] == ("server_error" if isinstance(failure, RuntimeError) else "service_unavailable")
    assert [p["username"] for p in answer["race"]["players"]] == ["alice"]
    assert not RacePlayer.objects.filter(race=race, player=bob).exists()


def test_join_start_and_leave_are_answered_to_their_sender_and_told_to_everyone(players):
    alice, bob, _ = players
    race = race_create(host=alice, variant="freecell", number=1)

    async def scenario():
        host = await Socket(race.code, alice).open()
        joiner = await Socket(race.code, bob).open()
        await joiner.until("race")
        await joiner.send({"type": "join", "id": 9})
        answers = [await joiner.until("ok", id=9)]
        told = await host.until("race")
        while len(told["race"]["players"]) < 2:
            told = await host.until("race")
        await host.send({"type": "start", "id": 10})
        answers.append(await host.until("ok", id=10))
        await joiner.send({"type": "leave", "id": 11})
        answers.append(await joiner.until("ok", id=11))
        await host.close()
        await joiner.close()
        return answers, told

    answers, told = run(scenario)
    assert answers == [{"type": "ok", "id": 9}, {"type": "ok", "id": 10}, {"type": "ok", "id": 11}]
    assert [p["username"] for p in told["race"]["players"]] == ["alice", "bob"]
    assert RacePlayer.objects.get(race=race, player=bob).left_at is not None
