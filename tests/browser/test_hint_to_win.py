"""Pressing Hint and playing each hinted move wins the game in the browser,
with no position twice (the game's plan, kept on the server).

The game is mostly played "elsewhere" first (through the API, with that device's
clock at one move a second): the page resumes it and must send its own moves with
times from that device's last one up, or the server refuses them as going
backwards and the page's hints wait for a sync that never ends.

A guest's numbered Klondike deal is dealt in the page: its hints are asked by
log on the deal, which the server answered 400 ``server_game_required`` (and the
page showed its local nudge) until numbered stock deals were answered too."""

import pytest

import engine
import solver
from games.models import Game
from tests.browser.board import drag_move
from tests.browser.players import log_in, play_elsewhere
from tests.browser.stock import keys, translate, wait_for_view
from tests.solver.test_plans import LOOP_DEAL, LOOP_LOG

pytestmark = pytest.mark.browser


def replay_wins(start, line) -> bool:
    return engine.replay(start, line).won


# Whether the server holds the game as won, asked from the page (a synchronous request: the predicate's
# value is the answer, not a promise of it, which would count as true at once).
SERVER_GAME_WON = """(id) => {
  const request = new XMLHttpRequest();
  request.open("GET", `/api/games/${id}/`, false);
  request.send();
  return request.status === 200 && JSON.parse(request.responseText).state === "won";
}"""

#: Moves left for the browser to play by hints (the rest is played elsewhere first).
LEFT = 20


def test_pressing_hint_to_a_win_on_freecell_363125(site, make_player):
    player = make_player("hinter")
    start = engine.deal("freecell", LOOP_DEAL)
    planned = solver.planned_hint(start, LOOP_LOG, limits=solver.HintLimits(iterations=5_000_000, seconds=600))
    plan = list(planned.plan)
    assert planned.hint.status == "move" and replay_wins(start, plan)
    opening = plan[:len(plan) - LEFT]
    game_id = play_elsewhere(player, opening, number=LOOP_DEAL)["id"]
    # the game's plan, as its earlier hints would have left it: every hint below follows it
    Game.objects.filter(pk=game_id).update(plan=" ".join(plan))
    log_in(site, site.base, "hinter", f"/play/freecell/{LOOP_DEAL}")
    site.locator('[data-hud="moves"]', has_text=str(len(opening))).wait_for()
    position = engine.replay(start, opening).position
    for _ in range(3 * LEFT):
        with site.expect_response("**/hint/") as answer:
            site.keyboard.press("h")
        body = answer.value.json()
        assert body["status"] == "move", body
        site.locator("[data-announcer]", has_text="Hint:").wait_for()
        drag_move(site, body["move"])
        position = engine.apply_move(position, body["move"])
        if engine.is_won(position):
            break
    site.get_by_role("dialog", name="You won!").wait_for(timeout=60_000)
    # the server has the win once the page's last sync is through
    site.wait_for_function(SERVER_GAME_WON, arg=game_id, polling=100, timeout=60_000)
    game = Game.objects.get(pk=game_id)
    assert game.state == Game.State.WON and game.hints >= 1 and not site.errors
    positions = [start]
    for move in game.move_list:
        positions.append(engine.apply_move(positions[-1], move))
    before, hinted = positions[:len(opening) + 1], positions[len(opening) + 1:]
    assert len(set(hinted)) == len(hinted) and not set(hinted) & set(before)


#: Hints a guest presses on a numbered Klondike Draw 1 deal dealt in the page.
GUEST_HINTS = 12


def test_a_guest_pressing_hint_on_a_klondike_deal_dealt_in_the_page(site):
    """No server game: each hint is asked on the deal and the page's log (POST
    /api/deals/<variant>/<number>/hint/), and its move is played with the keyboard."""
    variant, number = "klondike-draw1", 2  # each hint searched well within the solver's 1.5 s
    site.goto(f"{site.base}/play/{variant}/{number}")
    wait_for_view(site, translate(variant, number, []).start_view)
    moves = []
    for _ in range(GUEST_HINTS):
        with site.expect_response(f"**/api/deals/{variant}/{number}/hint/") as answer:
            site.keyboard.press("h")
        assert answer.value.request.post_data_json == {"moves": moves}
        body = answer.value.json()
        assert body.get("status") == "move", (len(moves), answer.value.status, body)
        site.locator("[data-announcer]", has_text="Hint:").wait_for()
        step = translate(variant, number, [*moves, body["move"]]).steps[-1]
        keys(site, step)
        moves.append(body["move"])
        wait_for_view(site, step.view)
        assert site.locator('[data-hud="moves"]').text_content() == str(len(moves))
    positions = [engine.deal(variant, number)]
    for move in moves:
        positions.append(engine.apply_move(positions[-1], move))
    assert len(set(positions)) == len(positions)
    assert not Game.objects.exists() and not site.errors


def test_a_hint_the_worker_plans_is_said_then_shown(site, make_player, monkeypatch):
    """Spider 4 suits: a hint the server answers "planning" (its own search found no line; here
    the plan is begun for the game before the page asks) is said once in the notice, and the page
    asks again after retry_after; once the plan is kept (the worker's stage, run here) the next
    answer is its move, shown as any hint, and the notice is gone."""
    from games.services import hint_plans

    variant, number = "spider-4suits", 1
    player = make_player("patient")
    start = engine.deal(variant, number)
    opening = [str(engine.legal_moves(start)[0])]
    game_id = play_elsewhere(player, opening, variant=variant, number=number)["id"]
    monkeypatch.setattr(hint_plans.tasks.hint_plan_task, "delay", lambda *args: None)  # the stage runs below
    assert hint_plans.hint_plan_start(game=Game.objects.select_related("deal").get(pk=game_id))
    log_in(site, site.base, "patient", f"/play/{variant}/{number}")
    site.locator('[data-hud="moves"]', has_text="1").wait_for()
    with site.expect_response("**/hint/") as first:
        site.keyboard.press("h")
    assert first.value.json()["status"] == "planning"
    notice = site.locator("[data-hud=notice]", has_text="looking further into this position")
    notice.wait_for()
    assert hint_plans.hint_plan_stage(game_id=game_id, ply=1, stage=0) == "planned"
    plan = Game.objects.get(pk=game_id).plan.split()
    with site.expect_response(lambda r: r.url.endswith("/hint/") and r.json()["status"] == "move") as answer:
        pass
    assert answer.value.json()["move"] == plan[1]
    site.locator("[data-announcer]", has_text="Hint:").wait_for()
    notice.wait_for(state="hidden")
    assert Game.objects.get(pk=game_id).hints == 1 and not site.errors
