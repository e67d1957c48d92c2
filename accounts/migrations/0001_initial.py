from django.conf import settings
from django.db import migrations, models


def skeletons_fill(apps, schema_editor):
    """Existing names get their skeleton; the first of a look-alike group keeps it."""
    from accounts.usernames import username_skeleton

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameSkeleton = apps.get_model("accounts", "UsernameSkeleton")
    seen = set()
    for user_id, username in User.objects.order_by("pk").values_list("pk", "username"):
        skeleton = username_skeleton(username)
        if skeleton not in seen:
            seen.add(skeleton)
            UsernameSkeleton.objects.create(user_id=user_id, skeleton=skeleton)


class Migration(migrations.Migration):
    initial = True

    dependencies = [migrations.swappable_dependency(settings.AUTH_USER_MODEL)]

    operations = [
        migrations.CreateModel(
            name="UsernameSkeleton",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("skeleton", models.CharField(max_length=600, unique=True)),
                ("user", models.OneToOneField(on_delete=models.deletion.CASCADE, related_name="skeleton",
                                              to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.RunPython(skeletons_fill, migrations.RunPython.noop),
    ]
