"""Schemathesis against a live server: configuration and one run, shared by the test and bench/.

The anonymous identity is a guest with a session and a Klondike game of its own
(``tests/reliability/conftest.py::guest_session_with_a_game``): schemathesis sends
a fixed cookie, so the session a first guest game would set is given up front.
For that identity ``ensure_resource_availability`` is off: a guest's game belongs
to the session that started it, and the fuzzer's own log-outs and registrations
end that session (log-out flushes it, log-in cycles its key) while its fixed
cookie goes on naming it, so a game it started a moment before is rightly a 404.

The run uses every check. Two things are configured, and why:

- Token authentication is given per security scheme (``[auth.openapi.tokenAuth]``),
  not as a bare header: the schema offers a session cookie *or* a token, and the
  ``ignored_auth`` check only knows which credentials are real when the scheme says so.
- ``positive_data_acceptance`` expects 2xx/401/403/404/409/429 for a schema-valid
  request. Some operations refuse schema-valid requests by the rules of the game,
  with a documented 400 code that no OpenAPI schema can express (an illegal move,
  a deal number above the variant's largest, a daily that is not open yet, wrong
  credentials, a weak password). Those operations, and only those, also accept 400.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

VENV_BIN = Path(sys.executable).parent

CSRF_TOKEN = "fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz"  # 32 characters, the form Django accepts
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429"]

# operation -> the documented 400 codes a schema-valid request may still get
RULE_REFUSALS = {
    "POST /api/accounts/register/": "weak_password, invalid (username characters)",
    "POST /api/accounts/login/": "bad_credentials",
    "POST /api/accounts/token/": "bad_credentials",
    "POST /api/accounts/password/": "bad_credentials, weak_password",
    "GET /api/deals/{variant}/{number}/": "invalid_deal_number (the ceiling depends on the variant)",
    "GET /api/leaderboards/deal/{variant}/{number}/": "invalid_deal_number",
    "POST /api/deals/{variant}/{number}/hint/": "invalid_deal_number, illegal_move, bad_notation",
    "POST /api/games/": "invalid_deal_number",
    "POST /api/games/{game_id}/moves/": "illegal_move, bad_notation, reveal_ends_batch, time_backwards, "
                                        "too_many_moves",
    "POST /api/games/{game_id}/undo/": "invalid (to_ply outside the log)",
    "POST /api/games/{game_id}/submission/": "illegal_move, bad_notation, reveal_ends_batch, not_won, "
                                             "time_backwards",
    "GET /api/dailies/{date}/{variant}/": "daily_not_open",
    "POST /api/dailies/{date}/{variant}/games/": "daily_not_open",
    "GET /api/leaderboards/daily/{date}/{variant}/": "daily_not_open, invalid (among and league together)",
    "POST /api/staff/schedule/": "deal_not_proven, deal_impossible, deal_number_guessable, date_not_future, "
                                 "invalid_deal_number",
    "PATCH /api/staff/schedule/{variant}/{date}/": "deal_not_proven, deal_impossible, deal_number_guessable, "
                                                   "date_not_future, "
                                                   "invalid_deal_number, invalid_date",
    "DELETE /api/staff/schedule/{variant}/{date}/": "date_not_future, invalid_date",
    "POST /api/staff/schedule/fill/": "date_not_future, invalid (a range backwards or over a year)",
    "POST /api/staff/players/{username}/suspension/": "reason_required, invalid (staff are not suspended)",
    "POST /api/challenges/": "not_your_game, game_not_won, daily_open, game_assisted, challenge_not_taken, "
                             "same_deal",
    "POST /api/challenges/{code}/games/": "own_challenge, deal_unavailable",
    "POST /api/players/{username}/follow/": "follow_self",
    "POST /api/leagues/": "league_name_invalid, league_name_mixed_scripts",
    "PATCH /api/leagues/{code}/": "league_name_invalid, league_name_mixed_scripts",
    "DELETE /api/leagues/{code}/members/{username}/": "owner_stays",
    "GET /api/leagues/{code}/standings/": "invalid_date",
}


@dataclass
class Identity:
    """Who the fuzzer is: nobody, or a player (or staff) with a token and a game of their own."""

    name: str
    token: str | None = None
    username: str | None = None
    game_id: str | None = None
    csrf: bool = False  # send a CSRF cookie and header, as a browser would
    session: str | None = None  # a session cookie: a guest's games are reachable only with it


def config_toml(identity: Identity) -> str:
    lines = []
    if identity.csrf:
        cookie = f"csrftoken={CSRF_TOKEN}" + (f"; sessionid={identity.session}" if identity.session else "")
        lines += ["[headers]", f'Cookie = "{cookie}"', f'X-CSRFToken = "{CSRF_TOKEN}"', ""]
    if identity.token:
        lines += ["[auth.openapi.tokenAuth]", f'api_key = "Token {identity.token}"', ""]
    params = {}
    if identity.game_id:
        params["path.game_id"] = identity.game_id
    if identity.username:
        params["path.username"] = identity.username
    if params:
        lines.append("[parameters]")
        lines += [f"{json.dumps(key)} = {json.dumps(value)}" for key, value in params.items()]
        lines.append("")
    lines += ["[checks.positive_data_acceptance]", f"expected-statuses = {json.dumps(ACCEPTED)}", ""]
    for operation, codes in RULE_REFUSALS.items():
        method, path = operation.split(" ", 1)
        lines += [
            f"# {operation}: {codes}",
            "[[operations]]",
            f'include-method = "{method}"',
            f'include-path = "{path}"',
            "[operations.checks.positive_data_acceptance]",
            f"expected-statuses = {json.dumps([*ACCEPTED, '400'])}",
            "",
        ]
    return "\n".join(lines)


def failures(run: subprocess.CompletedProcess) -> str:
    """The report's failures section, or the whole output when schemathesis itself failed."""
    out = run.stdout + run.stderr
    start = out.find("=== FAILURES ===")
    return out[start:] if start >= 0 else out[-4000:]


def schemathesis_run(url: str, identity: Identity, workdir: Path, *, max_examples: int, seed: int,
                     max_time: float | None = None, timeout: float = 900) -> subprocess.CompletedProcess:
    """One ``schemathesis run`` with every check; the JUnit report lands in ``workdir``."""
    workdir.mkdir(parents=True, exist_ok=True)
    config = workdir / f"schemathesis-{identity.name}.toml"
    config.write_text(config_toml(identity))
    argv = [
        str(VENV_BIN / "schemathesis"), "--config-file", str(config), "run", f"{url}/api/schema/",
        "--checks", "all", "--max-examples", str(max_examples), "--seed", str(seed),
        "--workers", "1", "--request-timeout", "30",
        "--report", "junit", "--report-junit-path", str(workdir / f"junit-{identity.name}.xml"),
    ]
    if identity.session:  # see the module's docstring
        argv += ["--exclude-checks", "ensure_resource_availability"]
    if max_time:
        argv += ["--max-time", str(max_time)]
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=workdir)
