"""The site is named for all its games: the brand and every page title say "Solitaire", never "FreeCell".

FreeCell is one game among Klondike and Spider; a page may name it as a game
(a deal's title, the game list) but not as the name of the site.
"""

import re

import pytest

pytestmark = pytest.mark.django_db

SITE_NAME = "Solitaire"


def _page_title(html):
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1)


def _brand(html):
    return re.search(r'<a class="brand"[^>]*>(.*?)</a>', html, re.S).group(1)


@pytest.mark.parametrize("url", ["/", "/play/klondike-draw1/1", "/play/spider-2suits/1", "/rules/klondike-draw3"])
def test_the_brand_names_the_site_not_one_game(client, url):
    html = client.get(url).content.decode()
    assert _brand(html) == SITE_NAME


@pytest.mark.parametrize("url", ["/", "/play/klondike-draw1/1", "/rules/klondike-draw3", "/leaderboards/"])
def test_the_page_title_ends_with_the_site_name_and_never_says_freecell(client, url):
    title = _page_title(client.get(url).content.decode())
    assert title.endswith(f" · {SITE_NAME}") and "FreeCell" not in title



def test_a_klondike_deal_is_titled_by_its_game_then_the_site(client):
    title = _page_title(client.get("/play/klondike-draw1/1").content.decode())
    assert title == "Klondike Draw 1 #1 · Solitaire"
