"""Issue 27, point 8, on the results' admin pages: a flag's clearing names whose flags they are,
and a result's page opens with its facts and readable evidence, the stored JSON folded last."""

import re

import pytest

import engine
from fairplay.score import assess
from games.models import Result
from tests.support.lines import winning_line

pytestmark = pytest.mark.django_db


def test_the_clear_flag_confirmation_names_the_player_of_each_reason(admin_client, daily, finish):
    day = daily(number=6)
    dora = finish("dora", day.deal, daily=day, flagged=True, moves=88)
    eve = finish("eve", day.deal, daily=day, flagged=True, moves=93)
    Result.objects.filter(pk=dora.pk).update(flag_reason="14 decisions arrived in a single request")
    Result.objects.filter(pk=eve.pk).update(flag_reason="engine-assistance score 0.91")
    page = admin_client.post("/admin/games/result/", {"action": "clear_flag",
                                                      "_selected_action": [dora.pk, eve.pk]}).content.decode()
    assert sorted(re.findall(r'<li class="warning">(.*?)</li>', page)) == [
        f"dora (freecell daily {day.date}, 88 moves): 14 decisions arrived in a single request",
        f"eve (freecell daily {day.date}, 93 moves): engine-assistance score 0.91",
    ]
    assert Result.objects.filter(flagged=True).count() == 2  # nothing cleared before the confirmation


def test_a_result_page_opens_with_its_facts_and_readable_evidence_not_raw_json(admin_client, daily, finish):
    day = daily(number=6)
    result = finish("dora", day.deal, daily=day, flagged=True)
    line = winning_line("freecell", 6)
    times = [2000 * (ply + 1) for ply in range(len(line))]
    evidence = assess(engine.deal("freecell", 6), line, times, times, undos=0, seconds=5).evidence(0.7)
    Result.objects.filter(pk=result.pk).update(fairplay_evidence=evidence, fairplay_score=evidence["score"])
    page = admin_client.get(f"/admin/games/result/{result.pk}/change/").content.decode()
    rows = re.findall(r'class="form-row[^"]*\bfield-(\w+)', page)
    assert rows[0] == "player" and rows[-1] == "evidence_stored" and "fairplay_evidence" not in rows
    summary = page.index(f"closest preset <strong>{evidence['preset']}</strong>")
    raw = page.index("&quot;think_ms&quot;")
    assert summary < raw  # the readable summary first, the stored JSON after it
    folded = page[page.index("field-evidence_stored"):]
    assert re.search(r"<details><summary>\d+ fields \(", folded) and raw > page.index("field-evidence_stored")
