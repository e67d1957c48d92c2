from tests.accounts.mailbox import mail_now  # noqa: F401 - fixture
