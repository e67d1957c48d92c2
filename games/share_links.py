"""Short share links: ``/s/<code>`` names a variant and a deal number, nothing else.

The code is one letter for the variant followed by the deal number in base 36,
so it needs no table and never expires: ``share_code("freecell", 24) == "fo"``.
"""

_VARIANT_LETTERS = {
    "freecell": "f",
    "freecell-tableau": "t",
    "freecell-classic": "c",
    "forecell": "o",
}
_LETTER_VARIANTS = {letter: variant for variant, letter in _VARIANT_LETTERS.items()}
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class ShareCodeError(ValueError):
    """The text is not a share code this site issued."""


def _base36(number: int) -> str:
    digits = ""
    while number:
        number, rest = divmod(number, 36)
        digits = _DIGITS[rest] + digits
    return digits


#: The longest number a code may carry: deal numbers are stored as bigint.
_MAX_DIGITS = len(_base36(2**63 - 1))


def share_code(variant: str, number: int) -> str:
    """Encode a deal: ``share_code("forecell", 35) == "oz"``."""
    if variant not in _VARIANT_LETTERS or number < 1:
        raise ShareCodeError(f"cannot share {variant} deal {number}")
    return _VARIANT_LETTERS[variant] + _base36(number)


def share_decode(code: str) -> tuple[str, int]:
    """Decode a code: ``share_decode("fo") == ("freecell", 24)``."""
    code = code.lower()
    if len(code) < 2 or len(code) > 1 + _MAX_DIGITS or code[0] not in _LETTER_VARIANTS:
        raise ShareCodeError(f"{code!r} is not a share code")
    if code[1] == "0" or any(ch not in _DIGITS for ch in code[1:]):
        raise ShareCodeError(f"{code!r} is not a share code")
    return _LETTER_VARIANTS[code[0]], int(code[1:], 36)
