"""One plan per game: a hint is the next move of the game's winning line while
the player follows it, a new line from the position once they leave it, and
never a move back to a position the game has already been in."""

import pytest

from bench.hints import repeat_forced
from engine import apply_move, canonical_line, deal, legal_moves, replay
from solver import MOVE, WON, HintLimits
from solver import planned_hint as site_planned_hint

#: Limits wide enough that a busy machine's clock never decides a test.
LIMITS = HintLimits(iterations=5_000_000, seconds=600)


def planned_hint(start, log, **kwargs):
    return site_planned_hint(start, log, limits=LIMITS, **kwargs)

#: FreeCell 363125, the first 34 moves that pressing Hint played before plans:
#: the 35th hint was ``a3``, the 36th ``3a``, and so on for ever.
LOOP_DEAL = 363125
LOOP_LOG = (
    "8h 1h 1a 1h 3b 3c a3 6a 6h 2d a2 5a 57 5h 7h 54 5h ch 6c a6 c6 8a 8c c4 8c a8 c1 8a 8c d8 82 c8 a8 3a"
).split()


def _positions(start, log):
    positions = [start]
    for move in log:
        positions.append(apply_move(positions[-1], move))
    return positions


def press_hint(variant, number, *, keep_plan=True, log=(), limit=600, **budgets):
    """Press Hint and play its move until the game is won; the log and every position met."""
    start = deal(variant, number)
    log, plan = list(log), None
    for _ in range(limit):
        answer = planned_hint(start, log, plan=plan if keep_plan else None, **budgets)
        if answer.hint.status == WON:
            return log, _positions(start, log)
        assert answer.hint.status == MOVE, (len(log), answer.hint)
        assert tuple(answer.plan[:len(log)]) == canonical_line(start, log)
        log.append(answer.hint.move)
        plan = answer.plan
    raise AssertionError(f"not won after {limit} hints")


def test_after_3a_the_hint_is_not_a3():
    start = deal("freecell", LOOP_DEAL)
    positions = _positions(start, LOOP_LOG)
    answer = planned_hint(start, LOOP_LOG)
    assert answer.hint.status == MOVE and answer.hint.move != "a3"
    assert apply_move(positions[-1], answer.hint.move) not in set(positions)


@pytest.mark.parametrize("keep_plan", [True, False])
def test_pressing_hint_on_freecell_363125_wins_without_a_position_twice(keep_plan):
    log, positions = press_hint("freecell", LOOP_DEAL, keep_plan=keep_plan)
    assert replay(deal("freecell", LOOP_DEAL), log).won
    assert len(set(positions)) == len(positions)


@pytest.mark.parametrize(("variant", "number"), [
    ("freecell", 1), ("forecell", 2), ("klondike-draw1", 5), ("spider-1suit", 5),
])
def test_pressing_hint_wins_with_no_position_repeated(variant, number):
    log, positions = press_hint(variant, number)
    assert replay(deal(variant, number), log).won
    assert len(set(positions)) == len(positions)


#: Games after random play that the solver proved still winnable, where the site's first hint
#: answered ``undecided`` (bench/hints.py, seeds 2050412386 and 3609512876): its Klondike search
#: was our best-first one alone, and every stock search had HINT_BUDGET's 100,000 positions, sized
#: for fc-solve. The compiled depth-first search wins the first in 1,219 positions and the second
#: in about 555,000; Spider's beam needs about 700,000 for the third.
AFTER_RANDOM_PLAY = [
    ("klondike-draw1", 63718844368654103242, "31 63 s s s s s s s s s s s w1 s s s w2 12 41 24"),
    ("klondike-draw1", 75990846916499251318, "72 s 51 51 76 13 s w5 5h"),
    ("spider-1suit", 28563056599432424802,
     "50 37 93 79 04 97 43 s 17 04 06 s 12 57 60 27 60 10 05 40 56 32 s 61 67 76 68 69 18 s 35"),
]


@pytest.mark.parametrize(("variant", "number", "opening"), AFTER_RANDOM_PLAY)
def test_pressing_hint_wins_after_random_play_with_the_sites_budgets(variant, number, opening):
    # The site's defaults: HINT_BUDGET iterations for fc-solve, HINT_STOCK_BUDGET positions here.
    played = opening.split()
    log, positions = press_hint(variant, number, log=played, budget=100_000, stock_budget=1_000_000)
    assert replay(deal(variant, number), log).won
    # Random play may go back and forth (the Spider opening does: 67 76); a hinted move never does.
    for index in range(len(played) + 1, len(positions)):
        assert positions[index] not in positions[:index], (index, log[index - 1])


@pytest.mark.parametrize(("number", "opening"), [
    (46995889260701530859, "73 26 s 56 s"), (93123838942252080000, "s 21 74 53 3h s s s 5h s 65 s s s"),
])
def test_when_every_line_found_turns_the_stock_round_to_a_seen_position_the_hint_still_goes_on(number, opening):
    # Klondike Draw 3 after random play: "s" is the only legal move, and every line the searches
    # found turns the stock round to a position the game has been in, so no line was clean and
    # the hint answered "undecided" (bench/hints.py). It now gives that line's first move, and
    # the game is won; where it goes back, it is only the stock coming round (the first deal
    # never does; the second once, after its hints found no other way).
    played = opening.split()
    log, positions = press_hint("klondike-draw3", number, log=played, budget=100_000, stock_budget=1_000_000)
    assert replay(deal("klondike-draw3", number), log).won
    back = [index for index in range(len(played) + 1, len(positions)) if positions[index] in positions[:index]]
    assert all(log[index - 1] == "s" for index in back)
    assert len(back) <= 1
    # Where it goes back, no player could have avoided it from where the hints took over: every
    # other move on the way returns to a seen position or loses (an exhaustive search).
    assert all(repeat_forced(positions, log, len(played), index) for index in back)


