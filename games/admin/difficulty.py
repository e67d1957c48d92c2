"""Difficulty in the admin: the curator's plan by weekday (which band a fill gives each day of a
variant's calendar) and each variant's calibration (read-only: the worker computes it)."""

from auditlog.mixins import AuditlogHistoryAdminMixin
from django import forms
from django.contrib import admin, messages

import engine
from games.admin.confirm import staff_act
from games.admin.readonly import ReadOnlyAdmin
from games.catalogue import daily_variants_ever
from games.difficulty import Calibration
from games.models import DifficultyCalibration, DifficultyPlan
from games.services.difficulty_plans import WEEKDAYS, difficulty_plan_set


def _daily_variant_choices() -> list[tuple[str, str]]:
    return [(v, engine.get_ruleset(v).title) for v in daily_variants_ever()]


class DifficultyPlanForm(forms.ModelForm):
    variant = forms.ChoiceField(choices=_daily_variant_choices)
    reason = forms.CharField(max_length=300, help_text="Kept with the change in the audit log.",
                             widget=forms.TextInput(attrs={"size": 70, "autocomplete": "off"}))

    class Meta:
        model = DifficultyPlan
        fields = ["variant", *WEEKDAYS]
        help_texts = {day: "" for day in WEEKDAYS}

    def clean_reason(self):
        reason = self.cleaned_data["reason"].strip()
        if not reason:
            raise forms.ValidationError("A change of plan needs a reason.")
        return reason


@admin.register(DifficultyPlan)
class DifficultyPlanAdmin(AuditlogHistoryAdminMixin, admin.ModelAdmin):
    """One row per daily variant: the band of each weekday (empty: any). Saved through
    ``difficulty_plan_set`` (audited as ``difficulty_plan`` with the reason)."""

    show_auditlog_history_link = True
    form = DifficultyPlanForm
    list_display = ["variant", *WEEKDAYS, "updated_at"]

    def get_readonly_fields(self, request, obj=None):
        return ["variant"] if obj else []

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is not None:  # the variant of a plan stays; only its days change
            kwargs["fields"] = [*WEEKDAYS, "reason"]
        return super().get_form(request, obj, change, **kwargs)

    def has_delete_permission(self, request, obj=None):
        return False  # a plan is set back to "any" day by day, with a reason

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        plan = difficulty_plan_set(variant=obj.variant, days={day: data[day] for day in WEEKDAYS},
                                   act=staff_act(request, data["reason"]))
        obj.pk = plan.pk
        messages.info(request, "Fills give each weekday its band from now on; dailies already "
                               "scheduled keep their deals.")


@admin.register(DifficultyCalibration)
class DifficultyCalibrationAdmin(ReadOnlyAdmin):
    """What each variant's bands were computed from (``manage.py difficulty_calibrate`` prints it too)."""

    list_display = ["variant", "deals", "par_cuts", "bands", "people", "computed_at"]
    exclude = ["figures"]
    readonly_fields = ["variant", "deals", "par_cuts", "bands", "people", "computed_at"]

    @admin.display(description="par of the band cuts (solver's prior)")
    def par_cuts(self, obj):
        calibration = Calibration.from_dict(obj.figures)
        low, high = (calibration.solver_key_at(cut) for cut in calibration.cuts)
        return f"easy below {low:g}, hard from {high:g}"

    @admin.display(description="deals per band")
    def bands(self, obj):
        counts = obj.figures.get("bands", {})
        return ", ".join(f"{level} {counts.get(level, 0)}" for level in ("easy", "medium", "hard"))

    @admin.display(description="deals with enough players")
    def people(self, obj):
        return obj.figures.get("people_deals", 0)
