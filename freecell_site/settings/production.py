"""Production: everything from the environment; refuses the embedded defaults."""

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import DEFAULT_SECRET_KEY, EMBEDDED, LOG_LEVEL, SECRET_KEY, env, logging_config

DEBUG = False
if not SECRET_KEY or SECRET_KEY == DEFAULT_SECRET_KEY or len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("SECRET_KEY must be set to a long random value in production.")
if EMBEDDED:
    raise ImproperlyConfigured("Production needs DATABASE_URL and REDIS_URL.")

SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True

LOGGING = logging_config(env("LOG_FORMAT", default="json"), LOG_LEVEL)
METRICS_REQUIRE_TOKEN = True  # /metrics is closed until METRICS_TOKEN is set
