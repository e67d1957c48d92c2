"""The account pages that work without the client's scripts: a forgotten password,
a verification link. Plain forms (CSRF-protected) over the same services as the API."""

from django.contrib.auth.password_validation import password_validators_help_texts
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_http_methods

from accounts import recovery
from core.errors import DomainError


def _render(request: HttpRequest, template: str, page: str, status: int = 200, **context) -> HttpResponse:
    return render(request, f"accounts/{template}", {"page": page, **context}, status=status)


@csrf_protect
@require_http_methods(["GET", "POST"])
def password_reset_page(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return _render(request, "password_reset.html", "password-reset")
    email = request.POST.get("email", "")[:254]
    try:
        recovery.password_reset_request(request=request, email=email)
    except DomainError as exc:
        return _render(request, "password_reset.html", "password-reset", status=exc.status, error=exc.message,
                       email=email)
    return _render(request, "password_reset.html", "password-reset", sent=True)


@csrf_protect
@require_http_methods(["GET", "POST"])
def password_reset_confirm_page(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    context = {"password_rules": password_validators_help_texts()}
    try:
        recovery.password_reset_user(uidb64=uidb64, token=token)
    except DomainError as exc:
        return _render(request, "password_reset_confirm.html", "password-reset-confirm", status=exc.status,
                       invalid=exc.message)
    if request.method == "GET":
        return _render(request, "password_reset_confirm.html", "password-reset-confirm", **context)
    new_password = request.POST.get("new_password", "")[:200]
    if new_password != request.POST.get("new_password_again", "")[:200]:
        return _render(request, "password_reset_confirm.html", "password-reset-confirm", status=400,
                       error="The two passwords differ.", **context)
    try:
        recovery.password_reset_confirm(request=request, uidb64=uidb64, token=token,
                                        new_password=new_password)
    except DomainError as exc:
        return _render(request, "password_reset_confirm.html", "password-reset-confirm", status=exc.status,
                       error=exc.message, **context)
    return _render(request, "password_reset_confirm.html", "password-reset-confirm", done=True)


@csrf_protect
@require_http_methods(["GET", "POST"])
def email_verify_page(request: HttpRequest, key: str) -> HttpResponse:
    """A link opened by a mail scanner verifies nothing: the page asks for one press first."""
    if request.method == "GET":
        return _render(request, "email_verify.html", "email-verify")
    try:
        user = recovery.email_verify(request=request, key=key)
    except DomainError as exc:
        return _render(request, "email_verify.html", "email-verify", status=exc.status, error=exc.message)
    return _render(request, "email_verify.html", "email-verify", verified=user.email)
