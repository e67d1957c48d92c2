"""Deals by variant and number, random deals and random proven-winnable deals."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from core.errors import DomainError
from games.apis.fields import ERRORS, VARIANT_PATH, PositionOut, deal_links
from games.apis.stored import NOT_MODIFIED, StoredReadApi, stored_response
from games.models import Deal
from games.referee import start_position
from games.selectors import deals_featured
from games.selectors.stored import stored_of
from games.services.deals import deal_random, deal_reveal, deal_winnable_random


class DealSummaryOut(serializers.Serializer):
    variant = serializers.CharField()
    number = serializers.IntegerField()
    status = serializers.CharField()
    par = serializers.IntegerField(allow_null=True)
    play_url = serializers.CharField()
    share_url = serializers.CharField()


def deal_summary(deal: Deal) -> dict:
    return {"variant": deal.variant, "number": deal.number, "status": deal.status, "par": deal.par,
            **deal_links(deal)}


class DealOut(DealSummaryOut):
    position = PositionOut()
    scope = serializers.CharField()


def deal_out(deal: Deal) -> dict:
    position = start_position(deal.variant, deal.number)
    return DealOut(
        {**deal_summary(deal), "position": engine.player_view(position), "scope": deal.scope}
    ).data


class DealDetailApi(StoredReadApi):
    """The play page's deal: one query, an ETag, 304 when the page already has it."""

    permission_classes = [AllowAny]

    def stored_answer(self, *, variant: str, number: int):
        try:
            return stored_of(deal_out(deal_reveal(variant=variant, number=number)))
        except DomainError:
            return None  # the long way answers the error

    @extend_schema(responses={200: DealOut, **NOT_MODIFIED, **ERRORS}, parameters=[VARIANT_PATH],
                   summary="A deal by variant and number")
    def get(self, request, variant: str, number: int):
        return stored_response(request, stored_of(deal_out(deal_reveal(variant=variant, number=number))))


class DealRandomApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: DealOut, **ERRORS}, parameters=[VARIANT_PATH], summary="A random deal")
    def get(self, request, variant: str):
        return Response(deal_out(deal_random(variant=variant)))


class DealWinnableApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: DealOut, **ERRORS}, parameters=[VARIANT_PATH],
                   summary="A random proven-winnable deal from the pool")
    def get(self, request, variant: str):
        return Response(deal_out(deal_winnable_random(variant=variant)))


class DealFeaturedApi(APIView):
    permission_classes = [AllowAny]

    class FeaturedListOut(serializers.Serializer):
        deals = DealSummaryOut(many=True)

    @extend_schema(responses={200: FeaturedListOut}, summary="Deals featured by staff")
    def get(self, request):
        deals = [deal_summary(deal) for deal in deals_featured()]
        return Response({"deals": DealSummaryOut(deals, many=True).data})
