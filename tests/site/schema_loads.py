"""Concurrent first loads of ``/api/schema/`` in a fresh process, as a gunicorn worker's
threads meet them: ``python -m tests.site.schema_loads THREADS`` prints one JSON line,
the status codes and the number of distinct bodies.

A process of its own because drf-spectacular's first build in a process is the one
that resolves its shared state; the pytest process has usually built a schema already.
"""

import hashlib
import json
import sys
import threading

import django


def schema_loads(threads: int) -> dict:
    from django.test import Client

    start = threading.Barrier(threads)
    answers = []

    def load() -> None:
        client = Client(raise_request_exception=False)
        start.wait()
        response = client.get("/api/schema/", {"format": "json"})
        answers.append((response.status_code, hashlib.sha256(response.content).hexdigest()))

    workers = [threading.Thread(target=load) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return {"statuses": sorted(status for status, _ in answers), "bodies": len({body for _, body in answers})}


if __name__ == "__main__":
    django.setup()
    print(json.dumps(schema_loads(int(sys.argv[1]))))
