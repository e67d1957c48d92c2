"""Accounts: registration, log-in (with django-axes lockout), password change, tokens."""

from importlib import import_module

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model, login, logout, update_session_auth_hash
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from accounts.authentication import token_expired
from accounts.backends import MODEL_BACKEND
from accounts.factors import factor_check
from accounts.models import UsernameSkeleton
from accounts.origins import login_origin_record
from accounts.recovery import account_mail_enqueue
from accounts.slowdown import login_slowdown_check
from accounts.usernames import username_normal, username_scripts_check, username_skeleton
from core.errors import Conflict, InvalidRequest, PermissionDenied

User = get_user_model()


def _password_check(password: str, user=None) -> None:
    try:
        validate_password(password, user=user)
    except ValidationError as exc:
        raise InvalidRequest(" ".join(exc.messages), code="weak_password", reasons=exc.messages) from exc


def user_register(*, request, username: str, password: str, email: str = ""):
    """Create an account and log it in on this session. The name is stored
    NFKC-normalised and refused when it looks like an existing one."""
    username = username_normal(username)
    candidate = User(username=username, email=email)
    _password_check(password, candidate)
    username, skeleton = username_check(username)
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, password=password, email=email)
            UsernameSkeleton.objects.create(user=user, skeleton=skeleton)
    except IntegrityError as exc:
        username_check(username)  # a race: say which
        raise Conflict("That username is taken.", code="username_taken") from exc
    login(request, user, backend=MODEL_BACKEND)
    _origin_record(request, user)
    if email:
        account_mail_enqueue(kind="email_verify", user=user, request=request)
    return user


def _origin_record(request, user) -> None:
    """Remember where the account logged in; the view sets the browser's cookie
    from ``request.login_browser``."""
    request.login_browser = login_origin_record(request=request, user=user)


def username_check(username: str, *, user=None) -> tuple[str, str]:
    """The stored form and skeleton of a name for a new account (or for ``user``,
    renamed). Every path that makes or renames an account asks this: the
    registration API, the admin's forms and ``createsuperuser``. Refuses a name
    that mixes scripts, one taken, and a look-alike of another account's."""
    username = username_normal(username)
    username_scripts_check(username)
    skeleton = username_skeleton(username)
    others, skeletons = User.objects.all(), UsernameSkeleton.objects.filter(skeleton=skeleton)
    if user is not None and user.pk:
        others, skeletons = others.exclude(pk=user.pk), skeletons.exclude(user=user)
    if others.filter(username=username).exists():
        raise Conflict("That username is taken.", code="username_taken")
    if skeletons.exists() or _unkeyed_look_alike(others, skeleton):
        raise Conflict("That username looks like one already taken.", code="username_confusable")
    return username, skeleton


def _unkeyed_look_alike(others, skeleton: str) -> bool:
    """An account made by a bare ``create_user`` (a script, a fixture) has no skeleton row:
    its name is compared here instead. The migrations gave every older account its row, so
    this set is normally empty."""
    unkeyed = others.filter(skeleton__isnull=True).values_list("username", flat=True)
    return any(username_skeleton(name) == skeleton for name in unkeyed.iterator())


def username_skeleton_record(*, user) -> None:
    """Write the account's skeleton (again, after a rename). A look-alike that got
    there first makes this raise ``IntegrityError``: the unique skeleton decides races."""
    skeleton = username_skeleton(user.get_username())
    UsernameSkeleton.objects.update_or_create(user=user, defaults={"skeleton": skeleton})


def user_authenticate(*, request, username: str, password: str):
    """Check credentials through django-axes: repeated failures lock this address
    out of the account, and slow the account down from everywhere else."""
    login_slowdown_check(request=request, username=username)
    try:
        user = authenticate(request=request, username=username, password=password)
    except DjangoPermissionDenied as exc:
        raise PermissionDenied(
            "Too many failed log-in attempts: this account is locked for a while.", code="locked_out"
        ) from exc
    if user is None:
        if getattr(request, "axes_locked_out", False):
            raise PermissionDenied(
                "Too many failed log-in attempts: this account is locked for a while.", code="locked_out"
            )
        raise InvalidRequest("Wrong username or password.", code="bad_credentials")
    return user


def user_login(*, request, username: str, password: str):
    user = user_authenticate(request=request, username=username, password=password)
    login(request, user)
    _origin_record(request, user)
    return user


def user_logout(*, request) -> None:
    logout(request)


def password_change(*, request, user, old_password: str, new_password: str) -> None:
    """Change the password; the old one is checked through django-axes like a log-in,
    and every API token is revoked (scripts must ask for a new one)."""
    user_authenticate(request=request, username=user.get_username(), password=old_password)
    _password_check(new_password, user)
    with transaction.atomic():
        user.set_password(new_password)
        user.save(update_fields=["password"])
        Token.objects.filter(user=user).delete()
    update_session_auth_hash(request, user)


def token_issue(*, request, username: str, password: str, otp: str | None = None) -> str:
    """A token for scripts; an account with a second factor must give a code too."""
    user = user_authenticate(request=request, username=username, password=password)
    factor_check(user=user, code=otp)
    _origin_record(request, user)
    with transaction.atomic():
        token, _ = Token.objects.select_for_update().get_or_create(user=user)
        if token_expired(token):  # an expired token is replaced, never extended
            token.delete()
            token = Token.objects.create(user=user)
    return token.key


def sessions_expired_clear() -> None:
    """Delete expired sessions (as ``manage.py clearsessions``): guests get a session
    with their first server game, and nothing else would ever remove it."""
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
