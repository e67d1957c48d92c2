"""Browser tests: Debian's Chromium through pytest-playwright, against the live
server (gunicorn + a real Celery worker on the Postgres test database)."""

import datetime as dt
import os
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium", "args": CHROMIUM_FLAGS}


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


# Lines played move by move (solver lines, recorded games) would be changed
# under them by safe cards going home, or by a Klondike game finishing by
# itself once every card is face up: those tests play with both settings off,
# as a player may; tests marked `auto_home` keep the defaults.
NO_AUTO_HOME = """
if (!localStorage.getItem("fc:settings")) localStorage.setItem("fc:settings", JSON.stringify({
  autoHome: false, autoCompleteBy: {"klondike-draw1": false, "klondike-draw3": false},
}));
"""


@pytest.fixture
def site(live_url, page, request):
    """The page, with every uncaught script error collected for the test to check."""
    if not request.node.get_closest_marker("auto_home"):
        page.add_init_script(NO_AUTO_HOME)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.set_default_timeout(15_000)
    page.base = live_url
    return page


@pytest.fixture
def make_daily(live_url):
    """A FreeCell daily on MS deal `number` (today's unless `date` says otherwise); returns a winning line."""
    from games.clock import today_utc
    from games.models import Daily, Deal, SolverStatus
    from tests.browser.solutions import winning_line

    def make(number: int, *, date: dt.date | None = None) -> list[str]:
        line = winning_line("freecell", number=number)
        deal, _ = Deal.objects.update_or_create(
            variant="freecell",
            number=number,
            defaults={"status": SolverStatus.WINNABLE, "par": len(line), "in_pool": True},
        )
        Daily.objects.create(variant="freecell", date=date or today_utc(), deal=deal)
        return line

    return make
