"""The C library: health check, one solver object per thread, recovery after a
failure, and safety after fork."""

import multiprocessing
import threading

import pytest

from engine import deal
from solver import LibraryError, library_check, solve, warm_up
from solver import library as library_module


def test_library_check_reports_the_version():
    assert library_check() == "libfreecell-solver 5.0.0 ok"


def test_library_check_does_not_change_later_lines():
    before = solve(deal("freecell", 1)).moves
    library_check()
    assert solve(deal("freecell", 1)).moves == before


def test_threads_get_their_own_solver_objects_and_the_same_answers():
    numbers = list(range(1, 13))
    expected = {n: solve(deal("freecell", n)).moves for n in numbers}
    got, handles, errors = {}, [], []

    def work(chunk):
        try:
            for n in chunk:
                got[n] = solve(deal("freecell", n)).moves
            handles.append(library_module._handles.by_args[("-l", "lg")])  # kept alive
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(numbers[i::4],)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert got == expected
    assert len({id(handle) for handle in handles}) == 4


def test_a_failed_search_throws_its_solver_object_away(monkeypatch):
    solve(deal("freecell", 1))
    args = ("-l", "lg")
    first = library_module._handles.by_args[args]
    real_search = library_module._search

    def crash_once(handle, board, limit):
        monkeypatch.setattr(library_module, "_search", real_search)
        raise RuntimeError("simulated crash inside a search")

    monkeypatch.setattr(library_module, "_search", crash_once)
    with pytest.raises(LibraryError):
        solve(deal("freecell", 2))
    assert args not in library_module._handles.by_args
    assert solve(deal("freecell", 2)).status == "winnable"
    assert library_module._handles.by_args[args] is not first


def test_a_refused_board_is_a_library_error_and_the_next_search_works():
    with pytest.raises(LibraryError):
        library_module.run(("-l", "lg"), ": AS\n", 1000)
    assert solve(deal("freecell", 3)).status == "winnable"


def test_a_refused_command_line_is_a_library_error():
    with pytest.raises(LibraryError):
        library_module.run(("-l", "no-such-preset"), ": AS\n", 1000)


def _solve_in_child(queue, parent_handle):
    moves = solve(deal("freecell", 4)).moves
    own = library_module._handles.by_args[("-l", "lg")]
    queue.put((moves, own is not parent_handle))


def test_a_forked_worker_solves_with_its_own_objects():
    parent = solve(deal("freecell", 4)).moves  # the parent's cache is full now
    parent_handle = library_module._handles.by_args[("-l", "lg")]
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_solve_in_child, args=(queue, parent_handle))
    child.start()
    moves, fresh = queue.get(timeout=60)
    child.join(timeout=60)
    assert child.exitcode == 0
    assert moves == parent
    assert fresh


def test_warm_up_loads_every_preset_of_the_plans_in_this_thread():
    def fresh_thread_warm_up(out):
        out.append(warm_up(par=True))
        out.append(set(library_module._handles.by_args))

    out = []
    thread = threading.Thread(target=fresh_thread_warm_up, args=(out,))
    thread.start()
    thread.join()
    seconds, loaded = out
    assert seconds > 0
    assert ("-l", "lg") in loaded and ("--game", "forecell", "-l", "ct") in loaded
    assert ("--game", "forecell", "-to", "01ABCDE") in loaded and ("-l", "ve") in loaded


def test_after_a_large_search_the_object_is_freed_not_recycled():
    args = ("-l", "lg")
    solve(deal("freecell", 1))
    small = library_module._handles.by_args[args]
    solve(deal("freecell", 2))
    assert library_module._handles.by_args[args] is small  # recycled
    result = solve(deal("freecell-classic", 11982))  # lg runs to its 100,000 cap
    assert result.iterations > library_module.RELEASE_AFTER
    assert args not in library_module._handles.by_args
    assert solve(deal("freecell", 1)).status == "winnable"
