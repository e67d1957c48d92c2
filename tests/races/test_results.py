"""The worker's side of a race: every log replayed, places by the rules, ratings."""

import datetime as dt

import pytest
from django.utils import timezone

import engine
from games.models import Game
from races.models import Race, RacePlayer, RaceRating
from races.services.races import race_create, race_join, race_start
from races.services.results import race_validate
from tests.support.lines import winning_line

pytestmark = pytest.mark.django_db


def _race(make_player, names, *, rated=False, variant="freecell", number=1):
    users = [make_player(name) for name in names]
    race = race_create(host=users[0], variant=variant, number=number, rated=rated)
    for user in users[1:]:
        race_join(code=race.code, player=user)
    race = race_start(code=race.code, player=users[0], now=timezone.now() - dt.timedelta(minutes=20))
    return race, users


def _log(race, user, moves, *, ms_per_move=2000):
    """Store a log as the race service would have (replayed by the validation, not here)."""
    game = RacePlayer.objects.get(race=race, player=user).game
    Game.objects.filter(pk=game.pk).update(
        moves=" ".join(moves), ply=len(moves), server_times=[ms_per_move * (i + 1) for i in range(len(moves))],
        client_times=[ms_per_move * (i + 1) for i in range(len(moves))])


def _finish(race):
    Race.objects.filter(pk=race.pk).update(state=Race.State.FINISHED, finished_at=timezone.now())


def _home_after(moves):
    return sum(engine.replay(engine.deal("freecell", 1), moves).position.foundations)


def test_places_are_the_winners_by_time_then_cards_home_then_fewer_moves(make_player):
    race, (a, b, c, d, e) = _race(make_player, ["a", "b", "c", "d", "e"])
    line = list(winning_line("freecell", 1))
    part = next(n for n in range(1, len(line)) if _home_after(line[:n]) >= 2)
    _log(race, a, line, ms_per_move=3000)  # wins second
    _log(race, b, line, ms_per_move=2000)  # wins first
    _log(race, c, line[:part])  # cards home, a short log
    _log(race, d, line[:part])  # the same home and moves: shares c's place
    _log(race, e, line[:1])  # least home
    _finish(race)
    race_validate(race_id=race.pk)
    places = {entry.player.username: entry.place for entry in RacePlayer.objects.filter(race=race)}
    assert places == {"b": 1, "a": 2, "c": 3, "d": 3, "e": 5}
    assert set(RacePlayer.objects.filter(race=race).values_list("log_check", flat=True)) == {"valid"}
    assert Race.objects.get(pk=race.pk).validated_at is not None


def test_a_log_that_does_not_replay_counts_nothing(make_player):
    race, (a, b) = _race(make_player, ["a", "b"])
    _log(race, a, ["1a", "8h"])  # stored by hand: the second move is illegal
    _log(race, b, ["1a"])
    _finish(race)
    race_validate(race_id=race.pk)
    cheat = RacePlayer.objects.get(race=race, player=a)
    assert (cheat.log_check, cheat.home, cheat.moves, cheat.place) == ("invalid", 0, 0, 2)
    assert "illegal" in cheat.log_check_reason
    assert RacePlayer.objects.get(race=race, player=b).place == 1


def test_a_win_too_fast_for_a_person_is_held_by_the_dailies_clock_check(make_player):
    race, (a, b) = _race(make_player, ["a", "b"])
    _log(race, a, list(winning_line("freecell", 1)), ms_per_move=10)
    _finish(race)
    race_validate(race_id=race.pk)
    assert "decisions" in RacePlayer.objects.get(race=race, player=a).flag_reason


def test_validating_twice_changes_nothing(make_player):
    race, (a, b) = _race(make_player, ["a", "b"], rated=True)
    _log(race, a, ["1a"])
    _finish(race)
    race_validate(race_id=race.pk)
    before = list(RaceRating.objects.order_by("player_id").values_list("mu", "sigma", "races"))
    race_validate(race_id=race.pk)
    assert list(RaceRating.objects.order_by("player_id").values_list("mu", "sigma", "races")) == before


def test_a_rated_race_moves_the_ratings_by_the_places(make_player):
    race, (a, b, c) = _race(make_player, ["a", "b", "c"], rated=True)
    _log(race, a, ["1a"])
    line = list(winning_line("freecell", 1))
    part = next(n for n in range(1, len(line)) if _home_after(line[:n]) >= 1)
    _log(race, b, line[:part])
    _finish(race)
    race_validate(race_id=race.pk)
    entries = {e.player.username: e for e in RacePlayer.objects.filter(race=race).select_related("player")}
    assert [entries[n].place for n in "bca"] == [1, 2, 3]  # c played nothing: no cards home, fewer moves
    assert entries["b"].rating_after > entries["b"].rating_before
    assert entries["a"].rating_after < entries["a"].rating_before
    assert RaceRating.objects.filter(variant="freecell").count() == 3


def test_an_unrated_race_leaves_ratings_alone(make_player):
    race, (a, b) = _race(make_player, ["a", "b"])
    _log(race, a, ["1a"])
    _finish(race)
    race_validate(race_id=race.pk)
    assert not RaceRating.objects.exists()
