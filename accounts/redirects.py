"""Where a player goes after logging in: a page of this site, never another one.

``/login/?next=/.//evil.example`` passed a check of the raw text (it starts
with one slash and has no host), but the browser resolves the dot segments
first: ``/.//evil.example`` is the path ``//evil.example``, which
``location.assign`` reads as another site. So the target is normalised as the
browser will (backslashes are slashes, ``.``/``..`` segments resolved, ``%2e``
counted as a dot) and checked again after that. The client's ``safeNext()``
(frontend/static/fc/js/pages.js) makes the same refusal with the browser's own
parser.

>>> next_path_safe("/x/..//evil.example")
'/'
>>> next_path_safe("/play/freecell/./7?shared=1")
'/play/freecell/7?shared=1'
"""

from urllib.parse import urlsplit

from django.utils.http import url_has_allowed_host_and_scheme

HOME = "/"


def _dot_segment(segment: str) -> str | None:
    """``"."`` or ``".."`` when the browser reads ``segment`` as one (``%2e`` is a dot there)."""
    plain = segment.lower().replace("%2e", ".")
    return plain if plain in (".", "..") else None


def path_normalised(path: str) -> str:
    """RFC 3986's remove_dot_segments, as the URL standard applies it to a web address."""
    segments = path.replace("\\", "/").split("/")
    out: list[str] = []
    for i, segment in enumerate(segments[1:], start=1):
        last = i == len(segments) - 1
        dot = _dot_segment(segment)
        if dot == "..":
            if len(out) > 0:
                out.pop()
            if last:
                out.append("")
        elif dot == ".":
            if last:
                out.append("")
        else:
            out.append(segment)
    return "/" + "/".join(out)


def next_path_safe(target: str | None) -> str:
    """``target`` normalised when it is a path on this site, else the home page.

    Browsers drop tabs and newlines inside a URL, so ``/\\t/evil.example`` is
    ``//evil.example``: any control character refuses the target. What is left
    must have no scheme and no host (Django's ``url_has_allowed_host_and_scheme``
    with no host allowed), before and after normalising its path.
    """
    if (
        not target
        or not target.startswith("/")
        or any(ord(c) < 32 or ord(c) == 127 for c in target)
        or not url_has_allowed_host_and_scheme(target, allowed_hosts=set())
    ):
        return HOME
    parts = urlsplit(target)
    path = path_normalised(parts.path)
    if path.startswith("//"):
        return HOME
    query = f"?{parts.query}" if parts.query else ""
    normal = path + query + (f"#{parts.fragment}" if parts.fragment else "")
    if not url_has_allowed_host_and_scheme(normal, allowed_hosts=set()):
        return HOME
    return normal
