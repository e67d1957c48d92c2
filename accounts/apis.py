"""Account APIs: session log-in for the browser (CSRF enforced), tokens for scripts."""

from django.middleware.csrf import get_token
from django.utils.decorators import method_decorator
from django.views.decorators.csrf import csrf_protect, ensure_csrf_cookie
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import services
from accounts.origins import browser_cookie_set
from core.fields import StrictCharField
from core.schemas import CONFLICT, ERRORS


class UserOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_staff = serializers.BooleanField()
    date_joined = serializers.DateTimeField()


def user_out(user) -> dict:
    return UserOut(user).data


class CredentialsIn(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=200, trim_whitespace=False)


@method_decorator(ensure_csrf_cookie, name="dispatch")
class CsrfApi(APIView):
    permission_classes = [AllowAny]

    class CsrfOut(serializers.Serializer):
        csrf_token = serializers.CharField()

    @extend_schema(responses={200: CsrfOut}, summary="Set the CSRF cookie for a browser session")
    def get(self, request):
        return Response({"csrf_token": get_token(request)})


@method_decorator(csrf_protect, name="dispatch")
class RegisterApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "register"

    class RegisterIn(serializers.Serializer):
        username = StrictCharField(max_length=150)
        password = StrictCharField(max_length=200, trim_whitespace=False)
        email = serializers.EmailField(required=False, allow_blank=True, default="")

        def validate_username(self, value: str) -> str:
            from django.contrib.auth.validators import UnicodeUsernameValidator

            UnicodeUsernameValidator()(value)
            return value

    @extend_schema(request=RegisterIn, responses={201: UserOut, **CONFLICT, **ERRORS},
                   summary="Create an account and log in")
    def post(self, request):
        data = self.RegisterIn(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.user_register(request=request._request, **data.validated_data)
        response = Response(user_out(user), status=status.HTTP_201_CREATED)
        browser_cookie_set(response, request._request.login_browser)
        return response


@method_decorator(csrf_protect, name="dispatch")
class LoginApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    @extend_schema(request=CredentialsIn, responses={200: UserOut, **ERRORS}, summary="Log in (session)")
    def post(self, request):
        data = CredentialsIn(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.user_login(request=request._request, **data.validated_data)
        response = Response(user_out(user))
        browser_cookie_set(response, request._request.login_browser)
        return response


class LogoutApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={204: None}, summary="Log out")
    def post(self, request):
        services.user_logout(request=request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: UserOut, **ERRORS}, summary="The logged-in player")
    def get(self, request):
        return Response(user_out(request.user))


class PasswordChangeApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    class PasswordChangeIn(serializers.Serializer):
        old_password = StrictCharField(max_length=200, trim_whitespace=False)
        new_password = StrictCharField(max_length=200, trim_whitespace=False)

    @extend_schema(request=PasswordChangeIn, responses={204: None, **ERRORS}, summary="Change password")
    def post(self, request):
        data = self.PasswordChangeIn(data=request.data)
        data.is_valid(raise_exception=True)
        services.password_change(request=request._request, user=request.user, **data.validated_data)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    class TokenIn(CredentialsIn):
        otp = StrictCharField(max_length=64, required=False,
                              help_text="A code, for an account with a second factor")

    class TokenOut(serializers.Serializer):
        token = serializers.CharField()

    @extend_schema(request=TokenIn, responses={200: TokenOut, **ERRORS}, summary="A token for scripts")
    def post(self, request):
        data = self.TokenIn(data=request.data)
        data.is_valid(raise_exception=True)
        return Response({"token": services.token_issue(request=request._request, **data.validated_data)})
