"""Rows only the services write: the admin lists and shows them, nobody adds, edits or deletes by hand."""

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows the server derives (from play, from the worker, from a staff action's service)."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
