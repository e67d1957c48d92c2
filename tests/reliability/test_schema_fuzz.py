"""Schemathesis against the live server's own OpenAPI schema: every check, as nobody, a player and staff.

A bounded run (a few examples per operation and phase); ``bench/fuzz_schema.py``
runs the same configuration for longer. No 5xx, no response outside the schema,
no undocumented status, no accepted invalid input, no ignored authentication.
"""

from concurrent.futures import ThreadPoolExecutor

import pytest
from rest_framework.authtoken.models import Token

from games.models import Deal, Game, SolverStatus
from tests.reliability.conftest import guest_session_with_a_game, todays_daily
from tests.reliability.fuzzing import Identity, failures, schemathesis_run
from tests.support.factors import factor_enrol

pytestmark = [pytest.mark.worker, pytest.mark.slow]

MAX_EXAMPLES = 4


def identities(make_player) -> list[Identity]:
    """Data for the fuzzer to find: today's dailies, a pool deal, a player's game in play,
    and a guest's (a session with a Klondike game)."""
    todays_daily("freecell", 24)
    todays_daily("forecell", 2)
    # Every daily variant has today's daily, as beat prepares them on a live service:
    # without one, its reads answer 503 daily_not_ready, which the fuzzer counts as a server error.
    todays_daily("klondike-draw3", 10**12 + 5)
    todays_daily("spider-2suits", 10**12 + 4)
    Deal.objects.filter(variant="freecell", number=24).update(in_pool=True, status=SolverStatus.WINNABLE)
    player, staff = make_player("fuzzer"), make_player("curator", staff=True)
    factor_enrol(staff)  # the staff API acts only for staff with a second factor
    game = Game.objects.create(player=player, deal=Deal.objects.get(variant="freecell", number=24))
    guest_session, guest_game = guest_session_with_a_game()
    return [
        Identity("anonymous", username="fuzzer", game_id=guest_game, csrf=True, session=guest_session),
        Identity("player", Token.objects.create(user=player).key, "fuzzer", str(game.pk)),
        Identity("staff", Token.objects.create(user=staff).key, "curator"),
    ]


def server_errors(services) -> str:
    """The web server's logged errors (JSON lines with their tracebacks), for a failure's message."""
    lines = services.web.log.read_text(errors="replace").splitlines()
    return "\n".join(line for line in lines if '"level": "error"' in line)[-6000:]


def test_the_live_api_conforms_to_its_schema_for_anonymous_players_and_staff(live_url, live_services, make_player,
                                                                             tmp_path):
    who = identities(make_player)
    with ThreadPoolExecutor(max_workers=len(who)) as pool:
        runs = list(pool.map(
            lambda identity: schemathesis_run(live_url, identity, tmp_path, max_examples=MAX_EXAMPLES, seed=1),
            who,
        ))
    for identity, run in zip(who, runs, strict=True):
        assert run.returncode == 0, (f"{identity.name}:\n{failures(run)}\n"
                                     f"the web server's errors:\n{server_errors(live_services)}")
        assert " passed" in run.stdout and "generated" in run.stdout, run.stdout[-2000:]
