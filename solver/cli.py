"""Command line: ``python -m solver solve|par|hint|check ...``.

Exit codes (a stable contract): 0 winnable (``hint``: a move, or already
won), 3 impossible / lost, 4 undecided, 64 bad usage (unknown variant, deal
number out of range, unreadable board or log, bad budget), 70 when the C
library fails. Errors go to stderr as one line, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine import EngineError, Position, deal, from_board, from_layout, get_ruleset
from solver.errors import LibraryError, SolverError
from solver.hints import hint
from solver.library import library_check
from solver.par import solve_with_par
from solver.presets import COMPLETE, FCS_PRESETS, solvable_variants
from solver.results import IMPOSSIBLE, LOST, UNDECIDED, WINNABLE
from solver.search import solve
from solver.stock import STOCK_VARIANTS

EX_OK, EX_IMPOSSIBLE, EX_UNDECIDED, EX_USAGE, EX_SOFTWARE = 0, 3, 4, 64, 70
_EXIT = {WINNABLE: EX_OK, IMPOSSIBLE: EX_IMPOSSIBLE, LOST: EX_IMPOSSIBLE, UNDECIDED: EX_UNDECIDED}


def _solvable() -> tuple[str, ...]:
    """The catalogue's variants some solver plays: fc-solve's, then the stock games'."""
    return solvable_variants() + tuple(v for v in STOCK_VARIANTS if v not in solvable_variants())


class UsageError(Exception):
    """Bad command-line input: reported on stderr, exit 64."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit 2
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m solver", description="fc-solve behind our engine")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, text in (
        ("solve", "decide a deal or a board: winnable (with the line), impossible, undecided"),
        ("par", "decide, then run the par portfolio and print the shortest line"),
        ("hint", "the next move after the moves read from stdin (whitespace-separated)"),
    ):
        command = commands.add_parser(name, help=text)
        command.add_argument("variant", help=" | ".join(_solvable()))
        command.add_argument("number", nargs="?", help="deal number")
        command.add_argument("--board", metavar="FILE",
                             help="a board in fc-solve's format (Klondike, Spider: PySolFC's layout text)")
        command.add_argument("--budget", metavar="ITERATIONS",
                             help="iterations per search (Klondike, Spider: positions)")
        if name == "solve":
            command.add_argument("--preset", help=f"{COMPLETE} or an fc-solve preset (lg, ct, ...)")
    commands.add_parser("check", help="load libfreecell-solver and solve a trivial board")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    try:
        args = _parser().parse_args(argv)
        return _COMMANDS[args.command](args)
    except (UsageError, EngineError, OSError, UnicodeDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EX_USAGE
    except LibraryError as error:
        print(f"error: {error}", file=sys.stderr)
        return EX_SOFTWARE
    except SolverError as error:
        print(f"error: {error}", file=sys.stderr)
        return EX_USAGE


def _start(args) -> Position:
    get_ruleset(args.variant)
    if (args.number is None) == (args.board is None):
        raise UsageError("give either a deal number or --board FILE")
    if args.board is not None:
        text = Path(args.board).read_text(encoding="utf-8")
        if args.variant in STOCK_VARIANTS:
            return from_layout(text, args.variant)
        return from_board(text, args.variant)
    if not args.number.isdigit():
        raise UsageError(f"a deal number is a positive whole number, not {args.number!r}")
    return deal(args.variant, int(args.number))


def _budget(args) -> int | None:
    if args.budget is None:
        return None
    if not args.budget.isdigit():
        raise UsageError(f"a budget is a whole number of iterations, not {args.budget!r}")
    return int(args.budget)


def _print_line(line) -> None:
    for start in range(0, len(line), 10):
        print(" ".join(line[start:start + 10]))


def _solve(args) -> int:
    preset = args.preset
    if preset is not None and preset != COMPLETE and preset not in FCS_PRESETS:
        raise UsageError(f"unknown preset {preset!r} (known: {COMPLETE}, {', '.join(FCS_PRESETS)})")
    result = solve(_start(args), budget=_budget(args), preset=preset)
    _report(result.status, result.moves, result.iterations, result.scope)
    return _EXIT[result.status]


def _par(args) -> int:
    result = solve_with_par(_start(args), budget=_budget(args))
    _report(result.status, result.line, result.iterations, result.scope)
    if result.par is not None:
        print(f"par {result.par} (an upper bound: the shortest verified line, by {result.preset}; "
              f"tried {', '.join(result.presets)})")
    return _EXIT[result.status]


def _report(status: str, line, iterations: int, scope: str) -> None:
    if status == WINNABLE:
        print(f"winnable in {len(line)} moves")
        _print_line(line)
    elif status == IMPOSSIBLE:
        print(f"impossible: {scope}")
    else:
        print(f"undecided after {iterations} iterations")


def _hint(args) -> int:
    start = _start(args)
    log = sys.stdin.read().split()
    result = hint(start, log, budget=_budget(args))
    if result.status == LOST:
        where = "never" if result.last_good_index is None else f"after move {result.last_good_index}"
        print(f"lost: {result.scope}; last winnable position: {where}")
    elif result.status == UNDECIDED:
        print(f"undecided after {result.iterations} iterations")
    else:
        print(result.status if result.move is None else f"move {result.move}")
    return EX_OK if result.status in ("move", "won") else _EXIT[result.status]


def _check(args) -> int:
    print(library_check())
    return EX_OK


_COMMANDS = {"solve": _solve, "par": _par, "hint": _hint, "check": _check}
