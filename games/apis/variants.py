"""The variant catalogue as the API lists it: every variant the site offers,
with its rules in the engine's field names (``engine.rules.Ruleset``)."""

import typing
from dataclasses import fields

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.rules import Ruleset
from games.catalogue import catalogue_json

_FIELD_TYPES = {
    bool: serializers.BooleanField,
    int: serializers.IntegerField,
    str: serializers.CharField,
}


def _ruleset_field(kind) -> serializers.Field:
    if typing.get_origin(kind) is frozenset:
        return serializers.ListField(child=serializers.CharField())
    return _FIELD_TYPES.get(kind, serializers.JSONField)()


# One output field per Ruleset field, so the schema follows the dataclass.
RulesetOut = type("RulesetOut", (serializers.Serializer,), {
    field.name: _ruleset_field(typing.get_type_hints(Ruleset)[field.name]) for field in fields(Ruleset)
})


class VariantListOut(serializers.Serializer):
    rulesets = RulesetOut(many=True)
    daily_variants = serializers.ListField(child=serializers.CharField())


class VariantListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: VariantListOut}, summary="The variants the site offers, with their rules")
    def get(self, request):
        return Response(VariantListOut(catalogue_json()).data)
