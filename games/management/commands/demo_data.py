"""Make a fresh site playable at once: winnable pools and the dailies.

With a worker and beat (Redis configured), a week of dailies is made here, as
beat keeps it. On the embedded default (eager Celery, no beat) only today's are
made, with a smaller search budget per variant, so that the run command serves
within about half a minute; a daily read after the day turns makes the next
one then (``daily_not_ready`` tops the reserve up, eagerly there).
"""

from django.conf import settings
from django.core.management.base import BaseCommand

from games.catalogue import daily_variants, site_variants
from games.services.dailies import SCHEDULE_DAYS_AHEAD, dailies_prepare
from games.services.solving import pool_fill, pool_size


class Command(BaseCommand):
    help = "Fill the winnable pools a little and prepare the dailies (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--pool", type=int, default=12, help="winnable deals per variant")
        parser.add_argument("--seconds", type=float, default=None,
                            help="time per variant at most (default 5, or 2 on the embedded default)")

    def handle(self, *args, pool: int, seconds: float | None, **options):
        beat = not settings.EMBEDDED_BROKER  # a worker and beat keep the week of dailies
        days_ahead = SCHEDULE_DAYS_AHEAD if beat else 0
        seconds = seconds if seconds is not None else (5.0 if beat else 2.0)
        for variant in site_variants():
            added = pool_fill(variant=variant, target=pool, seconds=seconds)
            size = pool_size(variant=variant)
            self.stdout.write(f"{variant}: {size} winnable deals in the pool (+{added})")
        for variant in daily_variants():
            pool_fill(variant=variant, target=days_ahead + 1, seconds=seconds, reserve=True)
            size = pool_size(variant=variant, reserve=True)
            self.stdout.write(f"{variant}: {size} deals held for dailies")
        dailies = dailies_prepare(days_ahead=days_ahead)
        days = f"today and the next {days_ahead} days" if days_ahead else "today; beat is not running"
        self.stdout.write(f"dailies ready: {len(dailies)} ({days})")
        mode = "embedded (SQLite, eager Celery)" if settings.EMBEDDED else "PostgreSQL + Redis"
        self.stdout.write(self.style.SUCCESS(f"demo data ready; mode: {mode}"))
