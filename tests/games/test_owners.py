"""Who a games request acts for (games/apis/owners.py): one answer for listing and for one game."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory

from core.errors import NotFound
from games.apis.owners import GUEST_SESSION_KEY, request_owner, request_owner_or_none
from games.selectors import Guest


def request_with(user=None, guest_key=None):
    request = RequestFactory().get("/api/games/")
    request.user = user or AnonymousUser()
    request.session = {GUEST_SESSION_KEY: guest_key} if guest_key is not None else {}
    return request


@pytest.mark.django_db
def test_a_logged_in_player_owns_their_games_even_on_a_session_with_a_guest(player):
    request = request_with(player, guest_key="k" * 43)
    assert request_owner_or_none(request) == player == request_owner(request)


def test_a_session_with_a_guest_id_acts_for_that_guest():
    request = request_with(guest_key="k" * 43)
    assert request_owner_or_none(request) == Guest("k" * 43) == request_owner(request)


@pytest.mark.parametrize("guest_key", [None, "", 7])
def test_a_session_without_a_guest_id_owns_nothing_to_list_and_no_game(guest_key):
    request = request_with(guest_key=guest_key)
    assert request_owner_or_none(request) is None
    with pytest.raises(NotFound):
        request_owner(request)
