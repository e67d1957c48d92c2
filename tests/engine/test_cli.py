"""The command line: stable output and exit codes, never a traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine import deal, to_board
from engine.vector_logs import SOLUTIONS

ROOT = Path(__file__).resolve().parents[2]
CLASSIC_24 = SOLUTIONS["freecell-classic", 24]


def run(*args, stdin=""):
    done = subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, check=False, timeout=60)
    assert "Traceback" not in done.stderr
    return done


def test_deal_prints_fc_solve_board_format():
    done = run("deal", "freecell", "24")
    assert (done.returncode, done.stdout) == (0, to_board(deal("freecell", 24)))
    assert run("deal", "forecell", "1").stdout.startswith("Freecells: 6S 9C 2H 6H\n")


def test_replay_exit_codes():
    won = run("replay", "freecell-classic", "24", stdin=CLASSIC_24)
    assert (won.returncode, won.stdout) == (0, "won in 119 moves\n")
    unfinished = run("replay", "freecell", "24", stdin="4h 7a\n7b")
    assert (unfinished.returncode, unfinished.stdout) == (1, "not won after 3 moves\n")
    illegal = run("replay", "freecell-classic", "24", stdin="4h hs4")
    assert illegal.returncode == 2
    assert illegal.stdout == (
        "illegal move 2 (hs4): variant: in freecell-classic a foundation card never comes back\n"
    )


def test_replay_of_garbage_moves_names_the_first_one():
    done = run("replay", "freecell", "24", stdin="4h 7a ###")
    assert done.returncode == 2
    assert done.stdout.startswith("illegal move 3 (###): not a move")


def test_perft_prints_the_count():
    assert run("perft", "freecell-classic", "24", "2").stdout == "980\n"


def test_board_file_takes_the_place_of_a_deal_number(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("Foundations: H-0 C-0 D-0 S-0\nFreecells: - - - -\n"
                     + to_board(deal("freecell", 24)))
    assert run("deal", "freecell", "--board", str(board)).stdout == to_board(deal("freecell", 24))
    assert run("perft", "freecell-classic", "--board", str(board), "1").stdout == "35\n"
    assert run("replay", "freecell", "--board", str(board), stdin=CLASSIC_24).returncode == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("deal", "spider", "1"), "unknown variant 'spider'"),
        (("deal", "freecell", "0"), "deal numbers run from 1 to 8,589,934,591"),
        (("deal", "freecell", "8589934592"), "deal numbers run from 1 to 8,589,934,591"),
        (("deal", "freecell", "-3"), "error:"),
        (("deal", "freecell", "abc"), "a deal number is a positive whole number"),
        (("deal", "freecell", "\u0663"), "a deal number is a positive whole number"),  # an Arabic-Indic 3
        (("deal", "freecell"), "give either a deal number or --board FILE"),
        (("perft", "freecell", "24"), "perft takes VARIANT N DEPTH"),
        (("perft", "freecell", "24", "x"), "a depth is a whole number"),
        (("replay", "freecell", "--board", "/nonexistent/board.txt"), "No such file"),
        (("frobnicate",), "invalid choice"),
        ((), "required"),
    ],
)
def test_bad_usage_is_a_clear_message_and_exit_64(args, message):
    done = run(*args)
    assert done.returncode == 64
    assert message in done.stderr


def test_a_board_with_51_cards_is_refused(tmp_path):
    lines = to_board(deal("freecell", 24)).splitlines()
    lines[-1] = lines[-1].rsplit(" ", 1)[0]
    board = tmp_path / "board.txt"
    board.write_text("\n".join(lines) + "\n")
    done = run("replay", "freecell", "--board", str(board))
    assert done.returncode == 64
    assert "not one full deck of 52 cards (51 cards; missing: 9D)" in done.stderr


def test_a_board_file_that_is_not_utf8_is_a_usage_error(tmp_path):
    board = tmp_path / "board.bin"
    board.write_bytes(b"\xff\xfe\x00garbage")
    done = run("deal", "freecell", "--board", str(board))
    assert done.returncode == 64
    assert "not UTF-8" in done.stderr
