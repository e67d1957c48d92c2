"""Usernames: NFKC-normalised, one script at a time, never a look-alike of another.

``pcheatА`` (with a Cyrillic А) registered beside ``pcheatA``, and later
``kI_bob`` (capital i), ``kǀ_bob`` (U+01C0) and ``kl_bᴏb`` (U+1D0F) beside
``kl_bob``: a skeleton that only replaced letters of other scripts let Latin
look-alikes through. The skeleton is now UTS #39's, for every script: each
character goes to its prototype from Unicode's confusables data
(``accounts/data/confusables.tsv``, made by ``accounts.confusables_build`` from
the pinned ``confusable-homoglyphs`` package), not from a table of our own.

>>> username_skeleton("pcheatА") == username_skeleton("PCHEATA") == "pcheata"
True
>>> username_skeleton("kI_bob") == username_skeleton("kǀ_bob") == username_skeleton("kl_bᴏb") == "kl_bob"
True
>>> username_normal("ｂｏｂ")
'bob'
"""

import functools
import unicodedata
from pathlib import Path

from confusable_homoglyphs import confusables

from core.errors import InvalidRequest

_DATA = Path(__file__).resolve().parent / "data" / "confusables.tsv"


@functools.cache
def _prototypes() -> dict[str, str]:
    table = {}
    for line in _DATA.read_text(encoding="ascii").splitlines():
        if line and not line.startswith("#"):
            source, prototype = line.split("\t")
            table[chr(int(source, 16))] = "".join(chr(int(p, 16)) for p in prototype.split())
    return table


def username_normal(name: str) -> str:
    """The form a username is stored in (as Django's ``normalize_username``: NFKC)."""
    return unicodedata.normalize("NFKC", name)


def _uts39_skeleton(text: str) -> str:
    """UTS #39 section 4: NFD, every character to its prototype, NFD again."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


def username_skeleton(name: str) -> str:
    """What ``name`` looks like, whatever its case: names with one skeleton are confusable.

    The UTS #39 skeleton and case folding, repeated until neither changes the
    name: ``I`` goes to ``l`` before folding would make it ``i``, and ``0``
    goes to ``O`` and then to ``o``.
    """
    text = username_normal(name)
    for _ in range(8):
        folded = _uts39_skeleton(text).casefold()
        if folded == text:
            break
        text = folded
    return text


def username_scripts_check(name: str) -> None:
    """Refuse a name that mixes scripts with look-alike letters (Latin with a Cyrillic А, say)."""
    if confusables.is_dangerous(name, preferred_aliases=["latin"]):
        raise InvalidRequest(
            "That username mixes alphabets with letters that look alike; use one alphabet.",
            code="username_mixed_scripts",
        )
