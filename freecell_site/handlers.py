"""Site-wide 404/500 answers: JSON under /api/, the normal pages elsewhere."""

from django.http import JsonResponse
from django.views import defaults


def page_not_found(request, exception=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"error": {"code": "not_found", "message": "No such resource."}}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if request.path.startswith("/api/"):
        body = {"error": {"code": "server_error", "message": "Something went wrong on our side."}}
        return JsonResponse(body, status=500)
    return defaults.server_error(request)
