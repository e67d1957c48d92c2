"""Kombu's Redis transport, with one fix: a worker survives its broker being restarted.

When Redis goes away while the worker holds a delivered, unacknowledged
message (a validation under way), two things touch the channel of the lost
connection afterwards: Celery closes it before reconnecting (and the channel
tries to put its unacknowledged message back), and the task, once done,
acknowledges its message on it. Kombu 5.7 builds a new client for either from
the connection's parameters, which are gone by then: ``AttributeError:
'NoneType' object has no attribute 'hostname'``, which Celery treats as
unrecoverable, and the worker exits (``tests/reliability/test_faults_redis.py``).

Here that case is a connection error, which kombu and Celery already handle:
the close goes on, the acknowledgement is logged as failed. The message needs
no help: it stays in Redis's ``unacked`` set and comes back when its visibility
timeout passes (``freecell_site/celery.py``), as for a worker killed with -9,
and validation is idempotent.
"""

import logging

import redis.exceptions
from kombu.transport import redis as kombu_redis

logger = logging.getLogger(__name__)


class Channel(kombu_redis.Channel):
    def _connparams(self, asynchronous=False):
        if self.connection is None or self.connection.client is None:
            raise redis.exceptions.ConnectionError("this channel's broker connection was lost and closed")
        return super()._connparams(asynchronous=asynchronous)

    def close(self):
        try:
            super().close()
        except redis.exceptions.ConnectionError as exc:
            self.closed = True
            logger.warning("broker: channel closed without restoring its unacknowledged messages (%s); "
                           "they return after the visibility timeout", exc)


class Transport(kombu_redis.Transport):
    Channel = Channel
