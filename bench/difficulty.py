"""Each variant's difficulty calibration, from deals proven as the daily reserve proves them.

    .venv/bin/python bench/difficulty.py [DEALS] [VARIANT...]    # 120 deals of every site variant

A fresh database (bench/stack.py's settings, no worker). For each variant the reserve's own
search (``games.services.solving.pool_fill`` with a fill job's budget, numbers drawn from the
variant's whole range) proves DEALS winnable deals; then ``manage.py difficulty_calibrate``
computes, stores and prints each variant's calibration from them, as it does from the site's
database: proven deals, the par at the band cuts for a deal nobody has played, the deals per
band, the deals with enough players (none here) and the typical win (none here). The time
spent proving each variant is printed as it goes.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stack import django_setup  # noqa: E402


def prove(variant: str, count: int) -> None:
    import solver
    from games.services.fill_jobs import FILL_BUDGETS
    from games.services.solving import pool_fill, pool_size

    budget = FILL_BUDGETS["stock" if variant in solver.STOCK_VARIANTS else "freecell"]
    began, cpu = time.monotonic(), time.process_time()
    while pool_size(variant=variant, reserve=True) < count:
        pool_fill(variant=variant, target=count, seconds=10.0, reserve=True, budget=budget)
    print(f"{variant}: {count} proven in {time.monotonic() - began:.0f} s "
          f"({time.process_time() - cpu:.0f} s CPU)", flush=True)


def main(count: int, variants: list[str]) -> None:
    load = os.getloadavg()[0]
    django_setup()
    from django.core.management import call_command
    from django.db import connection

    from games.catalogue import site_variants

    database = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        chosen = variants or list(site_variants())
        for variant in chosen:
            prove(variant, count)
        call_command("difficulty_calibrate", *chosen)
    finally:
        connection.creation.destroy_test_db(database, verbosity=0)
    print(f"load average before {load:.2f}, after {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 120, sys.argv[2:])
