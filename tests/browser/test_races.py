"""Live races in the browser: three players in three browser contexts race a
FreeCell deal and then a Klondike deal to the end. Each sees the others'
progress, one reloads mid-race and carries on from the server's log, and the
places shown follow the rules once the worker has replayed every log.

Most of the winner's line goes up through a socket of its own page (as a
second device would send it), so that the board plays only its last moves."""

import re
from collections import deque

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import engine
from races.models import Race, RacePlayer
from tests.browser.board import key_move, wait_settled
from tests.browser.conftest import NO_AUTO_HOME, REDUCED_MOTION
from tests.browser.players import PASSWORD
from tests.browser.stock import keys, translate
from tests.support.lines import winning_line

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.slow]

# Batches of moves through a race socket of the page's own, one frame a batch, each answered before the next.
SEND_BATCHES = """
async ([port, code, batches, from]) => {
  const ws = new WebSocket(`ws://${location.hostname}:${port}/ws/races/${code}/`);
  // On connecting, a dealt player is sent their game: its clock times the moves as the page does.
  const started = await new Promise((resolve) => {
    const hear = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === "game") { ws.removeEventListener("message", hear); resolve(Date.parse(frame.game.started_at)); }
    };
    ws.addEventListener("message", hear);
  });
  let ply = from;
  for (const [index, moves] of batches.entries()) {
    const answer = new Promise((resolve) => {
      const hear = (event) => {
        const frame = JSON.parse(event.data);
        if (frame.id === index + 1) { ws.removeEventListener("message", hear); resolve(frame); }
      };
      ws.addEventListener("message", hear);
    });
    ws.send(JSON.stringify({ type: "moves", id: index + 1, expected_ply: ply, moves,
                             client_times: moves.map(() => Math.max(0, Date.now() - started)) }));
    const frame = await answer;
    if (frame.type === "error") return JSON.stringify(frame.error);
    ply += moves.length;
  }
  ws.close();
  return null;
}
"""


def log_in(page, base, username):
    page.goto(f"{base}/login/?next=/race/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/race/")


def line_of(page, username):
    return page.locator(f'[data-race-players] [data-player="{username}"]')


def batches(variant, number, moves, start=0):
    """``moves`` (played after ``start`` moves of the line) as the batches a client
    sends: on Klondike a move that turns a card up ends its batch."""
    if engine.get_ruleset(variant).family == "freecell":
        return [list(moves)]
    steps = translate(variant, number, list(winning_line(variant, number))).steps
    out, batch = [], []
    for step in steps[start:start + len(moves)]:
        batch.append(step.move)
        if step.reveals:
            out.append(batch)
            batch = []
    return out + ([batch] if batch else [])


def send(page, port, code, variant, number, moves, start=0):
    assert page.evaluate(SEND_BATCHES, [port, code, batches(variant, number, moves, start), start]) is None


def first_home_prefix(variant, number):
    """The shortest prefix of the line that puts a card home."""
    line = winning_line(variant, number)
    position = engine.deal(variant, number)
    for ply, move in enumerate(line):
        position = engine.apply_move(position, move)
        if sum(position.foundations):
            return list(line[:ply + 1])
    raise AssertionError("the line puts no card home")


def race_to_the_end(pages, base, port, variant, number, finish):
    """alice makes the race; bob and carol join; alice starts; bob moves on the board
    and everyone sees it; carol gets a card home and leaves; alice sends most of her
    line, reloads mid-race, ends it on the board (``finish``); bob leaves. Returns the code."""
    alice, bob, carol = pages
    alice.goto(f"{base}/race/")
    alice.select_option("select[name=variant]", variant)
    alice.fill("input[name=number]", str(number))
    alice.get_by_role("button", name="Make the race").click()
    alice.wait_for_url(re.compile(r".*/race/[a-z0-9]+$"))
    code = alice.url.rstrip("/").rsplit("/", 1)[1]
    for page in (bob, carol):
        page.goto(f"{base}/race/{code}")
        page.get_by_role("button", name="Join the race").click()
        line_of(page, page.username).wait_for()
    line_of(alice, "carol").wait_for()
    alice.get_by_role("button", name="Start the race").click()
    for page in pages:  # the countdown, then the same deal for everyone
        page.locator(".card[data-pile]").first.wait_for()
        wait_settled(page)

    line = list(winning_line(variant, number))
    if engine.get_ruleset(variant).family == "freecell":
        key_move(bob, line[0])
    else:
        keys(bob, translate(variant, number, line[:1]).steps[0])
    for page in (alice, carol):
        line_of(page, "bob").filter(has_text="1 moves").wait_for()

    home = first_home_prefix(variant, number)
    send(carol, port, code, variant, number, home)
    for page in (alice, bob):
        line_of(page, "carol").filter(has_text=f"1/52 cards · {len(home)} moves").wait_for()
    carol.reload()  # carol's page takes her game back from the server
    carol.locator(".card[data-pile]").first.wait_for()
    carol.get_by_role("button", name="Leave the race").click()
    line_of(alice, "carol").filter(has_text="gone").wait_for()

    bulk, last = finish(line)
    send(alice, port, code, variant, number, bulk)
    alice.reload()  # mid-race: the page rebuilds the race and the game from the server
    alice.locator(".card[data-pile]").first.wait_for()
    wait_settled(alice)
    last(alice, len(bulk))
    for page in (bob, carol):
        line_of(page, "alice").filter(has_text="won in").wait_for()
    bob.get_by_role("button", name="Leave the race").click()
    return code


