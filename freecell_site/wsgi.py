import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "freecell_site.settings.local")
application = get_wsgi_application()

# Plain move appends are answered in front of Django's handler (games/apis/append_door.py).
from games.apis.append_door import AppendDoor  # noqa: E402

application = AppendDoor(application)

# Import the URL configuration (every view, serializer and the solver's modules) now, at load,
# rather than on a worker's first request: that request would otherwise pay for it. Opens no
# database connection, so it is safe in a master process that forks its workers afterwards.
from django.urls import get_resolver  # noqa: E402

get_resolver().url_patterns  # noqa: B018

# What start-up made lives as long as the process: frozen out of the collector's full passes,
# which otherwise scanned it all again each time, a pause for every request in flight
# (docs/benchmarks.md, Races). Frozen in a master that preloads, the workers inherit it.
gc.freeze()
