from django.contrib.admin.apps import AdminConfig


class StaffAdminConfig(AdminConfig):
    """The admin, on a site that asks staff for their second factor."""

    default_site = "accounts.admin_site.StaffAdminSite"
