"""The rules pages for people: every variant's page has its goal, its deal drawn from a real
position, a worked example whose moves the engine accepts, and the rules that catch people out."""

import pytest

from frontend.rules_guide import EXAMPLES, rules_guide
from games.catalogue import site_variants


@pytest.mark.parametrize("variant", site_variants())
def test_every_variant_has_a_guide_with_a_real_deal_and_a_replayed_example(variant):
    guide = rules_guide(variant)
    assert guide.goal and guide.layout and guide.moves and guide.catches
    assert guide.deal_svg.count("<text") >= 7  # real cards, named
    assert len(guide.steps) == len(EXAMPLES[guide.family][2])
    assert all(text.endswith(".") and text != "A move." for text, _ in guide.steps)


@pytest.mark.django_db
def test_the_page_keeps_notation_and_sources_folded_at_the_end(client):
    page = client.get("/rules/klondike-draw1").content.decode()
    folded = page.index("<details")
    assert "tests/engine" in page[folded:] and "tests/engine" not in page[:folded]
    assert page.index("Rules that catch people out") < folded
