"""The admin index shows the latest staff actions from the audit log, whatever door they came through."""

from auditlog.models import LogEntry
from django import template

register = template.Library()


@register.simple_tag
def recent_staff_actions(limit: int = 10) -> list[LogEntry]:
    return list(LogEntry.objects.select_related("actor").exclude(additional_data__action=None)[:limit])
