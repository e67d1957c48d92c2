"""The fair-play evidence as staff read it in the admin: the signals, the closest
solver preset and a small plot of the think times (server clock)."""

from __future__ import annotations

import json

from django.utils.html import format_html, format_html_join

PLOT_WIDTH, PLOT_HEIGHT = 480, 80


def think_plot(think_ms: list[int]) -> str:
    """An inline SVG polyline of think times per decision (no script, no image file)."""
    if len(think_ms) < 2:
        return ""
    top = max(think_ms) or 1
    step = PLOT_WIDTH / (len(think_ms) - 1)
    points = " ".join(
        f"{i * step:.1f},{PLOT_HEIGHT - ms / top * PLOT_HEIGHT:.1f}" for i, ms in enumerate(think_ms)
    )
    return format_html(
        '<svg width="{}" height="{}" role="img" aria-label="think time per decision, up to {} ms">'
        '<polyline fill="none" stroke="currentColor" points="{}"/></svg>',
        PLOT_WIDTH, PLOT_HEIGHT, top, points,
    )


def fairplay_evidence_html(evidence: dict) -> str:
    if not evidence:
        return "not assessed (only ranked daily wins are)"
    rows = format_html_join(
        "", "<li>{} {}: {} of {} decisions matched, {} in a row from the start{}</li>",
        ((p["preset"], f"{p['rate']:.0%}", p["matched"], p["compared"], p["from_start"],
          f" (walk cut: {p['cut']})" if p["cut"] else "") for p in evidence.get("presets", [])),
    )
    return format_html(
        "<p>score <strong>{}</strong> (held from {}); signals {}</p>"
        "<p>closest preset <strong>{}</strong> at {}; median think {} ms, spread {}, "
        "long pauses {}, pause-on-hard correlation {}; undos {}, positions revisited {}</p>"
        "<ul>{}</ul><p>think time per decision (server clock):</p>{}",
        evidence["score"], evidence["threshold"], evidence["signals"], evidence["preset"],
        f"{evidence['agreement']:.0%}", evidence["median_think_ms"], evidence["spread"],
        f"{evidence['pause_share']:.0%}",
        evidence["pause_on_hard"], evidence["undos"], evidence["revisits"], rows,
        think_plot(evidence.get("think_ms", [])),
    )


def stored_evidence_html(evidence: dict) -> str:
    """The evidence as stored, folded under a one-line summary (for what the summaries leave out)."""
    if not evidence:
        return "-"
    keys = ", ".join(sorted(evidence))
    return format_html("<details><summary>{} fields ({})</summary><pre>{}</pre></details>",
                       len(evidence), keys, json.dumps(evidence, indent=2, sort_keys=True))
