from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerSplitView

from races import views as race_views

from .health import HealthApi
from .metrics import metrics_view
from .schema import SchemaApi

urlpatterns = [
    # The games API first: every move a player makes is resolved here, and each include tried
    # before the one that matches costs a list of what it tried (a move append's path resolved in
    # 27 us behind admin, health, schema, docs, accounts and races; none of them shares a path with it).
    path("api/", include("games.urls")),
    path("admin/", admin.site.urls),
    path("api/health/", HealthApi.as_view(), name="health"),
    path("metrics", metrics_view, name="metrics"),
    path("api/schema/", SchemaApi.as_view(), name="schema"),
    # Swagger UI from the app's static files (drf-spectacular-sidecar, pinned); the
    # split view serves its start-up script as a file, so the site's CSP holds here too.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/accounts/", include("accounts.urls")),
    path("api/", include("races.urls")),
    path("api/", include("social.urls")),
    path("", include("accounts.page_urls")),
    path("race/", race_views.race_new, name="race-new"),
    path("race/<str:code>", race_views.race_page, name="race"),
    path("", include("frontend.urls")),
    path("", include("social.page_urls")),
]

handler400 = "core.handlers.bad_request"
handler404 = "core.handlers.page_not_found"
handler500 = "core.handlers.server_error"
