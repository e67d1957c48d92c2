"""Static files: stripped client code, hashed names, compressed copies, and hashed ES-module imports.

- The client's own JS and CSS (under ``fc/``) lose comments and white space
  first (``freecell_site.minify``: rjsmin and rcssmin, each result checked
  against its source; a file that fails the check is shipped as written). The
  sources in the repository stay as written and run as they are in dev and
  tests; only the collected copies are stripped, before they are hashed and
  compressed, so the hash names what is served.
- With ``support_js_module_import_aggregation`` the manifest storage rewrites
  ``import ... from "./rules.js"`` to the hashed file names too, so every module
  can be cached for ever, not only the entry points named in templates.
"""

import logging

from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

from freecell_site.minify import minify

logger = logging.getLogger(__name__)


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
    # A module's hashed name depends on its imports' hashed names, so a pass may
    # settle only one more link of the longest import chain (main.js -> play.js ->
    # ... -> cards.js, 13 modules deep with the family modules): Django's default
    # of 5 passes is too few. tests/js/modules.test.mjs keeps the chain below this.
    max_post_process_passes = 20
    minify_prefixes = ("fc/",)

    def post_process(self, paths, dry_run=False, **options):
        if not dry_run:
            paths = dict(paths)
            for name, (storage, path) in sorted(paths.items()):
                if name.startswith(self.minify_prefixes) and name.endswith((".js", ".css")):
                    paths[name] = self._minified(name, storage, path)
        yield from super().post_process(paths, dry_run=dry_run, **options)

    def _minified(self, name, storage, path):
        """Strip the collected copy of `name` (read from its source, so that a
        second collectstatic strips the same text) and hash from that copy."""
        with storage.open(path) as source:
            text = source.read().decode("utf-8")
        small, stripped = minify(name, text)
        if not stripped:
            logger.warning("%s: shipped as written (the stripped copy did not read the same)", name)
        if self.exists(name):
            self.delete(name)
        self._save(name, ContentFile(small.encode("utf-8")))
        return self, name
