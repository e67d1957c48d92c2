from django.urls import re_path

from races.consumers import RaceConsumer

websocket_urlpatterns = [
    re_path(r"^ws/races/(?P<code>[a-z0-9]{4,12})/$", RaceConsumer.as_asgi()),
]
