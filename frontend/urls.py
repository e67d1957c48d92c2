from django.urls import path

import core.converters  # noqa: F401 - registers <dealnumber:...>
from frontend import views

app_name = "frontend"
urlpatterns = [
    path("", views.home, name="home"),
    path("play/<str:variant>/", views.play_random, name="play-random"),
    path("play/<str:variant>/<dealnumber:number>", views.play, name="play"),
    path("daily/<str:variant>", views.daily, name="daily"),
    path("daily/<str:variant>/<str:date>", views.daily, name="daily-date"),
    path("s/<str:code>", views.share, name="share"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
    path("leaderboards/daily/<str:date>/<str:variant>/", views.leaderboard_daily, name="leaderboard-daily"),
    path("leaderboards/deal/<str:variant>/<dealnumber:number>/", views.leaderboard_deal,
         name="leaderboard-deal"),
    path("leaderboards/all-time/<str:variant>/", views.leaderboard_all_time, name="leaderboard-all-time"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("profile/", views.my_profile, name="my-profile"),
    path("rules/<str:variant>", views.rules, name="rules"),
    path("dailies/<str:variant>/", views.archive, name="archive"),
    path("replay/<str:date>/<str:variant>/", views.replay, name="replay"),
    path("login/", views.login_page, name="login"),
    path("register/", views.register_page, name="register"),
]
