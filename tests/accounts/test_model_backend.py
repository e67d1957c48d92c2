"""A logged-in browser's user is read by one statement built once (accounts/backends.py),
with Django's answers; sessions that named Django's backend keep their player."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user
from django.test import Client, RequestFactory

from accounts.backends import DJANGO_MODEL_BACKEND, MODEL_BACKEND, ModelBackend
from accounts.sessions import SessionStore

pytestmark = pytest.mark.django_db

renaming = importlib.import_module("accounts.migrations.0006_sessions_model_backend")


def session_for(user, backend: str) -> SessionStore:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = backend
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session


def user_of(session_key: str):
    request = RequestFactory().get("/")
    request.session = SessionStore(session_key)
    return get_user(request)


def test_the_user_is_djangos_instance_and_inactive_or_missing_is_none(player, django_assert_num_queries):
    with django_assert_num_queries(1):
        user = ModelBackend().get_user(player.pk)
    assert user == player and user.password == player.password and user._state.adding is False
    player.is_active = False
    player.save()
    assert ModelBackend().get_user(player.pk) is None
    assert ModelBackend().get_user(player.pk + 10_000) is None


def test_a_password_log_in_names_this_backend_and_reads_the_user_back(player):
    client = Client()
    answer = client.post("/api/accounts/login/", {"username": "alice", "password": "correct horse battery"},
                         content_type="application/json")
    assert answer.status_code == 200, answer.content
    session = SessionStore(client.cookies["sessionid"].value)
    assert session[BACKEND_SESSION_KEY] == MODEL_BACKEND
    assert user_of(session.session_key) == player


def test_a_session_of_djangos_backend_keeps_its_player_after_the_migration(player, make_player):
    old = session_for(player, DJANGO_MODEL_BACKEND)
    other = session_for(make_player("bob"), "axes.backends.AxesStandaloneBackend")
    assert user_of(old.session_key).is_authenticated is False  # no longer listed: logged out
    renaming.forwards(apps, None)
    assert user_of(old.session_key) == player
    assert SessionStore(other.session_key)[BACKEND_SESSION_KEY] == "axes.backends.AxesStandaloneBackend"
    renaming.backwards(apps, None)
    assert SessionStore(old.session_key)[BACKEND_SESSION_KEY] == DJANGO_MODEL_BACKEND


def test_a_changed_password_still_logs_the_session_out(player):
    session = session_for(player, MODEL_BACKEND)
    player.set_password("another horse battery")
    player.save()
    assert user_of(session.session_key).is_authenticated is False
