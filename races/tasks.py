"""Celery tasks of races: thin and idempotent, each calls one service
(services ring these after commit; a task imports its service in its body)."""

from celery import shared_task


@shared_task(name="races.race_validate", max_retries=3, default_retry_delay=2,
             autoretry_for=(ConnectionError,))
def race_validate_task(race_id: int) -> bool:
    """Replay every log of a finished race, write the places, tell the players."""
    from races.broadcast import race_broadcast
    from races.services.results import race_validate

    race = race_validate(race_id=race_id)
    if race is None or race.validated_at is None:
        return False
    race_broadcast(race.code)
    return True


@shared_task(name="races.races_sweep")
def races_sweep_task() -> int:
    """End races past their time limit that nobody asked about; re-ring validations lost on the way."""
    from races.broadcast import race_broadcast
    from races.services.races import race_refresh, races_overdue, races_unvalidated

    codes = races_overdue()
    for code in codes:
        race_refresh(code=code)
        race_broadcast(code)
    for pk in races_unvalidated():
        race_validate_task.delay(pk)
    return len(codes)
