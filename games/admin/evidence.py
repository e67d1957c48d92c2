"""Fair-play evidence at a glance: the flag's reason on the list, a timing plot on the result.

The plot draws, against the move number, the time the server received each move
and the client's own clock, with the floor a person needs (the fair-play minimum
per decision, foundation moves free) dashed: a finish below the floor is what
the flag is about. Plain SVG built from numbers only, no script or style.
"""

from django.conf import settings
from django.utils.html import format_html, format_html_join

WIDTH, HEIGHT, PAD = 640, 220, 34


def _floor(moves: list[str]) -> list[int]:
    floor, total = [], 0
    for move in moves:
        total += 0 if move.endswith("h") else settings.FAIRPLAY_MIN_MS_PER_DECISION
        floor.append(total)
    return floor


def _points(values: list[int], top: int) -> str:
    count = max(len(values) - 1, 1)
    return " ".join(
        f"{PAD + (WIDTH - 2 * PAD) * i / count:.1f},{HEIGHT - PAD - (HEIGHT - 2 * PAD) * v / top:.1f}"
        for i, v in enumerate(values)
    )


def timing_plot(game) -> str:
    moves = game.move_list
    server = list(game.server_times)[: len(moves)]
    client = list(game.client_times)[: len(moves)]
    if not moves or not server:
        return "no moves recorded"
    floor = _floor(moves)
    top = max([*server, *client, *floor, 1])
    series = [
        ("server clock", "#1f5fa8", "", server),
        ("client clock", "#8a8a8a", "", client),
        ("floor for a person", "#c0392b", "6 4", floor),
    ]
    lines = format_html_join(
        "",
        '<polyline fill="none" stroke="{}" stroke-width="2" stroke-dasharray="{}" points="{}">'
        "<title>{}</title></polyline>",
        ((colour, dash, _points(values, top), name) for name, colour, dash, values in series if values),
    )
    legend = format_html_join(
        "",
        '<text x="{}" y="16" font-size="12" fill="{}">{}</text>',
        ((PAD + 150 * i, colour, name) for i, (name, colour, _, _) in enumerate(series)),
    )
    return format_html(
        '<svg class="fc-plot" id="timing-plot" role="img" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'xmlns="http://www.w3.org/2000/svg"><title>Time of each move</title>'
        '<rect x="{p}" y="{p}" width="{iw}" height="{ih}" fill="none" stroke="#ccc"/>'
        "{legend}{lines}"
        '<text x="{p}" y="{yb}" font-size="11">move 1</text>'
        '<text x="{xr}" y="{yb}" font-size="11" text-anchor="end">move {n}</text>'
        '<text x="2" y="{yt}" font-size="11">{top_s} s</text></svg>',
        w=WIDTH,
        h=HEIGHT,
        p=PAD,
        iw=WIDTH - 2 * PAD,
        ih=HEIGHT - 2 * PAD,
        legend=legend,
        lines=lines,
        yb=HEIGHT - 12,
        xr=WIDTH - PAD,
        n=len(moves),
        yt=PAD + 4,
        top_s=f"{top / 1000:.1f}",
    )


def links_html(links: list[dict], *, recorded: list[dict]) -> str:
    """Other accounts' games on the same daily linked to this one (``games.services.links``)."""
    if not links:
        return "none"
    held_for = {link["game"] for link in recorded if link.get("earlier")
                and {via.split()[0] for via in link["via"]} & set(settings.FAIRPLAY_LINK_HOLD)}
    rows = format_html_join(
        "", "<li><strong>{}</strong> via {}: game {} started {} ({}){}; {}, hints {}, undos {}</li>",
        ((link["player"], ", ".join(link["via"]), link["game"], link["started_at"][:19],
          "before this win" if link["earlier"] else "after this win",
          " - this result is held for it" if link["game"] in held_for else "",
          "ranked" if link["ranked"] else "unranked", link["hints"], link["undos"]) for link in links),
    )
    return format_html("<ul>{}</ul>", rows)


def clairvoyance_html(evidence: dict | None) -> str:
    """A Klondike or Spider win against the reference honest player (``services/clairvoyance.py``)."""
    if not evidence:
        return "not assessed (only ranked Klondike and Spider daily wins are)"
    found = evidence.get("reference") or {}
    hindsight = evidence["hindsight"]
    share = evidence["honest_wins_at_or_below"]
    return format_html(
        "<p>{} counted moves; reference honest player: {} wins in {} runs, win moves {}; "
        "honest wins at or below this: {}</p><p>nearness to the stored full-knowledge line {} "
        "(honest lines at most {})</p><p>choices between hidden cards: best picked {} of {} "
        "(chance {}, z {})</p><p>held for: {}</p>",
        evidence["counted_moves"], found.get("wins", "-"), found.get("runs", "-"),
        found.get("win_moves") or "none", "-" if share is None else f"{share:.0%}",
        evidence["solution_nearness"], found.get("nearness_max"), hindsight["picked"],
        hindsight["decisions"], hindsight["expected"], hindsight["z"],
        "; ".join(evidence["reasons"]) or "nothing",
    )


def history_html(history: list[dict]) -> str:
    """The player's daily results over the days (``player_fairplay_history``) as a table."""
    if not history:
        return "no daily results"
    rows = format_html_join(
        "", "<tr>" + "<td>{}</td>" * 8 + "</tr>",
        ((h["date"], h["counted_moves"], "-" if h["over_par"] is None else f"{h['over_par']:+d}",
          h["median_think_ms"] if h["median_think_ms"] is not None else "-",
          h["spread"] if h["spread"] is not None else "-", h["score"] if h["score"] is not None else "-",
          "-" if h["agreement"] is None else f"{h['agreement']:.0%}",
          h["review"] or ("ranked" if h["ranked"] else "unranked")) for h in history),
    )
    return format_html(
        "<table><thead><tr><th>daily</th><th>counted moves</th><th>over par</th><th>median think ms</th>"
        "<th>spread</th><th>score</th><th>closest preset</th><th>review</th></tr></thead><tbody>{}</tbody>"
        "</table>", rows)
