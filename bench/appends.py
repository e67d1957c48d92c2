"""Where an append's time goes, in-process: the whole request path through Django's
test client (middleware, token authentication, throttle, the service, the answer),
no web server and no network.

    .venv/bin/python bench/appends.py [--moves 80] [--games 3] [--json out.json]
    py-spy record -o appends.svg -- .venv/bin/python bench/appends.py --only stored

For each variant a game takes a solver's winning line one move per request, as the
client sends it, short of the win. Each append is timed twice in the same run:

- ``stored``: as the service runs, the game keeps the position its log leads to,
  so only the new move is replayed;
- ``rebuilt``: the stored position is wiped before each append (outside the timed
  part), so the append replays the whole log from the deal: what every append cost
  before the position was kept.

Printed per variant: median and p90 ms and the ratio ``rebuilt / stored`` of the
medians, and the engine's share. Figures are printed, never asserted.

``--door``: instead, each append goes to the WSGI application gunicorn serves
(``freecell_site.wsgi``), with the append door (``games/apis/append_door.py``) open
(``door``) and shut (``django``: Django's handler, its middleware and DRF's view),
alternately, positions kept in both. Printed: the medians and ``django / door``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stack import django_setup  # noqa: E402

DEALS = {"freecell": 24, "klondike-draw1": 2, "spider-2suits": 4}


def line(variant: str, number: int, moves: int) -> list[str]:
    from tests.support.lines import winning_line

    found = winning_line(variant, number)
    return list(found[: min(moves, len(found) - 1)])


def play(client, token: str, variant: str, number: int, moves: list[str], *, wipe: bool,
         cpus: list[float]) -> list[float]:
    from games.models import Game

    headers = {"HTTP_AUTHORIZATION": f"Token {token}"}
    game = client.post("/api/games/", {"variant": variant, "number": number}, content_type="application/json",
                       **headers).json()
    times = []
    for ply, move in enumerate(moves):
        if wipe:
            Game.objects.filter(pk=game["id"]).update(position={})
        body = {"expected_ply": ply, "moves": [move], "client_times": [1000 * (ply + 1)]}
        started, cpu = time.perf_counter(), time.process_time()
        response = client.post(f"/api/games/{game['id']}/moves/", body, content_type="application/json",
                               **headers)
        times.append((time.perf_counter() - started) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        assert response.status_code == 200, response.content[:300]
    return times


class WsgiClient:
    """Requests straight to the WSGI application gunicorn serves, the door open or shut."""

    def __init__(self, door: bool):
        from freecell_site.wsgi import application

        self.application, self.door = application, door

    def post(self, path: str, body: dict, content_type: str, **headers):
        from django.conf import settings
        from django.test import RequestFactory

        environ = RequestFactory().post(path, json.dumps(body), content_type=content_type, **headers).environ
        seen = []
        settings.APPEND_DOOR = self.door
        result = self.application(environ, lambda status, headers: seen.append(status))
        answer = type("Answer", (), {})()
        answer.content = b"".join(result)
        result.close()
        answer.status_code = int(seen[0].split()[0])
        answer.json = lambda: json.loads(answer.content)
        return answer


def summary(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {"n": len(ordered), "median": round(statistics.median(ordered), 2),
            "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=80, help="moves per game (short of the win)")
    parser.add_argument("--games", type=int, default=3, help="games per variant and way")
    parser.add_argument("--only", choices=["stored", "rebuilt", "door", "django"],
                        help="one way only (to profile it)")
    parser.add_argument("--door", action="store_true", help="the WSGI application, door open against shut")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    django_setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment
    from rest_framework.authtoken.models import Token

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        from django.contrib.auth import get_user_model

        player = get_user_model().objects.create_user(username="bencher")
        token = Token.objects.create(user=player).key
        client = Client()
        lines = {variant: line(variant, number, args.moves) for variant, number in DEALS.items()}
        ways = [args.only] if args.only else ["django", "door"] if args.door else ["stored", "rebuilt"]
        clients = {way: WsgiClient(door=way == "door") if way in ("django", "door") else client
                   for way in ways}
        before = [round(x, 2) for x in os.getloadavg()]
        samples = {(v, w): ([], []) for v in DEALS for w in ways}
        for _ in range(args.games):  # interleaved, so that drift in the machine's load hits each alike
            for variant, number in DEALS.items():
                for way in ways:
                    wall, cpu = samples[variant, way]
                    wall += play(clients[way], token, variant, number, lines[variant], wipe=way == "rebuilt",
                                 cpus=cpu)
        after = [round(x, 2) for x in os.getloadavg()]
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    figures = {f"{v} {w}": {"wall": summary(s[0]), "cpu": summary(s[1])} for (v, w), s in samples.items()}
    print("one move appended through the whole request path, in-process "
          f"(ms; load average {before} -> {after})")
    print("  the process's CPU is Django's side only: the database's own work is in its process")
    for variant in DEALS:
        cells = []
        for way in ways:
            f = figures[f"{variant} {way}"]
            cells.append(f"{way}: wall median {f['wall']['median']:>6} p90 {f['wall']['p90']:>6}, "
                         f"CPU median {f['cpu']['median']:>5}")
        if len(ways) == 2:
            first, second = (figures[f"{variant} {w}"]["cpu"]["median"] for w in ways)
            cells.append(f"CPU {ways[1]} / {ways[0]} x{second / first:.2f}" if ways[0] == "stored"
                         else f"CPU {ways[0]} / {ways[1]} x{first / second:.2f}")
        print(f"  {variant:15} " + "  ".join(cells))
    if args.json:
        args.json.write_text(json.dumps({"loadavg": [before, after], "figures": figures}, indent=2))


if __name__ == "__main__":
    main()
