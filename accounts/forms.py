"""The admin's forms for making and renaming an account: the same name checks as registration."""

from django import forms
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from accounts.services import username_check
from core.errors import DomainError


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
    pass
