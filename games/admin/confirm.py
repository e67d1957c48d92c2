"""Admin actions ask before they act: a confirmation page that lists what changes and asks why."""

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.template.response import TemplateResponse

from games.services.audit import StaffAct


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=300, required=False, widget=forms.TextInput(attrs={"size": 70, "autocomplete": "off"})
    )

    def __init__(self, *args, required: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].required = required


def staff_act(request, reason: str = "") -> StaffAct:
    return StaffAct(actor=request.user, reason=reason, via="admin")


def confirmed_act(
    modeladmin: admin.ModelAdmin,
    request,
    queryset,
    *,
    action: str,
    title: str,
    warnings: list[str] | None = None,
    reason_required: bool = False,
):
    """A ``StaffAct`` once staff confirmed (with the reason they gave), else the page that asks."""
    form = ReasonForm(request.POST if "confirm" in request.POST else None, required=reason_required)
    if form.is_bound and form.is_valid():
        return staff_act(request, form.cleaned_data["reason"])
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "objects": list(queryset),
        "opts": modeladmin.model._meta,
        "action": action,
        "form": form,
        "warnings": warnings or [],
        "reason_required": reason_required,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/games/confirm_action.html", context)
