from django.urls import path

from social.apis import challenges, follows, leagues

urlpatterns = [
    path("challenges/", challenges.ChallengeCreateApi.as_view(), name="challenge-create"),
    path("challenges/<str:code>/", challenges.ChallengeDetailApi.as_view(), name="challenge-detail"),
    path("challenges/<str:code>/games/", challenges.ChallengeGameApi.as_view(), name="challenge-game"),
    path("players/<str:username>/follow/", follows.FollowApi.as_view(), name="player-follow"),
    path("leagues/", leagues.LeagueCreateApi.as_view(), name="league-create"),
    path("leagues/<str:code>/", leagues.LeagueDetailApi.as_view(), name="league-detail"),
    path("leagues/<str:code>/join/", leagues.LeagueJoinApi.as_view(), name="league-join"),
    path("leagues/<str:code>/members/<str:username>/", leagues.LeagueMemberApi.as_view(),
         name="league-member"),
    path("leagues/<str:code>/standings/", leagues.LeagueStandingsApi.as_view(), name="league-standings"),
]
