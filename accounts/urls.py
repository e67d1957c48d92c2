from django.urls import path

from accounts import apis

urlpatterns = [
    path("csrf/", apis.CsrfApi.as_view(), name="account-csrf"),
    path("register/", apis.RegisterApi.as_view(), name="account-register"),
    path("login/", apis.LoginApi.as_view(), name="account-login"),
    path("logout/", apis.LogoutApi.as_view(), name="account-logout"),
    path("me/", apis.MeApi.as_view(), name="account-me"),
    path("password/", apis.PasswordChangeApi.as_view(), name="account-password"),
    path("token/", apis.TokenApi.as_view(), name="account-token"),
]
