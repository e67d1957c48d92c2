"""python -m solver: output and exit codes (0, 3, 4, 64), never a traceback."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

from engine import deal, to_board
from solver.cli import main

REPO = Path(__file__).resolve().parents[2]


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_winnable_prints_the_move_count_and_the_line(capsys):
    code, out, _ = run(capsys, "solve", "freecell", "1")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "winnable in 115 moves"
    assert lines[1].split()[:3] == ["5a", "5b", "5c"]
    assert sum(len(line.split()) for line in lines[1:]) == 115


def test_impossible_exits_3_with_its_scope(capsys):
    assert run(capsys, "solve", "freecell-classic", "11982")[:2] == (
        3, "impossible: no winning line exists\n")
    code, out, _ = run(capsys, "solve", "freecell", "11982")
    assert (code, out) == (3, "impossible: no winning line without foundation returns exists\n")


def test_undecided_exits_4_with_the_iterations(capsys):
    code, out, _ = run(capsys, "solve", "freecell-classic", "11982", "--budget", "500")
    assert code == 4
    assert out.startswith("undecided after ") and out.endswith(" iterations\n")


def test_board_file(capsys, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text(to_board(deal("forecell", 2)))
    code, out, _ = run(capsys, "solve", "forecell", "--board", str(board))
    assert code == 0 and out.startswith("winnable in ")


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["solve"],
        ["solve", "spider", "1"],
        ["solve", "freecell"],
        ["solve", "freecell", "x"],
        ["solve", "freecell", "0"],
        ["solve", "freecell", "1", "--budget", "lots"],
        ["solve", "freecell", "1", "--budget", "0"],
        ["solve", "freecell", "1", "--preset", "zz"],
        ["solve", "freecell", "1", "--board", "/no/such/file"],
        ["solve", "freecell", "--board", "/no/such/file"],
        ["fly", "freecell", "1"],
    ],
)
def test_bad_usage_exits_64_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 64
    assert out == ""
    assert err.startswith("error: ") and err.count("\n") == 1


def test_unreadable_board_exits_64(capsys, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("Freecells: AS\n: KD\n")
    code, _, err = run(capsys, "solve", "freecell", "--board", str(board))
    assert code == 64 and err.startswith("error: ")


def test_hint_reads_the_log_from_stdin(capsys, monkeypatch):
    code, out, _ = run(capsys, "hint", "freecell", "1", stdin="5a 5b\n", monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("move ")


def test_hint_on_a_lost_game_exits_3(capsys, monkeypatch):
    log = "7a 8d 6c 18 5b d7 6d 63 52"
    code, out, _ = run(capsys, "hint", "freecell-classic", "1", stdin=log, monkeypatch=monkeypatch)
    assert code == 3
    assert out == "lost: no winning line exists; last winnable position: after move 8\n"


def test_hint_with_an_illegal_log_exits_64(capsys, monkeypatch):
    code, _, err = run(capsys, "hint", "freecell", "1", stdin="5a 5a", monkeypatch=monkeypatch)
    assert code == 64 and "move 2" in err


def test_par_prints_the_par(capsys):
    code, out, _ = run(capsys, "par", "freecell", "1", "--budget", "100000")
    assert code == 0 and "\npar " in out


def test_check(capsys):
    assert run(capsys, "check") == (0, "libfreecell-solver 5.0.0 ok\n", "")


def test_module_entry_point_runs_as_a_program():
    done = subprocess.run(
        [sys.executable, "-m", "solver", "solve", "forecell", "1"],
        cwd=REPO, capture_output=True, text=True, timeout=60, check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        3, "impossible: no winning line exists\n", "")
    done = subprocess.run(
        [sys.executable, "-m", "solver", "solve", "forecell", "-1"],
        cwd=REPO, capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 64 and "Traceback" not in done.stderr
