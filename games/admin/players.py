"""Players: suspension, deactivation and renames, each with a reason, go through the player services."""

from collections.abc import Callable

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db import transaction
from django.http import HttpResponseRedirect

from accounts.forms import AccountChangeForm, AccountCreationForm
from accounts.services import username_skeleton_record
from core.errors import DomainError
from games.admin.confirm import confirmed_action, each_row, staff_act
from games.admin.readonly import ReadOnlyAdmin
from games.models import Suspension
from games.services.players import player_active_set, player_rename, player_suspend, player_suspension_lift

User = get_user_model()


class SuspensionInline(admin.StackedInline):
    model = Suspension
    fk_name = "player"
    fields = ["reason", "suspended_by", "created_at"]
    readonly_fields = fields
    can_delete = False
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False


def each_player(request, queryset, service: Callable[[object], object], *, done: str) -> None:
    """``each_row``, then say which players the action changed (the refused ones are reported as errors)."""
    changed = []

    def counted(player) -> None:
        service(player)
        changed.append(player.get_username())

    each_row(request, queryset, counted)
    if changed:
        messages.success(request, f"{done}: {', '.join(changed)}.")


if admin.site.is_registered(User):
    admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ["username", "email", "is_active", "suspended", "is_staff", "date_joined", "last_login"]
    list_filter = ["is_active", "is_staff", ("suspension", admin.EmptyFieldListFilter)]
    list_select_related = ["suspension"]
    inlines = [SuspensionInline]
    actions = ["suspend", "lift_suspension", "deactivate", "reactivate"]
    # The name checks of registration (look-alikes, mixed scripts), and the skeleton row they rely on.
    form = AccountChangeForm
    add_form = AccountCreationForm
    fieldsets = [*UserAdmin.fieldsets, ("Why", {"fields": ["reason"]})]

    @admin.display(description="suspended", boolean=True)
    def suspended(self, obj):
        return hasattr(obj, "suspension")

    def save_model(self, request, obj, form, change):
        if not change:
            with transaction.atomic():
                super().save_model(request, obj, form, change)
                username_skeleton_record(user=obj)
            return
        # A rename and an activation change go through the services: checked, audited with
        # the form's reason, and every board that shows the player outdated on commit.
        act = staff_act(request, form.cleaned_data.get("reason", ""))
        if "username" in form.changed_data:
            player_rename(player=obj, username=form.cleaned_data["username"], act=act)
        if "is_active" in form.changed_data:
            player_active_set(player=obj, active=form.cleaned_data["is_active"], act=act)
        super().save_model(request, obj, form, change)

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """A refusal the form could not foresee (a look-alike registered meanwhile) leaves the
        admin's transaction by its exception, so nothing of the save is kept; staff are told."""
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except DomainError as exc:
            messages.error(request, f"Nothing was changed: {exc.message}")
            return HttpResponseRedirect(request.get_full_path())

    @admin.action(description="Suspend (off every board)")
    @confirmed_action(
        title="Suspend these players",
        reason_required=True,
        warnings=["Their results leave every board at once and come back if the suspension is lifted."],
    )
    def suspend(self, request, queryset, act):
        each_player(request, queryset, lambda player: player_suspend(player=player, act=act),
                    done="Suspended")

    @admin.action(description="Lift the suspension")
    @confirmed_action(title="Lift the suspension of these players")
    def lift_suspension(self, request, queryset, act):
        each_player(request, queryset, lambda player: player_suspension_lift(player=player, act=act),
                    done="Suspension lifted")

    @admin.action(description="Deactivate (cannot log in, off every board)")
    @confirmed_action(
        title="Deactivate these accounts",
        reason_required=True,
        warnings=["They can no longer log in, and their results leave every board until reactivated."],
    )
    def deactivate(self, request, queryset, act):
        each_player(request, queryset.filter(is_active=True),
                    lambda player: player_active_set(player=player, active=False, act=act),
                    done="Deactivated")

    @admin.action(description="Reactivate")
    @confirmed_action(title="Reactivate these accounts", reason_required=True)
    def reactivate(self, request, queryset, act):
        each_player(request, queryset.filter(is_active=False),
                    lambda player: player_active_set(player=player, active=True, act=act),
                    done="Reactivated")


@admin.register(Suspension)
class SuspensionAdmin(ReadOnlyAdmin):
    """Suspend and lift from the players' list: the service keeps the boards right."""

    list_display = ["player", "reason", "suspended_by", "created_at"]
    list_select_related = ["player", "suspended_by"]
