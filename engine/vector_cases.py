"""Hand-picked cases for the conformance vectors: moves on named boards (see
``scenarios.named_positions``), notation samples and replay logs."""

from __future__ import annotations

_FREECELLS = ("freecell", "freecell-tableau", "freecell-classic")
_ALL = (*_FREECELLS, "forecell")

# (board, variants, moves): every move is tried on the board in every variant listed.
_BOARD_MOVES = [
    ("group-move-transfer", _ALL, "21v6 21 23v3 23v4 23v1 21v5 21v7 21v2 2a 2c 2h a1 ab ac c1 31 11 aa"),
    ("group-move-transfer", _ALL, "hs1 3h"),
    ("freecell-six-cards", _ALL, "21v6 21 23v3 23v4 83v2 86"),
    ("foundation-returns", _ALL, "hs1 hsc hh2 hh3 hd1 hsh hca hcc 2h 1h 21 12"),
    ("king-only-columns", _ALL, "13v3 13v1 13 13v2 13v4 23v2 23 d3 da 81"),
    ("auto-finish-ready", _ALL, "1h ah ch 3h 2h 36v2 hh7 hhb"),
    ("deal-24", _FREECELLS, "4h 41 12 18v2 65 1a a1 ah"),
    ("deal-1", ("forecell",), "a1 ah 1h 1a 12 hs1"),
    ("deal-3", ("forecell",), "5h 6h 3h b8 12 a1"),
]

#: (case name, board name, move text)
MOVE_CASES = [
    (f"{board}/{variant}/{text}", f"{board}/{variant}", text)
    for board, variants, texts in _BOARD_MOVES
    for variant in variants
    for text in texts.split()
]

#: Move texts to read; invalid ones have no canonical form.
NOTATION_CASES = [
    "12", "1a", "a1", "1h", "ah", "82vc", "26v4", "14v1", "12vd", "hs5", "hda", "hhh", "ab",
    "88", "", "0", "19", "1e", "a", "1", "h", "12v0", "12v", "12V3", "1hv2", "a1v2", "hx1",
    "h1", "12v03", " 12", "12 ", "1A", "i1", "9h", "12vg", "1h2", "HS5", "1 2",
]


def replay_cases(solutions: dict) -> list[tuple[str, int, list[str]]]:
    """Replay logs built around the stored solutions: wins, unfinished logs, a
    foundation return, an illegal move and a notation error."""
    classic = solutions["freecell-classic", 24].split()
    forecell = solutions["forecell", 3].split()
    returned = ["4h", "hsa", "ah", *classic[1:]]  # the Ace of spades goes up, back, up
    bent = classic[:9] + ["hs1"] + classic[9:]
    garbled = classic[:4] + ["zz"] + classic[4:]
    cases = [(variant, 24, classic) for variant in _FREECELLS]
    cases += [(variant, 24, returned) for variant in _FREECELLS]
    cases += [
        ("freecell-classic", 24, classic[:50]),
        ("freecell-classic", 24, bent),
        ("freecell", 24, garbled),
        ("freecell", 24, []),
        ("forecell", 3, forecell),
        ("forecell", 3, forecell[:60]),
        ("forecell", 3, ["12", *forecell]),
    ]
    return cases
