"""The compiled Spider search (``spider_search.c``), loaded with ctypes.

The package's build compiles it into the module ``solver._spider``
(``setup.py``: ``pip install .`` builds it, and ``scripts/setup`` and the
Dockerfile run the same build). Without it the pure Python search runs (the
same moves, about 50 times slower), and ``available()`` says so: production
must not run that way unnoticed (tests/solver/test_native_build.py).

>>> available() in (True, False)
True
"""

from __future__ import annotations

import ctypes
import importlib.machinery
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAX_MOVES = 2048

_lock = threading.Lock()
_library = None


def library_path() -> Path | None:
    """The built module next to this file, if the package's build made one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = HERE / f"_spider{suffix}"
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
            function = library.spider_search
            function.restype = ctypes.c_int
            function.argtypes = [
                ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.c_char_p, ctypes.c_int,
                ctypes.c_long, ctypes.c_double, ctypes.POINTER(ctypes.c_int),
                ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.POINTER(ctypes.c_int),
                ctypes.c_int, ctypes.POINTER(ctypes.c_long), ctypes.POINTER(ctypes.c_int),
            ]
            _library = function
    return _library or None


def available() -> bool:
    return _load() is not None


def search(columns, rows, *, states: int, seconds: float, weights, schedule, stop=None):
    """(moves or None, positions visited): the same contract as the Python search.
    ``stop``: a ``ctypes.c_int`` another thread sets to 1 to end this search early (it
    then answers ``None``). The call releases the GIL, so searches in several threads
    run at once."""
    function = _load()
    flat = bytes(card for column in columns for card in column)
    lengths = (ctypes.c_int * 10)(*(len(column) for column in columns))
    stock = bytes(card for row in rows for card in row)
    weight_array = (ctypes.c_int * len(weights))(*weights)
    pairs = [value for pair in schedule for value in pair]
    schedule_array = (ctypes.c_int * len(pairs))(*pairs)
    out = (ctypes.c_int * (3 * MAX_MOVES))()
    used = ctypes.c_long(0)
    count = function(flat, lengths, stock, len(rows), states, seconds, weight_array,
                     schedule_array, len(schedule), out, MAX_MOVES, ctypes.byref(used),
                     None if stop is None else ctypes.byref(stop))
    if count < 0:
        return None, used.value
    moves = tuple((out[3 * i], out[3 * i + 1], out[3 * i + 2]) for i in range(count))
    return moves, used.value
