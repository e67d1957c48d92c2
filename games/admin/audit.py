"""The audit log in the admin: every staff action with who, when, what, why and through which door."""

from auditlog.admin import LogEntryAdmin
from auditlog.models import LogEntry
from django.contrib import admin


class StaffActionFilter(admin.SimpleListFilter):
    title = "staff action"
    parameter_name = "staff_action"

    def lookups(self, request, model_admin):
        names = (
            LogEntry.objects.exclude(additional_data__action=None)
            .values_list("additional_data__action", flat=True)
            .distinct()
        )
        return [(name, name) for name in sorted(set(names)) if name]

    def queryset(self, request, queryset):
        return queryset.filter(additional_data__action=self.value()) if self.value() else queryset


class ViaFilter(admin.SimpleListFilter):
    title = "through"
    parameter_name = "via"

    def lookups(self, request, model_admin):
        return [("admin", "admin"), ("api", "staff API"), ("command", "command"), ("worker", "worker")]

    def queryset(self, request, queryset):
        return queryset.filter(additional_data__via=self.value()) if self.value() else queryset


if admin.site.is_registered(LogEntry):
    admin.site.unregister(LogEntry)


@admin.register(LogEntry)
class StaffLogEntryAdmin(LogEntryAdmin):
    list_display = ["created", "user_url", "staff_action", "resource_url", "msg_short", "reason", "via"]
    list_filter = [StaffActionFilter, ViaFilter, "action"]
    search_fields = ["object_repr", "actor__username", "additional_data__reason"]
    fieldsets = [
        (None, {"fields": ["created", "user_url", "staff_action", "reason", "via", "resource_url"]}),
        ("Changes", {"fields": ["action", "msg"]}),
    ]
    readonly_fields = [
        "created",
        "resource_url",
        "action",
        "user_url",
        "msg",
        "staff_action",
        "reason",
        "via",
    ]

    def _extra(self, obj, key: str) -> str:
        return (obj.additional_data or {}).get(key) or ""

    @admin.display(description="staff action")
    def staff_action(self, obj):
        return self._extra(obj, "action") or "-"

    @admin.display(description="why")
    def reason(self, obj):
        return self._extra(obj, "reason") or "-"

    @admin.display(description="through")
    def via(self, obj):
        return self._extra(obj, "via") or "-"
