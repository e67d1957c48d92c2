"""Curation in the Django admin: deals, the daily schedule, results and submissions."""

from django import forms
from django.contrib import admin, messages
from django.db import transaction

from core.errors import DomainError
from games.clock import today_utc
from games.models import Daily, Deal, Game, Result, Submission
from games.services.dailies import deal_withdraw, schedule_check
from games.services.deals import deal_number_check, deals_void
from games.services.results import streak_recompute


class DealForm(forms.ModelForm):
    class Meta:
        model = Deal
        fields = ["variant", "number", "featured", "voided", "in_pool", "note"]

    def clean(self):
        data = super().clean()
        if data.get("variant") and data.get("number"):
            try:
                deal_number_check(variant=data["variant"], number=data["number"])
            except DomainError as exc:
                raise forms.ValidationError(exc.message) from exc
        return data


def _enqueue_solve(deals) -> None:
    from games.tasks import deal_solve_task

    for deal in deals:
        transaction.on_commit(lambda pk=deal.pk: deal_solve_task.delay(pk))


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    form = DealForm
    list_display = ["variant", "number", "status", "par", "in_pool", "featured", "voided", "solved_at"]
    list_filter = ["variant", "status", "in_pool", "featured", "voided"]
    search_fields = ["number"]
    readonly_fields = ["status", "scope", "par", "solution", "iterations", "solved_at", "created_at"]
    actions = ["solve", "feature", "void", "unvoid"]

    def get_readonly_fields(self, request, obj=None):
        # A deal's identity is its variant and number: games, results and
        # verdicts hang on it, so it never changes once created.
        fixed = ["variant", "number"] if obj is not None else []
        return [*fixed, *self.readonly_fields]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if not change:
            _enqueue_solve([obj])
            messages.info(request, f"{obj} was sent to the worker to be solved.")

    @admin.action(description="Solve again (worker)")
    def solve(self, request, queryset):
        _enqueue_solve(list(queryset))

    @admin.action(description="Feature")
    def feature(self, request, queryset):
        queryset.update(featured=True)

    @admin.action(description="Void (withdraw from pools and from future dailies)")
    def void(self, request, queryset):
        dropped = deals_void(deals=queryset)
        messages.info(request, f"{dropped} future daily(ies) dropped; beat picks new deals for them.")

    @admin.action(description="Un-void")
    def unvoid(self, request, queryset):
        queryset.update(voided=False)


class DailyForm(forms.ModelForm):
    class Meta:
        model = Daily
        fields = ["variant", "date", "deal"]

    def clean(self):
        data = super().clean()
        if self.instance.pk is None and {"variant", "date", "deal"} <= data.keys():
            try:
                schedule_check(variant=data["variant"], date=data["date"], deal=data["deal"])
            except DomainError as exc:
                raise forms.ValidationError(exc.message) from exc
        return data


@admin.register(Daily)
class DailyAdmin(admin.ModelAdmin):
    form = DailyForm

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        deal_withdraw(deal=obj.deal)
    list_display = ["date", "variant", "deal", "deal_status", "deal_par", "source"]
    list_filter = ["variant", "source"]
    date_hierarchy = "date"
    raw_id_fields = ["deal"]

    @admin.display(description="status")
    def deal_status(self, obj):
        return obj.deal.status

    @admin.display(description="par")
    def deal_par(self, obj):
        return obj.deal.par

    def has_change_permission(self, request, obj=None):
        return obj is None or obj.date > today_utc()


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["player", "deal", "daily", "ranked", "moves", "duration_ms", "flagged", "voided",
                    "finished_at"]
    list_filter = ["ranked", "flagged", "voided", "deal__variant"]
    readonly_fields = [f.name for f in Result._meta.fields if f.name not in ("flagged", "voided")]
    search_fields = ["player__username"]
    actions = ["void", "clear_flag"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        self._refresh([obj])

    def _refresh(self, results) -> None:
        from games.selectors import leaderboard_cache_clear

        for result in results:
            if result.ranked:
                streak_recompute(player=result.player, variant=result.deal.variant)
            leaderboard_cache_clear(daily_id=result.daily_id, deal_id=result.deal_id)

    @admin.action(description="Void (remove from leaderboards)")
    def void(self, request, queryset):
        results = list(queryset)  # before the update: the admin's filters may no longer match after it
        queryset.update(voided=True)
        self._refresh(results)

    @admin.action(description="Reviewed: clear the flag (rank it)")
    def clear_flag(self, request, queryset):
        results = list(queryset)
        queryset.update(flagged=False)
        self._refresh(results)


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ["pk", "game", "status", "attempts", "created_at", "validated_at"]
    list_filter = ["status"]
    readonly_fields = ["game", "status", "moves", "attempts", "reason", "created_at", "validated_at"]
    actions = ["revalidate"]

    @admin.action(description="Validate again (worker)")
    def revalidate(self, request, queryset):
        from games.tasks import submission_validate_task

        for pk in queryset.filter(status=Submission.Status.PENDING).values_list("pk", flat=True):
            transaction.on_commit(lambda pk=pk: submission_validate_task.delay(pk))


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "player", "deal", "daily", "ranked", "state", "ply", "started_at"]
    list_filter = ["state", "ranked", "deal__variant"]
    readonly_fields = [f.name for f in Game._meta.fields]
    search_fields = ["player__username"]
