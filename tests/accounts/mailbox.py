"""Mail as the tests read it: the account mails, with their links."""

import re

import pytest
from django.core import mail

from freecell_site.celery import app


@pytest.fixture
def mail_now(django_capture_on_commit_callbacks):
    """Run the mail task in this process when the request commits, into Django's locmem outbox."""

    def run(call):
        before = app.conf.task_always_eager
        app.conf.task_always_eager = True
        try:
            with django_capture_on_commit_callbacks(execute=True):
                return call()
        finally:
            app.conf.task_always_eager = before

    return run


def link_in(message, start: str) -> str:
    return re.search(rf"https?://[^/\s]+({start}[^\s]+)", message.body).group(1)


def outbox():
    return mail.outbox


class RefusingBackend:
    """A mail server that is down; counts the attempts."""

    attempts = 0

    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        import smtplib

        RefusingBackend.attempts += 1
        raise smtplib.SMTPServerDisconnected("down")
