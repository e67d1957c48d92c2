from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from .health import HealthApi

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/health/", HealthApi.as_view(), name="health"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI comes from a CDN with inline code: the one page without the site's CSP.
    path("api/docs/", csp_override({})(SpectacularSwaggerView.as_view(url_name="schema")), name="api-docs"),
    path("api/accounts/", include("accounts.urls")),
    path("api/", include("games.urls")),
    path("", include("frontend.urls")),
]

handler400 = "core.handlers.bad_request"
handler404 = "core.handlers.page_not_found"
handler500 = "core.handlers.server_error"
