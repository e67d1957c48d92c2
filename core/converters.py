"""URL converters shared by the API and the pages."""

from django.urls import register_converter


class DealNumberConverter:
    """Digits only, at most 20 of them: anything else is a 404 before any view runs
    (the range itself is checked by the engine and the deal service)."""

    regex = "[0-9]{1,20}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(DealNumberConverter, "dealnumber")
