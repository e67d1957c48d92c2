from django.urls import path

import core.converters  # noqa: F401 - registers <dealnumber:...>
from games.apis import boards, dailies, deals, games, staff, variants

urlpatterns = [
    path("variants/", variants.VariantListApi.as_view(), name="variant-list"),
    path("deals/featured/", deals.DealFeaturedApi.as_view(), name="deal-featured"),
    path("deals/<str:variant>/random/", deals.DealRandomApi.as_view(), name="deal-random"),
    path("deals/<str:variant>/winnable/", deals.DealWinnableApi.as_view(), name="deal-winnable"),
    path("deals/<str:variant>/<dealnumber:number>/", deals.DealDetailApi.as_view(), name="deal-detail"),
    path("deals/<str:variant>/<dealnumber:number>/hint/", games.DealHintApi.as_view(), name="deal-hint"),
    path("games/", games.GameListApi.as_view(), name="game-list"),
    path("games/<uuid:game_id>/", games.GameDetailApi.as_view(), name="game-detail"),
    path("games/<uuid:game_id>/moves/", games.GameMovesApi.as_view(), name="game-moves"),
    path("games/<uuid:game_id>/undo/", games.GameUndoApi.as_view(), name="game-undo"),
    path("games/<uuid:game_id>/hint/", games.GameHintApi.as_view(), name="game-hint"),
    path("games/<uuid:game_id>/submission/", games.GameSubmissionApi.as_view(), name="game-submission"),
    path("dailies/today/", dailies.DailyTodayApi.as_view(), name="daily-today"),
    path("dailies/archive/<str:variant>/", dailies.DailyArchiveApi.as_view(), name="daily-archive"),
    path("dailies/<str:date>/<str:variant>/", dailies.DailyDetailApi.as_view(), name="daily-detail"),
    path("dailies/<str:date>/<str:variant>/games/", dailies.DailyGameStartApi.as_view(), name="daily-game"),
    path("dailies/<str:date>/<str:variant>/lines/", dailies.DailyLinesApi.as_view(), name="daily-lines"),
    path("leaderboards/daily/<str:date>/<str:variant>/", boards.LeaderboardDailyApi.as_view(),
         name="leaderboard-daily"),
    path("leaderboards/deal/<str:variant>/<dealnumber:number>/", boards.LeaderboardDealApi.as_view(),
         name="leaderboard-deal"),
    path("leaderboards/all-time/<str:variant>/", boards.LeaderboardAllTimeApi.as_view(),
         name="leaderboard-all-time"),
    path("players/<str:username>/stats/", boards.PlayerStatsApi.as_view(), name="player-stats"),
    path("staff/schedule/", staff.ScheduleApi.as_view(), name="staff-schedule"),
    path("staff/schedule/fill/", staff.ScheduleFillApi.as_view(), name="staff-schedule-fill"),
    path("staff/schedule-requests/<int:request_id>/", staff.ScheduleRequestApi.as_view(),
         name="staff-schedule-request"),
    path("staff/players/<str:username>/suspension/", staff.PlayerSuspensionApi.as_view(),
         name="staff-player-suspension"),
    path("staff/schedule/<str:variant>/<str:date>/", staff.ScheduleDetailApi.as_view(),
         name="staff-schedule-detail"),
]
