"""Move logs for the conformance vectors: solutions found by fc-solve 5.0
(``-l lg`` for FreeCell, ``--game forecell -l ct`` for ForeCell), kept as data so
that writing the vectors needs no solver. Each one replays to a win here."""

SOLUTIONS = {
    ("freecell-classic", 24): """
    4h 7a 7b 7h 1c 1d a1 7a 74 7h ch d7 2c 2d 27 2h 7h dh 6d c6 d5 2c 2d 2h 32 d3
    27 8d 82 c8 45 85 a8 6c 6a d6 61 6d 63 62 a6 c6 4c 4a 46 4h 48 78 d4 14 1d b1
    d4 1b 1d 1h 5h 1h ah 37v3 3h 3a 31 1h 2h bh ah 3b 31 c1 82 8h 5a 5c 53 5h 4h dh
    5d b5 d5 c3 a3 5b 5d 5c 5a 5h 1h ah 6h 1h 5a 51 1h 2h 3h 2h 3h 2h 3h 2h 8h 2h
    bh 2h 4h dh ch 4h 7h 4h 6h 7h ah 4h 6h 7h 4h
""",
    ("forecell", 3): """
    5h 6h 3h b8 a5 6b d6 2a 2d 2h 3h d7 72 7d a7 78 67 12 1a 1h 13 a1 53 5h 8h c5
    4a 4c d4 ch ah 7h 1h 26 5d 5c 25 c4 d4 8a 8c 8d 28 dh 1d 12 d3 b1 5d 5b 53 b1
    d1 8b 8d 85 8h bh ah dh ch 4h 4h 3h 4h 82 8h 68v5 6h 8h 4b 4a 42 4h ah 6h 7h 3h
    bh 7h 3h 7h 3h 7h 3h 1h 3d 3c 3a 35 ah ch 2h 8h dh 2h 1h 8h 5h 2h 1h 8h 5h 8h
""",
}
