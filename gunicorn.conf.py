"""Settings that every gunicorn started from the top of the repository reads
(``scripts/run``, the image's command, the tests); flags on the command line win.

Keep-alive: gunicorn closes a connection left idle for ``keepalive`` seconds
(2 by default). A client that sends its next request on that connection at
about the same moment gets "connection reset" and no answer: the drill saw 2 of
about 600 move POSTs and 1-3 % of verdict polls every 2 s fail so. Idle
connections are kept 75 s, longer than the client's waits between requests
(its sync retries every 4 s at most, its polls every 2 s); a proxy in front
must close idle connections to gunicorn sooner than that (nginx's upstream
``keepalive_timeout`` is 60 s by default). With the ``gthread`` worker an idle
connection waits in the poller, not in a thread.
"""

keepalive = 75


def post_worker_init(worker):
    """Every thread of a threaded worker starts with its database connection open
    (``freecell_site/warm.py``: the first burst otherwise waited for new backends)."""
    import os

    pool = getattr(worker, "tpool", None)  # the gthread worker's threads
    if pool is not None and os.environ.get("WEB_THREADS_WARM", "1") != "0":  # 0: connect on demand, as before
        from freecell_site.warm import threads_connect

        threads_connect(pool, worker.cfg.threads)
