"""The client's address, the one thing every throttle and the log-in lockout count by.

``X-Forwarded-For`` is whatever the client writes unless a proxy of ours wrote
it: with ``NUM_PROXIES`` = 0 (the default) it is ignored and the address is
the socket's; with ``NUM_PROXIES`` = n the address is the one n entries from
the right, the one our outermost proxy saw (DRF's rule, so the throttles and
django-axes agree).
"""

from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str:
    return BaseThrottle().get_ident(request)
