"""``createsuperuser`` with registration's name checks, and the skeleton row they rely on.

Django's command takes any name its field allows, so a superuser could be
``kI_bob`` beside ``kl_bob``, and made no skeleton row for the next look-alike
to meet. ``accounts`` comes before ``django.contrib.auth`` in
``INSTALLED_APPS`` so that this command is the one ``manage.py`` runs.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.management.commands import createsuperuser
from django.db import transaction

from accounts.services import username_check, username_skeleton_record
from core.errors import DomainError


class Command(createsuperuser.Command):
    def _validate_username(self, username, verbose_field_name, database):
        error = super()._validate_username(username, verbose_field_name, database)
        if error:
            return error
        try:
            username_check(username)
        except DomainError as exc:
            return exc.message
        return None

    def handle(self, *args, **options):
        users = get_user_model()._default_manager.db_manager(options["database"])
        with transaction.atomic(using=options["database"]):
            before = users.order_by("-pk").values_list("pk", flat=True).first() or 0
            super().handle(*args, **options)
            for user in users.filter(pk__gt=before, skeleton__isnull=True):
                username_skeleton_record(user=user)
