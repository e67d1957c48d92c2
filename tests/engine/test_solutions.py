"""fc-solve's solutions replay to a win through the engine."""

import subprocess

import pytest

from engine import apply_move, deal, format_move, replay, resolve_move, to_board
from tests.engine.fcsolve import solve_ms_deal

DEALS = range(1, 321)


@pytest.fixture(scope="module")
def solutions():
    found = {n: solve_ms_deal(n) for n in DEALS}
    return {n: moves for n, moves in found.items() if moves is not None}


def test_the_solver_finds_solutions_for_at_least_300_deals(solutions):
    assert len(solutions) >= 300


@pytest.mark.parametrize("variant", ["freecell-classic", "freecell", "freecell-tableau"])
def test_fc_solve_solutions_replay_to_a_win(solutions, variant):
    for number, moves in solutions.items():
        result = replay(deal(variant, number), moves)
        assert result.won, (number, result.error_index, result.error)
        assert result.moves == len(moves)


def test_the_library_decoding_matches_fc_solve_text_output():
    """Parse what the fc-solve binary prints (``-m -snx``) and compare."""
    for number in (1, 22, 24):
        done = subprocess.run(
            ["fc-solve", "-l", "lg", "-m", "-snx"],
            input=to_board(deal("freecell", number)), capture_output=True, text=True,
            check=True, env={"FREECELL_SOLVER_QUIET": "1"},
        )
        lines = [ln for ln in done.stdout.splitlines() if ln and not ln.startswith(("-=", "This",
                                                                                    "Total"))]
        printed = " ".join(lines).split()
        assert canonical(number, printed) == canonical(number, solve_ms_deal(number))
        assert replay(deal("freecell-classic", number), printed).won


def test_fc_solve_writes_v_only_into_empty_columns_and_the_engine_reads_it():
    """``85`` moves a whole fitting run onto a card; ``14`` one card into a gap."""
    moves = solve_ms_deal(1)
    position = replay(deal("freecell-classic", 1), moves[:12]).position
    assert moves[12] == "85" and len(position.columns[4]) == 1
    assert resolve_move(position, "85") == resolve_move(position, "85v3")
    assert format_move(resolve_move(position, "85")) == "85"


def canonical(number, moves):
    position, texts = deal("freecell-classic", number), []
    for move in moves:
        texts.append(format_move(resolve_move(position, move)))
        position = apply_move(position, move)
    return texts
