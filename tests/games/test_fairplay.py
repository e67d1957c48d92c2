"""Fair play: finishes too fast for a person are flagged, whichever clock shows it."""

import pytest

from games.models import Deal, Game
from games.services.fairplay import fairplay_flag

pytestmark = pytest.mark.django_db

LINE = ["1a", "2b", "3c", "4d", "56", "78", "1h", "2h", "3h", "4h"]  # 6 decisions, 4 foundation moves


def game_with(server_times, client_times=None, moves=LINE) -> Game:
    deal = Deal.objects.create(variant="freecell", number=1)
    return Game(deal=deal, moves=" ".join(moves), server_times=server_times,
                client_times=client_times if client_times is not None else server_times)


def test_a_human_paced_game_is_not_flagged():
    times = [2000, 4000, 6000, 8000, 10_000, 12_000, 12_100, 12_100, 12_100, 12_100]
    assert fairplay_flag(game_with(times)) == ""


def test_too_little_server_time_for_the_decisions_is_flagged():
    times = [100 * (i + 1) for i in range(10)]
    assert "6 decisions" in fairplay_flag(game_with(times))


def test_foundation_bursts_do_not_count_as_decisions():
    times = [400, 800, 1200, 1600, 2000, 2400] + [2450] * 4  # auto-finish: four moves at once
    assert fairplay_flag(game_with(times)) == ""


def test_slow_play_then_the_rest_of_a_solution_at_once_is_flagged():
    # Two moves over ten minutes pass the whole-game clock; the other four
    # decisions then arrive half a second later, all in one request.
    times = [300_000, 600_000] + [600_500] * 8
    client = [300_000, 600_000] + [600_400 + i for i in range(8)]
    assert "4 decisions arrived 500 ms after" in fairplay_flag(game_with(times, client))


def test_a_few_moves_synced_together_after_a_pause_are_fine():
    times = [5000, 5000, 5000, 9000, 9000, 9000] + [9100] * 4  # offline a while: three moves per sync
    assert fairplay_flag(game_with(times)) == ""


def test_the_clients_own_clock_is_read_too():
    server = [3000 * (i + 1) for i in range(10)]
    client = [10 * (i + 1) for i in range(10)]
    assert "client's clock" in fairplay_flag(game_with(server, client))


def test_a_whole_solution_in_one_request_after_a_long_enough_wait_is_flagged():
    moves = ["1a", "a1"] * 7 + ["1h"]  # 14 decisions
    times = [600_000] * len(moves)  # ten minutes of waiting: every clock would pass
    client = list(range(40_000, 40_000 * (len(moves) + 1), 40_000))
    assert "14 decisions arrived in a single request" in fairplay_flag(game_with(times, client, moves))
