"""The admin's "Fill dates": a range of dates for one daily variant or all, reviewed, then a fill
job per variant (games.services.fill_jobs) whose progress the Fill jobs list shows."""

from collections import Counter

from django import forms
from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse

import engine
from core.errors import DomainError
from games.admin.calendar import plan_text
from games.admin.confirm import staff_act
from games.admin.readonly import ReadOnlyAdmin
from games.catalogue import daily_variants
from games.clock import today_utc
from games.models import Daily, FillJob
from games.services.difficulty_plans import difficulty_plan_get, planned_band
from games.services.fill_jobs import fill_job_start
from games.services.layouts import reserve_deals
from games.services.schedule import schedule_gaps

ALL = "all"


def fill_variant_choices() -> list[tuple[str, str]]:
    return [(ALL, "Every daily variant")] + [(v, engine.get_ruleset(v).title) for v in daily_variants()]


class FillForm(forms.Form):
    variant = forms.ChoiceField(choices=fill_variant_choices)
    first = forms.DateField(help_text="YYYY-MM-DD, after today")
    last = forms.DateField(help_text="YYYY-MM-DD")
    reason = forms.CharField(max_length=300, required=False)

    def clean(self):
        data = super().clean()
        if data.get("first") and data["first"] <= today_utc():
            raise forms.ValidationError("Only future dates can be scheduled.")
        if data.get("first") and data.get("last") and data["last"] < data["first"]:
            raise forms.ValidationError("The last date comes before the first.")
        return data

    def variants(self) -> list[str]:
        chosen = self.cleaned_data["variant"]
        return list(daily_variants()) if chosen == ALL else [chosen]


def _fillable_now(variant: str, gaps: list) -> int:
    """How many of ``gaps`` the reserve fills at once: a date the plan gives a band takes a deal of
    that band only; a date with none takes any deal left."""
    plan = difficulty_plan_get(variant=variant)
    held = Counter(reserve_deals(variant=variant).values_list("difficulty", flat=True))
    wanted = Counter(planned_band(variant=variant, date=day, plan=plan) for day in gaps)
    now = 0
    for band, count in wanted.items():
        if band:
            taken = min(count, held[band])
            held[band] -= taken
            now += taken
    return now + min(wanted[""], sum(held.values()))


def fill_summary(variants: list[str], first, last) -> dict:
    """What the fill will do: per variant, the dates to fill, those a pending request holds,
    how many the reserve fills at once (by the plan by difficulty) and how many wait for the
    worker's proofs."""
    rows = []
    for variant in variants:
        days = (last - first).days + 1
        scheduled = Daily.objects.filter(variant=variant, date__range=(first, last)).count()
        gaps = schedule_gaps(variant=variant, first=first, last=last)
        reserve = reserve_deals(variant=variant).count()
        now = _fillable_now(variant, gaps)
        rows.append({"variant": engine.get_ruleset(variant).title, "days": days, "taken": scheduled,
                     "requested": days - scheduled - len(gaps), "to_fill": len(gaps), "reserve": reserve,
                     "now": now, "to_solve": len(gaps) - now,
                     "plan": plan_text(difficulty_plan_get(variant=variant))})
    to_fill = sum(row["to_fill"] for row in rows)
    to_solve = sum(row["to_solve"] for row in rows)
    return {"rows": rows, "to_fill": to_fill, "now": to_fill - to_solve, "to_solve": to_solve}


def fill_view(model_admin, request):
    form = FillForm(request.POST or None)
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": "Fill dates",
        "form": form,
    }
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if "confirm" in request.POST:
            return _fill(request, form.variants(), data)
        context["summary"] = fill_summary(form.variants(), data["first"], data["last"])
    return TemplateResponse(request, "admin/games/daily/fill.html", context)


def _fill(request, variants: list[str], data):
    act = staff_act(request, data["reason"])
    try:
        jobs = [fill_job_start(variant=v, first=data["first"], last=data["last"], act=act) for v in variants]
    except DomainError as exc:
        messages.error(request, exc.message)
        return HttpResponseRedirect(request.get_full_path())
    for job in jobs:
        title = engine.get_ruleset(job.variant).title
        text = f"{title}: {job.filled} of {job.days_wanted} date(s) scheduled from the reserve."
        if job.waiting:
            text += (f" {job.waiting} wait for the worker's proofs (fill job #{job.pk}); the calendar "
                     "shows them as waiting and they fill as proofs arrive.")
        messages.info(request, text)
    if len(jobs) > 1:
        return HttpResponseRedirect(reverse("admin:games_filljob_changelist"))
    url = reverse("admin:games_daily_calendar")
    return HttpResponseRedirect(f"{url}?variant={jobs[0].variant}&month={data['first']:%Y-%m}")


@admin.register(FillJob)
class FillJobAdmin(ReadOnlyAdmin):
    """Each fill's progress, recounted as its steps run."""

    list_display = ["created_at", "variant_title", "first", "last", "status", "days_wanted", "filled",
                    "waiting", "failed", "solved", "steps", "worker_time", "requested_by", "reason"]
    list_filter = ["status", "variant"]
    list_select_related = ["requested_by"]

    @admin.display(description="variant", ordering="variant")
    def variant_title(self, obj):
        return engine.get_ruleset(obj.variant).title

    @admin.display(description="worker time", ordering="worker_seconds")
    def worker_time(self, obj):
        return f"{obj.worker_seconds:.1f} s ({obj.worker_cpu_seconds:.1f} s CPU)"
