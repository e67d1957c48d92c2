"""A numbered Klondike or Spider free game is dealt in the page: with the
network cut once the page has loaded, every move plays and every card it turns
up shows at once; back online, the log reaches the server, which replays it
(its own deal, its own rules) to the position the page shows."""

import pytest

import engine
from games.models import Game
from tests.browser.players import log_in
from tests.browser.stock import keys, stock_click, translate, wait_for_view

pytestmark = pytest.mark.browser


def revealing_line(variant: str, number: int, length: int) -> list[str]:
    """Legal moves from the deal, each the first that turns a card up where one does
    (else the stock), so that nearly every move needs a card the page was never sent."""
    position, line = engine.deal(variant, number), []
    for _ in range(length):
        moves = [str(m) for m in engine.legal_moves(position)]
        turning = [m for m in moves if m != "s" and engine.apply_revealing(position, m)[1]]
        choice = (turning or [m for m in moves if m == "s"] or moves)[0]
        line.append(choice)
        position = engine.apply_move(position, choice)
    return line


@pytest.mark.parametrize(("variant", "number"), [("klondike-draw1", 40_001), ("spider-1suit", 123)])
def test_a_numbered_stock_game_plays_offline_and_the_server_replays_its_saved_log(site, make_player, variant, number):
    make_player("offline")
    line = translate(variant, number, revealing_line(variant, number, 12))
    log_in(site, site.base, "offline", f"/play/{variant}/{number}")
    wait_for_view(site, line.start_view)
    site.context.set_offline(True)
    for step in line.steps:
        if step.stock and step.ply % 2:
            stock_click(site, touch=False)
        else:
            keys(site, step)
        wait_for_view(site, step.view)
    assert not Game.objects.filter(player__username="offline").exists()

    site.context.set_offline(False)
    # The next change after the network is back starts the server game and sends the whole log.
    site.locator('[data-hud="undo"]').click()
    wait_for_view(site, line.steps[-2].view)
    site.locator('[data-hud="status"]', has_text="Saved").wait_for(timeout=30_000)
    game = Game.objects.get(player__username="offline")
    assert game.ply == len(line.moves) - 1
    replayed = engine.replay(engine.deal(variant, number), game.moves.split())
    assert replayed.error is None and engine.player_view(replayed.position) == line.steps[-2].view
    assert site.errors == []
