"""The committed conformance vectors are what the engine writes today."""

import json
from pathlib import Path

from engine import VARIANTS, get_ruleset
from engine.vectors import vectors_json

FREECELL_VARIANTS = tuple(v for v in VARIANTS if get_ruleset(v).family == "freecell")

COMMITTED = Path(__file__).resolve().parents[1] / "vectors" / "conformance.json"


def test_committed_vectors_equal_a_fresh_generation():
    fresh = vectors_json()
    assert COMMITTED.read_text(encoding="utf-8") == fresh, (
        "regenerate: python -m engine vectors --out tests/vectors/conformance.json"
    )


def test_vectors_are_small_and_cover_every_refusal_kind_where_it_can_happen():
    assert COMMITTED.stat().st_size < 1_500_000
    data = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert data["version"] == 1
    kinds = {(m["position"]["variant"], m["error"]["check"]) for m in data["moves"] if m["error"]}
    for variant in FREECELL_VARIANTS:
        for check in ("availability", "group_order", "destination", "capacity"):
            assert (variant, check) in kinds
    for variant in ("freecell-tableau", "freecell-classic", "forecell"):
        assert (variant, "variant") in kinds
    assert ("forecell", "empty_column") in kinds
    perft = {(p["variant"], p.get("deal"), p["depth"]): p["count"] for p in data["perft"]}
    assert perft["freecell-classic", 24, 1] == 35 and perft["freecell-classic", 24, 2] == 980


def test_stock_vectors_cover_every_refusal_kind_of_klondike_and_spider():
    data = json.loads(COMMITTED.read_text(encoding="utf-8"))
    kinds = {(m["position"]["variant"], m["error"]["check"]) for m in data["stock_moves"] if m["error"]}
    for variant in ("klondike-draw1", "klondike-draw3"):
        for check in ("availability", "destination", "empty_column", "stock", "notation"):
            assert (variant, check) in kinds
    for variant in ("spider-1suit", "spider-2suits", "spider-4suits"):
        for check in ("variant", "availability", "group_order", "destination", "stock"):
            assert (variant, check) in kinds
    revealed = [r for v in data["stock_views"] for r in v["revealed"]]
    assert {r["pile"] for r in revealed} >= {"w", "1", "0"}
    assert {v["variant"] for v in data["stock_replays"] if v["won"] is False and v["error"]} == {
        "klondike-draw1", "klondike-draw3", "spider-1suit", "spider-2suits", "spider-4suits"}
