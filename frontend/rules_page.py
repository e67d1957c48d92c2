"""The rules page of a variant, cut from docs/rules.md: the page players read
is the page the engine's tests cite, so the two cannot drift apart."""

import functools
import re
from pathlib import Path

from markdown_it import MarkdownIt

RULES_MD = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

#: The sections of docs/rules.md (by their "## " heading) that a variant's page shows.
SECTIONS = {
    "freecell": ("FreeCell", "Group moves"),
    "freecell-tableau": ("FreeCell", "Group moves"),
    "freecell-classic": ("FreeCell", "Group moves"),
    "forecell": ("ForeCell",),
    "klondike-draw1": ("Klondike",),
    "klondike-draw3": ("Klondike",),
    "spider-1suit": ("Spider",),
    "spider-2suits": ("Spider",),
    "spider-4suits": ("Spider",),
}


def sections(text: str) -> dict[str, str]:
    """The document's "## " sections by heading, each with its heading line."""
    parts = re.split(r"(?m)^(?=## )", text)
    return {part.splitlines()[0][3:].strip(): part for part in parts if part.startswith("## ")}


@functools.cache
def rules_html(variant: str) -> str:
    """The variant's rules as HTML (trusted: the repository's own document)."""
    found = sections(RULES_MD.read_text(encoding="utf-8"))
    chosen = [found[name] for name in SECTIONS.get(variant, ()) if name in found]
    markdown = MarkdownIt("commonmark").enable("table")
    return markdown.render("\n".join(chosen))