def test_a_repeat_is_forced_only_when_no_other_move_wins_without_it():
    # Draw 3 #93123838942252080000 after random play: from ply 14 (the hints' first) only "s"
    # is legal but at ply 18, whose "w6" loses, so the stock has to come round to ply 11's
    # position. From ply 10 the random player could have gone another way, so from there
    # the same repeat is not forced.
    played = "s 21 74 53 3h s s s 5h s 65 s s s".split()
    log, positions = press_hint("klondike-draw3", 93123838942252080000, log=played, budget=100_000,
                                stock_budget=1_000_000)
    back = [index for index in range(len(played) + 1, len(positions)) if positions[index] in positions[:index]]
    assert back == [20] and positions[20] == positions[11]
    assert repeat_forced(positions, log, len(played), 20) is True
    assert repeat_forced(positions, log, 10, 20) is False


def test_on_the_plan_the_hint_is_its_next_move_without_a_search():
    start = deal("freecell", 24)
    first = planned_hint(start, [])
    followed = planned_hint(start, list(first.plan[:5]), plan=first.plan)
    assert (followed.hint.move, followed.hint.iterations, followed.replanned) == (first.plan[5], 0, False)
    assert followed.plan == first.plan


def test_off_the_plan_a_new_plan_starts_with_the_log():
    start = deal("freecell", 24)
    first = planned_hint(start, [])
    other = next(str(m) for m in legal_moves(start) if str(m) != first.plan[0]
                 and planned_hint(start, [str(m)]).hint.status == MOVE)
    answer = planned_hint(start, [other], plan=first.plan)
    assert answer.replanned and answer.plan[0] == other and answer.plan[1] == answer.hint.move
    assert replay(start, answer.plan).won


def test_a_plan_written_41_is_followed_by_a_log_written_41v1():
    start = deal("spider-1suit", 8)
    plan = list(planned_hint(start, []).plan)
    into_gap = next(i for i, move in enumerate(plan) if move.endswith("v1"))
    old = [m[:-2] if m.endswith("v1") else m for m in plan]
    answer = planned_hint(start, plan[:into_gap + 1], plan=old)
    assert (answer.replanned, answer.hint.move) == (False, plan[into_gap + 1])


def test_a_plan_that_would_return_to_a_seen_position_is_dropped():
    start = deal("freecell", LOOP_DEAL)
    onwards = planned_hint(start, LOOP_LOG).plan[len(LOOP_LOG):]
    looping = [*LOOP_LOG, "a3", "3a", *onwards]  # wins, but its next move goes back
    assert replay(start, looping).won
    answer = planned_hint(start, LOOP_LOG, plan=looping)
    assert answer.replanned and answer.hint.move != "a3"


def test_a_new_first_move_is_never_a_foundation_return():
    start = deal("freecell", LOOP_DEAL)
    log = list(LOOP_LOG)
    for _ in range(40):
        answer = planned_hint(start, log)
        if answer.hint.status != MOVE:
            break
        assert not answer.hint.move.startswith("h")
        log.append(answer.hint.move)


def test_the_stored_line_is_a_fallback_only_after_the_same_search(monkeypatch):
    from solver import plans
    from solver.results import UNDECIDED, HintResult

    start = deal("spider-1suit", 8)
    line = list(planned_hint(start, []).plan)
    searched = []

    def undecided(start, log, **kwargs):
        searched.append(len(log))
        return HintResult(UNDECIDED, None, (), None, 1, 0.0, "")

    monkeypatch.setattr(plans, "hint", undecided)
    on = planned_hint(start, line[:5], fallback=line)
    off_log = [*line[:4], next(str(m) for m in legal_moves(replay(start, line[:4]).position)
                                 if str(m) != line[4])]
    off = planned_hint(start, off_log, fallback=line)
    assert searched == [5, 5]  # the same search on and off the stored line
    assert (on.hint.status, on.hint.move, on.plan) == (MOVE, line[5], tuple(line))
    assert off.hint.status == UNDECIDED and off.plan == ()


def test_a_deep_plan_goes_on_stage_after_stage_and_starts_with_the_log():
    """The worker's plan (``deep_plan``): a stage cut short says where the next goes on, and
    the plan found is the log, then a line that wins without going back to a position of it."""
    from solver import deep_plan, spider_search

    start = deal("spider-4suits", 1)
    log = [str(legal_moves(start)[0])]
    cut = deep_plan(start, log, seconds=600, budget=20_000)
    assert cut.plan == () and 0 < cut.resume < len(spider_search.attempts())
    found = deep_plan(start, log, seconds=600, resume=cut.resume)
    assert found.resume is None and found.plan[:1] == tuple(log)
    assert replay(start, list(found.plan)).won
    positions = _positions(start, found.plan)
    assert len(set(positions)) == len(positions)
    with pytest.raises(ValueError, match="Klondike and Spider"):
        deep_plan(deal("freecell", 1), [], seconds=1)
