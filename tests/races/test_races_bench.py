"""bench/races_load.py's own parts: the moves its players send, how it counts what they
see, and the socket servers it starts (the full run needs the whole stack: docs/benchmarks.md)."""

import pytest

import engine
from bench.race_players import Tally, legal_walk
from bench.races_load import server_argv, servers


def test_the_walk_is_legal_never_wins_and_is_the_same_each_time():
    line = legal_walk(1001, 150, seed_=3)
    assert len(line) == 150
    position = engine.deal("freecell", 1001)
    for move in line:
        position = engine.apply_move(position, move)  # raises on an illegal move
    assert not engine.is_won(position)
    assert sum(position.foundations) > 0  # cards go home: the others see progress
    assert legal_walk(1001, 150, seed_=3) == line


def progress(who, moves):
    return {"type": "progress", "player": {"username": who, "moves": moves}}


def test_each_receipt_counts_once_and_only_for_a_move_sent():
    tally = Tally()
    tally.sent[("r1", "ann", 1)] = 10.0
    tally.accepted["r1"] += 1
    tally.progress("r1", progress("ann", 1), "bob", 10.05)
    tally.progress("r1", progress("ann", 1), "bob", 19.0)  # ann's presence later, at the same move count
    tally.progress("r1", progress("ann", 1), "ann", 10.01)  # the mover's own frame
    tally.progress("r1", progress("cat", 0), "bob", 10.02)  # a presence frame, no move sent
    assert tally.fanout == [pytest.approx(0.05)]
    summary = tally.summary(players=3)
    assert (summary["fanout_expected"], summary["fanout_missing"]) == (2, 1)  # cat never heard of it
    assert summary["fanout"]["n"] == 1 and summary["fanout"]["p99_ms"] == pytest.approx(50.0)


def test_both_servers_keep_the_socket_urls_tokens_out_of_their_logs():
    uvicorn, daphne = server_argv("uvicorn", 9001), server_argv("daphne", 9001)
    assert "--no-access-log" in uvicorn and "freecell_site.asgi:application" in uvicorn
    assert daphne[0].endswith("daphne") and daphne[daphne.index("-v") + 1] == "0"
    assert "--access-log" not in daphne and "9001" in daphne


def test_asgi_names_only_the_two_servers():
    assert servers("daphne") == ["daphne"] and servers("uvicorn,daphne") == ["uvicorn", "daphne"]
    with pytest.raises(Exception, match="uvicorn, daphne"):
        servers("hypercorn")
