"""Results, submissions and games are derived from play: read-only here.

Staff void results or clear a fair-play flag after review, each with a reason,
through the curation services; the flag's evidence is on the list and plotted
on the result's page.
"""

from auditlog.mixins import AuditlogHistoryAdminMixin
from django.contrib import admin, messages
from django.utils.html import format_html

from games.admin.confirm import confirmed_action
from games.admin.evidence import clairvoyance_html, history_html, links_html, timing_plot
from games.admin.fairplay_evidence import fairplay_evidence_html, stored_evidence_html
from games.admin.readonly import ReadOnlyAdmin
from games.models import Daily, Game, Result, Submission
from games.selectors.fairplay_history import player_fairplay_history
from games.services.curation import results_flag_clear, results_unvoid, results_void, submissions_revalidate
from games.services.links import links_find


class DailyFilter(admin.SimpleListFilter):
    title = "daily"
    parameter_name = "daily"

    def lookups(self, request, model_admin):
        recent = Daily.objects.filter(results__isnull=False).distinct().order_by("-date", "variant")[:30]
        return [("none", "free play (no daily)"), *((str(d.pk), f"{d.variant} {d.date}") for d in recent)]

    def queryset(self, request, queryset):
        if self.value() == "none":
            return queryset.filter(daily__isnull=True)
        if self.value() and self.value().isdigit():
            return queryset.filter(daily_id=int(self.value()))
        return queryset


def flag_warning(result: Result) -> str:
    """Whose result a flag is on, and why: the confirmation lists every one."""
    where = f"{result.deal.variant} daily {result.daily.date}" if result.daily else str(result.deal)
    return f"{result.player.username} ({where}, {result.moves} moves): {result.flag_reason}"


@admin.register(Result)
class ResultAdmin(AuditlogHistoryAdminMixin, ReadOnlyAdmin):
    # No history column: the list must fit 1400 px beside its filters; a result's trail is
    # at <id>/auditlog/ and in Log entries.
    list_display = [
        "player",
        "deal_name",
        "daily_date",
        "moves",
        "seconds",
        "ranked",
        "flagged",
        "voided",
        "fairplay_score",
        "evidence",
    ]
    list_filter = [DailyFilter, "deal__variant", "flagged", "voided", "ranked"]
    list_select_related = ["player", "deal", "daily"]
    search_fields = ["player__username"]
    readonly_fields = [
        "player",
        "deal",
        "daily",
        "ranked",
        "moves",
        "duration_ms",
        "undos",
        "hints",
        "finished_at",
        "flagged",
        "flag_reason",
        "voided",
        "timing",
        "counted_moves",
        "fairplay_score",
        "fairplay",
        "clairvoyance",
        "linked_accounts",
        "history",
        "evidence_stored",
    ]
    # The evidence is read through the summaries above; its stored form comes last, folded.
    exclude = ["submission", "game", "links", "fairplay_evidence"]
    actions = ["void", "unvoid", "clear_flag"]

    @admin.display(description="deal", ordering="deal__number")
    def deal_name(self, obj):
        return f"{obj.deal.variant} #{obj.deal.number}"

    @admin.display(description="daily", ordering="daily__date")
    def daily_date(self, obj):
        return obj.daily.date if obj.daily else "-"

    @admin.display(description="time (s)", ordering="duration_ms")
    def seconds(self, obj):
        return f"{obj.duration_ms / 1000:.1f}"

    @admin.display(description="evidence")
    def evidence(self, obj):
        if not obj.flag_reason:
            return "-"
        short = obj.flag_reason if len(obj.flag_reason) <= 40 else obj.flag_reason[:38] + "..."
        return format_html('<span title="{}">{}</span>', obj.flag_reason, short)

    @admin.display(description="engine-assistance evidence")
    def fairplay(self, obj):
        return fairplay_evidence_html(obj.fairplay_evidence)

    @admin.display(description="evidence as stored")
    def evidence_stored(self, obj):
        return stored_evidence_html(obj.fairplay_evidence)

    @admin.display(description="clairvoyance (Klondike, Spider)")
    def clairvoyance(self, obj):
        return clairvoyance_html((obj.fairplay_evidence or {}).get("clairvoyance"))

    @admin.display(description="the player's dailies over the days")
    def history(self, obj):
        return history_html(player_fairplay_history(player=obj.player, variant=obj.deal.variant))

    @admin.display(description="linked accounts on this daily")
    def linked_accounts(self, obj):
        """Every other account on the daily that shares this result's browser, address or line,
        found again now (later accounts too), beside those found when it was recorded."""
        if obj.daily_id is None:
            return "-"
        return links_html(links_find(game=obj.game), recorded=obj.links)

    @admin.display(description="timing of the moves")
    def timing(self, obj):
        return timing_plot(obj.game)

    @admin.action(description="Void (remove from every board)")
    @confirmed_action(title="Void these results", reason_required=True)
    def void(self, request, queryset, act):
        messages.info(request, f"{results_void(results=queryset, act=act)} result(s) voided.")

    @admin.action(description="Un-void")
    @confirmed_action(title="Un-void these results", reason_required=True)
    def unvoid(self, request, queryset, act):
        messages.info(request, f"{results_unvoid(results=queryset, act=act)} result(s) count again.")

    @admin.action(description="Reviewed: clear the flag (rank it)")
    @confirmed_action(
        title="Clear the flag of these results",
        reason_required=True,
        warnings=lambda results: [flag_warning(r) for r in results.select_related("player", "deal", "daily")
                                  if r.flag_reason],
    )
    def clear_flag(self, request, queryset, act):
        messages.info(request, f"{results_flag_clear(results=queryset, act=act)} flag(s) cleared.")


@admin.register(Submission)
class SubmissionAdmin(ReadOnlyAdmin):
    list_display = ["pk", "game", "status", "attempts", "created_at", "validated_at"]
    list_filter = ["status", "game__deal__variant"]
    list_select_related = ["game__deal"]
    readonly_fields = ["game", "status", "moves", "attempts", "reason", "created_at", "validated_at"]
    actions = ["revalidate"]

    @admin.action(description="Validate again (worker)")
    @confirmed_action(title="Validate these submissions again")
    def revalidate(self, request, queryset, act):
        count = submissions_revalidate(submissions=queryset, act=act)
        messages.info(request, f"{count} pending submission(s) sent to the worker.")


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["id", "player", "deal", "daily", "ranked", "state", "ply", "started_at"]
    list_filter = [DailyFilter, "deal__variant", "state", "ranked"]
    list_select_related = ["player", "deal", "daily"]
    search_fields = ["player__username"]
    readonly_fields = [f.name for f in Game._meta.fields]
