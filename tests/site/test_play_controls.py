"""The play page's help line, buttons and settings come from the variant's family
(``frontend/play_controls.py``): the template prints them and asks nothing else."""

import pytest

from engine import family_of, get_ruleset
from frontend.play_controls import play_controls
from frontend.rules_page import rules_chapter, rules_html
from games.catalogue import site_variants


@pytest.mark.parametrize("variant", site_variants())
def test_the_help_names_the_keys_of_the_piles_the_family_has(variant):
    controls = play_controls(variant)
    piles = dict(family_of(variant).piles(get_ruleset(variant)))
    columns = piles["column"]
    assert (f"1–{columns} columns" if columns < 10 else "1–9 and 0 columns") in controls.help
    assert ("A–D free cells" in controls.help) is bool(piles.get("cell"))
    assert ("W waste" in controls.help) is bool(piles.get("waste"))
    assert ("F foundations" in controls.help) is bool(piles.get("foundation"))
    assert ("click the stock" in controls.help) is ("stock" in piles)


def test_each_family_says_what_its_page_offers():
    assert play_controls("forecell").single_click and not play_controls("freecell").single_click
    assert [play_controls(v).auto_home for v in ("freecell", "klondike-draw1", "spider-1suit")] == [True, False, False]
    assert [play_controls(v).finish for v in ("freecell", "klondike-draw3", "spider-4suits")] == [True, True, False]


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["freecell", "forecell", "klondike-draw3", "spider-2suits"])
def test_the_play_page_prints_the_family_s_controls(client, variant):
    page = client.get(f"/play/{variant}/5").content.decode()
    controls = play_controls(variant)
    assert f'<p class="help" id="board-help">{controls.help}</p>' in page
    assert ('data-hud="finish" disabled hidden' in page) is not controls.finish
    assert ('name="autoHome"' in page) is controls.auto_home
    assert ('name="autoComplete"' in page) is controls.finish


@pytest.mark.parametrize("variant", site_variants())
def test_every_variant_reads_the_rules_of_its_chapter(variant):
    assert rules_chapter(variant) in {"freecell", "forecell", "klondike", "spider"}
    assert rules_html(variant).startswith("<h2>")
