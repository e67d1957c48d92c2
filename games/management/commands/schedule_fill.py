"""Give every empty date of a range a daily (the admin's "Fill dates"): the reserve's deals now,
the worker's proofs for the rest (a fill job, whose progress the admin's Fill jobs list shows)."""

import datetime as dt

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from core.errors import DomainError
from games.catalogue import daily_variants
from games.models import Daily
from games.services.audit import StaffAct
from games.services.fill_jobs import fill_job_start


def _date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError as exc:
        raise CommandError(f"{text!r} is not a date (YYYY-MM-DD)") from exc


class Command(BaseCommand):
    help = ("Schedule a proven deal on every date from FIRST to LAST that has no daily (audited): "
            "the reserve's now, the worker's proofs for the rest.")

    def add_arguments(self, parser):
        parser.add_argument("variant", choices=list(daily_variants()))
        parser.add_argument("first", type=_date)
        parser.add_argument("last", type=_date)
        parser.add_argument("--reason", default="", help="why: kept in the audit log")
        parser.add_argument("--staff", default=None, help="the staff account acting (recorded as who)")

    def handle(self, *args, variant, first, last, reason, staff, **options):
        actor = None
        if staff is not None:
            actor = get_user_model().objects.filter(username=staff, is_staff=True).first()
            if actor is None:
                raise CommandError(f"no staff account named {staff!r}")
        try:
            job = fill_job_start(variant=variant, first=first, last=last,
                                 act=StaffAct(actor=actor, reason=reason, via="command"))
        except DomainError as exc:
            raise CommandError(exc.message) from exc
        made = Daily.objects.filter(variant=variant, date__range=(first, last))
        made = made.filter(created_at__gte=job.created_at)
        for daily in made.select_related("deal").order_by("date"):
            self.stdout.write(f"{daily.date} {variant} #{daily.deal.number}")
        self.stdout.write(f"{job.filled} scheduled; {job.waiting} waiting for the worker's proofs "
                          f"(fill job #{job.pk}); {job.failed} failed")
