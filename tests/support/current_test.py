"""Names the test each pytest process is running, for ``bench/cpu_sample.py``.

    .venv/bin/python bench/cpu_sample.py -- ./scripts/test -p tests.support.current_test

With ``FC_CPU_CURRENT`` set to a directory, each pytest process keeps the file
``<directory>/<its pid>`` holding the id of the test it runs (``<start>`` before
the first, ``<between>`` between two, ``<finish>`` at the end); the sampler counts
the CPU of that process and of every process below it (its live servers, worker,
browser) for that test. Without the variable it does nothing.
"""

import os

import pytest

_DIRECTORY = os.environ.get("FC_CPU_CURRENT")


def _say(what: str) -> None:
    if not _DIRECTORY:
        return
    path = os.path.join(_DIRECTORY, str(os.getpid()))
    with open(path + ".new", "w") as handle:
        handle.write(what)
    os.replace(path + ".new", path)  # the sampler never reads half a name


def pytest_configure(config):
    _say("<start>")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _say(item.nodeid)
    yield
    _say("<between>")


def pytest_sessionfinish(session):
    _say("<finish>")
