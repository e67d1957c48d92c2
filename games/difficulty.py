"""A deal's difficulty, estimated from what the solver already reports.

Three signals, each scored 0 (easy), 1 or 2 (hard) against the terciles that
``bench/difficulty.py`` measured on deals 1-300 (ForeCell 1-150) with the
default budget:

- the search effort: the iterations the solver and its par portfolio spent
  (ForeCell's searches run longer, so it has bands of its own);
- the par: the shortest verified line (a long one means a tangled deal);
- how many of the presets that ran found a line (a deal only some solve is harder).

>>> difficulty_estimate(variant="freecell", iterations=40_000, par=85, presets_solved=4, presets_tried=4)
'easy'
>>> difficulty_estimate(variant="freecell", iterations=150_000, par=120, presets_solved=3, presets_tried=4)
'hard'
"""

#: (easy below, hard from): the terciles bench/difficulty.py printed.
ITERATIONS_BANDS = {"forecell": (105_000, 180_000)}
DEFAULT_ITERATIONS_BANDS = (62_000, 110_000)
PAR_BANDS = (89, 97)
LEVELS = ("easy", "medium", "hard")


def _band(value: int, bands: tuple[int, int]) -> int:
    return 0 if value < bands[0] else 1 if value < bands[1] else 2


def difficulty_estimate(
    *, variant: str, iterations: int, par: int | None, presets_solved: int | None, presets_tried: int | None
) -> str:
    """'easy', 'medium' or 'hard' for a winnable deal; '' when there is nothing to go on."""
    if par is None:
        return ""
    score = _band(iterations, ITERATIONS_BANDS.get(variant, DEFAULT_ITERATIONS_BANDS)) + _band(par, PAR_BANDS)
    if presets_tried and presets_solved is not None and presets_solved < presets_tried:
        score += 2 if presets_solved * 2 <= presets_tried else 1
    return LEVELS[0] if score <= 1 else LEVELS[1] if score <= 3 else LEVELS[2]
