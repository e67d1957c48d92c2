from django.urls import path

from races import apis

urlpatterns = [
    path("races/", apis.RaceListApi.as_view(), name="race-list"),
    path("races/<str:code>/", apis.RaceDetailApi.as_view(), name="race-detail"),
    path("races/<str:code>/join/", apis.RaceJoinApi.as_view(), name="race-join"),
    path("players/<str:username>/race-ratings/", apis.PlayerRaceRatingsApi.as_view(),
         name="player-race-ratings"),
]
