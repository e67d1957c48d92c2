"""Short random codes for challenge and invite links: 8 characters of an alphabet
with no look-alikes (no 0/o, 1/l/i), about 10^12 codes, never guessable in bulk."""

import re
import secrets

ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
LENGTH = 8
_CODE = re.compile(f"[{ALPHABET}]{{{LENGTH}}}")


def code_new() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def code_valid(text: str) -> bool:
    """Whether ``text`` could be a code this site issued (anything else is unknown without a query)."""
    return bool(_CODE.fullmatch(text))
