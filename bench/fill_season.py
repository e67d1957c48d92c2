"""How much worker time a season's fill takes from a fresh start (an empty reserve).

    .venv/bin/python bench/fill_season.py            # 60 days, every daily variant
    .venv/bin/python bench/fill_season.py 30 freecell

A fresh database and a real worker (bench/stack.py, concurrency 2); one fill job per
variant from tomorrow on, started as staff start it. Prints each job's progress as
it runs, then per variant the days filled, failed, steps, deals proved and worker
time (the sum of its steps), the total worker time against the 10-minute target,
the wall time and the load average before and after (the machine may be shared). Worker
time is the steps' wall time, which a loaded machine stretches; their CPU time (the solver
runs in the worker's process) is the figure a busy machine does not inflate. Deals that
the pool tasks prove for the reserve meanwhile (today's daily rings one) are not counted.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stack import live_stack  # noqa: E402

TARGET_WORKER_SECONDS = 600.0
TIMEOUT_SECONDS = 45 * 60


def progress_line(jobs) -> str:
    return "  ".join(f"{j.variant}: {j.filled}/{j.days_wanted} filled, {j.waiting} waiting, {j.failed} failed"
                     for j in jobs)


def main(days: int, variants: list[str]) -> None:
    load_before = os.getloadavg()
    with live_stack(concurrency=2):
        from games.catalogue import daily_variants
        from games.clock import today_utc
        from games.models import Deal, FillJob
        from games.services.audit import StaffAct
        from games.services.fill_jobs import fill_job_start
        from games.tasks import fill_jobs_sweep_task

        variants = variants or list(daily_variants())
        assert not Deal.objects.filter(daily_reserve=True).exists(), "a fresh start has an empty reserve"
        first = today_utc() + dt.timedelta(days=1)
        last = first + dt.timedelta(days=days - 1)
        act = StaffAct(reason="bench: a season in one go", via="command")
        started = time.monotonic()
        ids = [fill_job_start(variant=v, first=first, last=last, act=act).pk for v in variants]
        swept = started
        while time.monotonic() - started < TIMEOUT_SECONDS:
            if time.monotonic() - swept >= 60:  # as beat does: a step cut by the hard limit is rung again
                fill_jobs_sweep_task.delay()
                swept = time.monotonic()
            jobs = list(FillJob.objects.filter(pk__in=ids).order_by("variant"))
            print(f"{time.monotonic() - started:7.1f} s  {progress_line(jobs)}", flush=True)
            if all(job.status != FillJob.Status.RUNNING for job in jobs):
                break
            time.sleep(5)  # a progress line every 5 s
        wall = time.monotonic() - started
        jobs = list(FillJob.objects.filter(pk__in=ids).order_by("variant"))
    print(f"\n{days} days x {len(variants)} variants, fresh start (empty reserve), worker concurrency 2")
    heads = ("filled", "failed", "steps", "proved")
    print(f"{'variant':16} {'status':8} " + " ".join(f"{h:>6}" for h in heads)
          + f" {'worker s':>9} {'cpu s':>7}")
    for job in jobs:
        print(f"{job.variant:16} {job.status:8} {job.filled:6} {job.failed:6} {job.steps:6} {job.solved:6} "
              f"{job.worker_seconds:9.1f} {job.worker_cpu_seconds:7.1f}")
    total = sum(job.worker_seconds for job in jobs)
    cpu = sum(job.worker_cpu_seconds for job in jobs)
    print(f"worker time {total:.1f} s = {total / TARGET_WORKER_SECONDS:.2f} x the 10-minute target "
          f"(CPU {cpu:.1f} s = {cpu / TARGET_WORKER_SECONDS:.2f} x); wall time {wall:.1f} s")
    after = os.getloadavg()[0]
    print(f"load average before {load_before[0]:.2f}, after {after:.2f} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60, sys.argv[2:])
