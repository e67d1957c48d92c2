"""Staff-only curation through the API: the same services as the admin, audited as "api"."""

import datetime as dt
import re

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import StaffWithSecondFactor
from core.errors import NotFound
from games.apis.dailies import parse_date
from games.apis.fields import (
    CONFLICT,
    DAILY_VARIANT_PATH,
    DATE_PATH,
    ERRORS,
    StrictCharField,
    StrictIntegerField,
    daily_variant_field,
)
from games.catalogue import daily_variants_ever
from games.difficulty import LEVELS
from games.models import Daily, ScheduleRequest
from games.selectors import player_by_username, schedule_upcoming
from games.services.audit import StaffAct
from games.services.dailies import daily_variant_check
from games.services.difficulty_plans import WEEKDAYS, difficulty_plan_get, difficulty_plan_set
from games.services.fill_jobs import fill_job_start
from games.services.players import player_suspend, player_suspension_lift
from games.services.schedule import schedule_change, schedule_remove
from games.services.schedule_requests import schedule_number


class StrictDateField(serializers.DateField):
    """A date written YYYY-MM-DD and nothing else (no ISO week dates, no numbers)."""

    def to_internal_value(self, value):
        if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            self.fail("invalid", format="YYYY-MM-DD")
        return super().to_internal_value(value)


def api_act(request, reason: str = "") -> StaffAct:
    return StaffAct(actor=request.user, reason=reason, via="api")


def reason_field():
    return StrictCharField(required=False, allow_blank=True, max_length=300, default="",
                           help_text="Why: kept in the audit log.")


class ScheduleRowOut(serializers.Serializer):
    date = serializers.DateField()
    variant = serializers.CharField()
    number = serializers.IntegerField()
    par = serializers.IntegerField(allow_null=True)
    difficulty = serializers.CharField(help_text='"easy", "medium", "hard" or "" (not estimated).')
    source = serializers.CharField()


def schedule_row(daily: Daily) -> dict:
    deal = daily.deal
    return ScheduleRowOut({"date": daily.date, "variant": daily.variant, "number": deal.number,
                           "par": deal.par, "difficulty": deal.difficulty, "source": daily.source}).data


class ScheduleRequestOut(serializers.Serializer):
    id = serializers.IntegerField()
    date = serializers.DateField()
    variant = serializers.CharField()
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=ScheduleRequest.Status.values)
    outcome = serializers.CharField(help_text="Why it was refused, once the worker has settled it.")


def request_row(request: ScheduleRequest) -> dict:
    return ScheduleRequestOut({"id": request.pk, "date": request.date, "variant": request.variant,
                               "number": request.deal.number, "status": request.status,
                               "outcome": request.outcome}).data


