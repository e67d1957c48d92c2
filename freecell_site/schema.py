"""``GET /api/schema/``: drf-spectacular's schema view, built once per catalogue in a process.

drf-spectacular builds a schema through process-wide state: on a process's first
build it resolves its extensions' target classes in place (one whose package is
not installed is set to None while another thread still reads its import path,
an AttributeError), and every build points each view class's shared schema
descriptor at the view it describes and records warnings in a global. Two builds
at once in one gunicorn worker's threads answered 500, so builds take a lock.

A build costs about a quarter of a CPU-second and anyone may ask for the schema,
so the built schema is kept and served again while the catalogue it describes
(the site's rulesets and today's daily variants, which staff can switch) and the
language are the same: a variant switched off as a daily changes its enums at
the next request.
"""

import json
import threading

from django.conf import settings
from django.utils import translation
from drf_spectacular.views import SpectacularAPIView
from rest_framework.response import Response

from games.catalogue import catalogue_json, daily_variants_ever

_BUILD = threading.Lock()
_KEPT: dict[tuple, dict] = {}  # (catalogue, language, version) -> the schema; only the newest


def _language() -> str:
    """The active language as the schema's translations see it (any unknown code reads as the default)."""
    active = translation.get_language() or settings.LANGUAGE_CODE
    try:
        return translation.get_supported_language_variant(active)
    except LookupError:
        return settings.LANGUAGE_CODE


class SchemaApi(SpectacularAPIView):
    def _get_schema_response(self, request):
        # The daily paths name every variant with dailies on some day (one switched on from
        # tomorrow already), so those are part of the key too.
        catalogue = {**catalogue_json(), "daily_variants_ever": daily_variants_ever()}
        key = (json.dumps(catalogue, sort_keys=True), _language(), request.version)
        with _BUILD:
            schema = _KEPT.get(key)
            if schema is None:
                schema = super()._get_schema_response(request).data
                _KEPT.clear()
                _KEPT[key] = schema
        filename = self._get_filename(request, self.api_version or request.version)
        return Response(data=schema, headers={"Content-Disposition": f'inline; filename="{filename}"'})
