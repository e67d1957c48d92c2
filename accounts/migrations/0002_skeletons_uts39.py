from django.conf import settings
from django.db import migrations


def skeletons_refill(apps, schema_editor):
    """Every name gets the UTS #39 skeleton (Latin look-alikes included), accounts made
    in the admin or by ``createsuperuser`` too; the oldest of a look-alike group keeps it."""
    from accounts.usernames import username_skeleton

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameSkeleton = apps.get_model("accounts", "UsernameSkeleton")
    UsernameSkeleton.objects.all().delete()
    seen = set()
    rows = []
    for user_id, username in User.objects.order_by("pk").values_list("pk", "username").iterator():
        skeleton = username_skeleton(username)
        if skeleton not in seen:
            seen.add(skeleton)
            rows.append(UsernameSkeleton(user_id=user_id, skeleton=skeleton))
    UsernameSkeleton.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [migrations.RunPython(skeletons_refill, migrations.RunPython.noop)]