class ScheduleApi(APIView):
    permission_classes = [StaffWithSecondFactor]

    class ScheduleAddIn(serializers.Serializer):
        variant = daily_variant_field()
        date = StrictDateField()
        number = StrictIntegerField(min_value=1)
        reason = reason_field()

    class ScheduleListOut(serializers.Serializer):
        schedule = ScheduleRowOut(many=True)
        requests = ScheduleRequestOut(many=True, help_text="The latest requests waiting for or settled by "
                                                           "the worker.")

    class SolvingOut(serializers.Serializer):
        request = ScheduleRequestOut()

    @extend_schema(responses={200: ScheduleListOut, **ERRORS}, summary="Dailies from today on")
    def get(self, request):
        variant = request.query_params.get("variant")
        variant = variant if variant in daily_variants_ever() else None
        dailies = schedule_upcoming(variant=variant)
        requests = ScheduleRequest.objects.select_related("deal")
        if variant:
            requests = requests.filter(variant=variant)
        return Response({"schedule": [schedule_row(d) for d in dailies],
                         "requests": [request_row(r) for r in requests[:50]]})

    @extend_schema(
        request=ScheduleAddIn,
        responses={201: ScheduleRowOut,
                   202: OpenApiResponse(SolvingOut, description="Not proven yet: the worker solves it and "
                                                                "schedules it once proven winnable"),
                   **CONFLICT, **ERRORS},
        summary="Schedule a deal by number on a future date",
    )
    def post(self, request):
        data = self.ScheduleAddIn(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        made = schedule_number(variant=values["variant"], date=values["date"], number=values["number"],
                               act=api_act(request, values["reason"]))
        if isinstance(made, ScheduleRequest):
            return Response({"request": request_row(made)}, status=status.HTTP_202_ACCEPTED)
        return Response(schedule_row(made), status=status.HTTP_201_CREATED)


class ScheduleRequestApi(APIView):
    permission_classes = [StaffWithSecondFactor]

    @extend_schema(responses={200: ScheduleRequestOut, **ERRORS}, summary="A scheduling request")
    def get(self, request, request_id: int):
        found = ScheduleRequest.objects.select_related("deal").filter(pk=request_id).first()
        if found is None:
            raise NotFound("No such scheduling request.")
        return Response(request_row(found))


class ScheduleDetailApi(APIView):
    permission_classes = [StaffWithSecondFactor]

    class ScheduleChangeIn(serializers.Serializer):
        date = StrictDateField(required=False, help_text="Move the daily to this future date.")
        number = StrictIntegerField(min_value=1, required=False, help_text="Give it this proven deal.")
        reason = reason_field()

    def _daily(self, variant: str, date: str) -> Daily:
        daily_variant_check(variant)
        daily = Daily.objects.select_related("deal").filter(variant=variant, date=parse_date(date)).first()
        if daily is None:
            raise NotFound(f"No {variant} daily is scheduled on {date}.")
        return daily

    @extend_schema(request=ScheduleChangeIn, responses={200: ScheduleRowOut, **CONFLICT, **ERRORS},
                   parameters=[DAILY_VARIANT_PATH, DATE_PATH],
                   summary="Move a future daily or change its deal")
    def patch(self, request, variant: str, date: str):
        data = self.ScheduleChangeIn(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        daily = schedule_change(daily=self._daily(variant, date), date=values.get("date"),
                                number=values.get("number"), act=api_act(request, values["reason"]))
        return Response(schedule_row(daily))

    @extend_schema(responses={204: None, **ERRORS}, parameters=[DAILY_VARIANT_PATH, DATE_PATH],
                   summary="Unschedule a future daily (its deal goes back to the reserve)")
    def delete(self, request, variant: str, date: str):
        reason = request.query_params.get("reason", "")[:300]
        schedule_remove(variant=variant, date=parse_date(date), act=api_act(request, reason))
        return Response(status=status.HTTP_204_NO_CONTENT)


class FillJobOut(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField(help_text="running, done or stopped")
    days_wanted = serializers.IntegerField()
    filled = serializers.IntegerField()
    waiting = serializers.IntegerField(help_text="Dates still waiting for a proven deal.")
    failed = serializers.IntegerField()


class ScheduleFillApi(APIView):
    permission_classes = [StaffWithSecondFactor]

    class FillIn(serializers.Serializer):
        variant = daily_variant_field()
        first = StrictDateField()
        last = StrictDateField()
        reason = reason_field()

    class FillOut(serializers.Serializer):
        scheduled = ScheduleRowOut(many=True)
        empty = serializers.ListField(child=serializers.DateField(),
                                      help_text="Still without a daily: the worker proves deals for them.")
        fill_job = FillJobOut(help_text="The fill job: its progress, as the admin's Fill jobs list shows it.")

    @extend_schema(request=FillIn, responses={200: FillOut, **ERRORS},
                   summary="Give every empty date of a range a deal: the reserve's now, then the worker's")
    def post(self, request):
        data = self.FillIn(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        job = fill_job_start(variant=values["variant"], first=values["first"], last=values["last"],
                             act=api_act(request, values["reason"]))
        dailies = Daily.objects.filter(variant=job.variant, date__range=(job.first, job.last))
        made = dailies.filter(created_at__gte=job.created_at).select_related("deal").order_by("date")
        taken = set(dailies.values_list("date", flat=True))
        days = (job.first + dt.timedelta(days=n) for n in range((job.last - job.first).days + 1))
        return Response(self.FillOut({"scheduled": [schedule_row(d) for d in made],
                                      "empty": [day for day in days if day not in taken],
                                      "fill_job": job}).data)


class PlayerSuspensionApi(APIView):
    permission_classes = [StaffWithSecondFactor]

    class SuspendIn(serializers.Serializer):
        reason = StrictCharField(max_length=300, help_text="Why: required, kept with the suspension.")

    @extend_schema(request=SuspendIn, responses={201: None, **CONFLICT, **ERRORS},
                   summary="Suspend a player: their results leave every board")
    def post(self, request, username: str):
        data = self.SuspendIn(data=request.data)
        data.is_valid(raise_exception=True)
        player = player_by_username(username=username, active_only=False)
        player_suspend(player=player, act=api_act(request, data.validated_data["reason"]))
        return Response(status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None, **ERRORS}, summary="Lift a suspension: the results come back")
    def delete(self, request, username: str):
        reason = request.query_params.get("reason", "")[:300]
        player = player_by_username(username=username, active_only=False)
        player_suspension_lift(player=player, act=api_act(request, reason))
        return Response(status=status.HTTP_204_NO_CONTENT)


BAND_CHOICES = list(LEVELS)  # and "" (any), which allow_blank admits


class DifficultyDaysSerializer(serializers.Serializer):
    """The band of each weekday: "easy", "medium", "hard" or "" (any)."""

    monday = serializers.ChoiceField(choices=BAND_CHOICES, allow_blank=True, required=False)
    tuesday = serializers.ChoiceField(choices=BAND_CHOICES, allow_blank=True, required=False)
    wednesday = serializers.ChoiceField(choices=BAND_CHOICES, allow_blank=True, required=False)
    thursday = serializers.ChoiceField(choices=BAND_CHOICES, allow_blank=True, required=False)
    friday = serializers.ChoiceField(choices=BAND_CHOICES, allow_blank=True, required=False)
    saturday = serializers.ChoiceField(choices=BAND_CHOICES, allow_blank=True, required=False)
    sunday = serializers.ChoiceField(choices=BAND_CHOICES, allow_blank=True, required=False)


class DifficultyPlanOut(serializers.Serializer):
    variant = serializers.CharField()
    days = DifficultyDaysSerializer()


def plan_row(variant: str) -> dict:
    days = dict(zip(WEEKDAYS, difficulty_plan_get(variant=variant), strict=True))
    return DifficultyPlanOut({"variant": variant, "days": days}).data


class DifficultyPlanApi(APIView):
    """The plan by difficulty a fill follows: the band of each weekday of a variant's calendar."""

    permission_classes = [StaffWithSecondFactor]

    class PlanIn(serializers.Serializer):
        days = DifficultyDaysSerializer(help_text="The weekdays to change; the others keep their band.")
        reason = reason_field()

    @extend_schema(responses={200: DifficultyPlanOut, **ERRORS}, parameters=[DAILY_VARIANT_PATH],
                   summary="A daily variant's plan by difficulty")
    def get(self, request, variant: str):
        daily_variant_check(variant)
        return Response(plan_row(variant))

    @extend_schema(request=PlanIn, responses={200: DifficultyPlanOut, **ERRORS},
                   parameters=[DAILY_VARIANT_PATH],
                   summary="Set the band of some weekdays (fills honour it from now on)")
    def put(self, request, variant: str):
        daily_variant_check(variant)
        data = self.PlanIn(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        act = api_act(request, values["reason"])
        difficulty_plan_set(variant=variant, days=dict(values["days"]), act=act)
        return Response(plan_row(variant))
