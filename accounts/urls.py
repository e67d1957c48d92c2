from django.urls import path

from accounts import apis, apis_leaving, apis_owned, apis_recovery

urlpatterns = [
    path("csrf/", apis.CsrfApi.as_view(), name="account-csrf"),
    path("register/", apis.RegisterApi.as_view(), name="account-register"),
    path("login/", apis.LoginApi.as_view(), name="account-login"),
    path("logout/", apis.LogoutApi.as_view(), name="account-logout"),
    path("me/", apis.MeApi.as_view(), name="account-me"),
    path("password/", apis.PasswordChangeApi.as_view(), name="account-password"),
    path("token/", apis.TokenApi.as_view(), name="account-token"),
    path("password-reset/", apis_recovery.PasswordResetApi.as_view(), name="account-password-reset"),
    path("password-reset/confirm/", apis_recovery.PasswordResetConfirmApi.as_view(),
         name="account-password-reset-confirm"),
    path("email/", apis_recovery.EmailApi.as_view(), name="account-email"),
    path("export/", apis_leaving.ExportApi.as_view(), name="account-export"),
    path("deletion/", apis_leaving.DeletionApi.as_view(), name="account-deletion"),
    path("sessions/", apis_owned.SessionsApi.as_view(), name="account-sessions"),
    path("sessions/<int:session_id>/", apis_owned.SessionEndApi.as_view(), name="account-session"),
    path("tokens/", apis_owned.TokensApi.as_view(), name="account-tokens"),
    path("tokens/<str:token_id>/", apis_owned.TokenRevokeApi.as_view(), name="account-token-revoke"),
    path("email/verify/", apis_recovery.EmailVerifyApi.as_view(), name="account-email-verify"),
]
