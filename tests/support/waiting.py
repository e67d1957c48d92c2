"""Waiting for what another process does (the worker, the web server)."""

import time


def wait_for(predicate, timeout: float = 30.0, step: float = 0.05):
    """Poll ``predicate`` until it returns something truthy; return that, or fail after ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s")