def record_sockets(page):
    """Keep the page's last socket frames (and closes), to say what it heard when a wait fails."""
    page.frames_heard = deque(maxlen=20)

    def watch(ws):
        page.frames_heard.append(f"open {ws.url}")
        ws.on("framesent", lambda payload: page.frames_heard.append(f"sent {str(payload)[:200]}"))
        ws.on("framereceived", lambda payload: page.frames_heard.append(f"got {str(payload)[:200]}"))
        ws.on("close", lambda _: page.frames_heard.append(f"closed {ws.url}"))

    page.on("websocket", watch)


def what_pages_show(pages) -> str:
    said = []
    for page in pages:
        status = page.locator("[data-race-status]")
        said.append(f"--- {page.username} at {page.url}: "
                    f"{status.inner_text() if status.count() else '(no race status)'}\n"
                    + "\n".join(page.frames_heard))
    return "\n".join(said)


def check_results(pages, code):
    for page in pages:
        page.locator("[data-race-status]", has_text="results checked").wait_for(timeout=60_000)
        assert line_of(page, "alice").inner_text().startswith("1st · alice")
        assert line_of(page, "carol").inner_text().startswith("2nd · carol")  # more home than bob
        assert line_of(page, "bob").inner_text().startswith("3rd · bob")
        assert not page.errors, page.errors
    race = Race.objects.get(code=code)
    assert race.validated_at is not None
    entries = RacePlayer.objects.filter(race=race).select_related("game__submission", "player")
    assert {e.player.username: e.log_check for e in entries} == dict.fromkeys(("alice", "bob", "carol"), "valid")
    winner = next(e for e in entries if e.player.username == "alice")
    assert winner.game.submission.status == "accepted"  # the winning log, replayed by the worker as a daily's


def test_three_players_race_a_freecell_deal_then_a_klondike_deal_to_the_end(live_services, transactional_db,
                                                                             browser, make_player, request):
    base, port = live_services.url, live_services.socket_port
    pages = []
    for name in ("alice", "bob", "carol"):
        make_player(name)
        context = browser.new_context(**REDUCED_MOTION)
        request.addfinalizer(context.close)
        page = context.new_page()
        page.add_init_script(NO_AUTO_HOME)
        page.errors = []
        page.on("pageerror", lambda error, page=page: page.errors.append(str(error)))
        page.on("console", lambda message, name=name: message.type == "error" and print(name, message.text))
        page.set_default_timeout(20_000)
        page.username = name
        record_sockets(page)
        log_in(page, base, name)
        pages.append(page)

    def freecell_finish(line):
        def last(page, played):
            for move in line[played:]:
                key_move(page, move)
        return line[:-3], last

    try:
        code = race_to_the_end(pages, base, port, "freecell", 1, freecell_finish)
    except PlaywrightTimeoutError as exc:
        raise AssertionError(f"{exc}\nwhat each page heard last:\n{what_pages_show(pages)}") from exc
    check_results(pages, code)

    klondike = "klondike-draw1"

    def klondike_finish(line):
        def last(page, played):  # nothing is left to decide: Auto-finish plays the rest
            page.locator('[data-hud="finish"]:not([disabled])').click()
        return line[:decided(klondike, 7, line)], last

    try:
        code = race_to_the_end(pages, base, port, klondike, 7, klondike_finish)
    except PlaywrightTimeoutError as exc:
        raise AssertionError(f"{exc}\nwhat each page heard last:\n{what_pages_show(pages)}") from exc
    check_results(pages, code)


def decided(variant, number, line):
    """How many moves of a Klondike line leave nothing to decide (every card face up, no stock, no waste)."""
    position = engine.deal(variant, number)
    for ply, move in enumerate(line):
        if not position.stock and not position.waste and not any(position.face_down):
            return ply
        position = engine.apply_move(position, move)
    raise AssertionError("the line decides until its end")
