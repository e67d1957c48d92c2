"""ASGI: the race sockets (``/ws/``, Django Channels) and, for a server that serves
both, the site's HTTP. scripts/run and the compose file serve HTTP with gunicorn
(freecell_site/wsgi.py) and only ``/ws/`` through this (docs/benchmarks.md, Races)."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freecell_site.settings.local")
django_application = get_asgi_application()  # sets Django up before the consumers are imported

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from races.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_application,
    "websocket": AuthMiddlewareStack(URLRouter(websocket_urlpatterns)),
})

# What start-up made (Django, the apps, the URL routes and consumers: some 180,000 objects) lives
# as long as the process: frozen out of the collector's full passes, which scanned it all again
# each time, 90-110 ms in which no socket was served (docs/benchmarks.md, Races).
gc.freeze()
