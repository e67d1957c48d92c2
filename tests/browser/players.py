"""Players for the browser tests: logging in through the page, and games made
through the web API as another device would make them."""

from rest_framework.test import APIClient

from tests.browser.board import wait_settled

PASSWORD = "correct horse battery"


def log_in(page, base, username, next_path, *, board=True):
    page.goto(f"{base}/login/?next={next_path}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**{next_path}")
    if board:
        start_daily_if_asked(page)
        page.locator(".card[data-pile]").first.wait_for()
        wait_settled(page)


def start_daily_if_asked(page) -> None:
    """An open daily not started yet shows a button instead of the board: press it."""
    page.wait_for_load_state("networkidle")
    start = page.get_by_role("button", name="Start the daily")
    if start.count():
        start.click()


def other_device(player) -> APIClient:
    client = APIClient()
    client.force_authenticate(player)
    return client


def play_elsewhere(player, moves, *, variant="freecell", number=None, daily=None, ms_per_move=1000) -> dict:
    """Start a game through the API (on a deal, or on the daily of `daily`) and play `moves` on it,
    one every `ms_per_move` by the other device's clock."""
    client = other_device(player)
    if daily is not None:
        started = client.post(f"/api/dailies/{daily}/{variant}/games/")
    else:
        started = client.post("/api/games/", {"variant": variant, "number": number}, format="json")
    assert started.status_code == 201, started.content
    game = started.json()
    if moves:
        body = {"expected_ply": 0, "moves": moves, "client_times": [ms_per_move * (i + 1) for i in range(len(moves))]}
        answer = client.post(f"/api/games/{game['id']}/moves/", body, format="json")
        assert answer.status_code == 200, answer.content
        game = answer.json()
    return game


def start_daily(page) -> None:
    """An open daily is dealt when the player starts it: press Start and wait for the cards."""
    page.get_by_role("button", name="Start the daily").click()
    page.locator(".card[data-pile]").first.wait_for()
    wait_settled(page)
