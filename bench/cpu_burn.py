"""Keep every core busy for a bounded time: the load under which the suite must still pass.

    .venv/bin/python bench/cpu_burn.py --seconds 1800 [--processes 2]

One spinning process per core (``os.cpu_count()`` unless ``--processes`` says otherwise),
at normal priority, each ending by itself after ``--seconds``; the load average is printed
every minute. Run it beside ``scripts/test`` in another shell (docs/reliability.md, The
suite under load).
"""

import argparse
import multiprocessing
import os
import signal
import sys
import time


def spin(until: float) -> None:
    x = 0
    while time.monotonic() < until:
        for _ in range(100_000):
            x = (x * 1_103_515_245 + 12_345) & 0x7FFFFFFF


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1800)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    # Ended by SIGTERM (kill PID), it exits normally, and multiprocessing ends its daemonic
    # spinners with it; without this they spun on to the end of --seconds.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    until = time.monotonic() + args.seconds
    workers = [multiprocessing.Process(target=spin, args=(until,), daemon=True)
               for _ in range(args.processes)]
    for worker in workers:
        worker.start()
    print(f"{args.processes} spinning processes for {args.seconds:.0f} s", flush=True)
    while any(worker.is_alive() for worker in workers):
        for worker in workers:
            worker.join(timeout=max(0.0, min(60.0, until - time.monotonic())))
        print(f"load average {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
