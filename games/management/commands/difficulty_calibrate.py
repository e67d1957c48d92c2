"""Calibrate each variant's difficulty bands from its proven deals, store them, relabel the deals
and print the figures (beat does the same every hour)."""

from django.core.management.base import BaseCommand, CommandError

from games.catalogue import site_variants
from games.difficulty import Calibration
from games.models import Deal, SolverStatus
from games.services.difficulty import deal_people_refresh, difficulty_calibrate


class Command(BaseCommand):
    help = ("Calibrate the difficulty bands of each variant (or those named) from its proven deals, "
            "relabel the deals and print the figures.")

    def add_arguments(self, parser):
        parser.add_argument("variants", nargs="*", help="variants (default: every one with proven deals)")
        parser.add_argument("--recount", action="store_true",
                            help="recount the players of every deal anyone has played first")

    def handle(self, *args, variants, recount, **options):
        unknown = sorted(set(variants) - set(site_variants()))
        if unknown:
            raise CommandError(f"unknown variant {unknown[0]!r}")
        proven = Deal.objects.filter(status=SolverStatus.WINNABLE)
        if variants:
            proven = proven.filter(variant__in=variants)
        if recount:
            for deal_id in proven.filter(games__player__isnull=False).values_list("pk", flat=True).distinct():
                deal_people_refresh(deal_id=deal_id)
        chosen = variants or sorted(set(proven.values_list("variant", flat=True)))
        self.stdout.write(Calibration.HEADER)
        for variant in chosen:
            self.stdout.write(difficulty_calibrate(variant=variant).line())
