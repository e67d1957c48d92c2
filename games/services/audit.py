"""The staff trail: every staff action writes one django-auditlog entry per object it touches.

Who (the staff account), when (the entry's timestamp), what (the action's name,
the object and the fields it changed) and why (the reason staff gave), plus the
door it came through: the admin, the staff API or a management command. Staff
read the trail in the admin under "Log entries".
"""

from dataclasses import dataclass

from auditlog.models import LogEntry
from django.db import models

VIA_CHOICES = ("admin", "api", "command", "worker")


@dataclass(frozen=True)
class StaffAct:
    """Who acts, why, and through which door; every staff service takes one."""

    actor: object = None  # a staff user, or None for a management command run by an operator
    reason: str = ""
    via: str = "admin"

    def __post_init__(self) -> None:
        if self.via not in VIA_CHOICES:
            raise ValueError(f"unknown door {self.via!r}")


def _text(value) -> str:
    return "None" if value is None else str(value)


def staff_action_record(
    *,
    act: StaffAct,
    action: str,
    target: models.Model,
    changes: dict | None = None,
    kind: int = LogEntry.Action.UPDATE,
    note: str = "",
) -> LogEntry:
    """One entry: ``changes`` maps a field to its (before, after) values."""
    actor = act.actor if getattr(act.actor, "is_authenticated", False) else None
    extra = {"action": action, "reason": act.reason, "via": act.via}
    if note:
        extra["note"] = note
    return LogEntry.objects.log_create(
        target,
        force_log=True,
        action=kind,
        changes={field: [_text(old), _text(new)] for field, (old, new) in (changes or {}).items()},
        actor=actor,
        actor_email=getattr(actor, "email", None) or None,
        additional_data=extra,
    )
