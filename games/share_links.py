"""Short share links: ``/s/<code>`` names a variant and a deal number, nothing else.

The code is one letter for the variant followed by the deal number in base 36,
so it needs no table and never expires: ``share_code("freecell", 24) == "fo"``.
The letter is the variant's ``share_letter`` in the catalogue.
"""

from engine.rules import MAX_DEAL_NUMBER
from games.catalogue import site_rulesets


def _letters() -> dict[str, str]:
    """Share letter -> variant, for the variants the site offers."""
    return {ruleset.share_letter: ruleset.variant for ruleset in site_rulesets() if ruleset.share_letter}

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class ShareCodeError(ValueError):
    """The text is not a share code this site issued."""


def _base36(number: int) -> str:
    digits = ""
    while number:
        number, rest = divmod(number, 36)
        digits = _DIGITS[rest] + digits
    return digits


#: The longest number a code may carry: the largest deal number of any variant
#: (PySolFC's 10**20 - 1 is 13 base-36 digits); each variant's own ceiling is checked
#: where the code is used.
_MAX_DIGITS = len(_base36(max(MAX_DEAL_NUMBER.values())))


def share_code(variant: str, number: int) -> str:
    """Encode a deal: ``share_code("forecell", 35) == "oz"``."""
    letter = next((letter for letter, known in _letters().items() if known == variant), None)
    if letter is None or number < 1:
        raise ShareCodeError(f"cannot share {variant} deal {number}")
    return letter + _base36(number)


def share_decode(code: str) -> tuple[str, int]:
    """Decode a code: ``share_decode("fo") == ("freecell", 24)``."""
    code = code.lower()
    letters = _letters()
    if len(code) < 2 or len(code) > 1 + _MAX_DIGITS or code[0] not in letters:
        raise ShareCodeError(f"{code!r} is not a share code")
    if code[1] == "0" or any(ch not in _DIGITS for ch in code[1:]):
        raise ShareCodeError(f"{code!r} is not a share code")
    return letters[code[0]], int(code[1:], 36)
