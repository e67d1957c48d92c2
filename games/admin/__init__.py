"""Curation in the Django admin: every change goes through the staff services.

Deals, the daily schedule (with a calendar, a fill of a range and a plan by difficulty),
results, submissions and games (read-only: they are derived from play),
players (suspension) and the audit log of every staff action.
"""

from django.contrib import admin

from games.admin import (  # noqa: F401 - registers the admins
    audit,
    dailies,
    daily_variants,
    deals,
    difficulty,
    fill,
    players,
    results,
)

# The app list stays on the index page: without the side bar the wide lists (results with
# their evidence, the calendar) fit a 1400 px screen beside their filters.
admin.site.enable_nav_sidebar = False
# The index's "recent actions" are the audit log's: every staff action, through every door.
admin.site.index_template = "admin/games/index.html"
