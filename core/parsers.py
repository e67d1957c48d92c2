"""Request parsers: DRF's JSON parser, refusing bodies nested too deeply to decode.

A 64 KiB body can nest arrays some 30,000 levels deep; Python's decoder gives
up with ``RecursionError`` (not a ``ValueError``), which DRF would let through
as a 500. Such a body is malformed JSON as far as the API is concerned.
"""

from rest_framework import parsers
from rest_framework.exceptions import ParseError


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError("JSON parse error - nested too deeply.") from exc
