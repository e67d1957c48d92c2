"""Which variants are played as dailies, day by day: the catalogue's default until staff switch one
on or off from a date.

A switch is a new row, made through ``games.services.daily_variants`` (audited, cache refreshed)
after a confirmation page that lists what changes; rows are never edited or deleted by hand
(switching back is another switch), and a variant nobody switched has no row here and follows
the catalogue's ``daily_default``.
"""

import datetime as dt

from auditlog.mixins import AuditlogHistoryAdminMixin
from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse

from core.errors import DomainError
from games.admin.confirm import staff_act
from games.catalogue import daily_variants, daily_variants_ever, site_rulesets, variant_choices
from games.clock import today_utc
from games.models import DailyVariant
from games.services.daily_variants import daily_switch_plan, daily_variant_set


def _tomorrow() -> dt.date:
    return today_utc() + dt.timedelta(days=1)


class DailySwitchForm(forms.Form):
    variant = forms.ChoiceField(choices=variant_choices)
    state = forms.ChoiceField(choices=[("on", "On: played as a daily"), ("off", "Off: no new dailies")],
                              widget=forms.RadioSelect)
    effective_from = forms.DateField(
        initial=_tomorrow, label="From",
        help_text="The first UTC day it holds (YYYY-MM-DD): today or later, tomorrow by default. "
                  "Days before it keep their dailies, boards and archive as they are.",
    )
    reason = forms.CharField(
        max_length=300, help_text="Kept with the switch in the audit log.",
        widget=forms.TextInput(attrs={"size": 70, "autocomplete": "off"}),
    )

    def clean_reason(self):
        reason = self.cleaned_data["reason"].strip()
        if not reason:
            raise forms.ValidationError("A daily switch needs a reason.")
        return reason

    def clean_effective_from(self):
        day = self.cleaned_data["effective_from"]
        if day < today_utc():
            raise forms.ValidationError(f"A switch takes effect today ({today_utc()}) or later.")
        return day


@admin.register(DailyVariant)
class DailyVariantAdmin(AuditlogHistoryAdminMixin, admin.ModelAdmin):
    show_auditlog_history_link = True
    list_display = ["variant", "enabled", "effective_from", "reason", "catalogue_default", "updated_at"]
    list_filter = ["variant"]

    @admin.display(description="catalogue's default", boolean=True)
    def catalogue_default(self, obj):
        return next((r.daily_default for r in site_rulesets() if r.variant == obj.variant), None)

    def has_change_permission(self, request, obj=None):
        return False  # a switch is history: switch again instead

    def has_delete_permission(self, request, obj=None):
        return False  # the audit log keeps every switch

    def changelist_view(self, request, extra_context=None):
        defaults = ", ".join(r.variant for r in site_rulesets() if r.daily_default) or "none"
        tomorrow = _tomorrow()
        messages.info(
            request,
            f"Dailies today: {', '.join(daily_variants()) or 'none'}; from tomorrow ({tomorrow}): "
            f"{', '.join(daily_variants(on=tomorrow)) or 'none'}. Variants without a switch follow "
            f"the catalogue (daily by default: {defaults}).",
        )
        return super().changelist_view(request, extra_context)

    def add_view(self, request, form_url="", extra_context=None):
        """Ask for the switch, show what it changes, and make it once staff confirm."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = DailySwitchForm(request.POST if request.method == "POST" else None,
                               initial={k: request.GET[k] for k in ("variant", "state") if k in request.GET})
        if form.is_bound and form.is_valid():
            try:
                return self._switch_or_confirm(request, form.cleaned_data)
            except DomainError as exc:
                form.add_error(None, exc.message)
        return self._page(request, form, "Switch a daily on or off")

    def _switch_or_confirm(self, request, data):
        asked = {"variant": data["variant"], "enabled": data["state"] == "on",
                 "effective_from": data["effective_from"]}
        if "confirm" not in request.POST:
            plan = daily_switch_plan(**asked)
            return self._page(request, DailySwitchForm(initial=data), "Confirm the daily switch", plan=plan)
        row = daily_variant_set(**asked, act=staff_act(request, data["reason"]))
        state = "on" if asked["enabled"] else "off"
        if row is None:
            messages.info(request, f"The {data['variant']} daily is already {state} from "
                                   f"{data['effective_from']}: nothing changed.")
        else:
            messages.success(request, f"The {data['variant']} daily is switched {state} from "
                                      f"{row.effective_from}.")
        return HttpResponseRedirect(reverse("admin:games_dailyvariant_changelist"))

    def _page(self, request, form, title, plan=None):
        context = {
            **self.admin_site.each_context(request),
            "title": title, "opts": self.model._meta, "form": form, "plan": plan,
            "daily_variants_ever": daily_variants_ever(),
        }
        return TemplateResponse(request, "admin/games/dailyvariant/switch.html", context)
