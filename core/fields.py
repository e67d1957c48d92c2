"""Strict request fields: what the JSON says, not what DRF can coerce it into."""

from rest_framework import serializers


class StrictCharField(serializers.CharField):
    """A string and only a string: DRF's CharField would accept ``0`` or ``true``."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """An integer and only an integer: no ``"12"``, no ``12.0``, no ``true``."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """``true`` or ``false`` and nothing else: DRF's BooleanField would accept ``"yes"`` or ``1``."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class PlainListField(serializers.ListField):
    """A list whose items are checked in one pass when every one is plainly valid.

    DRF runs each item through its child field (validators and all: about 50 µs an item,
    5 ms for a 100-move log); ``plain(item)`` says when an item certainly passes the child.
    A list with any other item goes through the child as before, so refusals read the same.
    """

    def __init__(self, *, plain, **kwargs):
        self.plain = plain
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if (type(data) is list and (data or self.allow_empty)
                and (self.max_length is None or len(data) <= self.max_length)
                and (self.min_length is None or len(data) >= self.min_length)
                and all(map(self.plain, data))):
            return list(data)
        return super().to_internal_value(data)


def plain_text(max_length: int):
    """A non-empty ASCII string of at most ``max_length`` characters, without NUL: what a
    ``StrictCharField(max_length=..., trim_whitespace=False)`` takes unchanged."""
    return lambda item: (type(item) is str and 0 < len(item) <= max_length and item.isascii()
                         and "\x00" not in item)


def plain_count(lowest: int, highest: int):
    """An integer (not a bool) from ``lowest`` to ``highest``: what a ``StrictIntegerField`` with those
    bounds takes unchanged."""
    return lambda item: type(item) is int and lowest <= item <= highest


def text_list(longest: int, **kwargs) -> PlainListField:
    """A list of strings of at most ``longest`` characters, such as moves (``StrictCharField`` items)."""
    return PlainListField(child=StrictCharField(max_length=longest, trim_whitespace=False),
                          plain=plain_text(longest), **kwargs)


def count_list(lowest: int, highest: int, **kwargs) -> PlainListField:
    """A list of integers such as client times (``StrictIntegerField`` items)."""
    return PlainListField(child=StrictIntegerField(min_value=lowest, max_value=highest),
                          plain=plain_count(lowest, highest), **kwargs)
