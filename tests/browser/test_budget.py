"""The client's weight: what a browser downloads of the JS and CSS stays under
70 KB gzip in all, measured on the files production serves (collectstatic with
the site's storage: comments and white space stripped, then gzip). The sources
as written are measured too, under a looser ceiling, so that the stripping never
hides a source grown out of all proportion. The first contentful paint on
loopback is measured and written to artifacts/perf/ for the record; it is not
asserted (tests never assert on wall-clock time)."""

import json
from pathlib import Path

import pytest

from tests.support.static import weights as static_weights

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "perf"
# Served: every module and stylesheet, gzip, as whitenoise sends them. Raised from 60 KB to
# 70 KB when challenges and leagues (social.js), live races (race.js), numbered Klondike and
# Spider dealt in the page (local_deal.js, pysolfc_deal.js, families.js) and the win's
# celebration arrived together: 64.8 KB measured; the pages of the first two load them alone.
BUDGET = 70 * 1024
# As written, gzip -9: comments are welcome, not without end. Raised from 90 KB to 100 KB when
# each game family became a module of its own (families/freecell.js, stock.js, klondike.js,
# spider.js, each with its rules written out): 93.8 KB measured, while the served files stayed
# at 65.6 KB.
SOURCE_CEILING = 100 * 1024


def weights(collected) -> dict:
    return {**static_weights(collected), "budget": BUDGET}


def test_served_javascript_and_css_stay_under_70_kb_gzip(collected_static):
    figures = weights(collected_static)
    print(json.dumps(figures))
    assert figures["files"] >= 8
    assert figures["served_gzip"] < BUDGET, figures


def test_the_sources_as_written_stay_under_100_kb_gzip(collected_static):
    figures = weights(collected_static)
    assert figures["source_gzip"] < SOURCE_CEILING, figures
    assert figures["served_gzip"] < figures["source_gzip"], "the served files are the stripped ones"


@pytest.mark.browser
def test_the_play_page_downloads_the_collected_files_under_budget_and_its_first_paint_is_recorded(
        readme_server, transactional_db, collected_static, page):
    # The first load warms the server's workers; paints are taken from fresh
    # browser contexts after it, and the median is recorded.
    errors = []
    paints = []
    for _ in range(6):
        context = page.context.browser.new_context()
        tab = context.new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        responses = []
        tab.on("response", lambda r, into=responses: into.append(r))
        tab.goto(f"{readme_server}/play/freecell/24")
        tab.locator('.card[data-pile="1"]').first.wait_for()
        paints.append(
            tab.evaluate(
                "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
            )
        )
        sizes = _transfer(responses, collected_static)
        context.close()
    fcp = sorted(paints[1:])[len(paints[1:]) // 2]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    record = {"first_contentful_paint_ms": fcp, "paints_ms": paints, "transfer": sizes,
              "collected": weights(collected_static)}
    (ARTIFACTS / "play-page.json").write_text(json.dumps(record, indent=2))
    print(json.dumps(record))
    assert errors == []
    assert sizes["js"]["files"] >= 8
    assert sizes["js"]["collected"] == sizes["js"]["files"], "every module is the collected, stripped copy"
    assert sizes["css"]["collected"] == sizes["css"]["files"]
    assert sizes["js"]["wire"] + sizes["css"]["wire"] < BUDGET
    assert fcp is not None


def _transfer(responses, collected) -> dict:
    """Per kind: files, decoded bytes, bytes on the wire (gzip as sent), and how many
    scripts and stylesheets are byte for byte the collected files."""
    served = {f"/static/{hashed}": collected.root / hashed for hashed in collected.manifest.values()}
    kinds = {"document": "html", "script": "js", "stylesheet": "css", "fetch": "api"}
    sizes = {}
    for response in responses:
        kind = kinds.get(response.request.resource_type)
        if not kind or response.status != 200:
            continue
        body = response.body()
        entry = sizes.setdefault(kind, {"files": 0, "bytes": 0, "wire": 0, "collected": 0})
        entry["files"] += 1
        entry["bytes"] += len(body)
        entry["wire"] += response.request.sizes()["responseBodySize"]
        path = response.url.split("://", 1)[1].split("/", 1)[1].split("?")[0]
        if kind in ("js", "css") and served.get(f"/{path}") and served[f"/{path}"].read_bytes() == body:
            entry["collected"] += 1
    return sizes
