"""Where the milliseconds of a hot read go, in-process: the whole Django stack, then without each part.

    .venv/bin/python bench/hot_read.py [--n 3000]

A fresh database with today's FreeCell daily and 100 ranked results (as
``bench/load.py`` seeds it), the stored board already built, then the mean
wall time of one request through Django's WSGI handler (no network, no
gunicorn) for: a static file (whitenoise), the stored board, the board with one
middleware left out at a time, the view alone, and the one cache round trip
alone. The ratios to the static file, measured in the same run, are the
figures to compare; absolute times move with the machine's load.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stack import django_setup  # noqa: E402

BOARD = "/api/leaderboards/daily/today/freecell/"
STATIC = "/static/fc/js/main.js"


def environ(path: str) -> dict:
    return {"REQUEST_METHOD": "GET", "PATH_INFO": path, "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "80",
            "HTTP_HOST": "127.0.0.1", "wsgi.input": io.BytesIO(), "wsgi.url_scheme": "http",
            "SCRIPT_NAME": "", "QUERY_STRING": "", "REMOTE_ADDR": "127.0.0.1"}


def per_request_ms(call, n: int) -> float:
    for _ in range(50):
        call()
    started = time.perf_counter()
    for _ in range(n):
        call()
    return (time.perf_counter() - started) / n * 1000


def through(handler, path: str):
    def call():
        body = handler(environ(path), lambda status, headers: None)
        assert b"".join(body)
        getattr(body, "close", lambda: None)()
    return call


# Authentication and messages need the session: they leave with it.
NEEDS_SESSION = ("django.contrib.auth.middleware.AuthenticationMiddleware",
                 "django.contrib.messages.middleware.MessageMiddleware", "axes.middleware.AxesMiddleware")


def handler_without(middleware: str | None):
    from django.conf import settings
    from django.core.handlers.wsgi import WSGIHandler

    original = list(settings.MIDDLEWARE)
    left_out = {middleware, *(NEEDS_SESSION if middleware and "Session" in middleware else ())}
    settings.MIDDLEWARE = [m for m in original if m not in left_out]
    try:
        return WSGIHandler()
    finally:
        settings.MIDDLEWARE = original


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=3000)
    args = parser.parse_args()
    django_setup()
    from django.conf import settings
    from django.core.cache import cache
    from django.db import connection
    from django.test import RequestFactory

    from bench.load import seed
    from games.apis.boards import LeaderboardDailyApi

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        seed(0, 0)
        full = handler_without(None)
        through(full, BOARD)()  # builds and stores the board
        static = per_request_ms(through(full, STATIC), args.n)
        board = per_request_ms(through(full, BOARD), args.n)
        without = []
        for middleware in settings.MIDDLEWARE:
            name = middleware.rsplit(".", 1)[1]
            name += " (and auth, messages, axes)" if "Session" in middleware else ""
            without.append((f"  without {name}", per_request_ms(through(handler_without(middleware), BOARD),
                                                                 args.n)))
        board = min(board, per_request_ms(through(full, BOARD), args.n))  # measured again: the better of two
        rows = [("a static file (whitenoise)", static), ("the stored board, whole stack", board), *without]
        view, request = LeaderboardDailyApi.as_view(), RequestFactory().get(BOARD)
        rows.append(("the view alone (no middleware, no URL resolving)",
                     per_request_ms(lambda: view(request, date="today", variant="freecell"), args.n)))
        from games.selectors.stored import daily_board_key
        from games.services.dailies import today_utc

        key = daily_board_key("freecell", today_utc())
        rows.append(("one cache round trip (the entry and its version)",
                     per_request_ms(lambda: cache.get_many([key.version, key.entry]), args.n)))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"\nbench/hot_read.py, {args.n} requests each, load average {os.getloadavg()[0]:.2f}")
    for name, ms in rows:
        print(f"  {name:<52} {ms * 1000:>7.0f} us  x{ms / static:.2f} of the static file"
              + (f"  ({(board - ms) * 1000:+.0f} us)" if name.startswith("  without") else ""))


if __name__ == "__main__":
    main()
