"""Problem 4: long Spider columns cut ranks in half ("J" read as "I", "Q" as "O").
Measured in the browser: in every column, the strip of each covered face-up card
left visible by the card on it is at least as tall as that card's index, for each
card size, at 390 px and at 1280 px."""

import pytest

import engine
from tests.browser.board import wait_settled
from tests.browser.players import log_in, other_device, play_elsewhere
from tests.browser.solutions import winning_line

pytestmark = pytest.mark.browser

DEAL = 1  # Spider 1 suit


def longest_column(line: list[str]) -> tuple[int, int]:
    """The first ply of the line at which a column is longest, and that length."""
    start = engine.deal("spider-1suit", DEAL)
    lengths = [max(len(c) for c in engine.replay(start, line[:ply]).position.columns)
               for ply in range(len(line) + 1)]
    return lengths.index(max(lengths)), max(lengths)

STRIPS = """() => [...document.querySelectorAll('.pile--column')].flatMap((pile) => {
  const cards = [...document.querySelectorAll(`.card[data-pile="${pile.dataset.pile}"]`)]
    .map((el) => ({ el, top: el.getBoundingClientRect().top }))
    .sort((a, b) => a.top - b.top);
  return cards.slice(0, -1).filter(({ el }) => el.dataset.card).map(({ el, top }, i) => ({
    card: el.dataset.card,
    strip: cards[cards.indexOf(cards.find((c) => c.el === el)) + 1].top - top,
    index: el.querySelector('.corner').getBoundingClientRect().bottom - top,
  }));
})"""


def test_spider_keeps_every_covered_index_readable_at_every_card_size_on_phone_and_desktop(
        site, make_player, screenshots):
    player = make_player("reader")
    game = play_elsewhere(player, [], variant="spider-1suit", number=DEAL)
    device = other_device(player)
    # The solver's line, up to where a column is longest (17 to 19 cards on the lines the
    # search has found for this deal), one move a request.
    line = list(winning_line("spider-1suit", DEAL))
    moves, length = longest_column(line)
    assert length >= 15, length
    for ply, move in enumerate(line[:moves]):
        body = {"expected_ply": ply, "moves": [move], "client_times": [1000 * (ply + 1)]}
        assert device.post(f"/api/games/{game['id']}/moves/", body, format="json").status_code == 200
    log_in(site, site.base, "reader", f"/play/spider-1suit/{DEAL}")
    longest = site.evaluate(
        "Math.max(...[...document.querySelectorAll('.pile--column')].map((p) => "
        "document.querySelectorAll(`.card[data-pile=\"${p.dataset.pile}\"]`).length))")
    assert longest == length
    for width, height in ((1280, 800), (390, 844)):
        site.set_viewport_size({"width": width, "height": height})
        for size in ("small", "medium", "large"):
            site.evaluate("""(size) => {
              const s = JSON.parse(localStorage.getItem('fc:settings') || '{}');
              localStorage.setItem('fc:settings', JSON.stringify({ ...s, cardSize: size }));
            }""", size)
            site.reload()
            site.locator('.card[data-pile]').first.wait_for()  # column 1 may be empty here
            wait_settled(site)
            strips = site.evaluate(STRIPS)
            assert len(strips) >= 10
            cut = [s for s in strips if s["strip"] < s["index"] - 0.5]
            assert cut == [], (width, size, cut[:3])
            if size == "large":
                site.screenshot(path=str(screenshots / f"spider-long-large-{width}.png"))
    assert site.errors == []
