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
