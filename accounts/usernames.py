"""Usernames: NFKC-normalised, one script at a time, never a look-alike of another.

``pcheatА`` (with a Cyrillic А) registered beside ``pcheatA`` before these
checks. Look-alikes come from the Unicode confusables data through the
``confusable_homoglyphs`` library (pinned in requirements.lock), not from a
table of our own.

>>> username_skeleton("pcheatА") == username_skeleton("PCHEATA") == "pcheata"
True
>>> username_normal("ｂｏｂ")
'bob'
"""

import unicodedata

from confusable_homoglyphs import confusables

from core.errors import InvalidRequest


def username_normal(name: str) -> str:
    """The form a username is stored in (as Django's ``normalize_username``: NFKC)."""
    return unicodedata.normalize("NFKC", name)


def username_skeleton(name: str) -> str:
    """What ``name`` looks like: every character with a Latin look-alike replaced
    by it, then case folded. Names with one skeleton are confusable."""
    name = username_normal(name)
    lookalikes = confusables.is_confusable(name, greedy=True, preferred_aliases=["latin"]) or []
    replace = {found["character"]: found["homoglyphs"][0]["c"] for found in lookalikes}
    return "".join(replace.get(c, c) for c in name).casefold()


def username_scripts_check(name: str) -> None:
    """Refuse a name that mixes scripts with look-alike letters (Latin with a Cyrillic А, say)."""
    if confusables.is_dangerous(name, preferred_aliases=["latin"]):
        raise InvalidRequest(
            "That username mixes alphabets with letters that look alike; use one alphabet.",
            code="username_mixed_scripts",
        )
