"""Waiting for what another process does (the worker, the web server)."""

import time
from collections.abc import Callable


def wait_for(predicate, timeout: float = 30.0, step: float = 0.05, explain: Callable[[], str] | None = None):
    """Poll ``predicate`` until it returns something truthy; return that, or fail after ``timeout``
    with what ``explain`` says of the state then (the rows, a process's log)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s" + (f":\n{explain()}" if explain else ""))
