"""Ratings per variant from rated races: openskill's Plackett-Luce model, which
rates a whole finishing order at once (ties included).

A player's shown rating is the model's conservative estimate (mu - 3 sigma)
on a familiar scale: ``display``. Players whose log did not replay or whose
finish the fair-play checks hold are left out of the update (their rating does
not move and nobody's moves because of them).
"""

from functools import cache

from openskill.models import PlackettLuce

from races.models import Race, RacePlayer, RaceRating


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


def display(mu: float, sigma: float) -> int:
    """The rating shown: 1500 for a newcomer, about 60 points per unit of mu - 3 sigma.

    >>> display(25.0, 25 / 3)
    1500
    """
    return round(1500 + 60 * (mu - 3 * sigma))


def _rating_locked(player, variant: str) -> RaceRating:
    rating = RaceRating.objects.select_for_update().filter(player=player, variant=variant).first()
    if rating is None:
        fresh = model().rating()
        RaceRating.objects.get_or_create(player=player, variant=variant,
                                         defaults={"mu": fresh.mu, "sigma": fresh.sigma})
        rating = RaceRating.objects.select_for_update().get(player=player, variant=variant)
    return rating


def ratings_update(*, race: Race, entries: list[RacePlayer]) -> None:
    """Rate the finishing order of ``entries`` (places set); fills each entry's
    ``rating_before`` / ``rating_after`` (display values). Inside the caller's transaction."""
    counted = [e for e in entries if e.log_check == RacePlayer.Check.VALID and not e.flag_reason]
    if len(counted) < 2:
        return
    counted.sort(key=lambda e: e.player_id)  # one lock order for every race
    rows = [_rating_locked(e.player, race.variant) for e in counted]
    teams = [[model().create_rating([row.mu, row.sigma], name=str(row.player_id))] for row in rows]
    rated = model().rate(teams, ranks=[e.place for e in counted])
    for entry, row, (after,) in zip(counted, rows, rated, strict=True):
        entry.rating_before = display(row.mu, row.sigma)
        row.mu, row.sigma, row.races = after.mu, after.sigma, row.races + 1
        row.save(update_fields=["mu", "sigma", "races", "updated_at"])
        entry.rating_after = display(row.mu, row.sigma)
