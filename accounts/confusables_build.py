"""Write ``accounts/data/confusables.tsv``: UTS #39's confusable mapping, source to prototype.

Unicode publishes the mapping as ``confusables.txt`` (Unicode Technical
Standard #39, "Unicode Security Mechanisms"). The pinned
``confusable-homoglyphs`` package carries that file's lines as a JSON table
made in both directions (each source lists its prototype, each prototype lists
its sources), in the file's order; this reads the direction back out:

- a key with several entries is a prototype (a source appears once in the file);
- a key whose one entry lists several characters is a source of that prototype;
- two keys that list only each other come from one line, and the line's source
  was written first.

Run ``python -m accounts.confusables_build`` after upgrading the package and
commit the file: usernames are compared with it, so a change of data is a
change of which names are taken (migrate the skeletons afterwards).
"""

from importlib.metadata import version
from pathlib import Path

from confusable_homoglyphs import utils

TARGET = Path(__file__).resolve().parent / "data" / "confusables.tsv"
_MARKS = str.maketrans("", "", "\u200e\u200f")  # direction marks the package adds around right-to-left text


def confusables_mapping() -> dict[str, str]:
    """``{source character: prototype}`` from the package's table."""
    table = utils.load("confusables.json")
    order = {key: i for i, key in enumerate(table)}
    mapping = {}
    for key, entries in table.items():
        source = key.translate(_MARKS)
        if len(source) != 1 or len(entries) != 1:
            continue
        other = entries[0]["c"]
        if len(table.get(other, ())) == 1 and order[other] < order[key]:
            continue  # a lone pair whose first key was this one's source
        mapping[source] = other.translate(_MARKS)
    return mapping


def main() -> None:
    package = f"confusable-homoglyphs {version('confusable-homoglyphs')}"
    lines = [
        "# UTS #39 confusables: source code point, tab, prototype code points.",
        f"# From Unicode's confusables.txt as carried by {package}",
        "# (accounts/confusables_build.py). Unicode data: https://www.unicode.org/license.txt",
    ]
    for source, prototype in sorted(confusables_mapping().items()):
        codes = " ".join(f"{ord(c):04X}" for c in prototype)
        lines.append(f"{ord(source):04X}\t{codes}")
    TARGET.write_text("\n".join(lines) + "\n", encoding="ascii")


if __name__ == "__main__":
    main()
