"""The Spider search: the compiled inner loop and the pure Python one find the
same line for the same budget, and every line wins under the engine."""

import pytest

from engine import deal, replay
from solver import spider_native, spider_search
from solver.stock import spider_columns, spider_notation


@pytest.fixture(scope="module", autouse=True)
def native_built():
    assert spider_native.available(), "the package's build (setup.py) has not built solver/_spider"


@pytest.mark.parametrize(("variant", "number"), [("spider-1suit", 3), ("spider-1suit", 7),
                                                 ("spider-2suits", 10)])
def test_the_compiled_and_the_python_search_find_the_same_line(variant, number):
    columns, rows = spider_columns(deal(variant, number))
    native = spider_search.search(columns, rows, states=50_000, seconds=120, native=True)
    python = spider_search.search(columns, rows, states=50_000, seconds=120, native=False)
    assert native.moves is not None
    assert (native.moves, native.states) == (python.moves, python.states)
    assert replay(deal(variant, number), spider_notation(columns, rows, native.moves)).won


def test_a_search_stops_at_its_state_budget():
    columns, rows = spider_columns(deal("spider-4suits", 2))
    found = spider_search.search(columns, rows, states=3_000, seconds=60)
    assert found.moves is None and 3_000 <= found.states < 3_000 + 2_000


def test_attempts_in_threads_keep_their_own_weights():
    """Two compiled attempts with different weight sets at once find what each finds alone
    (the weights were process-wide in the C search: a second thread changed the first's)."""
    import threading

    columns, rows = spider_columns(deal("spider-2suits", 10))
    first, second = spider_search.PORTFOLIO[0], spider_search.PORTFOLIO[6]
    level = ((64, 4000),)

    def alone(weights):
        return spider_native.search(columns, rows, states=200_000, seconds=120, weights=weights, schedule=level)

    expected = {first: alone(first), second: alone(second)}
    assert expected[first] != expected[second]  # else the test could not tell them apart
    for _ in range(3):
        found = {}

        def run(weights, into=found):
            into[weights] = alone(weights)

        workers = [threading.Thread(target=run, args=(w,)) for w in (first, second)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert found == expected


def test_a_stopped_attempt_ends_at_once_with_no_line():
    import ctypes

    columns, rows = spider_columns(deal("spider-4suits", 2))
    stop = ctypes.c_int(1)
    moves, used = spider_native.search(columns, rows, states=10_000_000, seconds=60,
                                       weights=spider_search.PORTFOLIO[0], schedule=spider_search.SCHEDULE, stop=stop)
    assert moves is None and used < 1_000


@pytest.mark.parametrize(("variant", "number"), [("spider-4suits", 1), ("spider-4suits", 4), ("spider-4suits", 12),
                                                 ("spider-2suits", 10)])
def test_two_threads_find_the_line_one_thread_finds(variant, number):
    """The earliest attempt's line, whichever thread finishes first (positions not the limit)."""
    columns, rows = spider_columns(deal(variant, number))
    one = spider_search.search(columns, rows, states=50_000_000, seconds=120)
    two = spider_search.search(columns, rows, states=50_000_000, seconds=120, threads=2)
    assert two.moves is not None and two.moves == one.moves
    assert replay(deal(variant, number), spider_notation(columns, rows, two.moves)).won


def test_two_threads_stay_within_the_state_budget():
    columns, rows = spider_columns(deal("spider-4suits", 2))
    found = spider_search.search(columns, rows, states=3_000, seconds=60, threads=2)
    assert found.moves is None and 3_000 <= found.states < 3_000 + 2_000


def test_the_attempts_at_once_come_from_the_environment_or_the_cores(monkeypatch):
    from solver.stock import _spider_threads

    monkeypatch.setenv("SPIDER_SEARCH_THREADS", "3")
    assert _spider_threads() == 3
    monkeypatch.setenv("SPIDER_SEARCH_THREADS", "0")
    assert _spider_threads() == 1
    monkeypatch.delenv("SPIDER_SEARCH_THREADS")
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: {0})
    assert _spider_threads() == 1
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: {0, 1, 2, 3})
    assert _spider_threads() == 2


def test_an_interrupted_search_leaves_no_attempt_running():
    """A Celery task's soft time limit raises in the thread waiting for the attempts: they
    stop with it instead of searching on to their own seconds."""
    import signal
    import threading

    class Interrupted(Exception):
        pass

    def interrupt(signum, frame):
        raise Interrupted

    columns, rows = spider_columns(deal("spider-4suits", 2))  # not won within these positions
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(Interrupted):
            spider_search.search(columns, rows, states=500_000_000, seconds=600, threads=2)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    searching = [t for t in threading.enumerate() if t.name.startswith("spider-search-")]
    for thread in searching:
        thread.join(timeout=60)  # a stopped attempt ends within 256 positions; unstopped, 600 s
    assert not any(thread.is_alive() for thread in searching)


def test_the_greedy_look_ahead_after_a_deal_wins_what_the_score_after_the_deal_loses():
    """4 suits, deal 39210218364665735539, one attempt of the fifth weight set at (1,000,
    100,000): choosing the positions that deal by the score once the row is dealt (1) finds no
    line; ranking the best of them again by what a greedy line of 16 moves reaches does."""
    columns, rows = spider_columns(deal("spider-4suits", 39210218364665735539))
    weights = spider_search.PORTFOLIO[4]
    assert weights[7] == spider_search.LOOK_AHEAD == 16
    static, _ = spider_native.search(columns, rows, states=10**8, seconds=120, weights=weights[:7] + (1,),
                                     schedule=((1000, 100_000),))
    ahead, _ = spider_native.search(columns, rows, states=10**8, seconds=120, weights=weights,
                                    schedule=((1000, 100_000),))
    assert static is None and ahead is not None
    assert replay(deal("spider-4suits", 39210218364665735539), spider_notation(columns, rows, ahead)).won


@pytest.mark.parametrize("threads", [1, 2])
def test_a_search_goes_on_where_an_earlier_one_stopped(threads):
    """Spider 4 suits #1: one search wins with its 21st attempt. One cut short by its
    positions says where to go on (``resume``: no later than the attempt it was in); a
    second from there finds the same line, on one thread or two."""
    columns, rows = spider_columns(deal("spider-4suits", 1))
    whole = spider_search.search(columns, rows, states=5_000_000, seconds=600)
    assert whole.moves is not None and whole.resume == 20
    cut = spider_search.search(columns, rows, states=20_000, seconds=600, threads=threads)
    assert cut.moves is None and 0 < cut.resume <= 20
    went_on = spider_search.search(columns, rows, states=5_000_000, seconds=600, threads=threads, first=cut.resume)
    assert went_on.moves == whole.moves and went_on.resume == 20
    assert went_on.states < whole.states  # the attempts that had ended were not run again
    done = spider_search.search(columns, rows, states=5_000_000, seconds=600,
                                first=len(spider_search.attempts()))
    assert done.moves is None and done.states == 0 and done.resume == len(spider_search.attempts())
