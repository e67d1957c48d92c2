"""Every line is replayed by the engine before anyone sees it; a refused line
is dropped and the next search runs."""

from engine import deal, replay, to_board
from solver import UNDECIDED, WINNABLE, solve
from solver import library as library_module
from solver import search as search_module
from solver.lines import UndecodableMove, decode, line_from
from solver.presets import plan_for

# ForeCell deal 7: the lg preset's line puts a non-King into an empty column.
ILLEGAL_LG_DEAL = 7


def test_lg_line_on_forecell_deal_7_is_illegal_and_the_engine_says_why():
    start = deal("forecell", ILLEGAL_LG_DEAL)
    plan = plan_for("forecell")
    run = library_module.run(plan.game_args + ("-l", "lg"), to_board(start), 200_000)
    assert run.solved
    replayed = replay(start, decode(start, run.moves))
    assert not replayed.won
    assert replayed.error.check == "empty_column"


def test_the_refused_line_is_never_returned():
    start = deal("forecell", ILLEGAL_LG_DEAL)
    result = solve(start, preset="lg")
    assert "lg" in result.rejected
    assert result.preset != "lg"
    if result.status == WINNABLE:
        assert replay(start, result.moves).won


def test_a_corrupted_line_is_dropped_and_the_next_preset_answers(monkeypatch):
    real_run = library_module.run

    def corrupt_first_preset(args, board, limit):
        result = real_run(args, board, limit)
        if args[-1] == "lg" and result.solved:  # swap the first two moves
            moves = (result.moves[1], result.moves[0], *result.moves[2:])
            return library_module.Run(result.code, result.iterations, moves)
        return result

    monkeypatch.setattr(search_module.library, "run", corrupt_first_preset)
    start = deal("freecell", 1)
    result = solve(start)
    assert result.rejected == ("lg",)
    assert (result.status, result.preset) == (WINNABLE, "cm")
    assert replay(start, result.moves).won


def test_when_every_line_is_refused_the_verdict_is_undecided(monkeypatch):
    real_run = library_module.run

    def corrupt_all(args, board, limit):
        result = real_run(args, board, limit)
        return library_module.Run(result.code, result.iterations, result.moves[1:])

    monkeypatch.setattr(search_module.library, "run", corrupt_all)
    result = solve(deal("freecell", 1))
    assert (result.status, result.moves) == (UNDECIDED, ())
    assert result.rejected == ("lg", "cm", "complete")


def test_moves_are_written_as_the_engine_writes_them():
    start = deal("freecell", 1)
    # 5 -> a, column 5 -> column 8 (one card onto a card), 8 -> 1 with 3 cards
    # (onto a card: the count is implied), a -> 5, 5 -> h, a -> h; into an empty
    # column the count is always written, v1 included.
    records = [bytes(r) for r in ([1, 4, 0, 0], [0, 4, 7, 1], [0, 7, 0, 3], [2, 0, 4, 1],
                                  [4, 4, 2, 0], [5, 0, 0, 0])]
    assert decode(start, records) == ("5a", "58", "81", "a5", "5h", "ah")
    empty_first = decode(start, [bytes([0, 0, 1, 7])] * 1 + [bytes([0, 1, 0, 1])])
    assert empty_first == ("12", "21v1")  # onto a card: implied; into the emptied column: written


def test_unknown_move_types_make_the_line_unusable():
    start = deal("freecell", 1)
    try:
        decode(start, [bytes([9, 0, 0, 0])])
    except UndecodableMove:
        pass
    else:
        raise AssertionError("move type 9 decoded")
    assert line_from(start, [bytes([9, 0, 0, 0])]) is None
    assert line_from(start, [bytes([1, 0, 7, 0])]) is None  # no cell h


def test_a_solved_line_is_in_the_engines_canonical_notation():
    from engine import apply_move, format_move, resolve_move

    position = deal("freecell", 1)
    for move in solve(position).moves:
        assert move == format_move(resolve_move(position, move))
        position = apply_move(position, move)
