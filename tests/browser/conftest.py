"""Browser tests: Debian's Chromium through pytest-playwright, against the live
server (gunicorn + a real Celery worker on the Postgres test database)."""

import datetime as dt
import os
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
#: What Playwright's launcher passes as --disable-features (its chromiumSwitches.ts, in the pinned
#: release): a second --disable-features on the command line replaces it.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
)
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Each window Chromium opens (one per page here) loaded its address bar's popup, a page of
    # its own in two more renderers (chrome://omnibox-popup.top-chrome/ and its AI-mode twin):
    # a fifth of Chromium's CPU in the suite, for a bar no test sees. The switch replaces
    # Playwright's own --disable-features list, so that list comes first.
    "--disable-features=" + ",".join((*PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxFullPopup",
                                      "WebUIOmniboxAimPopup")),
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": "/usr/bin/chromium", "args": CHROMIUM_FLAGS}


#: The contexts a test opens beside its own page ask for the same.
REDUCED_MOTION = {"reduced_motion": "reduce"}
#: What a test marked ``browser_context_args(**MOTION)`` gets: the cards' transitions and the win's celebration, as most players see them.
MOTION = {"reduced_motion": "no-preference"}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Every page asks for reduced motion (the site honours it: cards land at once, no
    celebration), unless its test is marked ``@pytest.mark.browser_context_args(**MOTION)`` (the pages a test
    opens in contexts of its own pass ``REDUCED_MOTION``).
    With no GPU, Chromium draws each frame of a card's 0.2 s slide in software: 80 Klondike
    moves by keyboard cost 6.7 s of its CPU with the motion and 2.3 s without. The journeys
    whose wins are ranked keep a person's pace by ``HumanPace`` (board.py) instead of the
    motion's; a few journeys keep the motion, so that gestures made among moving cards are
    still played (docs/reliability.md, "the cards' motion")."""
    return {**browser_context_args, **REDUCED_MOTION}


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
