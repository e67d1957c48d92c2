"""Players: suspension (with a reason) and deactivation go through the player services."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db import transaction

from accounts.forms import AccountChangeForm, AccountCreationForm
from accounts.services import username_skeleton_record
from games.admin.confirm import confirmed_action, each_row, staff_act
from games.admin.readonly import ReadOnlyAdmin
from games.models import Suspension
from games.services.players import player_active_set, player_suspend, player_suspension_lift

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


if admin.site.is_registered(User):
    admin.site.unregister(User)


@admin.register(User)
class PlayerAdmin(UserAdmin):
    list_display = ["username", "email", "is_active", "suspended", "is_staff", "date_joined", "last_login"]
    list_filter = ["is_active", "is_staff", ("suspension", admin.EmptyFieldListFilter)]
    list_select_related = ["suspension"]
    inlines = [SuspensionInline]
    actions = ["suspend", "lift_suspension"]
    # The name checks of registration (look-alikes, mixed scripts), and the skeleton row they rely on.
    form = AccountChangeForm
    add_form = AccountCreationForm

    @admin.display(description="suspended", boolean=True)
    def suspended(self, obj):
        return hasattr(obj, "suspension")

    def save_model(self, request, obj, form, change):
        if change and "is_active" in form.changed_data:
            # Through the service: the boards drop (or take back) the player's results at once.
            player_active_set(player=obj, active=form.cleaned_data["is_active"], act=staff_act(request))
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            if not change or "username" in form.changed_data:
                username_skeleton_record(user=obj)

    @admin.action(description="Suspend (off every board)")
    @confirmed_action(
        title="Suspend these players",
        reason_required=True,
        warnings=["Their results leave every board at once and come back if the suspension is lifted."],
    )
    def suspend(self, request, queryset, act):
        each_row(request, queryset, lambda player: player_suspend(player=player, act=act))

    @admin.action(description="Lift the suspension")
    @confirmed_action(title="Lift the suspension of these players")
    def lift_suspension(self, request, queryset, act):
        each_row(request, queryset, lambda player: player_suspension_lift(player=player, act=act))


@admin.register(Suspension)
class SuspensionAdmin(ReadOnlyAdmin):
    """Suspend and lift from the players' list: the service keeps the boards right."""

    list_display = ["player", "reason", "suspended_by", "created_at"]
    list_select_related = ["player", "suspended_by"]
