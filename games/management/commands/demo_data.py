"""Make a fresh site playable at once: winnable pools and a week of dailies."""

from django.conf import settings
from django.core.management.base import BaseCommand

from games.catalogue import daily_variants, site_variants
from games.services.dailies import dailies_prepare
from games.services.solving import pool_fill, pool_size


class Command(BaseCommand):
    help = "Fill the winnable pools a little and prepare the dailies (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--pool", type=int, default=12, help="winnable deals per variant")
        parser.add_argument("--seconds", type=float, default=5.0, help="time per variant at most")

    def handle(self, *args, pool: int, seconds: float, **options):
        for variant in site_variants():
            added = pool_fill(variant=variant, target=pool, seconds=seconds)
            size = pool_size(variant=variant)
            self.stdout.write(f"{variant}: {size} winnable deals in the pool (+{added})")
        for variant in daily_variants():
            pool_fill(variant=variant, target=8, seconds=seconds, reserve=True)
            size = pool_size(variant=variant, reserve=True)
            self.stdout.write(f"{variant}: {size} deals held for dailies")
        dailies = dailies_prepare()
        self.stdout.write(f"dailies ready: {len(dailies)} (today and the next 7 days)")
        mode = "embedded (SQLite, eager Celery)" if settings.EMBEDDED else "PostgreSQL + Redis"
        self.stdout.write(self.style.SUCCESS(f"demo data ready; mode: {mode}"))
