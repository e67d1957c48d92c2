"""``GET /api/schema/``: drf-spectacular's schema view, one build at a time in a process.

drf-spectacular builds a schema through process-wide state: on a process's first
build it resolves its extensions' target classes in place (one whose package is
not installed is set to None while another thread still reads its import path,
an AttributeError), and every build points each view class's shared schema
descriptor at the view it describes and records warnings in a global. Two builds
at once in one gunicorn worker's threads answered 500. The schema is still built
per request, not stored: it reads the catalogue live (a variant staff switch off
as a daily leaves its enums), and a build is rare and short next to a wait.
"""

import threading

from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView

_BUILD = threading.Lock()


class SchemaApi(SpectacularAPIView):
    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        with _BUILD:
            return super().get(request, *args, **kwargs)
