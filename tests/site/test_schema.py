"""The OpenAPI schema describes every API route, validates, and Swagger UI serves it."""

import json
import subprocess

import pytest
import yaml
from django.db import connection

from tests.support.processes import REPO, VENV_BIN, service_env

pytestmark = pytest.mark.django_db

ROUTES = [
    "/api/health/", "/api/variants/", "/api/accounts/register/", "/api/accounts/login/", "/api/accounts/logout/",
    "/api/accounts/me/", "/api/accounts/password/", "/api/accounts/token/", "/api/accounts/csrf/",
    "/api/accounts/password-reset/", "/api/accounts/password-reset/confirm/", "/api/accounts/email/",
    "/api/accounts/email/verify/", "/api/accounts/sessions/", "/api/accounts/sessions/{session_id}/",
    "/api/accounts/tokens/", "/api/accounts/tokens/{token_id}/", "/api/accounts/export/",
    "/api/accounts/deletion/",
    "/api/deals/{variant}/{number}/", "/api/deals/{variant}/random/", "/api/deals/{variant}/winnable/",
    "/api/deals/{variant}/{number}/hint/", "/api/deals/featured/", "/api/games/", "/api/games/{game_id}/",
    "/api/games/{game_id}/moves/", "/api/games/{game_id}/undo/", "/api/games/{game_id}/hint/", "/api/games/{game_id}/verdict/",
    "/api/deals/{variant}/{number}/verdict/",
    "/api/games/{game_id}/submission/", "/api/dailies/today/", "/api/dailies/{date}/{variant}/",
    "/api/dailies/{date}/{variant}/games/", "/api/dailies/archive/{variant}/",
    "/api/dailies/{date}/{variant}/lines/", "/api/leaderboards/daily/{date}/{variant}/",
    "/api/leaderboards/deal/{variant}/{number}/", "/api/leaderboards/all-time/{variant}/",
    "/api/players/{username}/stats/", "/api/staff/schedule/", "/api/staff/schedule/{variant}/{date}/",
    "/api/staff/schedule/fill/", "/api/staff/schedule-requests/{request_id}/",
    "/api/staff/players/{username}/suspension/", "/api/staff/difficulty-plans/{variant}/",
    "/api/challenges/", "/api/challenges/{code}/", "/api/challenges/{code}/games/",
    "/api/players/{username}/follow/", "/api/leagues/", "/api/leagues/{code}/", "/api/leagues/{code}/join/",
    "/api/leagues/{code}/members/{username}/", "/api/leagues/{code}/standings/",
    "/api/races/", "/api/races/{code}/", "/api/races/{code}/join/", "/api/players/{username}/race-ratings/",
]


def test_the_schema_is_openapi_3_and_names_every_route(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    assert sorted(schema["paths"]) == sorted(ROUTES)


def test_the_schema_validates_without_a_single_warning():
    out = subprocess.run(
        [str(VENV_BIN / "python"), "manage.py", "spectacular", "--validate", "--fail-on-warn",
         "--file", "/dev/null"],
        cwd=REPO, capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "freecell_site.settings.test"},
    )
    assert out.returncode == 0, out.stderr[-2000:]


def test_swagger_ui_comes_from_the_app_and_serves_the_schema(client):
    assert client.get("/api/docs/").status_code == 200
    page = client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert "cdn" not in page.lower() and "@latest" not in page
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert b"/api/schema/" in script.content


def test_the_schema_describes_the_players_view_and_reveals(client):
    """Positions are either a FreeCell-family position or a Klondike/Spider player's view
    (hidden cards null, no face_down); games and closed dailies' lines carry reveals."""
    schemas = yaml.safe_load(client.get("/api/schema/").content)["components"]["schemas"]
    assert schemas["Position"]["oneOf"] == [
        {"$ref": "#/components/schemas/FreeCellPositionOut"}, {"$ref": "#/components/schemas/StockViewOut"},
    ]
    view = schemas["StockViewOut"]["properties"]
    assert view["columns"]["items"]["items"]["nullable"] and view["stock"]["items"]["nullable"]
    assert "face_down" not in view and {"waste", "foundations", "removed"} <= set(view)
    for name in ("GameOut", "LineOut"):
        reveals = schemas[name]["properties"]["reveals"]
        assert reveals["nullable"] and reveals["items"]["items"] == {"$ref": "#/components/schemas/RevealOut"}
    assert set(schemas["RevealOut"]["properties"]) == {"pile", "card"}
    assert "par_reveals" in schemas["LinesOut"]["properties"]
    for name, field in (("GameOut", "start"), ("GameOut", "position"), ("DealOut", "position"),
                        ("DailyOut", "position"), ("LinesOut", "start")):
        assert schemas[name]["properties"][field]["allOf"] == [{"$ref": "#/components/schemas/Position"}]


def test_concurrent_first_schema_loads_in_a_fresh_process_all_answer_the_same_schema():
    """Eight threads load the schema at once in a new process, as a cold gunicorn worker's
    threads do: drf-spectacular resolves shared state on a process's first build, and
    unserialized builds answered 500 (seen when three fuzzer runs started together)."""
    out = subprocess.run(
        [str(VENV_BIN / "python"), "-m", "tests.site.schema_loads", "8"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
        env=service_env(connection.settings_dict["NAME"]),
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.splitlines()[-1]) == {"statuses": [200] * 8, "bodies": 1}, out.stderr[-3000:]


def _daily_path_variants(schema: dict) -> list[str]:
    [parameter] = [p for p in schema["paths"]["/api/dailies/{date}/{variant}/"]["get"]["parameters"]
                   if p["name"] == "variant"]
    return parameter["schema"]["enum"]


def test_the_schema_is_built_once_and_again_when_staff_switch_a_daily_variant(
        client, monkeypatch, django_capture_on_commit_callbacks):
    """A build costs a quarter of a CPU-second and anyone may ask: it is kept while the
    catalogue it describes stays the same, and a staff switch shows at the next request."""
    from drf_spectacular.generators import SchemaGenerator

    from freecell_site import schema as served
    from games.services.audit import StaffAct
    from games.services.daily_variants import daily_variant_set

    builds, build = [], SchemaGenerator.get_schema
    monkeypatch.setattr(SchemaGenerator, "get_schema", lambda self, **kw: builds.append(1) or build(self, **kw))
    served._KEPT.clear()
    first = client.get("/api/schema/?format=json").json()
    assert client.get("/api/schema/?format=json").json() == first
    assert client.get("/api/schema/").status_code == 200  # YAML from the same build
    assert len(builds) == 1 and "spider-1suit" not in _daily_path_variants(first)
    with django_capture_on_commit_callbacks(execute=True):
        daily_variant_set(variant="spider-1suit", enabled=True, act=StaffAct(reason="test", via="command"))
    assert "spider-1suit" in _daily_path_variants(client.get("/api/schema/?format=json").json())
    assert len(builds) == 2
