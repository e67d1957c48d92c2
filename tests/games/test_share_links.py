"""Share codes name a variant and a deal number and nothing else; every code decodes back."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.share_links import ShareCodeError, share_code, share_decode

VARIANTS = ["freecell", "freecell-tableau", "freecell-classic", "forecell"]


@given(st.sampled_from(VARIANTS), st.integers(min_value=1, max_value=10**20 - 1))
def test_every_storable_deal_round_trips(variant, number):
    assert share_decode(share_code(variant, number)) == (variant, number)


def test_the_largest_forecell_number_has_a_working_code():
    """PySolFC's largest number, 10**20 - 1, past bigint's 2**63 - 1."""
    code = share_code("forecell", 10**20 - 1)
    assert len(code) == 14 and share_decode(code) == ("forecell", 10**20 - 1)


@pytest.mark.parametrize("code", ["", "f", "x1", "f0", "f-1", "f" + "z" * 14, "fé"])
def test_what_this_site_never_issued_is_refused(code):
    with pytest.raises(ShareCodeError):
        share_decode(code)


def test_a_large_forecell_share_link_lands_on_its_deal(client, db):
    response = client.get(f"/s/{share_code('forecell', 9_000_000_000_000_000_001)}")
    assert response.status_code == 302
    assert response["Location"] == "/play/forecell/9000000000000000001?shared=1"


def test_the_largest_forecell_share_link_lands_on_its_deal_and_one_past_it_is_a_404(client, db):
    assert client.get(f"/s/{share_code('forecell', 10**20 - 1)}")["Location"] == (
        "/play/forecell/99999999999999999999?shared=1")
    assert client.get(f"/s/{share_code('forecell', 10**20)}").status_code == 404
