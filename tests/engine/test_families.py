"""Game families are objects: callers ask the variant's family, never which family it is."""

import re
import subprocess

import pytest

from engine import (
    FAMILIES,
    VARIANTS,
    apply_move,
    deal,
    family_of,
    get_ruleset,
    hides_cards,
    player_view,
    position_from_json,
    position_to_json,
    replay,
    to_board,
)
from tests.engine.test_cli import ROOT

# "Which family is this?" asked outside the family modules: by type, by name,
# or by looking the family's name up in a table of one's own.
BRANCHES = re.compile(r"type\((position|start|before|after)\)|isinstance\([^)]*StockPosition\)"
                      r"|\bfamily\s*(==|!=)|\.family\s+(not\s+)?in\b|family_(of|for)\([^)]*\)\.name\b")


def test_no_python_module_outside_the_families_asks_which_family_a_position_is():
    files = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    found = []
    for name in files:
        if name.startswith(("engine/families/", "tests/")):
            continue
        for number, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1):
            if BRANCHES.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert found == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_is_played_by_the_family_its_ruleset_names(variant):
    family = family_of(variant)
    assert FAMILIES[get_ruleset(variant).family] is family
    position = deal(variant, 5)
    assert isinstance(position, family.position_type)
    assert hides_cards(variant) is family.hides_cards
    assert position_from_json(position_to_json(position)) == position
    assert family.from_text(to_board(position), variant) == position
    view = player_view(position)
    assert (None in view["columns"][0] or None in view.get("stock", [])) is family.hides_cards


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_fast_replay_and_apply_move_agree_in_every_family(variant):
    position = deal(variant, 9)
    family = family_of(variant)
    log = []
    for _ in range(12):
        moves = family.legal_moves(position)
        if not moves:
            break
        log.append(str(moves[-1]))
        position = apply_move(position, moves[-1])
    result = replay(deal(variant, 9), log)
    assert (result.moves, result.error, result.position) == (len(log), None, position)


def test_the_family_kept_for_a_variant_follows_a_ruleset_or_family_replaced_and_put_back(monkeypatch):
    """``family_of`` keeps each variant's family for the engine's every move; replacing the ruleset
    (or the family) must be seen at once, and so must putting it back."""
    import dataclasses

    from engine import rules
    from engine.families import Family

    assert family_of("freecell").name == "freecell"
    with monkeypatch.context() as patch:
        patch.setitem(rules.RULESETS, "freecell", dataclasses.replace(get_ruleset("klondike-draw1"),
                                                                     variant="freecell"))
        assert get_ruleset("freecell").family == "klondike"
        assert family_of("freecell") is FAMILIES["klondike"]
    assert get_ruleset("freecell").family == "freecell"
    assert family_of("freecell") is FAMILIES["freecell"]

    class Other(Family):
        name = "freecell"

    other = Other()
    with monkeypatch.context() as patch:
        patch.setitem(FAMILIES, "freecell", other)
        assert family_of("freecell") is other
    assert family_of("freecell").name == "freecell" and family_of("freecell") is not other


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_moves_canonical_form_and_the_position_after_it_come_from_one_check(variant):
    """``canonical_after`` plays each move once (the append's canonical log); it must give what
    ``resolve_move`` then ``apply_move`` give, for every legal move spelled every way it may be."""
    import random

    from engine import legal_moves, resolve_move
    from engine.notation import format_move

    rng = random.Random(variant)
    family, position, checked = family_of(variant), deal(variant, 7), 0
    for _ in range(120):
        moves = legal_moves(position)
        if not moves:
            break
        for move in moves:
            texts = {format_move(move)}
            if getattr(move, "count", None):  # the same move with its count written out, or left out
                texts |= {f"{format_move(move).split('v')[0]}v{move.count:x}", format_move(move).split("v")[0]}
            for text in texts:
                try:
                    expected = resolve_move(position, text)
                except Exception:  # a spelling the rules refuse here: refused alike below
                    with pytest.raises(Exception):  # noqa: B017
                        family.canonical_after(position, text)
                    continue
                resolved, after = family.canonical_after(position, text)
                assert (resolved, after) == (expected, apply_move(position, expected)), (variant, text)
                checked += 1
        position = apply_move(position, rng.choice(moves))
    assert checked > 50
