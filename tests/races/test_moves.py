"""A race move's locks: the race's row and the mover's entry in one statement, the race's first,
as every other write of a race takes them (a start, a join, a leave): a move waiting on an entry
holds the race, and never the entry while it waits for the race."""

import datetime as dt
import threading

import psycopg
import pytest
from django.db import connection, connections
from django.utils import timezone

from core.errors import NotFound, PermissionDenied
from races.models import RacePlayer
from races.services.moves import race_moves_append
from races.services.races import race_create, race_join, race_start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def race(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    race = race_create(host=alice, variant="freecell", number=1)
    race_join(code=race.code, player=bob)
    return race_start(code=race.code, player=alice, now=timezone.now() - dt.timedelta(seconds=10))


def _session():
    settings = connection.settings_dict
    return psycopg.connect(host=settings["HOST"] or None, port=settings["PORT"] or None,
                           user=settings["USER"], password=settings["PASSWORD"] or None,
                           dbname=settings["NAME"])


def test_a_move_waiting_on_its_entry_holds_the_race_first(race):
    alice = race.host
    entry = RacePlayer.objects.get(race=race, player=alice)
    holder = _session()
    holder.execute("SELECT 1 FROM races_raceplayer WHERE id = %s FOR UPDATE", [entry.pk])
    done = {}

    def move():
        try:
            done["played"] = race_moves_append(code=race.code, player=alice, expected_ply=0, moves=["1a"],
                                               client_times=[1000])
        finally:
            connections.close_all()

    mover = threading.Thread(target=move)
    mover.start()
    probe = _session()
    probe.autocommit = True
    try:
        for _ in range(200):  # until the move waits on the entry (it holds the race by then)
            waiting = probe.execute("SELECT count(*) FROM pg_locks WHERE NOT granted").fetchone()[0]
            if waiting:
                break
            mover.join(0.05)
        with pytest.raises(psycopg.errors.LockNotAvailable):
            probe.execute("SELECT 1 FROM races_race WHERE id = %s FOR UPDATE NOWAIT", [race.pk])
    finally:
        holder.rollback()
        holder.close()
        mover.join(30)
        probe.close()
    assert done["played"].entry.moves == 1


def test_a_stranger_or_a_wrong_code_hears_as_before(race, make_player):
    with pytest.raises(PermissionDenied) as refused:
        race_moves_append(code=race.code, player=make_player("carol"), expected_ply=0, moves=["1a"],
                          client_times=[1000])
    assert refused.value.code == "not_in_race"
    with pytest.raises(NotFound):
        race_moves_append(code="nosuchra", player=race.host, expected_ply=0, moves=["1a"], client_times=[1000])
