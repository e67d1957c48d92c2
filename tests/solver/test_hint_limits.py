"""Every hint stays within hard limits, whatever log it is sent; verdicts are kept per position."""

from engine import deal, replay
from solver import LOST, MOVE, UNDECIDED, HintLimits, hint
from solver.verdicts import MemoryVerdicts

#: A legal 999-move log on a lost deal: one card shuffled between two cells.
#: Before the limits, a hint on it searched 1.2 million iterations.
LONG_LOST_LOG = ["1a"] + ["ab", "ba"] * 499


def test_the_long_log_is_legal_and_lost():
    assert len(LONG_LOST_LOG) == 999
    assert replay(deal("freecell", 11982), LONG_LOST_LOG).error is None


#: The default ceilings but no clock: what these tests count must not depend on how busy
#: the machine is (the default 1.5 s cut a search short at a load average of 16).
UNTIMED = HintLimits(seconds=600)


def test_a_hint_on_a_long_lost_log_stays_within_its_iteration_ceiling():
    result = hint(deal("freecell", 11982), LONG_LOST_LOG, limits=UNTIMED, verdicts=None)
    assert result.status == LOST
    assert 0 < result.iterations <= HintLimits().iterations


def test_the_probes_of_a_lost_game_stop_at_their_cap():
    result = hint(deal("freecell", 11982), LONG_LOST_LOG, limits=HintLimits(probes=3, seconds=UNTIMED.seconds), verdicts=None)
    assert (result.status, result.probes, result.last_good_index) == (LOST, 3, None)


def test_no_search_starts_once_the_time_is_spent():
    result = hint(deal("freecell", 1), ["5a"], limits=HintLimits(seconds=0), verdicts=None)
    assert (result.status, result.iterations) == (UNDECIDED, 0)


def test_a_tiny_iteration_ceiling_gives_undecided_not_a_wrong_verdict():
    result = hint(deal("freecell-classic", 11982), [], limits=HintLimits(iterations=50), verdicts=None)
    assert result.status == UNDECIDED
    assert result.iterations <= 50


def test_asking_again_from_a_known_position_costs_no_search(lost_freecell_log):
    verdicts = MemoryVerdicts()
    first = hint(deal("freecell-classic", 1), lost_freecell_log, verdicts=verdicts)
    again = hint(deal("freecell-classic", 1), lost_freecell_log, verdicts=verdicts)
    assert first.iterations > 0 and again.iterations == 0
    assert (again.status, again.last_good_index, again.line) == (first.status, first.last_good_index, first.line)


def test_two_logs_reaching_one_position_share_its_verdict():
    verdicts = MemoryVerdicts()
    first = hint(deal("freecell", 1), ["5a", "5b"], verdicts=verdicts)
    same_place = hint(deal("freecell", 1), ["5a", "ab", "ba", "5b"], verdicts=verdicts)
    assert first.status == MOVE and same_place.iterations == 0


def test_an_undecided_search_cut_short_is_not_kept_as_the_verdict():
    verdicts = MemoryVerdicts()
    cut = hint(deal("freecell", 1), [], limits=HintLimits(iterations=20), verdicts=verdicts)
    full = hint(deal("freecell", 1), [], verdicts=verdicts)
    assert cut.status == UNDECIDED
    assert full.status == MOVE and full.iterations > 0


def test_a_repeated_undecided_attempt_is_not_searched_again():
    verdicts = MemoryVerdicts()
    first = hint(deal("freecell", 11982), LONG_LOST_LOG, limits=UNTIMED, verdicts=verdicts)
    again = hint(deal("freecell", 11982), LONG_LOST_LOG, limits=UNTIMED, verdicts=verdicts)
    assert first.iterations > 0 and again.iterations == 0
    assert (again.status, again.last_good_index) == (first.status, first.last_good_index)
