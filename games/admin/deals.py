"""Deals: added by variant and number (the worker solves them), featured, voided."""

from auditlog.mixins import AuditlogHistoryAdminMixin
from django import forms
from django.contrib import admin, messages

from core.errors import DomainError
from games.admin.confirm import confirmed_action, staff_act
from games.admin.search import exact_number_search
from games.catalogue import variant_choices
from games.models import Deal
from games.services.curation import (
    deal_add,
    deal_note_set,
    deals_feature,
    deals_solve_again,
    deals_unfeature,
    deals_unvoid,
    deals_void_staff,
    feature_warnings,
)
from games.services.deals import deal_number_check


class DealAddForm(forms.ModelForm):
    variant = forms.ChoiceField(choices=variant_choices)

    class Meta:
        model = Deal
        fields = ["variant", "number", "note"]

    def clean(self):
        data = super().clean()
        if data.get("variant") and data.get("number"):
            try:
                deal_number_check(variant=data["variant"], number=data["number"])
            except DomainError as exc:
                raise forms.ValidationError(exc.message) from exc
        return data


class DealNoteForm(forms.ModelForm):
    class Meta:
        model = Deal
        fields = ["note"]


@admin.register(Deal)
class DealAdmin(AuditlogHistoryAdminMixin, admin.ModelAdmin):
    show_auditlog_history_link = True
    list_display = [
        "variant",
        "number",
        "status",
        "par",
        "difficulty",
        "iterations",
        "presets",
        "in_pool",
        "daily_reserve",
        "featured",
        "voided",
    ]
    list_filter = ["variant", "status", "difficulty", "in_pool", "daily_reserve", "featured", "voided"]
    search_fields = ["number"]
    search_help_text = "An exact deal number."
    readonly_fields = [
        "variant",
        "number",
        "status",
        "scope",
        "par",
        "par_method",
        "par_refined_at",
        "difficulty",
        "iterations",
        "presets_solved",
        "presets_tried",
        "solution",
        "solved_at",
        "in_pool",
        "daily_reserve",
        "featured",
        "voided",
        "created_at",
    ]
    actions = ["solve", "feature", "unfeature", "void", "unvoid"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        kwargs["form"] = DealNoteForm if obj is not None else DealAddForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request, obj=None):
        # A deal's identity is its variant and number: games, results and verdicts hang on it.
        return self.readonly_fields if obj is not None else []

    def get_fields(self, request, obj=None):
        return ["variant", "number", "note"] if obj is None else ["note", *self.readonly_fields]

    def get_search_results(self, request, queryset, search_term):
        return exact_number_search(queryset, search_term)

    def has_delete_permission(self, request, obj=None):
        return False  # games and results hang on deals: void one instead

    @admin.display(description="presets")
    def presets(self, obj):
        return f"{obj.presets_solved}/{obj.presets_tried}" if obj.presets_tried else "-"

    def save_model(self, request, obj, form, change):
        act = staff_act(request)
        if change:
            deal_note_set(deal=obj, note=form.cleaned_data["note"], act=act)
            return
        deal = deal_add(variant=obj.variant, number=obj.number, note=obj.note, act=act)
        obj.pk = deal.pk
        messages.info(request, f"{deal} was sent to the worker to be solved.")

    @admin.action(description="Solve again (worker)")
    @confirmed_action(title="Solve these deals again")
    def solve(self, request, queryset, act):
        count = deals_solve_again(deals=queryset, act=act)
        messages.info(request, f"{count} deal(s) sent to the worker.")

    @admin.action(description="Feature on the home page")
    @confirmed_action(
        title="Feature these deals",
        warnings=lambda deals: [w for deal in deals for w in feature_warnings(deal)],
    )
    def feature(self, request, queryset, act):
        for warning in deals_feature(deals=queryset, act=act):
            messages.warning(request, warning)
        messages.info(request, "Featured.")

    @admin.action(description="Un-feature")
    @confirmed_action(title="Un-feature these deals")
    def unfeature(self, request, queryset, act):
        count = deals_unfeature(deals=queryset, act=act)
        messages.info(request, f"{count} deal(s) no longer featured.")

    @admin.action(description="Void (withdraw from pools and from future dailies)")
    @confirmed_action(
        title="Void these deals",
        reason_required=True,
        warnings=[
            "Voided deals leave the pools and every future daily; beat refills "
            "those dates from the reserve."
        ],
    )
    def void(self, request, queryset, act):
        dropped = deals_void_staff(deals=queryset, act=act)
        messages.info(request, f"{dropped} future daily(ies) dropped; beat picks new deals for them.")

    @admin.action(description="Un-void")
    @confirmed_action(title="Un-void these deals")
    def unvoid(self, request, queryset, act):
        count = deals_unvoid(deals=queryset, act=act)
        messages.info(request, f"{count} deal(s) un-voided.")
