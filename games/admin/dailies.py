"""The daily schedule: by variant and deal number, through the schedule services; a calendar per
variant and a fill of a range of dates from the reserve."""

from auditlog.mixins import AuditlogHistoryAdminMixin
from django import forms
from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse

import engine
from core.errors import DomainError
from games.admin.calendar import calendar_context
from games.admin.confirm import confirmed_action, each_row, staff_act
from games.admin.fill import fill_view
from games.admin.readonly import ReadOnlyAdmin
from games.admin.search import exact_number_search
from games.catalogue import daily_variants_ever
from games.clock import today_utc
from games.models import Daily, Deal, ScheduleRequest, SolverStatus
from games.services.deals import deal_lookup
from games.services.schedule import schedule_change, schedule_check, schedule_remove
from games.services.schedule_requests import schedule_number, schedule_number_check


def daily_variant_choices() -> list[tuple[str, str]]:
    """Every variant with dailies on some day: one switched off keeps its dailies in the calendar,
    and their edit pages name it (the services refuse a new daily on a day it is off)."""
    return [(v, engine.get_ruleset(v).title) for v in daily_variants_ever()]


class DailyForm(forms.ModelForm):
    """Variant, date and deal number; the reason goes to the audit log."""

    variant = forms.ChoiceField(choices=daily_variant_choices)
    number = forms.IntegerField(min_value=1, help_text="The deal number (not a database id).")
    reason = forms.CharField(max_length=300, required=False)

    class Meta:
        model = Daily
        fields = ["variant", "date"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields["number"].initial = self.instance.deal.number
            self.fields["variant"].disabled = True

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        moved = self.instance.pk is not None and data["date"] != self.instance.date
        if moved and data["date"] <= today_utc():
            raise forms.ValidationError("A daily moves only onto a date that has not begun.")
        try:
            if self.instance.pk is None:
                schedule_number_check(variant=data["variant"], date=data["date"], number=data["number"])
            elif data["number"] != self.instance.deal.number:
                deal = deal_lookup(variant=self.instance.variant, number=data["number"])
                if deal.status == SolverStatus.UNKNOWN and not deal.voided:
                    # Checked as if proven: saving sends it to the worker (schedule_change).
                    deal = Deal(pk=deal.pk, variant=deal.variant, number=deal.number,
                                status=SolverStatus.WINNABLE)
                schedule_check(
                    variant=self.instance.variant, date=data["date"], deal=deal, moving=self.instance
                )
        except DomainError as exc:
            raise forms.ValidationError(exc.message) from exc
        return data


@admin.register(Daily)
class DailyAdmin(AuditlogHistoryAdminMixin, admin.ModelAdmin):
    show_auditlog_history_link = True
    form = DailyForm
    list_display = ["date", "variant", "number", "deal_status", "deal_par", "difficulty", "source"]
    # "source": reserve (beat or a fill), staff's number, or the play pool of old (Daily.Source).
    list_filter = ["variant", "source"]
    list_select_related = ["deal"]
    date_hierarchy = "date"
    search_fields = ["deal__number"]
    search_help_text = "An exact deal number."
    actions = ["unschedule"]
    change_list_template = "admin/games/daily/change_list.html"

    @admin.display(description="number", ordering="deal__number")
    def number(self, obj):
        return obj.deal.number

    @admin.display(description="status")
    def deal_status(self, obj):
        return obj.deal.status

    @admin.display(description="par")
    def deal_par(self, obj):
        return obj.deal.par

    @admin.display(description="difficulty")
    def difficulty(self, obj):
        return obj.deal.difficulty or "-"

    def get_search_results(self, request, queryset, search_term):
        return exact_number_search(queryset, search_term, field="deal__number")

    def has_change_permission(self, request, obj=None):
        # A daily whose date has begun is played: it never changes.
        return super().has_change_permission(request, obj) and (obj is None or obj.date > today_utc())

    def has_delete_permission(self, request, obj=None):
        return False  # unscheduling is the "Unschedule" action, through the schedule service

    def save_model(self, request, obj, form, change):
        act = staff_act(request, form.cleaned_data.get("reason", ""))
        data = form.cleaned_data
        try:
            if not change:
                made = schedule_number(
                    variant=data["variant"], date=data["date"], number=data["number"], act=act
                )
                obj._schedule_request = made if isinstance(made, ScheduleRequest) else None
                obj.pk = made.pk if isinstance(made, Daily) else None
                return
            daily = Daily.objects.select_related("deal").get(pk=obj.pk)
            schedule_change(daily=daily, date=data["date"], number=data["number"], act=act)
        except DomainError as exc:
            obj._schedule_error = exc.message

    def log_addition(self, request, obj, message):
        if obj.pk is not None:
            super().log_addition(request, obj, message)

    def log_change(self, request, obj, message):
        if not getattr(obj, "_schedule_error", None):
            super().log_change(request, obj, message)

    def _refused(self, request, obj):
        error = getattr(obj, "_schedule_error", None)
        if error:
            messages.error(request, f"Not scheduled: {error}")
            return HttpResponseRedirect(request.get_full_path())
        return None

    def response_add(self, request, obj, post_url_continue=None):
        refused = self._refused(request, obj)
        if refused:
            return refused
        pending = getattr(obj, "_schedule_request", None)
        if pending is not None:
            messages.info(
                request,
                f"Deal #{pending.deal.number} is not proven yet: it was sent to the worker, "
                f"and is scheduled on {pending.date} once proven winnable (see Schedule requests).",
            )
            return HttpResponseRedirect(reverse("admin:games_schedulerequest_changelist"))
        return super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        return self._refused(request, obj) or super().response_change(request, obj)

    @admin.action(description="Unschedule (future dailies only)")
    @confirmed_action(
        title="Unschedule these dailies",
        reason_required=True,
        warnings=["Their deals go back to the reserve; beat draws new deals for those dates."],
    )
    def unschedule(self, request, queryset, act):
        def remove(daily):
            schedule_remove(variant=daily.variant, date=daily.date, act=act)

        each_row(request, queryset, remove)

    def get_urls(self):
        own = [
            path("calendar/", self.admin_site.admin_view(self.calendar_view), name="games_daily_calendar"),
            path("fill/", self.admin_site.admin_view(self.fill_view), name="games_daily_fill"),
        ]
        return own + super().get_urls()

    def calendar_view(self, request):
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": "Daily calendar",
            **calendar_context(request.GET.get("variant"), request.GET.get("month")),
        }
        return TemplateResponse(request, "admin/games/daily/calendar.html", context)

    def fill_view(self, request):
        return fill_view(self, request)


@admin.register(ScheduleRequest)
class ScheduleRequestAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "variant", "date", "number", "status", "outcome", "requested_by", "via"]
    list_filter = ["status", "variant"]
    list_select_related = ["deal", "requested_by"]

    @admin.display(description="number")
    def number(self, obj):
        return obj.deal.number
