"""Command line: ``python -m engine deal|replay|perft|vectors ...``.

Klondike and Spider positions print and read as PySolFC's layout text
(``families.stock.layout``); the FreeCell family as fc-solve's board format.

Exit codes (a stable contract): ``replay`` exits 0 when the log wins, 1 when it
is legal but unfinished, 2 at the first illegal move; every command exits 64
on bad usage (unknown variant, deal number out of range, unreadable board).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.errors import EngineError
from engine.play import deal, from_board, perft, replay, to_board
from engine.rules import VARIANTS, get_ruleset
from engine.vectors import vectors_json

EX_USAGE = 64


class UsageError(Exception):
    """Bad command-line input: reported on stderr, exit 64."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit 2, which means "illegal move" here
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="FreeCell-family rules engine")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    board_help = ("a position instead of a deal number: fc-solve's board format (FreeCell family) "
                  "or PySolFC's layout text (Klondike, Spider)")
    for name, text in (("deal", "print a deal (fc-solve's board format, or PySolFC's layout text)"),
                       ("replay", "replay whitespace-separated moves read from stdin")):
        command = commands.add_parser(name, help=text)
        command.add_argument("variant", help=" | ".join(VARIANTS))
        command.add_argument("number", nargs="?", help="deal number")
        command.add_argument("--board", metavar="FILE", help=board_help)
    command = commands.add_parser("perft", help="count move paths of a given length")
    command.add_argument("variant", help=" | ".join(VARIANTS))
    command.add_argument("args", nargs="+", metavar="N DEPTH", help="deal number (unless --board) and depth")
    command.add_argument("--board", metavar="FILE", help=board_help)
    command = commands.add_parser("vectors", help="write the conformance vectors (JSON)")
    command.add_argument("--out", metavar="FILE", help="output file (default: stdout)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    try:
        args = _parser().parse_args(argv)
        return _COMMANDS[args.command](args)
    except UnicodeError:
        print("error: the input is not UTF-8 text", file=sys.stderr)
        return EX_USAGE
    except (UsageError, EngineError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return EX_USAGE


def _start(variant: str, number: str | None, board: str | None):
    get_ruleset(variant)
    if (number is None) == (board is None):
        raise UsageError("give either a deal number or --board FILE")
    if board is not None:
        return from_board(Path(board).read_text(encoding="utf-8"), variant)
    if not (number.isascii() and number.isdigit()):
        raise UsageError(f"a deal number is a positive whole number, not {number!r}")
    return deal(variant, int(number))


def _deal(args) -> int:
    position = _start(args.variant, args.number, args.board)
    sys.stdout.write(to_board(position))
    return 0


def _replay(args) -> int:
    position = _start(args.variant, args.number, args.board)
    moves = sys.stdin.read().split()
    result = replay(position, moves)
    if result.error is not None:
        index = result.error_index
        print(f"illegal move {index} ({moves[index - 1]}): {result.error}")
        return 2
    if result.won:
        print(f"won in {result.moves} moves")
        return 0
    print(f"not won after {result.moves} moves")
    return 1


def _perft(args) -> int:
    expected = 1 if args.board else 2
    if len(args.args) != expected:
        raise UsageError("perft takes VARIANT N DEPTH, or VARIANT --board FILE DEPTH")
    number = None if args.board else args.args[0]
    depth = args.args[-1]
    if not (depth.isascii() and depth.isdigit()):
        raise UsageError(f"a depth is a whole number, not {depth!r}")
    print(perft(_start(args.variant, number, args.board), int(depth)))
    return 0


def _vectors(args) -> int:
    text = vectors_json()
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


_COMMANDS = {"deal": _deal, "replay": _replay, "perft": _perft, "vectors": _vectors}
