"""The admin asks staff for a second factor: enrolled, and a code at each log-in.

django-otp's ``OTPAdminSite`` lets in only a session verified by a device; its
log-in form takes the code. A staff member with nothing enrolled is told where
to enrol instead of being asked for a code they cannot have.
"""

from django import forms
from django.urls import reverse
from django_otp.admin import OTPAdminAuthenticationForm, OTPAdminSite

from accounts.factors import factor_device_for_code, factor_enrolled


class StaffLoginForm(OTPAdminAuthenticationForm):
    def clean_otp(self, user):
        if user is not None and not factor_enrolled(user):
            raise forms.ValidationError(
                "Enrol a second factor before using the admin: log in on the site and open "
                f"{reverse('accounts:two-factor')}.",
                code="second_factor_required",
            )
        return super().clean_otp(user)

    def _chosen_device(self, user):
        """No device chosen: six digits are the authenticator's code, anything else a recovery code,
        so that the log-in is one form (username, password, code)."""
        device = super()._chosen_device(user)
        if device is None:
            device = factor_device_for_code(user=user, code=self.cleaned_data.get("otp_token") or "")
        return device


class StaffAdminSite(OTPAdminSite):
    login_form = StaffLoginForm

    def __init__(self, name: str = "admin") -> None:
        super().__init__(name)
