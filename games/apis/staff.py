"""Staff-only scheduling of dailies (the Django admin offers the same and more)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAdminUser
from rest_framework.response import Response
from rest_framework.views import APIView

from games.apis.dailies import parse_date
from games.apis.fields import CONFLICT, DAILY_VARIANT_PATH, DATE_PATH, ERRORS, StrictIntegerField
from games.models import DAILY_VARIANTS, Daily
from games.selectors import schedule_upcoming
from games.services.dailies import schedule_add, schedule_remove
from games.services.deals import deal_lookup


class ScheduleRowOut(serializers.Serializer):
    date = serializers.DateField()
    variant = serializers.CharField()
    number = serializers.IntegerField()
    par = serializers.IntegerField(allow_null=True)
    source = serializers.CharField()


def schedule_row(daily: Daily) -> dict:
    return ScheduleRowOut(
        {"date": daily.date, "variant": daily.variant, "number": daily.deal.number,
         "par": daily.deal.par, "source": daily.source}
    ).data


class ScheduleApi(APIView):
    permission_classes = [IsAdminUser]

    class ScheduleAddIn(serializers.Serializer):
        variant = serializers.ChoiceField(choices=list(DAILY_VARIANTS))
        date = serializers.DateField()
        number = StrictIntegerField(min_value=1)

    class ScheduleListOut(serializers.Serializer):
        schedule = ScheduleRowOut(many=True)

    @extend_schema(responses={200: ScheduleListOut, **ERRORS}, summary="Dailies from today on")
    def get(self, request):
        variant = request.query_params.get("variant")
        dailies = schedule_upcoming(variant=variant if variant in DAILY_VARIANTS else None)
        return Response({"schedule": [schedule_row(d) for d in dailies]})

    @extend_schema(request=ScheduleAddIn, responses={201: ScheduleRowOut, **CONFLICT, **ERRORS},
                   summary="Schedule a proven-winnable deal on a future date")
    def post(self, request):
        data = self.ScheduleAddIn(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        # Looked up, not created: a refused schedule (an unproven deal) must leave no row behind.
        deal = deal_lookup(variant=values["variant"], number=values["number"])
        daily = schedule_add(variant=values["variant"], date=values["date"], deal=deal)
        return Response(schedule_row(daily), status=status.HTTP_201_CREATED)


class ScheduleDetailApi(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(responses={204: None, **ERRORS}, parameters=[DAILY_VARIANT_PATH, DATE_PATH],
                   summary="Unschedule a future daily")
    def delete(self, request, variant: str, date: str):
        schedule_remove(variant=variant, date=parse_date(date))
        return Response(status=status.HTTP_204_NO_CONTENT)
