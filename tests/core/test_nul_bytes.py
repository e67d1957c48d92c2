"""A NUL byte in a query or a form is bad input (400), never a 500 from PostgreSQL, which
refuses it in a text parameter: the admin's filters and the API's query parameters."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

ADMIN_FILTERS = [
    "/admin/auditlog/logentry/?via=%00",
    "/admin/auditlog/logentry/?staff_action=%00",
    "/admin/games/daily/?variant__exact=%00",
    "/admin/games/schedulerequest/?status__exact=%00",
    "/admin/games/deal/?q=%00",
    "/admin/accounts/?q=%00",
]


@pytest.fixture
def staff_client(client):
    """A superuser past the admin's second factor, so the filters are really served."""
    from tests.support.factors import factor_verified_login

    user = get_user_model().objects.create_superuser(username="curator", password="correct horse battery")
    factor_verified_login(client, user)
    assert client.get("/admin/games/daily/").status_code == 200
    return client


@pytest.mark.parametrize("url", ADMIN_FILTERS)
def test_a_nul_in_an_admin_filter_is_a_bad_request_not_a_server_error(staff_client, url):
    response = staff_client.get(url)
    assert response.status_code in (400, 404)


def test_a_nul_in_an_api_query_is_refused_with_its_code(client):
    response = client.get("/api/leaderboards/daily/today/freecell/?page=%00")
    assert response.status_code == 400 and response.json()["error"]["code"] == "nul_byte"


def test_a_nul_in_an_admin_form_changes_nothing(staff_client):
    from games.models import Deal

    deal = Deal.objects.create(variant="freecell", number=77, note="kept")
    response = staff_client.post(f"/admin/games/deal/{deal.pk}/change/", {"note": "bad\x00note"})
    assert response.status_code == 400
    deal.refresh_from_db()
    assert deal.note == "kept"
