"""Solve a range of deals and store status, scope, par and line on their rows (curation)."""

import sys
import time
from collections import Counter

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from games.catalogue import site_variants
from games.models import SolverStatus
from games.services.deals import deal_get_or_create
from games.services.solving import deal_solve, pool_add

BAR_WIDTH = 30


class Command(BaseCommand):
    help = "Solve deals FIRST..LAST of a variant with par, storing the verdicts (and optionally pooling)."

    def add_arguments(self, parser):
        parser.add_argument("variant", choices=list(site_variants()))
        parser.add_argument("first", type=int)
        parser.add_argument("last", type=int)
        parser.add_argument("--budget", type=int, default=None, help="iterations per preset")
        parser.add_argument("--pool", action="store_true", help="add the winnable ones to the pool")
        parser.add_argument("--resolve", action="store_true", help="solve again deals already decided")

    def handle(self, *args, variant, first, last, budget, pool, resolve, **options):
        if not 1 <= first <= last or last - first >= 1_000_000:
            raise CommandError("give 1 <= FIRST <= LAST, at most a million deals at a time")
        budget = budget or settings.SOLVER_BUDGET
        counts: Counter = Counter()
        pars: list[int] = []
        started = time.monotonic()
        total = last - first + 1
        for done, number in enumerate(range(first, last + 1), start=1):
            status, par = self._one(variant, number, budget, pool, resolve)
            counts[status] += 1
            if par is not None:
                pars.append(par)
            self._progress(done, total, started, counts)
        self._summary(variant, first, last, counts, pars, time.monotonic() - started)

    def _one(self, variant: str, number: int, budget: int, pool: bool, resolve: bool):
        try:
            deal = deal_get_or_create(variant=variant, number=number)
        except DomainError as exc:
            raise CommandError(exc.message) from exc
        if resolve or deal.status in (SolverStatus.UNKNOWN, SolverStatus.UNDECIDED):
            deal = deal_solve(deal=deal, budget=budget)
        if pool:
            pool_add(deal=deal)
        return deal.status, deal.par

    def _progress(self, done: int, total: int, started: float, counts: Counter) -> None:
        filled = BAR_WIDTH * done // total
        rate = done / max(time.monotonic() - started, 1e-9)
        line = (
            f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} "
            f"{rate:.1f} deals/s  winnable {counts['winnable']} impossible {counts['impossible']} "
            f"undecided {counts['undecided']}"
        )
        sys.stderr.write(line)
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def _summary(self, variant, first, last, counts, pars, seconds) -> None:
        mean_par = f"{sum(pars) / len(pars):.1f}" if pars else "-"
        self.stdout.write(
            f"{variant} {first}..{last}: {counts['winnable']} winnable, {counts['impossible']} impossible, "
            f"{counts['undecided']} undecided; mean par {mean_par}; {seconds:.1f} s"
        )
