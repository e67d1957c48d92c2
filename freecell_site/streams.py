"""Standard output that drops what it cannot write instead of killing the process.

With the log disk full, ``celery beat`` (and ``celery worker`` started with
unbuffered output) died at start, printing its banner (``OSError: [Errno 28]
No space left on device``), so a restart during the incident stopped every
validation and every scheduled task. Logs are worth less than the work: a
write that fails for want of space or of a working device is dropped and
counted, and the process goes on. Python's ``logging`` already drops a record
it cannot write (``Handler.handleError``); these cover ``print``, including
Celery's banner, which goes to ``sys.__stdout__``.
"""

import errno
import io
import sys

DROPPED_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG}


class DroppingStream(io.TextIOBase):
    """A text stream that forwards to ``stream`` and drops writes the device refuses."""

    def __init__(self, stream) -> None:
        self._stream = stream
        self.dropped = 0

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            if exc.errno not in DROPPED_ERRNOS:
                raise
            self.dropped += 1
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            if exc.errno not in DROPPED_ERRNOS:
                raise
            self.dropped += 1

    def isatty(self) -> bool:
        return self._stream.isatty()

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def encoding(self):
        return self._stream.encoding

    @property
    def buffer(self):
        return self._stream.buffer


def streams_drop_when_full() -> None:
    """Wrap this process's stdout and stderr (once), and the originals Celery prints its banner to."""
    for name in ("stdout", "stderr", "__stdout__", "__stderr__"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, DroppingStream):
            setattr(sys, name, DroppingStream(stream))
