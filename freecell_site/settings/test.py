"""Test settings: always the real Postgres and Redis (defaults match CI).

Redis database 15 keeps the test broker and cache apart from a local run. A
run id (the pytest process id, inherited by the worker and web processes the
tests start) gives every test run its own test database, Celery queue and
cache prefix, so that two runs on one machine never consume each other's work.
"""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/15")
TEST_RUN_ID = os.environ.setdefault("FC_TEST_RUN_ID", str(os.getpid()))
# Parallel runs (pytest-xdist): each of the run's test processes is a run of its own, with
# its own database, queue, cache prefix and live servers; the processes those start inherit
# the finished id, so they compute it again unchanged.
_XDIST = os.environ.get("PYTEST_XDIST_WORKER", "")
if _XDIST and not TEST_RUN_ID.endswith(f"_{_XDIST}"):
    TEST_RUN_ID = os.environ["FC_TEST_RUN_ID"] = f"{TEST_RUN_ID}_{_XDIST}"

from .base import *  # noqa: E402,F403
from .base import BASE_DIR, CACHES, CHANNEL_LAYERS, DATABASES, REST_FRAMEWORK, STORAGES, env  # noqa: E402

DATABASES["default"]["TEST"] = {"NAME": f"test_freecell_{TEST_RUN_ID}"}
CELERY_TASK_DEFAULT_QUEUE = f"test-{TEST_RUN_ID}"
CACHES = {"default": {**CACHES["default"], "KEY_PREFIX": f"fc-test-{TEST_RUN_ID}"}}
# One database thread in the race sockets: pool threads' connections would outlive a test
# and keep its database from being dropped (bench/races_load.py turns the pool back on).
RACE_SOCKET_DB_POOL = env.bool("RACE_SOCKET_DB_POOL", default=False)
_LAYER = CHANNEL_LAYERS["default"]
CHANNEL_LAYERS = {"default": {**_LAYER, "CONFIG": {**_LAYER["CONFIG"], "prefix": f"asgi-test-{TEST_RUN_ID}"}}}

DEBUG = False
# A hint's search is bounded by its iterations (HINT_MAX_ITERATIONS, as in production), not also
# by the 1.5 s clock production adds: on a busy machine the clock cut searches short, and what a
# hint answered (and whether its verdict was kept) depended on the load.
HINT_MAX_SECONDS = env.float("HINT_MAX_SECONDS", default=600)
# Verdicts answer as soon as found here (their search has no clock, as above); the fixed answer
# time is tested on its own (tests/games/test_hint_plans.py) and measured by bench/hints.py --live.
VERDICT_ANSWER_SECONDS = env.float("VERDICT_ANSWER_SECONDS", default=0)
# pytest's own process captures mail in memory (pytest-django sets locmem); the
# web and worker processes the tests start write it to files a test can read.
EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
EMAIL_FILE_PATH = env("FC_MAIL_DIR", default=str(BASE_DIR / "var" / f"test-mail-{TEST_RUN_ID}"))
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# A refused request's warning lines (Django's and django-structlog's), rendered for every one of
# the suite's tens of thousands of deliberate 4xx answers, cost a sixth of each such request;
# errors still log. Production logs them (settings/base.py).
LOGGING = {**LOGGING, "loggers": {**LOGGING["loggers"],  # noqa: F405
                                  "django.request": {"level": "ERROR"},
                                  "django_structlog.middlewares": {"level": "ERROR"}}}
# Static files straight from the apps, no collectstatic step before a test run.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
# bench/stack.py serves collected files as production does, so that a static file is a fair baseline.
if env("FC_STATIC_ROOT", default=""):
    STATIC_ROOT = env("FC_STATIC_ROOT")
    WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = False
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        "login": env("THROTTLE_LOGIN", default="1000/min"),
        "register": env("THROTTLE_REGISTER", default="1000/min"),
        "moves": env("THROTTLE_MOVES", default="100000/min"),
        "hints": env("THROTTLE_HINTS", default="10000/min"),
        "games": env("THROTTLE_GAMES", default="10000/min"),
        "games_burst": env("THROTTLE_GAMES_BURST", default="10000/sec"),
        "guest_games": env("THROTTLE_GUEST_GAMES", default="10000/min"),
    },
}
