"""The position a game's log leads to is kept with the game: an append replays only its
new moves from it, and a kept position that is not the log's is never used."""

import pytest

import engine
from games import referee
from games.apis.games import GameOut, game_out
from games.kept import kept_replay
from games.models import Game
from tests.support.lines import winning_line

pytestmark = pytest.mark.django_db

VARIANTS = [("freecell", 24), ("klondike-draw1", 2), ("spider-2suits", 4)]


def start(api, variant, number) -> str:
    return api.post("/api/games/", {"variant": variant, "number": number}, format="json").json()["id"]


def play(api, game_id, line, ply, count):
    """``count`` moves of ``line`` from ``ply``, one request each (a revealing move ends a batch)."""
    for at in range(ply, ply + count):
        response = api.post(f"/api/games/{game_id}/moves/",
                            {"expected_ply": at, "moves": [line[at]], "client_times": [at + 1]}, format="json")
        assert response.status_code == 200, response.json()
    return response.json()


def replayed(variant, number, moves):
    """The whole log replayed from the deal: what the answer must equal."""
    reveals = [] if engine.hides_cards(variant) else None
    position = engine.replay(engine.deal(variant, number), moves, reveals=reveals).position
    return engine.player_view(position), reveals


@pytest.fixture
def replayed_moves(monkeypatch):
    """How many moves each replay of the web layer was given, in order."""
    seen = []
    real = referee.engine.replay

    def counting(position, moves, **kwargs):
        seen.append(len(moves))
        return real(position, moves, **kwargs)

    monkeypatch.setattr(referee.engine, "replay", counting)
    return seen


@pytest.mark.parametrize(("variant", "number"), VARIANTS)
def test_an_append_replays_only_its_new_moves(api, variant, number, replayed_moves):
    line = winning_line(variant, number)
    game_id = start(api, variant, number)
    play(api, game_id, line, 0, 30)
    replayed_moves.clear()
    answer = play(api, game_id, line, 30, 1)
    assert replayed_moves == [1]  # the one new move, not the 31 of the log
    assert (answer["position"], answer["reveals"]) == replayed(variant, number, line[:31])


@pytest.mark.parametrize(("variant", "number"), VARIANTS)
def test_a_kept_position_that_disagrees_with_the_log_is_rebuilt_from_the_log(api, variant, number,
                                                                              replayed_moves):
    line = winning_line(variant, number)
    game_id = start(api, variant, number)
    play(api, game_id, line, 0, 20)
    game = Game.objects.get(pk=game_id)
    ply, digest, packed, *rest = game.position.split(" ")
    # Another position of the same game in the row, the length and digest left as they were.
    elsewhere = engine.pack_position(engine.replay(engine.deal(variant, number), line[:5]).position)
    Game.objects.filter(pk=game_id).update(position=" ".join([ply, digest, elsewhere, *rest]))
    replayed_moves.clear()
    answer = play(api, game_id, line, 20, 1)
    assert replayed_moves == [20, 1]  # the log from the deal, then the new move
    assert (answer["position"], answer["reveals"]) == replayed(variant, number, line[:21])
    game.refresh_from_db()
    assert kept_replay(variant=variant, number=number, moves=game.moves, kept=game.position) is not None


@pytest.mark.parametrize("kept", ["", "garbage", "3 0123 0000..../"])
def test_a_row_without_a_usable_kept_position_is_replayed_from_the_deal(api, kept, replayed_moves):
    line = winning_line("freecell", 24)
    game_id = start(api, "freecell", 24)
    play(api, game_id, line, 0, 3)
    Game.objects.filter(pk=game_id).update(position=kept)  # a row written before positions were kept, say
    replayed_moves.clear()
    answer = play(api, game_id, line, 3, 1)
    assert replayed_moves == [3, 1]
    assert answer["position"] == replayed("freecell", 24, line[:4])[0]


@pytest.mark.parametrize(("variant", "number"), VARIANTS)
def test_an_undo_keeps_the_position_of_the_shorter_log(api, variant, number, replayed_moves):
    line = winning_line(variant, number)
    game_id = start(api, variant, number)
    play(api, game_id, line, 0, 12)
    before = Game.objects.get(pk=game_id).position
    undone = api.post(f"/api/games/{game_id}/undo/", {"expected_ply": 12, "to_ply": 7}, format="json").json()
    game = Game.objects.get(pk=game_id)
    assert game.position != before
    assert kept_replay(variant=variant, number=number, moves=game.moves, kept=before) is None
    assert (undone["position"], undone["reveals"]) == replayed(variant, number, line[:7])
    replayed_moves.clear()
    answer = play(api, game_id, line, 7, 1)
    assert replayed_moves == [1]
    assert (answer["position"], answer["reveals"]) == replayed(variant, number, line[:8])


def test_a_game_read_back_is_answered_from_its_kept_position(api, replayed_moves):
    line = winning_line("klondike-draw1", 2)
    game_id = start(api, "klondike-draw1", 2)
    play(api, game_id, line, 0, 15)
    replayed_moves.clear()
    fetched = api.get(f"/api/games/{game_id}/").json()
    assert replayed_moves == []
    assert (fetched["position"], fetched["reveals"]) == replayed("klondike-draw1", 2, line[:15])


@pytest.mark.parametrize(("variant", "number"), VARIANTS)
def test_the_game_answer_is_what_its_declared_serializer_would_send(api, variant, number):
    line = winning_line(variant, number)
    game_id = start(api, variant, number)
    play(api, game_id, line, 0, len(line))  # won: with its submission
    out = game_out(Game.objects.select_related("deal", "daily").get(pk=game_id))
    assert out["state"] == "won" and out["submission"] is not None
    assert GameOut(out).data == out
