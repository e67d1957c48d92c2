"""Mail the live web and worker processes sent (the test settings' file backend)."""

import re
from pathlib import Path

from django.conf import settings

from tests.support.waiting import wait_for


def mail_link(to: str, start: str, *, skip: int = 0) -> str:
    """The path of the first link starting with ``start`` in a mail to ``to`` (after ``skip`` such mails)."""

    def found():
        folder = Path(settings.EMAIL_FILE_PATH)
        if not folder.exists():
            return None
        texts = [p.read_text() for p in sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime)]
        links = [m.group(1) for t in texts if f"To: {to}" in t
                 for m in re.finditer(rf"https?://[^/\s]+({re.escape(start)}[^\s]+)", t)]
        return links[skip] if len(links) > skip else None

    return wait_for(found, timeout=60)
