"""A Klondike game with nothing left to decide finishes from the Auto-finish
button: the solver's line is played (its first move on the board, the rest
through the API) up to the first position with the stock and the waste empty
and every card face up, the page is reloaded on that game, and one press sends
the rest home, each card a move the server accepts, until the end screen."""

from games import engine
from tests.browser.board import wait_settled
from tests.browser.stock import keys, translate
from tests.support.lines import winning_line

VARIANT, NUMBER = "klondike-draw1", 7  # the solver's line turns its last card with 24 cards still out

# One move per request (the server ends a batch at a move that turns a card up),
# each timed as the page times a move: milliseconds since the game's start.
SEND_MOVES = """
async ([id, moves, from]) => {
  const csrf = decodeURIComponent(document.cookie.split("; ").find((c) => c.startsWith("csrftoken=")).slice(10));
  const started = Date.parse((await (await fetch(`/api/games/${id}/`)).json()).started_at);
  for (let ply = from; ply < moves.length; ply += 1) {
    const move = moves[ply];
    const response = await fetch(`/api/games/${id}/moves/`, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
      body: JSON.stringify({expected_ply: ply, moves: [move], client_times: [Date.now() - started]}),
    });
    if (!response.ok) return `${move}: ${response.status} ${await response.text()}`;
  }
  return null;
}
"""


def moves_until_nothing_is_left_to_decide(variant: str, number: int) -> tuple[list[str], int]:
    """The prefix of the solver's winning line that ends at the first position with the
    stock and the waste empty and no card face down, and how many cards are still out."""
    position = engine.deal(variant, number)
    line = winning_line(variant, number)
    for ply, move in enumerate(line):
        if not position.stock and not position.waste and not any(position.face_down):
            return list(line[:ply]), sum(len(column) for column in position.columns)
        position = engine.apply_move(position, move)
    raise AssertionError(f"{variant} #{number}: the line never turns every card before its end")


def test_the_auto_finish_button_sends_every_card_home_once_a_klondike_game_has_nothing_left_to_decide(site):
    prefix, left = moves_until_nothing_is_left_to_decide(VARIANT, NUMBER)
    assert left > 10
    with site.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/api/games/")) as started:
        site.goto(f"{site.base}/play/{VARIANT}/{NUMBER}")
    game_id = started.value.json()["id"]
    finish = site.locator('[data-hud="finish"]')
    assert finish.is_disabled()
    # The first move on the board: a guest's save then names the server game, which a reload resumes.
    with site.expect_response(lambda r: r.request.method == "POST" and "/moves/" in r.url):
        keys(site, translate(VARIANT, NUMBER, prefix[:1]).steps[0])
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    assert site.evaluate(SEND_MOVES, [game_id, prefix, 1]) is None

    site.reload()  # the page takes the server's longer log of the same game
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    assert not finish.is_disabled()
    sent = []
    site.on("response", lambda r: sent.append(r.status) if r.request.method == "POST" and "/moves/" in r.url else None)
    wait_settled(site)
    finish.click()

    end = site.get_by_role("dialog", name="You won!")
    end.wait_for()
    site.locator('[data-hud="status"]', has_text="Saved").wait_for()
    assert sent == [200] * left  # one request per card, each accepted
    server = site.evaluate("(id) => fetch(`/api/games/${id}/`).then((r) => r.json())", game_id)
    assert server["state"] == "won" and server["ply"] == len(prefix) + left
    assert all(move.endswith("h") for move in server["moves"][len(prefix):])
    assert site.errors == []
