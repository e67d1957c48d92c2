"""A backup is only a backup once a restore has been tested: pg_dump a populated
database, pg_restore it into a new one, and replay every stored game and result there
(``manage.py games_verify``), as docs/operations.md tells an operator to."""

import os
import random
import subprocess

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

import engine
from games.models import Deal, Game, Result, SolverStatus, Submission
from tests.support.lines import winning_line
from tests.support.processes import REPO, VENV_BIN, database_url

pytestmark = pytest.mark.slow

GAMES = 1000
WINS = 12


def random_log(variant: str, number: int, rng: random.Random) -> list[str]:
    position, log = engine.deal(variant, number), []
    for _ in range(rng.randint(3, 25)):
        moves = engine.legal_moves(position)
        if not moves:
            break
        text = engine.format_move(rng.choice(moves))
        position = engine.replay(position, [text]).position
        log.append(text)
    return log


def populate() -> None:
    rng = random.Random(20261201)
    players = [get_user_model().objects.create_user(username=f"backup_{i}", password="x" * 12) for i in range(20)]
    deals = {}
    for variant, count in (("freecell", 800), ("klondike-draw1", 120), ("spider-2suits", 80)):
        for number in range(1, count + 1):
            deals[variant, number] = Deal(variant=variant, number=number)
    Deal.objects.bulk_create(deals.values())
    deals = {(d.variant, int(d.number)): d for d in Deal.objects.all()}
    games = []
    for i, ((variant, number), deal) in enumerate(sorted(deals.items())[:GAMES]):
        log = random_log(variant, number, rng)
        games.append(Game(player=players[i % len(players)], deal=deal, moves=" ".join(log), ply=len(log)))
    Game.objects.bulk_create(games)
    for i in range(WINS):
        number = 100 + i
        line = winning_line("freecell", number)
        deal = Deal.objects.get(variant="freecell", number=number)
        Deal.objects.filter(pk=deal.pk).update(status=SolverStatus.WINNABLE, par=len(line))
        game = Game.objects.create(player=players[i], deal=deal, moves=" ".join(line), ply=len(line),
                                   state=Game.State.WON, finished_at=timezone.now())
        submission = Submission.objects.create(game=game, moves=" ".join(line), status="accepted",
                                               validated_at=timezone.now())
        Result.objects.create(submission=submission, game=game, player=players[i], deal=deal, moves=len(line),
                              counted_moves=len(line), duration_ms=60_000, finished_at=timezone.now())


def postgres_args() -> list[str]:
    db = settings.DATABASES["default"]
    return ["-h", db.get("HOST") or "127.0.0.1", "-p", str(db.get("PORT") or 5432),
            "-U", db.get("USER") or "postgres"]


def verify(database: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": database_url(database)}
    return subprocess.run([str(VENV_BIN / "python"), "manage.py", "games_verify"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)


def test_a_restored_backup_replays_every_stored_game_and_result(transactional_db, tmp_path):
    populate()
    source = connection.settings_dict["NAME"]
    restored = f"{source}_restored"
    dump = tmp_path / "backup.dump"
    password = settings.DATABASES["default"].get("PASSWORD") or ""
    env = {**os.environ, **({"PGPASSWORD": password} if password else {})}

    # The commands of docs/operations.md, Backups.
    subprocess.run(["pg_dump", *postgres_args(), "--format=custom", "--file", str(dump), source],
                   check=True, env=env, timeout=300)
    subprocess.run(["dropdb", *postgres_args(), "--if-exists", restored], check=True, env=env)
    subprocess.run(["createdb", *postgres_args(), restored], check=True, env=env)
    try:
        subprocess.run(["pg_restore", *postgres_args(), "--no-owner", "--exit-on-error", "--dbname", restored,
                        str(dump)], check=True, env=env, timeout=300)

        checked = verify(restored)
        assert checked.returncode == 0, checked.stderr
        assert f"games: {GAMES + WINS} replayed, 0 invalid" in checked.stdout
        assert f"results: {WINS} replayed, 0 invalid" in checked.stdout

        # The check can fail: a log changed after the fact in the restored copy is found.
        tampered = Game.objects.filter(state=Game.State.PLAYING).exclude(moves="").first()
        subprocess.run(["psql", *postgres_args(), "-d", restored, "-v", "ON_ERROR_STOP=1", "-v",
                        f"game={tampered.id}"], input="UPDATE games_game SET moves = moves || ' 8h' WHERE id = :'game';",
                       check=True, env=env, capture_output=True, text=True)
        checked = verify(restored)
        assert checked.returncode != 0
        assert str(tampered.id) in checked.stderr
    finally:
        subprocess.run(["dropdb", *postgres_args(), "--if-exists", restored], check=True, env=env)
