"""The second-factor page: enrol an authenticator (with recovery codes), or verify this session."""

from base64 import b32encode

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_http_methods

from accounts import factors
from core.errors import DomainError


@login_required
@csrf_protect
@require_http_methods(["GET", "POST"])
def two_factor_page(request: HttpRequest) -> HttpResponse:
    user = request.user
    context: dict = {"page": "two-factor", "required": factors.factor_required(user)}
    status = 200
    if request.method == "POST":
        code = request.POST.get("code", "")[:64]
        try:
            if factors.factor_enrolled(user):
                factors.factor_verify(request=request, user=user, code=code)
            else:
                codes = factors.factor_enrolment_confirm(request=request, user=user, code=code)
                context["recovery_codes"] = codes
        except DomainError as exc:
            context["error"], status = exc.message, exc.status
    context["enrolled"] = factors.factor_enrolled(user)
    context["verified"] = user.is_verified()
    if not context["enrolled"]:
        device = factors.factor_enrolment_start(user=user)
        context["key"] = b32encode(device.bin_key).decode()
        context["config_url"] = device.config_url
    return render(request, "accounts/two_factor.html", context, status=status)
