"""Curation in the Django admin: every change goes through the staff services.

Deals, the daily schedule (with a calendar and a fill from the reserve),
results, submissions and games (read-only: they are derived from play),
players (suspension) and the audit log of every staff action.
"""

from django.contrib import admin

from games.admin import audit, dailies, daily_variants, deals, players, results  # noqa: F401 - registers the admins

# The app list stays on the index page: without the side bar the wide lists (results with
# their evidence, the calendar) fit a 1400 px screen beside their filters.
admin.site.enable_nav_sidebar = False
# The index's "recent actions" are the audit log's: every staff action, through every door.
admin.site.index_template = "admin/games/index.html"
