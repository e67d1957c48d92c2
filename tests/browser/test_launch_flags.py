"""The browser tests' Chromium command line keeps what Playwright's launcher switches off.

``CHROMIUM_FLAGS`` passes its own ``--disable-features`` (the address bar's popup pages), and a
second such switch replaces Playwright's: the copy of Playwright's list in ``tests/browser/conftest.py``
must hold every feature the pinned release disables, or a Playwright upgrade would quietly turn some
back on."""

import re
from pathlib import Path

import playwright

from tests.browser.conftest import CHROMIUM_FLAGS, PLAYWRIGHT_DISABLED_FEATURES


def playwrights_disabled_features() -> set[str]:
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    source = bundle.read_text(encoding="utf-8")
    block = re.search(r"disabledFeatures = \[(.*?)\](?:\.filter\(Boolean\))?;", source, re.S)
    assert block, f"no disabledFeatures list in {bundle}: read Playwright's chromiumSwitches again"
    return set(re.findall(r'^\s*"([A-Za-z0-9]+)"', block.group(1), re.M))


def test_the_copy_of_playwrights_disabled_features_is_complete():
    theirs = playwrights_disabled_features()
    assert len(theirs) >= 10, theirs
    # Edge's own switches do nothing in Chromium; the rest must all be passed again.
    assert {f for f in theirs if not f.startswith("ms")} <= set(PLAYWRIGHT_DISABLED_FEATURES)


def test_one_disable_features_switch_carries_both_lists():
    switches = [flag for flag in CHROMIUM_FLAGS if flag.startswith("--disable-features=")]
    assert len(switches) == 1
    features = set(switches[0].split("=", 1)[1].split(","))
    assert set(PLAYWRIGHT_DISABLED_FEATURES) <= features
    assert {"WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"} <= features
