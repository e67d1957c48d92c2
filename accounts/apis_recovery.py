"""APIs for a forgotten password and a verified email (the pages in accounts/views.py share the services)."""

from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_protect
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import recovery
from core.fields import StrictCharField
from core.schemas import CONFLICT, ERRORS, THROTTLED

SENT = "If an account has this address, a reset link is on its way."


@method_decorator(csrf_protect, name="dispatch")
class PasswordResetApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    class PasswordResetIn(serializers.Serializer):
        email = serializers.EmailField(max_length=254)

    class SentOut(serializers.Serializer):
        detail = serializers.CharField()

    @extend_schema(request=PasswordResetIn, responses={202: SentOut, **ERRORS, **THROTTLED},
                   summary="Mail a password-reset link (the same answer whether or not the address is known)")
    def post(self, request):
        data = self.PasswordResetIn(data=request.data)
        data.is_valid(raise_exception=True)
        recovery.password_reset_request(request=request._request, email=data.validated_data["email"])
        return Response({"detail": SENT}, status=status.HTTP_202_ACCEPTED)


@method_decorator(csrf_protect, name="dispatch")
class PasswordResetConfirmApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    class ConfirmIn(serializers.Serializer):
        uid = StrictCharField(max_length=64)
        token = StrictCharField(max_length=128)
        new_password = StrictCharField(max_length=200, trim_whitespace=False)

    @extend_schema(request=ConfirmIn, responses={204: None, **ERRORS, **THROTTLED},
                   summary="Set a new password from a reset link (once; ends every session, revokes tokens)")
    def post(self, request):
        data = self.ConfirmIn(data=request.data)
        data.is_valid(raise_exception=True)
        recovery.password_reset_confirm(request=request._request, uidb64=data.validated_data["uid"],
                                        token=data.validated_data["token"],
                                        new_password=data.validated_data["new_password"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class EmailApi(APIView):
    permission_classes = [IsAuthenticated]

    class EmailIn(serializers.Serializer):
        email = serializers.EmailField(max_length=254, allow_blank=True)

    class EmailOut(serializers.Serializer):
        email = serializers.CharField()
        verified = serializers.BooleanField()

    def _out(self, user) -> dict:
        return {"email": user.email, "verified": recovery.email_verified(user)}

    @extend_schema(responses={200: EmailOut, **ERRORS}, summary="The account's email, verified or not")
    def get(self, request):
        return Response(self._out(request.user))

    @extend_schema(request=EmailIn, responses={200: EmailOut, **ERRORS, **THROTTLED},
                   summary="Change the email (a new address is mailed a verification link)")
    def put(self, request):
        data = self.EmailIn(data=request.data)
        data.is_valid(raise_exception=True)
        recovery.email_change(request=request._request, user=request.user, email=data.validated_data["email"])
        return Response(self._out(request.user))


class EmailVerifyApi(APIView):
    permission_classes = [AllowAny]

    class VerifyIn(serializers.Serializer):
        key = StrictCharField(max_length=400)

    @extend_schema(request=VerifyIn, responses={204: None, **ERRORS, **CONFLICT, **THROTTLED},
                   summary="Verify the address in a verification link")
    def post(self, request):
        data = self.VerifyIn(data=request.data)
        data.is_valid(raise_exception=True)
        recovery.email_verify(request=request._request, key=data.validated_data["key"])
        return Response(status=status.HTTP_204_NO_CONTENT)
