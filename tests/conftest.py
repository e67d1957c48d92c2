"""Shared fixtures: the real services a test may need.

- ``live_services``: a real Celery worker process on the real Redis broker and
  a gunicorn web server on loopback, both on the pytest-django test database
  (Postgres). Tests that use them must use ``transactional_db`` so that what
  they write is committed and visible to the other processes.
- ``collected_static``: ``collectstatic`` as ``scripts/run`` runs it, once a run (shared by its processes).
- ``readme_server``: the service as the README's run command starts it, serving those files.
"""

import fcntl
import gc
import json
import os
import shutil
from contextlib import contextmanager

import pytest
import redis
import requests
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.support.processes import (
    VENV_BIN,
    LiveServices,
    Process,
    free_port,
    run_keys_forgotten,
    service_env,
)
from tests.support.static import Collected, collect
from tests.support.waiting import wait_for

# What the README's run command leaves to its defaults; a test run may set them.
README_UNSET = ("DEBUG", "NUM_PROXIES", "THROTTLE_LOGIN", "THROTTLE_REGISTER", "THROTTLE_HINTS", "THROTTLE_GAMES",
                "THROTTLE_GUEST_GAMES")

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


#: Rows every flush would make again at once (post_migrate): kept rather than made again.
KEPT_BY_FLUSH = frozenset({"django_content_type", "auth_permission"})


def _flush_by_delete() -> None:
    """A test on committed rows (``transactional_db``, the live servers) ends with Django's flush,
    one ``TRUNCATE`` of every table: 0.7-1.5 s on this machine, as PostgreSQL makes each table
    new files and syncs them at commit, for the few rows a test leaves. ``DELETE FROM`` each
    table in one transaction takes about 12 ms and leaves the same empty tables (the foreign
    keys Django makes are deferred, so the order does not matter; neither resets sequences).
    A flush that asks for more (sequences restarted, or a cascade to tables outside the list)
    keeps the ``TRUNCATE``. The content types and permissions are kept: the flush's
    ``post_migrate`` made them again after a ``TRUNCATE`` (about 0.3 s more), the same rows."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncate(self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        emptied = [table for table in tables if table not in KEPT_BY_FLUSH]
        # The names are the models' own tables, quoted as Django quotes them.
        return ["SET CONSTRAINTS ALL DEFERRED;", *(f"DELETE FROM {self.quote_name(table)};" for table in emptied)]  # noqa: S608

    DatabaseOperations.sql_flush = sql_flush


_flush_by_delete()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database commits without waiting for its log to reach the disk
    (``synchronous_commit = off`` for this database only: 4 ms a commit against 9 ms here).
    What a test sees is the same; only a crash of the server could lose the last commits,
    and the tests that crash PostgreSQL run a cluster of their own (tests/reliability/faults.py)."""
    from django.db import connection

    with django_db_blocker.unblock(), connection.cursor() as cursor:
        name = connection.ops.quote_name(connection.settings_dict["NAME"])
        cursor.execute(f"ALTER DATABASE {name} SET synchronous_commit = off")
        cursor.execute("SET synchronous_commit = off")  # this connection, opened before


@pytest.fixture(scope="session")
def live_services(django_db_setup, django_db_blocker, tmp_path_factory):
    """Gunicorn + a Celery worker against the test database; torn down at the end."""
    from django.db import connection

    with django_db_blocker.unblock():
        database = connection.settings_dict["NAME"]
    # The live tests seat many accounts on one loopback address and one line for convenience;
    # linked accounts are held on those links in tests/games/test_fairplay_links.py, here by browser only.
    # A hint's search is bounded by its iterations alone here (HINT_MAX_ITERATIONS, as in production),
    # not also by the wall clock: on a busy machine a 1.5 s cut would change what a hint answers.
    services = LiveServices(database=database, workdir=tmp_path_factory.mktemp("live"),
                            extra_env={"FAIRPLAY_LINK_HOLD": "browser", "HINT_MAX_SECONDS": "600"})
    services.start()
    try:
        yield services
    finally:
        services.stop()


@pytest.fixture
def live_stack(live_services, transactional_db):
    """The session's live services for one test, on committed rows: the worker starts the test
    with nothing left by earlier ones and has finished this test's work before its rows are
    flushed (this fixture is torn down before ``transactional_db``)."""
    live_services.settle()
    yield live_services
    live_services.settle()


