"""Our exhaustive Klondike search (``klondike_dfs.c``), loaded with ctypes.

A depth-first search over every position reachable from a Klondike position
(all cards known), with a table of the positions met; see the C file's notes
for its moves. It answers with a winning line in our notation (not yet
replayed: the caller replays it through the engine), with ``EXHAUSTED`` when
it closed every reachable position without a win (a proof, within its move
set, that no winning line exists), or with ``UNFINISHED`` when its positions,
depth or CPU seconds ran out first. The seconds are CPU seconds of the calling
thread. The package's build compiles it into ``solver._klondike`` (``setup.py``).

>>> from engine import deal
>>> run(deal("klondike-draw1", 5), states=200_000, seconds=10).outcome
'solved'
"""

from __future__ import annotations

import ctypes
import importlib.machinery
import threading
from dataclasses import dataclass
from pathlib import Path

from engine import SUITS, get_ruleset

HERE = Path(__file__).resolve().parent
SOLVED, EXHAUSTED, UNFINISHED = "solved", "exhausted", "unfinished"
#: ``flags`` bits (``run``): NARROW (3) narrows the move set, so that its exhaustion proves
#: nothing; PRUNE_BLOCKED leaves positions ``blocked`` calls lost unexpanded (a proof kept,
#: but the check costs about as much as a position: not used by ``solve``); DEFER_TALON (Draw 1
#: only, ignored in Draw 3) plays a talon card onto a column only when the next move covers it,
#: which keeps every win (see the C file) and so the proof; DEFER_PARTIAL plays a part of a
#: run off a face-up card only when the next move uses that card (sends it home or covers
#: it), DEFER_EMPTIED empties a column by moving its run only when a King fills it next:
#: both keep every win too (see the C file), in both draw counts. PASS_TURNED (Draw 3 only,
#: ignored in Draw 1) passes by a position whose talon the turns reach from one met already
#: (the same cards everywhere, fewer turned by a multiple of three, or any number turned when
#: it has none or a multiple of three): that one has every move it has, so the proof is kept.
NARROW, PRUNE_BLOCKED, DEFER_TALON, DEFER_PARTIAL, DEFER_EMPTIED, PASS_TURNED = 3, 4, 8, 16, 32, 64
#: Longest line read back, and the deepest the search goes (moves plus the
#: cards sent home at once along them).
MAX_MOVES = 4096
MAX_DEPTH = 3000
_SUIT_LETTERS = "hcds"  # engine.cards.SUITS, lower case
_COLUMN_TO_COLUMN, _COLUMN_HOME, _TALON_TO_COLUMN, _TALON_HOME, _RETURN = range(5)

_lock = threading.Lock()
_library = None
_extras: dict = {}


@dataclass(frozen=True, slots=True)
class DfsRun:
    """``outcome``: ``solved`` (``line`` in our notation), ``exhausted`` or
    ``unfinished``; ``states``: positions closed."""

    outcome: str
    line: tuple[str, ...]
    states: int


def library_path() -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = HERE / f"_klondike{suffix}"
        if candidate.exists():
            return candidate
    return None


def _load():
    global _library
    with _lock:
        if _library is None:
            path = library_path()
            if path is None:
                _library = False
                return None
            library = ctypes.CDLL(str(path))
            ints = ctypes.POINTER(ctypes.c_int)
            function = library.klondike_dfs
            function.restype = ctypes.c_int
            function.argtypes = [
                ctypes.c_char_p, ints, ints, ints, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                ctypes.c_int, ctypes.c_long, ctypes.c_double, ctypes.c_int, ints, ctypes.c_int,
                ctypes.POINTER(ctypes.c_long), ctypes.POINTER(ctypes.c_int),
            ]
            shared = library.klondike_dfs_shared
            shared.restype = ctypes.c_int
            shared.argtypes = [*function.argtypes, ctypes.c_void_p, ctypes.c_int, ints]
            table_new = library.klondike_table_new
            table_new.restype = ctypes.c_void_p
            table_new.argtypes = [ctypes.c_long]
            table_free = library.klondike_table_free
            table_free.restype = None
            table_free.argtypes = [ctypes.c_void_p]
            check = library.klondike_blocked_check
            check.restype = ctypes.c_int
            check.argtypes = [ctypes.c_char_p, ints, ints, ints, ctypes.c_int]
            pruned = library.klondike_last_pruned
            pruned.restype = ctypes.c_long
            pruned.argtypes = []
            _extras.update(blocked=check, pruned=pruned, shared=shared, table_new=table_new,
                           table_free=table_free)
            _library = function
    return _library or None


def available() -> bool:
    return _load() is not None


def _code(card) -> int:
    return SUITS.index(card.suit) << 4 | card.rank


