"""The admin's forms for making and renaming an account: the same name checks as registration."""

from django import forms
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from accounts.services import username_check
from core.errors import DomainError

#: Changes to an existing account that staff must give a reason for (kept in the audit log).
REASONED_FIELDS = {"username": "a rename", "is_active": "a deactivation or reactivation"}


class _UsernameChecked:
    def clean_username(self):
        username = self.cleaned_data["username"]
        instance = self.instance if self.instance.pk else None
        if instance is not None and username == instance.get_username():
            return username
        try:
            username, _ = username_check(username, user=instance)
        except DomainError as exc:
            raise forms.ValidationError(exc.message, code=exc.code) from exc
        return username


class AccountCreationForm(_UsernameChecked, AdminUserCreationForm):
    pass


class AccountChangeForm(_UsernameChecked, UserChangeForm):
    reason = forms.CharField(
        max_length=300,
        required=False,
        label="Reason",
        help_text="Required to rename, deactivate or reactivate the account; kept in the audit log.",
        widget=forms.TextInput(attrs={"size": 70, "autocomplete": "off"}),
    )

    def clean(self):
        cleaned = super().clean()
        reasoned = [what for field, what in REASONED_FIELDS.items() if field in self.changed_data]
        if reasoned and not (cleaned.get("reason") or "").strip():
            self.add_error("reason", forms.ValidationError(
                f"Say why: {' and '.join(reasoned)} is kept in the audit log with its reason.",
                code="reason_required",
            ))
        return cleaned
