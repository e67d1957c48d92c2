"""python -m solver for Klondike and Spider: the same exits as FreeCell
(0 winnable with the line, 3 impossible only when proven, 4 undecided, 64 bad usage)."""

from engine import deal, replay, to_layout
from tests.solver.replayer import spider_wins
from tests.solver.test_cli import run


def printed_line(out: str) -> list[str]:
    return [move for row in out.splitlines()[1:] for move in row.split()]


def test_a_winnable_spider_deal_prints_a_line_that_wins(capsys):
    code, out, _ = run(capsys, "solve", "spider-1suit", "3")
    count = int(out.splitlines()[0].split()[2])
    line = printed_line(out)
    assert code == 0 and out.startswith("winnable in ") and len(line) == count
    assert spider_wins(to_layout(deal("spider-1suit", 3)), line)


def test_klondike_impossible_exits_3_with_its_scope(capsys):
    code, out, _ = run(capsys, "solve", "klondike-draw3", "7")
    # two searches prove it (Klondike-Solver's and ours, beside it); the first to finish answers
    assert code == 3 and out.strip() in {"impossible: no winning line in Klondike-Solver's exhaustive search",
                                         "impossible: no winning line in our exhaustive search"}


def test_out_of_budget_exits_4(capsys):
    code, out, _ = run(capsys, "solve", "spider-4suits", "2", "--budget", "1000")
    assert code == 4 and out.startswith("undecided after ")


def test_par_is_labelled_an_upper_bound(capsys):
    code, out, _ = run(capsys, "par", "klondike-draw1", "2")
    assert code == 0
    assert out.splitlines()[-1].startswith("par ") and "an upper bound" in out
    par = int(out.splitlines()[-1].split()[1])
    line = [m for row in out.splitlines()[1:-1] for m in row.split()]
    assert len(line) == par and replay(deal("klondike-draw1", 2), line).won


def test_a_hint_from_a_log_on_stdin(capsys, monkeypatch):
    code, out, _ = run(capsys, "hint", "klondike-draw1", "2", stdin="s s\n", monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("move ")


def test_a_board_in_layout_text(capsys, tmp_path):
    board = tmp_path / "deal.txt"
    board.write_text(to_layout(deal("spider-2suits", 10)), encoding="utf-8")
    code, out, _ = run(capsys, "solve", "spider-2suits", "--board", str(board))
    assert code == 0 and out.startswith("winnable in ")


def test_presets_are_fc_solve_only(capsys):
    code, _, err = run(capsys, "solve", "klondike-draw1", "2", "--preset", "lg")
    assert code == 64 and err.startswith("error: ")
