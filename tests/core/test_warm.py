"""A web process's threads open their database connections before its first request
(freecell_site/warm.py, called by gunicorn.conf.py's post_worker_init)."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

import freecell_site.warm as warm

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 4


def on_every_thread(pool, task):
    """``task`` once on each of the pool's THREADS threads (each holds its thread until all have one)."""
    barrier = threading.Barrier(THREADS)

    def one():
        barrier.wait(10)
        return task()

    return [future.result(15) for future in [pool.submit(one) for _ in range(THREADS)]]


def test_every_thread_of_the_pool_starts_with_a_connection_of_its_own():
    pool = ThreadPoolExecutor(max_workers=THREADS)
    try:
        names = warm.threads_connect(pool, THREADS)
        assert len(names) == THREADS
        assert len(pool._threads) == THREADS  # all started now, none left to start under load
        # Each thread's connection is open before it runs anything else, each its own backend.
        seen = on_every_thread(pool, lambda: (threading.current_thread().name, connection.connection is not None,
                                              connection.connection and connection.connection.info.backend_pid))
        assert {name for name, _, _ in seen} == names
        assert all(opened for _, opened, _ in seen)
        assert len({pid for _, _, pid in seen}) == THREADS
    finally:
        on_every_thread(pool, lambda: connection.close())
        pool.shutdown()


def test_a_database_out_of_reach_leaves_the_threads_to_connect_later(monkeypatch, caplog):
    def refused():
        raise ConnectionRefusedError("no server")

    monkeypatch.setattr(warm, "_connect", refused)
    pool = ThreadPoolExecutor(max_workers=THREADS)
    try:
        assert warm.threads_connect(pool, THREADS, timeout=5) == set()
    finally:
        pool.shutdown()
    assert f"{THREADS} of {THREADS} threads did not connect" in caplog.text


def test_the_connections_are_kept_for_the_life_of_the_process():
    # An age would have every warmed connection replaced at once when it ran out.
    assert connection.settings_dict["CONN_MAX_AGE"] is None
