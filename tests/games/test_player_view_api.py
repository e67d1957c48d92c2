"""Klondike and Spider games through the API: positions are the player's view,
``reveals`` names what each move of the log turned up, hints are moves of a
winning line, and guests' hints by log are refused for these variants."""

import datetime as dt

import pytest

import engine
from games.models import Deal, SolverStatus
from tests.support.lines import winning_line

pytestmark = pytest.mark.django_db

STOCK_VARIANTS = ("klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits")


def legal_line(variant: str, number: int, length: int) -> list[str]:
    """The first legal move each time, preferring one that turns a card up."""
    position, line = engine.deal(variant, number), []
    for _ in range(length):
        moves = [str(move) for move in engine.legal_moves(position)]
        if not moves:
            break
        shown = [m for m in moves if engine.apply_revealing(position, m)[1]]
        move = (shown or moves)[0]
        line.append(move)
        position = engine.apply_move(position, move)
    return line


def expected_reveals(variant: str, number: int, line: list[str]) -> tuple[list, dict]:
    position, reveals = engine.deal(variant, number), []
    for move in line:
        position, shown = engine.apply_revealing(position, move)
        reveals.append(shown)
    return reveals, engine.player_view(position)


@pytest.mark.parametrize("variant", STOCK_VARIANTS)
def test_a_stock_game_sends_the_players_view_and_the_reveals_of_each_move(api, variant):
    game = api.post("/api/games/", {"variant": variant, "number": 3}, format="json")
    assert game.status_code == 201, game.content
    body = game.json()
    start = engine.deal(variant, 3)
    assert body["start"] == body["position"] == engine.player_view(start)
    assert "face_down" not in body["start"] and body["start"]["stock"] == [None] * len(start.stock)
    assert body["reveals"] == [] and body["moves"] == []
    line = legal_line(variant, 3, 12)
    # One move a batch: a move that turns a card up ends its batch (tests/games/test_batch_peek.py).
    answers = [api.post(f"/api/games/{body['id']}/moves/",
                        {"expected_ply": ply, "moves": [move], "client_times": [0]}, format="json")
               for ply, move in enumerate(line)]
    assert all(answer.status_code == 200 for answer in answers), [a.content for a in answers]
    first, second = answers[4], answers[-1]
    reveals, view = expected_reveals(variant, 3, line)
    assert first.json()["reveals"] == reveals[:5]
    assert second.json()["reveals"] == reveals and second.json()["position"] == view
    assert any(reveals), "the line turns cards up"
    detail = api.get(f"/api/games/{body['id']}/").json()
    assert detail["reveals"] == reveals and detail["position"] == view and detail["start"] == body["start"]
    undone = api.post(f"/api/games/{body['id']}/undo/", {"expected_ply": len(line), "to_ply": 4},
                      format="json").json()
    assert undone["reveals"] == reveals[:4] and undone["position"] == expected_reveals(variant, 3, line[:4])[1]


def test_a_freecell_game_has_no_reveals(api):
    body = api.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    assert body["reveals"] is None
    assert body["start"] == engine.position_to_json(engine.deal("freecell", 24))
    moved = api.post(f"/api/games/{body['id']}/moves/", {"expected_ply": 0, "moves": ["4h"],
                                                         "client_times": [0]}, format="json").json()
    assert moved["reveals"] is None and moved["moves"] == ["4h"]


@pytest.mark.parametrize("variant", STOCK_VARIANTS)
def test_a_stock_deal_shows_the_players_view_of_its_start(anon, variant):
    body = anon.get(f"/api/deals/{variant}/7/").json()
    assert body["position"] == engine.player_view(engine.deal(variant, 7))


def test_a_guest_gets_a_hint_and_a_verdict_by_log_on_a_numbered_stock_deal(anon, settings):
    """A guest's numbered Klondike game is dealt in the page (local_deal.js): the deal is
    public, so the log replays on it with the cards it turned, and the solver answers."""
    settings.HINT_MAX_SECONDS, settings.HINT_MAX_ITERATIONS = 600, 5_000_000
    variant, number = "klondike-draw1", 7
    log = list(winning_line(variant, number)[:4])
    response = anon.post(f"/api/deals/{variant}/{number}/hint/", {"moves": log}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    position = engine.replay(engine.deal(variant, number), log).position
    assert body["status"] == "move" and body["move"] in {str(m) for m in engine.legal_moves(position)}
    verdict = anon.post(f"/api/deals/{variant}/{number}/verdict/", {"moves": log}, format="json")
    assert verdict.status_code == 200, verdict.json()


def test_a_stock_game_hint_after_moves_names_only_a_legal_move_of_a_winning_line(api):
    """After moves on the deal's stored line the hint is the first move of a winning line
    (searched first, as off the line: the answer's time must not tell the two apart,
    docs/solver.md), and names only a move: no card that is still face down."""
    variant, number = "spider-2suits", 4
    line = _solved(variant, number)
    Deal.objects.create(variant=variant, number=number, status=SolverStatus.WINNABLE, par=len(line),
                        solution=" ".join(line))
    game = api.post("/api/games/", {"variant": variant, "number": number}, format="json").json()
    for ply, move in enumerate(line[:6]):  # one a batch: a move turning a card up ends its batch
        assert api.post(f"/api/games/{game['id']}/moves/", {"expected_ply": ply, "moves": [move],
                                                            "client_times": [0]}, format="json").status_code == 200
    response = api.post(f"/api/games/{game['id']}/hint/")
    assert response.status_code == 200, response.content
    answer = response.json()
    assert answer == {"status": "move", "move": answer["move"], "last_good_ply": None, "hints": 1,
                      "ranked": False, "scope": answer["scope"], "retry_after": None}
    position = engine.replay(engine.deal(variant, number), line[:6]).position
    assert engine.replay(position, [answer["move"]]).error_index is None  # legal where the player is


def _solved(variant: str, number: int) -> list[str]:
    import solver

    result = solver.solve(engine.deal(variant, number))
    assert result.status == "winnable"
    return list(result.moves)


def test_a_closed_stock_dailys_lines_carry_the_view_and_each_lines_reveals(anon, daily, today, finish):
    """The day is over, so whole lines may be shown: the start is still the player's
    view, and the replay viewer gets what each move of each line turned up."""
    variant, number = "spider-2suits", 4
    line = _solved(variant, number)
    past = daily(variant, date=today - dt.timedelta(days=1), number=number)
    Deal.objects.filter(pk=past.deal_id).update(solution=" ".join(line), par=len(line))
    result = finish("bob", past.deal, daily=past, moves=len(line))
    result.game.moves = " ".join(line)
    result.game.save(update_fields=["moves"])
    body = anon.get(f"/api/dailies/{past.date}/{variant}/lines/").json()
    reveals, _ = expected_reveals(variant, number, line)
    assert body["start"] == engine.player_view(engine.deal(variant, number))
    assert body["par_line"] == line and body["par_reveals"] == reveals
    assert [(p["moves"], p["reveals"]) for p in body["players"]] == [(line, reveals)]


def test_a_closed_freecell_dailys_lines_have_no_reveals(anon, daily, today):
    past = daily("freecell", date=today - dt.timedelta(days=1))
    body = anon.get(f"/api/dailies/{past.date}/freecell/lines/").json()
    assert body["start"] == engine.position_to_json(engine.deal("freecell", 24)) and body["par_reveals"] is None