@pytest.fixture
def live_url(live_stack) -> str:
    """Base URL of the live web server (with the worker running)."""
    return live_stack.url


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory, worker_id) -> Collected:
    """The static files as production serves them (local settings, the site's storage): collected
    once for the whole run (about 9 s of a core), the parallel test processes sharing one copy
    that none of them changes."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "freecell_site.settings.local"}
    for name in README_UNSET:
        env.pop(name, None)
    if worker_id == "master":  # not a parallel run
        return collect(tmp_path_factory.mktemp("static") / "static", env)
    shared = tmp_path_factory.getbasetemp().parent  # this run's, common to its test processes
    with open(shared / "static.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the first process collects; the others wait for it
        root = shared / "static"
        if not (root / "staticfiles.json").exists():
            shutil.rmtree(root, ignore_errors=True)  # a process that failed half-way left it
            return collect(root, env)
        return Collected(root, json.loads((root / "staticfiles.json").read_text())["paths"])


@pytest.fixture(scope="session")
def readme_server(django_db_setup, django_db_blocker, tmp_path_factory, collected_static):
    """The service as the README's run command starts it: gunicorn on the local settings
    (nothing asking for DEBUG, the throttle rates of a real run), static files collected."""
    from django.db import connection

    with django_db_blocker.unblock():
        database = connection.settings_dict["NAME"]
    workdir = tmp_path_factory.mktemp("readme")
    env = service_env(
        database,
        DJANGO_SETTINGS_MODULE="freecell_site.settings.local",
        STATIC_ROOT=str(collected_static.root),
        CACHE_KEY_PREFIX=f"fc-test-{os.environ['FC_TEST_RUN_ID']}-readme",
    )
    for name in README_UNSET:
        env.pop(name, None)
    port = free_port()
    web = Process("web", [str(VENV_BIN / "gunicorn"), "freecell_site.wsgi:application", "--bind",
                          f"127.0.0.1:{port}", "--workers", "1", "--threads", "4", "--no-control-socket"],
                  env, workdir / "web.log")
    web.start()
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _answers(url), timeout=60)
        yield url
    finally:
        web.stop()


def _answers(url: str) -> bool:
    """Health answers, 200 or 503; with no worker listening it takes two 1 s pings
    (freecell_site/health.py) to say so: the module's tests run alone timed out here at 2 s."""
    try:
        return requests.get(f"{url}/api/health/", timeout=5).status_code in (200, 503)
    except requests.RequestException:  # not up yet, or too busy starting to answer in time
        return False


@pytest.fixture
def celery_worker_process(live_stack):
    """The live worker process: tests may kill it with -9 and restart it."""
    return live_stack.worker


@contextmanager
def tasks_sent_to(queue: str):
    """Tasks this process enqueues go to ``queue``: the routed ones (the bulk priority) take the
    default queue that kombu keeps cached, the others the configured name, so both are set."""
    from freecell_site.celery import app

    amqp, before = app.amqp, app.conf.task_default_queue
    cached = amqp.__dict__.get("default_queue")
    app.conf.task_default_queue = queue
    amqp.__dict__["default_queue"] = amqp.queues[queue]  # a missing queue is made on demand
    try:
        yield
    finally:
        app.conf.task_default_queue = before
        if cached is None:
            amqp.__dict__.pop("default_queue", None)
        else:
            amqp.__dict__["default_queue"] = cached


@pytest.fixture(autouse=True)
def tasks_reach_the_live_worker_only_from_live_tests(request):
    """The session's live worker consumes this run's queue. A test without the live stack that
    runs its on-commit callbacks still rings their doorbells; on that queue the live worker
    (started by an earlier test) would run them on the test database after the test had
    rolled back, and what it wrote would outlive every later test (a variant switched on
    rings dailies_prepare, which made today's dailies for every variant). Such a test's
    tasks go to a queue nobody consumes, emptied at the end of the run."""
    if "live_services" in request.fixturenames:
        yield
        return
    from django.conf import settings

    with tasks_sent_to(f"{settings.CELERY_TASK_DEFAULT_QUEUE}-unconsumed"):
        yield


