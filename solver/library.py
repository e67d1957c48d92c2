"""libfreecell-solver through the ``freecell_solver`` cffi bindings.

The C library keeps a whole search in each solver object, so objects are
never shared: each thread keeps its own, one per command line (loading a
preset costs 25-90 ms, a recycled object starts a new search for free). The
cache is dropped after a fork (Celery prefork workers inherit their parent's
memory) and an object is thrown away after any failure, so one bad search
cannot poison the next.

A search holds about 0.75 KB per iteration, and a recycled object keeps those
pages for its next search, so after a large search the object is freed and
the C heap trimmed: one 1M-iteration search would otherwise pin 1.1 GB.

>>> run(_CHECK_ARGS, _TRIVIAL_BOARD, 1000).code
0
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import os
import threading
from dataclasses import dataclass

from solver.errors import LibraryError

SOLVED, EXHAUSTED, LIMIT_REACHED, INVALID_STATE = 0, 1, 5, 8
_LIMIT_CODES = frozenset({3, LIMIT_REACHED, 6})  # iterations, suspend, depth
_EXTRA_CDEF = "const char * freecell_solver_user_get_lib_version(void * user);"
# Two moves to go. (A board of lone Kings in otherwise empty columns leaves
# the lg preset's object searching differently afterwards, so not that one.)
_TRIVIAL_BOARD = "Foundations: H-J C-K D-K S-K\n: KH QH\n" + ":\n" * 7
# The health check's own object: no preset file to load, never used to solve games.
_CHECK_ARGS = ("--game", "freecell", "-to", "01ABCDE")
#: After a search of more iterations than this (about 40 MB of states), its
#: object is freed rather than recycled (reloading a preset costs 25-90 ms).
RELEASE_AFTER = 50_000


@dataclass(frozen=True, slots=True)
class Run:
    """One search: fc-solve's return ``code``, the iterations it used and,
    when solved, its moves as raw 4-byte records (type, source, destination,
    number of cards) in the order of fc-solve's ``fcs_move_t``."""

    code: int
    iterations: int
    moves: tuple[bytes, ...] = ()

    @property
    def solved(self) -> bool:
        return self.code == SOLVED

    @property
    def exhausted(self) -> bool:
        return self.code == EXHAUSTED


class _Handles(threading.local):
    def __init__(self) -> None:
        self.pid = os.getpid()
        self.by_args: dict[tuple[str, ...], object] = {}


_handles = _Handles()
_template_lock = threading.Lock()
_template: dict[int, object] = {}  # pid -> first solver object (owns the FFI and dlopen)


def _after_fork_in_child() -> None:
    global _template_lock
    _template_lock = threading.Lock()  # another thread may have held it at the fork


os.register_at_fork(after_in_child=_after_fork_in_child)


def _new_handle(args: tuple[str, ...]):
    pid = os.getpid()
    with _template_lock:
        template = _template.get(pid)
        if template is None:
            template = _template[pid] = _load()
    handle = template.new_fcs_user_handle()
    parsed = handle.input_cmd_line(list(args))
    if parsed["last_arg"] != len(args):
        raise LibraryError(f"fc-solve refused its command line {' '.join(args)!r}")
    handle.move_buffer = handle.ffi.new("fcs_move_t *")
    return handle


def _load():
    try:
        from freecell_solver import FreecellSolver

        template = FreecellSolver()
        template.ffi.cdef(_EXTRA_CDEF)
    except (ImportError, OSError, AttributeError) as error:
        raise LibraryError(f"cannot load libfreecell-solver: {error}") from error
    if not template.user:
        raise LibraryError("libfreecell-solver could not allocate a solver")
    return template


def _handle(args: tuple[str, ...]):
    local = _handles
    if local.pid != os.getpid():  # forked: the parent's objects are not ours
        local.by_args = {}
        local.pid = os.getpid()
    handle = local.by_args.get(args)
    if handle is None:
        handle = local.by_args[args] = _new_handle(args)
    return handle


def preload(args: tuple[str, ...]) -> None:
    """Make this thread's solver object for ``args`` now (loading its preset)."""
    try:
        _handle(args)
    except LibraryError:
        discard(args)
        raise


def discard(args: tuple[str, ...]) -> None:
    """Forget this thread's solver object for ``args`` (a new one is made on next use)."""
    _handles.by_args.pop(args, None)


def run(args: tuple[str, ...], board: str, limit: int) -> Run:
    """Search ``board`` with the fc-solve command line ``args`` for at most
    ``limit`` iterations. Raises ``LibraryError`` on anything unexpected, after
    throwing the solver object away."""
    try:
        result = _search(_handle(args), board, limit)  # no reference kept: discard frees it
    except LibraryError:
        discard(args)
        raise
    except Exception as error:
        discard(args)
        raise LibraryError(f"fc-solve failed: {error!r}") from error
    if result.iterations > RELEASE_AFTER:
        discard(args)
        _trim_heap()
    return result


def _trim_heap() -> None:
    """Hand freed C heap pages back to the system (glibc only; elsewhere a no-op)."""
    trim = getattr(_libc(), "malloc_trim", None)
    if trim is not None:
        trim(0)


@functools.cache
def _libc():
    name = ctypes.util.find_library("c")
    return ctypes.CDLL(name) if name else None


def _search(handle, board: str, limit: int) -> Run:
    lib, user = handle.lib, handle.user
    lib.freecell_solver_user_recycle(user)
    lib.freecell_solver_user_limit_iterations_long(user, limit)
    code = lib.freecell_solver_user_solve_board(user, board.encode("ascii"))
    iterations = lib.freecell_solver_user_get_num_times_long(user)
    if code == INVALID_STATE:
        raise LibraryError("fc-solve refused the board as invalid")
    if code not in (SOLVED, EXHAUSTED) and code not in _LIMIT_CODES:
        raise LibraryError(f"fc-solve returned the unexpected code {code}")
    moves: tuple[bytes, ...] = ()
    if code == SOLVED:
        buffer, raw = handle.move_buffer, handle.ffi.buffer(handle.move_buffer)
        collected = []
        while lib.freecell_solver_user_get_next_move(user, buffer) == 0:
            collected.append(raw[0:4])
        moves = tuple(collected)
    lib.freecell_solver_user_recycle(user)  # give the search's memory back now
    return Run(code, iterations, moves)


def library_version() -> str:
    """The version string of the loaded libfreecell-solver, e.g. ``'5.0.0'``."""
    handle = _handle(_CHECK_ARGS)
    return handle.ffi.string(handle.lib.freecell_solver_user_get_lib_version(handle.user)).decode()


def library_check() -> str:
    """Load the library and solve a two-move board; raises ``LibraryError`` on
    any failure. Cheap after the first call in a thread (the health check).

    >>> library_check().startswith("libfreecell-solver ")
    True
    """
    result = run(_CHECK_ARGS, _TRIVIAL_BOARD, 1000)
    if not result.solved or len(result.moves) != 2:
        raise LibraryError(f"the trivial board came back with code {result.code}")
    return f"libfreecell-solver {library_version()} ok"
