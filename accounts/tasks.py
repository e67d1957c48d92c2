"""Celery tasks of accounts: thin and idempotent (see games/tasks.py)."""

import smtplib

from celery import shared_task


@shared_task(name="accounts.sessions_clear")
def sessions_clear_task() -> None:
    from accounts.services import sessions_expired_clear

    sessions_expired_clear()


# Mail goes out from the worker, never in the request; a mail server that is
# down or refuses for a while is retried with backoff. Sending twice (a task
# redelivered after a worker died) sends a second, equally valid mail.
@shared_task(
    name="accounts.mail_send",
    autoretry_for=(smtplib.SMTPException, OSError),
    retry_backoff=5,
    retry_backoff_max=300,
    max_retries=6,
)
def mail_send_task(kind: str, user_id: int, base_url: str) -> bool:
    from accounts.mail import account_mail_send

    return account_mail_send(kind=kind, user_id=user_id, base_url=base_url)


@shared_task(name="accounts.deletions_run")
def deletions_run_task() -> int:
    """Erase the accounts whose grace period is over (beat, hourly)."""
    from accounts.leaving import account_delete_now, account_deletions_due

    return sum(account_delete_now(user_id=user_id) for user_id in account_deletions_due())
