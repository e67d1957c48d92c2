"""Request lists checked in one pass read exactly as DRF's item-by-item check: same values, same refusals."""

import pytest
from rest_framework import serializers

from core.fields import StrictCharField, StrictIntegerField, count_list, text_list

ITEM_BY_ITEM = {
    "moves": serializers.ListField(child=StrictCharField(max_length=12, trim_whitespace=False), max_length=5),
    "times": serializers.ListField(child=StrictIntegerField(min_value=0, max_value=99), max_length=5),
}
ONE_PASS = {"moves": text_list(12, max_length=5), "times": count_list(0, 99, max_length=5)}

CASES = [
    ("moves", ["3a", "a3", "26v4", " 1", "\t"]),
    ("moves", []),
    ("moves", ["3a", ""]),
    ("moves", ["3a", "x" * 13]),
    ("moves", ["3a", "a\x00"]),
    ("moves", ["3a", "\ud800"]),
    ("moves", ["3a", "é"]),
    ("moves", ["3a", 3]),
    ("moves", ["3a", None]),
    ("moves", ["1", "2", "3", "4", "5", "6"]),
    ("moves", "3a"),
    ("moves", {"0": "3a"}),
    ("times", [0, 1, 99]),
    ("times", [0, 100]),
    ("times", [0, -1]),
    ("times", [0, True]),
    ("times", [0, 1.0]),
    ("times", [0, "1"]),
]


def outcome(field, data):
    try:
        return "ok", field.run_validation(data)
    except serializers.ValidationError as error:
        return "refused", error.detail


@pytest.mark.parametrize(("kind", "data"), CASES)
def test_a_list_checked_in_one_pass_reads_as_checked_item_by_item(kind, data):
    assert outcome(ONE_PASS[kind], data) == outcome(ITEM_BY_ITEM[kind], data)


def test_plainly_valid_lists_skip_the_item_fields(monkeypatch):
    def no_item_check(self, data):
        raise AssertionError("an item went through its field")

    monkeypatch.setattr(StrictCharField, "run_validation", no_item_check)
    monkeypatch.setattr(StrictIntegerField, "run_validation", no_item_check)
    assert ONE_PASS["moves"].run_validation(["3a", "h1"]) == ["3a", "h1"]
    assert ONE_PASS["times"].run_validation([5, 7]) == [5, 7]