def run(position, *, states: int, seconds: float, flags: int = 0, stop=None, end=None) -> DfsRun:
    """Search ``position`` (a Klondike ``StockPosition``) with up to ``states``
    positions and ``seconds`` CPU seconds. ``flags``: 0 every move (its exhaustion is
    the proof); 1 a part of a run moved only when the card it uncovers goes home, 2 no
    foundation returns (3 both: a narrower search that wins some deals sooner, whose
    exhaustion proves nothing); 4, 8, 16 and 32 keep the proof (``PRUNE_BLOCKED``,
    ``DEFER_TALON``, ``DEFER_PARTIAL``, ``DEFER_EMPTIED``).
    ``stop``: a ``ctypes.c_int`` another thread sets to 1 to end the search early
    (answered ``unfinished``); ``end``: a second such flag (a timer's, say), read with it.
    The call releases the GIL."""
    function = _load()
    if function is None:
        return DfsRun(UNFINISHED, (), 0)
    draw = get_ruleset(position.variant).draw_count
    cards, lens, downs, found, talon = _encode(position)
    out = (ctypes.c_int * (4 * MAX_MOVES))()
    used = ctypes.c_long(0)
    stop_ref = None if stop is None else ctypes.byref(stop)
    if end is None:
        count = function(cards, lens, downs, found, len(talon), len(position.waste), draw, flags, states,
                         seconds, MAX_DEPTH, out, MAX_MOVES, ctypes.byref(used), stop_ref)
    else:  # the same search on a table of its own (NULL), reading ``end`` as well
        count = _extras["shared"](cards, lens, downs, found, len(talon), len(position.waste), draw, flags,
                                  states, seconds, MAX_DEPTH, out, MAX_MOVES, ctypes.byref(used), stop_ref,
                                  None, 0, ctypes.byref(end))
    if count == -1:
        return DfsRun(EXHAUSTED, (), used.value)
    if count < 0:
        return DfsRun(UNFINISHED, (), used.value)
    moves = [tuple(out[4 * i:4 * i + 4]) for i in range(count)]
    return DfsRun(SOLVED, notation(moves), used.value)


def run_parallel(position, *, states: int, seconds: float, flags: int = 0, stop=None,
                 threads: int = 2) -> DfsRun:
    """``run`` on ``threads`` threads at once, sharing one table of positions: each
    position is expanded by the thread that met it first, the others pass it by, and the
    other threads take each position's moves from their second (third...) on, so the
    threads part at once. The answer is a proof (``EXHAUSTED``) only when every thread closed its
    search; a line found by one ends the others (a flag of their own: ``stop`` is only read).
    ``seconds`` are CPU seconds of each thread; ``states`` the positions of all together."""
    if threads <= 1 or _load() is None:
        return run(position, states=states, seconds=seconds, flags=flags, stop=stop)
    draw = get_ruleset(position.variant).draw_count
    cards, lens, downs, found, talon = _encode(position)
    done = ctypes.c_int(0)
    table = _extras["table_new"](states)
    if not table:
        raise MemoryError("no room for the search's table")
    answers: list[tuple[int, object, int]] = [(-2, None, 0)] * threads

    def search(order: int) -> None:
        out = (ctypes.c_int * (4 * MAX_MOVES))()
        used = ctypes.c_long(0)
        count = _extras["shared"](cards, lens, downs, found, len(talon), len(position.waste), draw, flags,
                                  states, seconds, MAX_DEPTH, out, MAX_MOVES, ctypes.byref(used),
                                  None if stop is None else ctypes.byref(stop), table, order,
                                  ctypes.byref(done))
        answers[order] = (count, out, used.value)
        if count >= 0:
            done.value = 1  # a line: the other threads end

    helpers = [threading.Thread(target=search, args=(order,), name="klondike-dfs-helper", daemon=True)
               for order in range(1, threads)]
    try:
        for helper in helpers:
            helper.start()
        search(0)
    finally:
        for helper in helpers:
            helper.join()  # each reads ``stop`` or its clock every 4,096 positions
        _extras["table_free"](table)
    used = max(answer[2] for answer in answers)
    for count, out, _ in answers:
        if count >= 0:
            moves = [tuple(out[4 * i:4 * i + 4]) for i in range(count)]
            return DfsRun(SOLVED, notation(moves), used)
    if all(count == -1 for count, _, _ in answers):
        return DfsRun(EXHAUSTED, (), used)
    return DfsRun(UNFINISHED, (), used)


def _encode(position):
    # The talon in turning order: the waste (bottom first), then the stock from its top.
    talon = list(position.waste) + list(reversed(position.stock))
    cards = bytes(_code(c) for column in position.columns for c in column) + bytes(_code(c) for c in talon)
    lens = (ctypes.c_int * 7)(*(len(c) for c in position.columns))
    downs = (ctypes.c_int * 7)(*position.face_down)
    found = (ctypes.c_int * 4)(*position.foundations)
    return cards, lens, downs, found, talon


def blocked(position) -> bool | None:
    """The compiled twin of ``klondike_blocked.blocked``: whether ``position`` can never
    be won in its relaxed game (``None`` when the library is not built). The search with
    ``flags`` 4 leaves every position it calls blocked unexpanded."""
    if _load() is None:
        return None
    cards, lens, downs, found, talon = _encode(position)
    answer = _extras["blocked"](cards, lens, downs, found, len(talon))
    if answer < 0:
        raise ValueError("not a Klondike position the search can hold")
    return bool(answer)


def last_pruned() -> int:
    """Positions the last search on this thread left unexpanded as blocked."""
    return _extras["pruned"]() if _load() is not None else 0


def notation(moves) -> tuple[str, ...]:
    """The search's ``(kind, a, b, n)`` moves in our notation: ``s`` for each
    stock turn, ``w3``/``wh`` from the waste, ``35``/``3h`` from a column
    (the count is implied), ``hs5`` back from a foundation."""
    line: list[str] = []
    for kind, a, b, n in moves:
        if kind == _COLUMN_TO_COLUMN:
            line.append(f"{a + 1}{b + 1}")
        elif kind == _COLUMN_HOME:
            line.append(f"{a + 1}h")
        elif kind in (_TALON_TO_COLUMN, _TALON_HOME):
            line.extend(["s"] * n)
            line.append("wh" if kind == _TALON_HOME else f"w{b + 1}")
        elif kind == _RETURN:
            line.append(f"h{_SUIT_LETTERS[a]}{b + 1}")
        else:
            raise ValueError(f"unknown move kind {kind}")
    return tuple(line)
