"""Admin actions ask before they act: a confirmation page that lists what changes and asks why."""

import functools
from collections.abc import Callable, Iterable

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.response import TemplateResponse

from core.errors import DomainError
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
    warnings: Callable[[object], list[str]] | list[str] | None = None,
    reason_required: bool = False,
):
    """A ``StaffAct`` once staff confirmed (with the reason they gave), else the page that asks.

    ``warnings`` may be a function of the queryset: it then runs only when the page is shown.
    """
    form = ReasonForm(request.POST if "confirm" in request.POST else None, required=reason_required)
    if form.is_bound and form.is_valid():
        return staff_act(request, form.cleaned_data["reason"])
    if callable(warnings):
        warnings = warnings(queryset)
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


def confirmed_action(
    *,
    title: str,
    reason_required: bool = False,
    warnings: Callable[[object], list[str]] | list[str] | None = None,
):
    """An admin action that first asks: the decorated method runs as ``(self, request, queryset, act)``
    once staff confirmed; until then the action answers the confirmation page.

    The action posted back is the method's name, the name the admin lists it under.
    """

    def decorate(method):
        @functools.wraps(method)
        def action(modeladmin, request, queryset):
            act = confirmed_act(
                modeladmin,
                request,
                queryset,
                action=method.__name__,
                title=title,
                warnings=warnings,
                reason_required=reason_required,
            )
            if isinstance(act, TemplateResponse):
                return act
            method(modeladmin, request, queryset, act)
            return None

        return action

    return decorate


def each_row(request, rows: Iterable, service: Callable[[object], object]) -> None:
    """Call ``service`` on every row; a row the service refuses is reported and the rest go on."""
    for row in rows:
        try:
            service(row)
        except DomainError as exc:
            messages.error(request, f"{row}: {exc.message}")
