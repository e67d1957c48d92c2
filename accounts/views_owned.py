"""The account page: email, two-step log-in, sessions and API tokens, with revoke buttons."""

import contextlib

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_http_methods

from accounts import factors, leaving, recovery, sessions_owned
from accounts.models import AccountDeletion
from core.errors import DomainError


@login_required
@csrf_protect
@require_http_methods(["GET", "POST"])
def account_page(request: HttpRequest) -> HttpResponse:
    user = request.user
    if request.method == "POST":
        if "end_session" in request.POST and request.POST["end_session"].isdigit():
            sessions_owned.account_session_end(user=user, session_id=int(request.POST["end_session"]))
        elif "revoke_token" in request.POST:
            sessions_owned.account_token_revoke(user=user, token_id=request.POST["revoke_token"][:40])
        elif "cancel_deletion" in request.POST:
            with contextlib.suppress(DomainError):  # nothing was pending: the page shows that
                leaving.account_deletion_cancel(user=user)
        elif "delete_account" in request.POST:
            try:
                leaving.account_deletion_request(request=request, user=user,
                                                 password=request.POST.get("password", "")[:200])
            except DomainError as exc:
                return _page(request, error=exc.message, status=exc.status)
        return redirect("accounts:account")
    return _page(request)


def _page(request: HttpRequest, error: str = "", status: int = 200) -> HttpResponse:
    user = request.user
    current = request.session.session_key
    return render(request, "accounts/account.html", {
        "page": "account",
        "email": user.email,
        "email_verified": recovery.email_verified(user),
        "enrolled": factors.factor_enrolled(user),
        "sessions": [(row, row.session_key == current)
                     for row in sessions_owned.account_sessions_live(user=user)],
        "tokens": sessions_owned.account_tokens(user=user),
        "deletion": AccountDeletion.objects.filter(user=user).first(),
        "error": error,
    }, status=status)
