"""Kombu's Redis transport, with one fix: a worker survives its broker being restarted.

When Redis goes away while the worker holds a delivered, unacknowledged
message (a validation under way), Celery closes the broken connection before
it reconnects. Kombu 5.7's channel then tries to put the unacknowledged
message back through a client built from the connection's parameters, which
are gone by then: ``AttributeError: 'NoneType' object has no attribute
'hostname'``, which Celery treats as unrecoverable, and the worker exits
(``tests/reliability/test_faults_redis.py``). The message needs no help: it
stays in Redis's ``unacked`` set and comes back when its visibility timeout
passes (``freecell_site/celery.py``), as for a worker killed with -9.
"""

import logging

from kombu.transport import redis

logger = logging.getLogger(__name__)


class Channel(redis.Channel):
    def close(self):
        try:
            super().close()
        except AttributeError as exc:
            self.closed = True
            logger.warning("broker: channel closed without restoring its unacknowledged messages (%s); "
                           "they return after the visibility timeout", exc)


class Transport(redis.Transport):
    Channel = Channel
