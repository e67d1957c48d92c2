from django.urls import path

from accounts import views, views_factors, views_owned

app_name = "accounts"
urlpatterns = [
    path("password-reset/", views.password_reset_page, name="password-reset"),
    path("reset/<str:uidb64>/<str:token>/", views.password_reset_confirm_page, name="password-reset-confirm"),
    path("verify-email/<str:key>/", views.email_verify_page, name="email-verify"),
    path("account/", views_owned.account_page, name="account"),
    path("account/two-factor/", views_factors.two_factor_page, name="two-factor"),
]
