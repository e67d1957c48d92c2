"""The rules page of a variant, cut from docs/rules.md: the page players read
is the page the engine's tests cite, so the two cannot drift apart. Which
written rules a variant reads is its family's answer (``rules_chapter``), so a
new variant of a family needs nothing here."""

import functools
import re
from pathlib import Path

from markdown_it import MarkdownIt

from engine import family_of, get_ruleset

RULES_MD = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

#: The sections of docs/rules.md (by their "## " heading) each chapter of the rules shows.
SECTIONS = {
    "freecell": ("FreeCell", "Group moves"),
    "forecell": ("ForeCell",),
    "klondike": ("Klondike",),
    "spider": ("Spider",),
}


def sections(text: str) -> dict[str, str]:
    """The document's "## " sections by heading, each with its heading line."""
    parts = re.split(r"(?m)^(?=## )", text)
    return {part.splitlines()[0][3:].strip(): part for part in parts if part.startswith("## ")}


@functools.cache
def rules_html(variant: str) -> str:
    """The variant's rules as HTML (trusted: the repository's own document)."""
    found = sections(RULES_MD.read_text(encoding="utf-8"))
    chosen = [found[name] for name in SECTIONS.get(rules_chapter(variant), ()) if name in found]
    markdown = MarkdownIt("commonmark").enable("table")
    return markdown.render("\n".join(chosen))


def rules_chapter(variant: str) -> str:
    """The chapter of the rules ``variant`` reads (its family's answer); "" for an unknown variant."""
    try:
        return family_of(variant).rules_chapter(get_ruleset(variant))
    except ValueError:
        return ""
