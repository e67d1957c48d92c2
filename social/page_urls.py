from django.urls import path

from social import views

app_name = "social"
urlpatterns = [
    path("c/<str:code>", views.challenge, name="challenge"),
    path("c/<str:code>/play", views.challenge_play, name="challenge-play"),
    path("leagues/", views.leagues, name="leagues"),
    path("leagues/<str:code>/", views.league, name="league"),
    path("d/<str:variant>/<str:date>/<str:username>", views.daily_share, name="daily-share"),
]
