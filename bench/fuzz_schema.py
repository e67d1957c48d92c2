"""The longer schema fuzz: schemathesis with every check against a live server, as nobody, a player and staff.

    .venv/bin/python bench/fuzz_schema.py [--max-examples 200] [--seed N] [--max-time SECONDS]

Same configuration as the bounded run in the test suite
(``tests/reliability/fuzzing.py``, ``tests/reliability/test_schema_fuzz.py``),
with many more examples per operation. Starts its own database, worker and
gunicorn (``bench/stack.py``); prints each identity's summary and the failures,
if any; the JUnit reports are kept in the directory it names. Exits 1 when
schemathesis found anything.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stack import live_stack  # noqa: E402


def identities():
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games.models import Deal, Game, SolverStatus
    from tests.reliability.conftest import guest_session_with_a_game, todays_daily
    from tests.reliability.fuzzing import Identity
    from tests.support.factors import factor_enrol

    todays_daily("freecell", 24)
    todays_daily("forecell", 2)
    todays_daily("klondike-draw3", 10**12 + 5)
    todays_daily("spider-2suits", 10**12 + 4)
    Deal.objects.filter(variant="freecell", number=24).update(in_pool=True, status=SolverStatus.WINNABLE)
    User = get_user_model()
    player = User.objects.create_user("fuzzer", password=None)
    staff = User.objects.create_user("curator", password=None, is_staff=True)
    factor_enrol(staff)  # the staff API acts only for staff with a second factor
    game = Game.objects.create(player=player, deal=Deal.objects.get(variant="freecell", number=24))
    guest_session, guest_game = guest_session_with_a_game()
    return [
        Identity("anonymous", username="fuzzer", game_id=guest_game, csrf=True, session=guest_session),
        Identity("player", Token.objects.create(user=player).key, "fuzzer", str(game.pk)),
        Identity("staff", Token.objects.create(user=staff).key, "curator"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--max-time", type=float, default=None, help="seconds per identity")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="fc-schema-fuzz-"))
    with live_stack() as stack:
        from tests.reliability.fuzzing import failures, schemathesis_run

        who = identities()
        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=len(who)) as pool:
            runs = list(pool.map(
                lambda identity: schemathesis_run(
                    stack.url, identity, workdir, max_examples=args.max_examples, seed=args.seed,
                    max_time=args.max_time, timeout=6 * 3600),
                who,
            ))
        elapsed = time.monotonic() - started
        web_log = stack.web.log.read_text(errors="replace")
        web_errors = web_log.count("Internal Server Error")
        if web_errors:
            (workdir / "web.log").write_text(web_log)
    print(f"schemathesis, every check, --max-examples {args.max_examples} --seed {args.seed}: "
          f"{elapsed:.0f} s")
    found = False
    for identity, run in zip(who, runs, strict=True):
        cases = re.search(r"\d+ generated[^\n]*", run.stdout)
        summary = cases.group(0) if cases else run.stdout[-300:]
        print(f"  {identity.name:<10} exit {run.returncode}: {summary}")
        if run.returncode:
            found = True
            print(failures(run))
    print(f"  server errors in the web server's log: {web_errors}"
          + (f" (the log: {workdir / 'web.log'})" if web_errors else ""))
    print(f"  reports: {workdir}")
    return 1 if found or web_errors else 0


if __name__ == "__main__":
    sys.exit(main())
