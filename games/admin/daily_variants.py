"""Which variants are played as dailies: the catalogue's default until staff switch one on or off.

A switch is saved through ``games.services.daily_variants`` (audited, cache refreshed);
its row is never deleted (switching back is another switch), and a variant nobody
switched has no row here and follows the catalogue's ``daily_default``.
"""

from auditlog.mixins import AuditlogHistoryAdminMixin
from django import forms
from django.contrib import admin, messages

from games.admin.confirm import staff_act
from games.catalogue import daily_variants, site_rulesets, variant_choices
from games.models import DailyVariant
from games.services.daily_variants import daily_variant_set


class DailyVariantForm(forms.ModelForm):
    variant = forms.ChoiceField(choices=variant_choices)
    enabled = forms.BooleanField(required=False, help_text="Played as a daily (beat deals it every day).")
    reason = forms.CharField(max_length=300, required=False)

    class Meta:
        model = DailyVariant
        fields = ["variant", "enabled"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.fields.pop("variant", None)  # a switch belongs to its variant; it is shown read-only


@admin.register(DailyVariant)
class DailyVariantAdmin(AuditlogHistoryAdminMixin, admin.ModelAdmin):
    show_auditlog_history_link = True
    form = DailyVariantForm
    list_display = ["variant", "enabled", "catalogue_default", "updated_at"]

    @admin.display(description="catalogue's default", boolean=True)
    def catalogue_default(self, obj):
        return next((r.daily_default for r in site_rulesets() if r.variant == obj.variant), None)

    def get_readonly_fields(self, request, obj=None):
        return ["variant"] if obj is not None else []

    def has_delete_permission(self, request, obj=None):
        return False  # switch it off instead: the audit log keeps every switch

    def changelist_view(self, request, extra_context=None):
        defaults = ", ".join(r.variant for r in site_rulesets() if r.daily_default) or "none"
        messages.info(
            request,
            f"Dailies now: {', '.join(daily_variants()) or 'none'}. Variants without a row follow "
            f"the catalogue (daily by default: {defaults}).",
        )
        return super().changelist_view(request, extra_context)

    def save_model(self, request, obj, form, change):
        row = daily_variant_set(
            variant=obj.variant, enabled=form.cleaned_data["enabled"],
            act=staff_act(request, form.cleaned_data.get("reason", "")),
        )
        obj.pk = row.pk
