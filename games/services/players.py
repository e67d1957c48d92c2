"""Staff act on players: suspension keeps every result of a player off every board at once.

Boards read only results of active, unsuspended players (``games.selectors``);
these services bump the cached boards the player appears on, so the change is
seen on the next read. Lifting a suspension brings the results back.
"""

from auditlog.models import LogEntry
from django.contrib.auth import get_user_model
from django.db import transaction

from core.errors import Conflict, InvalidRequest, NotFound
from games.models import Result, Suspension
from games.services.audit import StaffAct, staff_action_record
from games.services.leaderboards import leaderboards_outdate_on_commit


def player_boards_refresh(*, player) -> None:
    """Every board that holds one of the player's results is rebuilt on its next read."""
    keys = set(Result.objects.filter(player=player).values_list("daily_id", "deal_id").distinct())
    leaderboards_outdate_on_commit(boards=keys, player_ids=(player.pk,))


def player_suspend(*, player, act: StaffAct) -> Suspension:
    """Suspend a player (``act.reason`` is required and kept with the suspension)."""
    reason = act.reason.strip()
    if not reason:
        raise InvalidRequest("A suspension needs a reason.", code="reason_required")
    if player.is_staff:
        raise InvalidRequest("Staff accounts are not suspended; remove staff status first.", code="invalid")
    with transaction.atomic():
        type(player).objects.select_for_update().filter(pk=player.pk).first()
        if Suspension.objects.filter(player=player).exists():
            raise Conflict(f"{player} is already suspended.", code="already_suspended")
        suspension = Suspension.objects.create(player=player, reason=reason[:300], suspended_by=act.actor)
        staff_action_record(
            act=act,
            action="player_suspend",
            target=player,
            kind=LogEntry.Action.UPDATE,
            changes={"suspended": (False, True)},
        )
        player_boards_refresh(player=player)
    return suspension


def player_suspension_lift(*, player, act: StaffAct) -> None:
    with transaction.atomic():
        deleted, _ = Suspension.objects.filter(player=player).delete()
        if not deleted:
            raise NotFound(f"{player} is not suspended.")
        staff_action_record(
            act=act, action="player_unsuspend", target=player, changes={"suspended": (True, False)}
        )
        player_boards_refresh(player=player)


def player_active_set(*, player, active: bool, act: StaffAct) -> None:
    """Deactivate (or reactivate) an account: a deactivated player is off every board too."""
    with transaction.atomic():
        before = get_user_model().objects.filter(pk=player.pk).values_list("is_active", flat=True).get()
        get_user_model().objects.filter(pk=player.pk).update(is_active=active)
        player.is_active = active
        if before != active:
            staff_action_record(
                act=act,
                action="player_activate" if active else "player_deactivate",
                target=player,
                changes={"is_active": (before, active)},
            )
            player_boards_refresh(player=player)
