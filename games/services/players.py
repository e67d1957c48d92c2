"""Staff act on players: suspension, deactivation and renames, each with a reason, in the audit log.

Boards read only results of active, unsuspended players (``games.selectors``)
and show their current names; these services outdate the stored boards the
player appears on after the commit, so the change is seen on the next read.
Lifting a suspension brings the results back.
"""

from auditlog.models import LogEntry
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from accounts.services import username_check, username_skeleton_record
from core.errors import Conflict, InvalidRequest, NotFound
from games.models import Result, Suspension
from games.services.audit import StaffAct, staff_action_record
from games.services.leaderboards import leaderboards_outdate_on_commit


def player_boards_refresh(*, player) -> None:
    """Every board that holds one of the player's results is rebuilt on its next read."""
    keys = set(Result.objects.filter(player=player).values_list("daily_id", "deal_id").distinct())
    leaderboards_outdate_on_commit(boards=keys, player_ids=(player.pk,))


def _reason_required(act: StaffAct, what: str) -> str:
    reason = act.reason.strip()
    if not reason:
        raise InvalidRequest(f"{what} needs a reason.", code="reason_required")
    return reason


def player_suspend(*, player, act: StaffAct) -> Suspension:
    """Suspend a player (``act.reason`` is required and kept with the suspension)."""
    reason = _reason_required(act, "A suspension")
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
    """Deactivate (or reactivate) an account, with a reason: a deactivated player is off every board too."""
    _reason_required(act, "A deactivation" if not active else "A reactivation")
    if not active and getattr(act.actor, "pk", None) == player.pk:
        raise InvalidRequest("Staff do not deactivate their own account.", code="invalid")
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


def player_rename(*, player, username: str, act: StaffAct):
    """Rename an account, with a reason, under the rules of registration (one script,
    no look-alike of another account's name); every board that shows the player is
    rebuilt with the new name at its next read after the commit."""
    _reason_required(act, "A rename")
    users = get_user_model().objects
    with transaction.atomic():
        before = users.select_for_update().filter(pk=player.pk).values_list("username", flat=True).get()
        username, _ = username_check(username, user=player)
        if username == before:
            raise InvalidRequest(f"{before} already has that name.", code="invalid")
        player.username = username
        try:
            with transaction.atomic():
                users.filter(pk=player.pk).update(username=username)
                username_skeleton_record(user=player)
        except IntegrityError as exc:  # a look-alike registered meanwhile: the unique skeleton decides
            player.username = before
            raise Conflict("That username looks like one already taken.", code="username_confusable") from exc
        staff_action_record(act=act, action="player_rename", target=player,
                            changes={"username": (before, username)})
        player_boards_refresh(player=player)
    return player
