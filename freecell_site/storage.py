"""Static files: hashed names, compressed copies, and hashed ES-module imports.

With ``support_js_module_import_aggregation`` the manifest storage rewrites
``import ... from "./rules.js"`` to the hashed file names too, so every module
can be cached for ever, not only the entry points named in templates.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
