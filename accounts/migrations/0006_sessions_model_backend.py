"""Sessions logged in through Django's model backend name ours instead
(``accounts.backends``): it replaced Django's in ``AUTHENTICATION_BACKENDS``, and
``get_user`` honours only the backends listed there, so without this every such
session would have been logged out."""

from django.db import migrations

OURS = "accounts.backends.ModelBackend"
DJANGOS = "django.contrib.auth.backends.ModelBackend"
BACKEND_KEY = "_auth_user_backend"


def _renamed(apps, old: str, new: str) -> None:
    from accounts.sessions import SessionStore

    Session = apps.get_model("sessions", "Session")
    store = SessionStore()
    changed = []
    for session in Session.objects.only("session_key", "session_data").iterator(chunk_size=2000):
        data = store.decode(session.session_data)
        if data.get(BACKEND_KEY) == old:
            data[BACKEND_KEY] = new
            session.session_data = store.encode(data)
            changed.append(session)
        if len(changed) >= 2000:
            Session.objects.bulk_update(changed, ["session_data"])
            changed = []
    Session.objects.bulk_update(changed, ["session_data"])


def forwards(apps, schema_editor):
    _renamed(apps, DJANGOS, OURS)


def backwards(apps, schema_editor):
    _renamed(apps, OURS, DJANGOS)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_account_deletion"),
        ("sessions", "0001_initial"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
