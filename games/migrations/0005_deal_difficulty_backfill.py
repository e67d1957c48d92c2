"""Deals proven winnable before difficulty existed get their estimate from the iterations and par
already stored (how many presets solved them was not recorded: that term is left out)."""

from django.db import migrations

# The estimate as it was written when this migration was (games/difficulty.py may move on).
ITERATIONS_BANDS = {"forecell": (105_000, 180_000)}
DEFAULT_ITERATIONS_BANDS = (62_000, 110_000)
PAR_BANDS = (89, 97)


def _band(value, bands):
    return 0 if value < bands[0] else 1 if value < bands[1] else 2


def backfill(apps, schema_editor):
    Deal = apps.get_model("games", "Deal")
    rows = Deal.objects.filter(status="winnable", difficulty="", par__isnull=False)
    for deal in rows.only("pk", "variant", "iterations", "par").iterator():
        score = _band(deal.iterations, ITERATIONS_BANDS.get(deal.variant, DEFAULT_ITERATIONS_BANDS))
        score += _band(deal.par, PAR_BANDS)
        level = "easy" if score <= 1 else "medium" if score <= 3 else "hard"
        Deal.objects.filter(pk=deal.pk).update(difficulty=level)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_result_fairplay_and_counted_moves"),
    ]

    operations = [
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
