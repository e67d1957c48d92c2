import pytest

from tests.accounts.mailbox import mail_now  # noqa: F401 - fixture


@pytest.fixture(autouse=True)
def account_counts_forgotten():
    """The services' attempt counts live in the (Redis) cache: each test starts with none."""
    from django.core.cache import cache

    client = cache._cache.get_client(write=True)
    stale = list(client.scan_iter(match=cache.make_key("accounts:hits:") + "*", count=1000))
    if stale:
        client.delete(*stale)
