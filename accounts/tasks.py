"""Celery tasks of accounts: thin and idempotent (see games/tasks.py)."""

from celery import shared_task


@shared_task(name="accounts.sessions_clear")
def sessions_clear_task() -> None:
    from accounts.services import sessions_expired_clear

    sessions_expired_clear()
