"""The engine's catalogue is the only place a variant is described.

A made-up variant, added to ``engine.rules.RULESETS`` by a fixture and
nowhere else, is listed by the API, named by the schema, played through the
API and the pages, and played by ``rules.js`` from the page's own data.
"""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.test import Client

import engine
from engine import rules
from engine.rules import Ruleset

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]
MADE_UP = "freecell-made-up"


@pytest.fixture
def made_up_variant(monkeypatch):
    """A FreeCell-family variant no file of the site names: King-only empty
    columns, capacity from cells alone, foundation cards back to cells only."""
    ruleset = Ruleset(
        variant=MADE_UP, title="Made-up FreeCell", short_title="Made-up", share_letter="x",
        daily_default=True, empty_column_accepts="king", capacity_uses_empty_columns=False,
        foundation_return=frozenset({"cell"}),
    )
    monkeypatch.setitem(rules.RULESETS, MADE_UP, ruleset)
    return ruleset


@pytest.fixture
def engine_only_variant(monkeypatch):
    ruleset = Ruleset(variant="freecell-hidden", title="Hidden", share_letter="y", on_site=False)
    monkeypatch.setitem(rules.RULESETS, ruleset.variant, ruleset)
    return ruleset


def test_the_api_lists_a_made_up_variant_with_its_rules(anon, made_up_variant):
    body = anon.get("/api/variants/").json()
    listed = {r["variant"]: r for r in body["rulesets"]}
    assert listed[MADE_UP]["short_title"] == "Made-up"
    assert listed[MADE_UP]["foundation_return"] == ["cell"]
    assert MADE_UP in body["daily_variants"]


def test_the_schema_names_a_made_up_variant(anon, made_up_variant):
    schema = anon.get("/api/schema/", {"format": "json"}).json()
    path = schema["paths"]["/api/deals/{variant}/random/"]["get"]["parameters"]
    assert MADE_UP in next(p for p in path if p["name"] == "variant")["schema"]["enum"]
    start = schema["paths"]["/api/games/"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    start_in = schema["components"]["schemas"][start["$ref"].rsplit("/", 1)[1]]
    variant = start_in["properties"]["variant"]
    enum = schema["components"]["schemas"][variant["$ref"].rsplit("/", 1)[1]]["enum"] if "$ref" in variant \
        else variant["enum"]
    assert MADE_UP in enum


def test_a_made_up_variant_is_dealt_played_and_shared_through_the_api(api, made_up_variant):
    deal = api.get(f"/api/deals/{MADE_UP}/1/").json()
    assert deal["position"]["variant"] == MADE_UP and deal["share_url"] == "/s/x1"
    game = api.post("/api/games/", {"variant": MADE_UP, "number": 1}, format="json")
    assert game.status_code == 201, game.json()
    first = engine.format_move(engine.legal_moves(engine.deal(MADE_UP, 1))[0])
    moved = api.post(f"/api/games/{game.json()['id']}/moves/",
                     {"expected_ply": 0, "moves": [first], "client_times": [1000]}, format="json")
    assert moved.status_code == 200 and moved.json()["ply"] == 1
    assert Client().get("/s/x1")["Location"] == f"/play/{MADE_UP}/1?shared=1"


def test_an_engine_only_variant_stays_off_the_site(api, engine_only_variant):
    refused = api.post("/api/games/", {"variant": "freecell-hidden", "number": 1}, format="json")
    assert refused.status_code == 400
    assert "freecell-hidden" not in [r["variant"] for r in api.get("/api/variants/").json()["rulesets"]]
    assert Client().get("/play/freecell-hidden/1").status_code == 404


def _page_catalogue(html: str) -> dict:
    found = re.search(r'<script id="fc-catalogue" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page carries no catalogue"
    return json.loads(found.group(1))


# rules.js, given the page's catalogue, answers for each position: playable, legal moves, capacity.
RULES_JS_PROBE = """
import { loadCatalogue, rulesetOf } from "./frontend/static/fc/js/catalogue.js";
import { legalMoves, playable, supermoveCapacity } from "./frontend/static/fc/js/rules.js";
let text = "";
for await (const chunk of process.stdin) text += chunk;
const { catalogue, positions } = JSON.parse(text);
loadCatalogue(catalogue);
const variant = positions[0].variant;
console.log(JSON.stringify({
  playable: playable(rulesetOf(variant)),
  answers: positions.map((p) => [legalMoves(p).sort(), supermoveCapacity(p).to_occupied]),
}));
"""


def _positions_along_play(variant: str, number: int, plies: int) -> list[engine.Position]:
    """Positions met playing foundation moves first, else the last legal move."""
    position, seen = engine.deal(variant, number), []
    for _ in range(plies):
        seen.append(position)
        moves = engine.legal_moves(position)
        home = [m for m in moves if engine.format_move(m).endswith("h")]
        position = engine.apply_move(position, (home or moves)[-1 if not home else 0])
    return seen


def test_the_play_page_carries_a_made_up_variant_and_rules_js_plays_it(made_up_variant):
    node = shutil.which("node")
    assert node, "node is needed for the client's rules (scripts/test installs it)"
    page = Client().get(f"/play/{MADE_UP}/1")
    assert page.status_code == 200
    catalogue = _page_catalogue(page.content.decode())
    assert MADE_UP in [r["variant"] for r in catalogue["rulesets"]]
    positions = _positions_along_play(MADE_UP, 1, 30)
    payload = {"catalogue": catalogue, "positions": [engine.position_to_json(p) for p in positions]}
    out = subprocess.run([node, "--input-type=module", "-e", RULES_JS_PROBE], cwd=REPO, input=json.dumps(payload),
                         capture_output=True, text=True, timeout=60, check=True)
    answers = json.loads(out.stdout)
    assert answers["playable"] is True
    expected = [[sorted(engine.format_move(m) for m in engine.legal_moves(p)),
                 engine.supermove_capacity(p, None)] for p in positions]
    assert answers["answers"] == expected
