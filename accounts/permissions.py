"""The staff API acts only for staff who have enrolled a second factor.

Through a session, the session must also have been verified with a code; a
token is issued to such an account only with a code (``accounts.services.token_issue``).
"""

from rest_framework.permissions import BasePermission

from accounts.authentication import SessionAuthentication
from accounts.factors import factor_enrolled
from core.errors import PermissionDenied


class StaffWithSecondFactor(BasePermission):
    def has_permission(self, request, view) -> bool:
        user = request.user
        if not (user and user.is_authenticated and user.is_staff):
            return False
        if not factor_enrolled(user):
            raise PermissionDenied("Enrol a second factor (/account/two-factor/) before using the staff API.",
                                   code="second_factor_required")
        if isinstance(request.successful_authenticator, SessionAuthentication) and not user.is_verified():
            raise PermissionDenied("Verify this session with a code (/account/two-factor/) first.",
                                   code="second_factor_required")
        return True