#: The longest tests, longest first (``scripts/test --durations=40`` on these 2 cores): run
#: before everything else, so that the test processes share them out at the start instead of
#: one process finishing a two-minute test alone at the end of the run.
LONGEST_FIRST = (
    "tests/reliability/test_schema_fuzz.py",
    "tests/browser/test_challenge.py",
    "tests/browser/test_stock_daily.py",
    "tests/reliability/test_faults_schedule.py",
    "tests/reliability/test_payload_fuzz.py::test_ten_thousand_bad_payloads",
    "tests/browser/test_daily.py::test_a_new_player_wins_the_daily_by_dragging",
    "tests/reliability/test_faults_keepalive.py",
    "tests/site/test_static_minify.py",
    "tests/site/test_run_command.py::test_run_command_with_no_environment",
    "tests/reliability/test_forwarded_for.py",
    "tests/reliability/test_tampering.py",
    "tests/reliability/test_backup_restore.py",
    "tests/browser/test_races.py",
    "tests/reliability/test_worker_crash.py",
    "tests/solver/test_native_build.py",
    "tests/games/test_player_view_api.py::test_a_guest_gets_a_hint_and_a_verdict_by_log_on_a_numbered_stock_deal",
)


def pytest_xdist_make_scheduler(config, log):
    """``scripts/test``'s processes take the tests one at a time, longest first (``tests/schedule.py``)."""
    if config.getoption("dist") != "load":
        return None
    from tests.schedule import LongestFirstScheduling

    return LongestFirstScheduling(config, log)


def pytest_collection_modifyitems(session, config, items):
    """The longest tests first (``LONGEST_FIRST``), the rest in their usual order."""

    def rank(item) -> int:
        return next((i for i, prefix in enumerate(LONGEST_FIRST) if item.nodeid.startswith(prefix)),
                    len(LONGEST_FIRST))

    items.sort(key=rank)  # stable: the order within each rank is kept


def pytest_collection_finish(session):
    """What importing and collecting made (Django, the apps, every test module and its
    parameters: over 200,000 objects) lives as long as this process: frozen out of the garbage
    collector's passes, which otherwise scanned it all again each time (tests/games and
    tests/engine in one process: 7.9 s of CPU in the collector, 5.3 s frozen;
    freecell_site/wsgi.py does the same for the web workers)."""
    gc.collect()
    gc.freeze()


def pytest_sessionfinish(session):
    from django.conf import settings

    try:
        client = redis.Redis.from_url(settings.REDIS_URL)
        stale = list(client.scan_iter(match=f"{settings.CELERY_TASK_DEFAULT_QUEUE}-unconsumed*"))
        if stale:
            client.delete(*stale)
        run_keys_forgotten(client)
    except redis.RedisError:  # no Redis to reach: nothing was queued there either
        pass


@pytest.fixture(autouse=True)
def cache_counts_forgotten(request):
    """What the cache keeps across requests, forgotten before each test that has rows:

    - stored hot reads, keyed by what a reader knows (a variant and a date), not by row ids:
      those of earlier tests, whose rows are gone, would be read for the new rows that take
      their keys again;
    - the account doors' attempt counts (``accounts:hits:``, an hour's window): every request
      of every test comes from 127.0.0.1, so an earlier test's attempts were counted against a
      later one's. The schema fuzz's hundreds of reset links used up the ten reset confirms
      an address has an hour, and a browser test's reset in the same test process, later in
      the run, was refused (429) whenever the two shared one;
    - the worker's hint plans in progress (``hint-plan``): a test that left one running held
      one of the site's ``HINT_PLAN_AT_ONCE`` places, and its player's, for 90 s."""
    if not {"db", "transactional_db", "django_db_setup"} & set(request.fixturenames) \
            and request.node.get_closest_marker("django_db") is None:
        return
    from django.core.cache import cache

    from games.selectors.stored import PREFIX

    client = cache._cache.get_client(write=True)
    stale = [key for prefix in (PREFIX, "accounts:hits:", "hint-plan")
             for key in client.scan_iter(match=cache.make_key(prefix) + "*", count=1000)]
    if stale:
        client.delete(*stale)


@pytest.fixture
def make_player(db):
    def make(username: str = "alice", *, staff: bool = False):
        return get_user_model().objects.create_user(
            username=username, password="correct horse battery", is_staff=staff
        )

    return make


@pytest.fixture
def admin_client(admin_user, client):
    """pytest-django's admin client, with an authenticator enrolled and the session verified by it:
    the admin asks staff for a second factor (accounts/admin_site.py)."""
    from tests.support.factors import factor_verified_login

    factor_verified_login(client, admin_user)
    return client


@pytest.fixture
def player(make_player):
    return make_player("alice")


@pytest.fixture
def api(player) -> APIClient:
    client = APIClient()
    client.force_authenticate(player)
    return client


@pytest.fixture
def anon() -> APIClient:
    return APIClient()
