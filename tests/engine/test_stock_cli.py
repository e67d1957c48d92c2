"""The command line for Klondike and Spider: PySolFC's layout text, FreeCell's exit codes."""

from engine import deal, to_layout
from tests.engine.test_cli import ROOT, run


def test_deal_prints_pysolfc_layout_text():
    done = run("deal", "klondike-draw1", "1")
    assert done.returncode == 0 and done.stdout == to_layout(deal("klondike-draw1", 1))
    assert done.stdout.splitlines()[:3] == [
        "Talon: 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H",
        "QH", "<7H> TS"]
    spider = run("deal", "spider-2suits", "99999999999999999999").stdout.splitlines()
    assert len(spider) == 11 and len(spider[0].split()) == 51 and spider[1].startswith("<")


def test_replay_exit_codes():
    unfinished = run("replay", "klondike-draw3", "1", stdin="s s\n7h")
    assert (unfinished.returncode, unfinished.stdout) == (1, "not won after 3 moves\n")
    illegal = run("replay", "klondike-draw1", "1", stdin="s 12")
    assert illegal.returncode == 2
    assert illegal.stdout == "illegal move 2 (12): destination: QH does not go on TS (QH needs a black K)\n"
    notation = run("replay", "spider-4suits", "1", stdin="s w1")
    assert notation.returncode == 2 and notation.stdout.startswith("illegal move 2 (w1): not a move")


def test_a_won_board_replays_to_a_win(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("Talon:\nFoundations: H-K C-K D-K S-Q\nWaste: KS\n" + ":\n" * 7, encoding="utf-8")
    won = run("replay", "klondike-draw1", "--board", str(board), stdin="wh")
    assert (won.returncode, won.stdout) == (0, "won in 1 moves\n")
    spider = tmp_path / "spider.txt"
    runs = " ".join(["C-K"] * 7)
    column = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"
    spider.write_text(f"Talon:\nFoundations: {runs}\n{column}\nAC\n" + ":\n" * 8, encoding="utf-8")
    done = run("replay", "spider-1suit", "--board", str(spider), stdin="21")
    assert (done.returncode, done.stdout) == (0, "won in 1 moves\n")


def test_perft_and_board_files(tmp_path):
    assert run("perft", "klondike-draw1", "1", "3").stdout == "31\n"
    board = tmp_path / "board.txt"
    board.write_text(to_layout(deal("spider-4suits", 1)), encoding="utf-8")
    assert run("perft", "spider-4suits", "--board", str(board), "1").stdout == "7\n"
    assert run("deal", "spider-4suits", "--board", str(board)).stdout == board.read_text(encoding="utf-8")


def test_bad_usage_exits_64():
    assert run("deal", "klondike-draw1", "0").returncode == 64
    assert run("deal", "spider-1suit", str(10**20)).returncode == 64
    bad = ROOT / "tests" / "engine" / "fixtures" / "pysolfc_deals.txt"
    assert run("deal", "klondike-draw1", "--board", str(bad)).returncode == 64
