"""Settings shared by every environment, read from the environment.

With nothing configured the service runs on an embedded default: a SQLite
file and eager Celery. ``EMBEDDED`` says so; the health endpoint reports it,
and ``scripts/run`` says so when it starts.
"""

from pathlib import Path

import environ
from django.utils.csp import CSP

from core.logs import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent.parent
env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEFAULT_SECRET_KEY = "insecure-embedded-default-not-for-production"  # noqa: S105 - refused in production
SECRET_KEY = env("SECRET_KEY", default=DEFAULT_SECRET_KEY)
DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "accounts",  # first: its createsuperuser (with the name checks) replaces Django's
    "accounts.admin_apps.StaffAdminConfig",  # the admin, asking staff for a second factor
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_structlog",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "core",
    "auditlog",
    "games",
    "races",
    "frontend",
    "social",
]

MIDDLEWARE = [
    "freecell_site.metrics.RequestMetricsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "core.nul.NulByteMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
    "core.logs.RequestMiddleware",
    "core.logs.RequestIdHeaderMiddleware",
    "games.browser_ids.BrowserIdMiddleware",
]

ROOT_URLCONF = "freecell_site.urls"
WSGI_APPLICATION = "freecell_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------
# The append's read and write (core/rows.py) are prepared once per connection on PostgreSQL;
# off (DATABASE_PREPARED_STATEMENTS=0) for a pooler in transaction mode that cannot hold
# prepared statements (PgBouncer before 1.21, or without max_prepared_statements).
ROWS_PREPARED = env.bool("DATABASE_PREPARED_STATEMENTS", default=True)
# A move append that does not win commits without waiting for PostgreSQL's write-ahead log to
# reach the disk (core/rows.py, NO_COMMIT_WAIT); 1: it waits, as every other write does
# (docs/operations.md, The append path).
APPEND_SYNCHRONOUS_COMMIT = env.bool("APPEND_SYNCHRONOUS_COMMIT", default=False)
DATABASE_URL = env("DATABASE_URL", default="")
EMBEDDED_DATABASE = not DATABASE_URL
if DATABASE_URL:
    DATABASES = {"default": env.db_url_config(DATABASE_URL)}
    # Connections are kept for the life of the process (CONN_MAX_AGE unset or "none"), and the
    # health check replaces one the server ended. A web process opens one per thread as it
    # starts (freecell_site/warm.py), so no request waits for a new backend; with an age,
    # those connections would all be replaced together when it ran out, a stall under load
    # (docs/benchmarks.md, The write path). A number of seconds limits their age again.
    _age = env("CONN_MAX_AGE", default="none").strip().lower()
    DATABASES["default"].setdefault("CONN_MAX_AGE", None if _age in ("", "none") else int(_age))
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend, with the per-request health check made without a round trip.
        DATABASES["default"]["ENGINE"] = "core.database"
else:
    (BASE_DIR / "var").mkdir(exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "var" / "embedded.sqlite3",
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: broker and cache ---------------------------------------------------
REDIS_URL = env("REDIS_URL", default="")
EMBEDDED_BROKER = not REDIS_URL
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "core.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CACHE_KEY_PREFIX", default="fc"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
EMBEDDED = EMBEDDED_DATABASE or EMBEDDED_BROKER

# Race sockets (Django Channels): fan-out through the same Redis; in memory on the
# embedded default, where one ASGI process holds every socket.
ASGI_APPLICATION = "freecell_site.asgi.application"
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub (channels-redis's second layer): a process subscribes once to each race
            # it holds sockets of and hands an event to those sockets itself, so a move's progress
            # is one PUBLISH, however many players. The list-based RedisChannelLayer took 4 round
            # trips to send it and 4 more for each socket that received it (docs/benchmarks.md,
            # Race sockets). Messages are not kept for a process that is not subscribed: every
            # progress event carries the player's whole progress, and a socket that reconnects
            # is sent the race as stored. redis-py's pool refuses a connection past
            # max_connections (100 by default): the limit stays high for a burst of publishers; a
            # command waits at most socket_timeout for Redis.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 15,
                                  "max_connections": env.int("CHANNEL_LAYER_MAX_CONNECTIONS", default=1000)}],
                       "prefix": env("CHANNEL_LAYER_PREFIX", default="asgi")},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# The port the ASGI server listens on for /ws/ when it is not behind the same
# address as the pages (scripts/run, the compose file): pages open sockets there.
RACE_SOCKET_PORT = env("RACE_SOCKET_PORT", default="")
# Race sockets store moves on a pool of threads (races/consumers.py) rather than one.
RACE_SOCKET_DB_POOL = env.bool("RACE_SOCKET_DB_POOL", default=True)

# Celery reads these through freecell_site/celery.py (namespace CELERY_).
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = EMBEDDED_BROKER
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_DEFAULT_QUEUE = "default"

# --- Auth ----------------------------------------------------------------------
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.ModelBackend",  # Django's, with the session's user read by a statement built once
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "accounts.validators.CharacterVarietyValidator", "OPTIONS": {"min_distinct": 5}},
]
LOGIN_URL = "/login/"

# Proxies of ours in front of gunicorn that append to X-Forwarded-For. 0: the
# header is the client's own words and is ignored (accounts/addresses.py).
NUM_PROXIES = env.int("NUM_PROXIES", default=0)

# django-axes: lock out on (username, address) only; across addresses a username
# is slowed down instead (accounts/slowdown.py), so that nobody can lock a
# player out of their own account from somewhere else.
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_HOURS", default=0.25)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "accounts.addresses.client_address"
LOGIN_SLOWDOWN_MAX_SECONDS = env.int("LOGIN_SLOWDOWN_MAX_SECONDS", default=30)
# An address or browser that logged in to an account within this many days is not slowed down.
LOGIN_ORIGIN_DAYS = env.int("LOGIN_ORIGIN_DAYS", default=90)
AXES_RESET_ON_SUCCESS = True
AXES_ENABLE_ACCESS_FAILURE_LOG = False
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"

# --- Mail (accounts: verification and password-reset links, sent by the worker) --------
# EMAIL_URL names the SMTP server, e.g. smtp+tls://user:password@mail.example:587
# (django-environ's form); without it mail is printed on the console, as the
# embedded default wants. Tests capture it (locmem, or files for the live processes).
EMAIL_URL = env("EMAIL_URL", default="")
if EMAIL_URL:
    globals().update(env.email_url_config(EMAIL_URL))
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Solitaire <noreply@localhost>")
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
PASSWORD_RESET_TIMEOUT = env.int("PASSWORD_RESET_HOURS", default=2) * 3600
EMAIL_VERIFY_DAYS = env.int("EMAIL_VERIFY_DAYS", default=3)
PASSWORD_RESET_PER_ADDRESS = env.int("PASSWORD_RESET_PER_ADDRESS", default=10)  # requests an hour per client
PASSWORD_RESET_PER_EMAIL = env.int("PASSWORD_RESET_PER_EMAIL", default=5)  # requests an hour per address
PASSWORD_RESET_MAILS_PER_HOUR = env.int("PASSWORD_RESET_MAILS_PER_HOUR", default=3)  # mails an hour, account
EMAIL_VERIFY_MAILS_PER_HOUR = env.int("EMAIL_VERIFY_MAILS_PER_HOUR", default=5)

# Plain move appends answered in front of Django's handler (games/apis/append_door.py); off:
# every append goes through Django's middleware and DRF's view, with the same answers.
APPEND_DOOR = env.bool("APPEND_DOOR", default=True)

# A deleted account is erased this many days after its owner asked (accounts/leaving.py).
ACCOUNT_DELETION_GRACE_DAYS = env.int("ACCOUNT_DELETION_GRACE_DAYS", default=3)
# API tokens stop working this many days after they were issued (accounts/authentication.py).
TOKEN_TTL_DAYS = env.int("TOKEN_TTL_DAYS", default=90)
# Second factors (django-otp, accounts/factors.py): codes tried an hour per account.
OTP_ATTEMPTS_PER_HOUR = env.int("OTP_ATTEMPTS_PER_HOUR", default=10)
OTP_TOTP_ISSUER = env("OTP_TOTP_ISSUER", default="Solitaire")

# --- i18n / time ---------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files ----------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "freecell_site.storage.StaticFilesStorage"},
}

# --- Security headers (on everywhere; production adds HTTPS-only ones) ------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# The pages load only their own scripts, styles and images (no inline code, no third parties).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SESSION_COOKIE_HTTPONLY = True
SESSION_ENGINE = "accounts.sessions"  # refuses keys Django never issues
CSRF_COOKIE_HTTPONLY = False  # the client reads it to send X-CSRFToken
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

# --- DRF -----------------------------------------------------------------------------
REST_FRAMEWORK = {
    # Token first: an unauthenticated request gets 401 with a WWW-Authenticate
    # header (DRF takes it from the first class) instead of a bare 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ExpiringTokenAuthentication",
        "accounts.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # ASCII JSON: an error that quotes the request (a lone surrogate in a refused
    # choice, say) must still encode; "\ud800" escaped is valid JSON, raw it is a 500.
    "UNICODE_JSON": False,
    "DEFAULT_PARSER_CLASSES": ["core.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.exception_handler.api_exception_handler",
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "login": env("THROTTLE_LOGIN", default="20/min"),
        "register": env("THROTTLE_REGISTER", default="10/hour"),
        "moves": env("THROTTLE_MOVES", default="600/min"),
        "hints": env("THROTTLE_HINTS", default="60/min"),
        "games": env("THROTTLE_GAMES", default="20/min"),
        "games_burst": env("THROTTLE_GAMES_BURST", default="5/sec"),
        "guest_games": env("THROTTLE_GUEST_GAMES", default="60/hour"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Solitaire API",
    "DESCRIPTION": "Deals, games, move logs, dailies and leaderboards.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {"DailyVariantEnum": "games.catalogue.daily_variants_ever",
                            "VariantEnum": "games.catalogue.site_variants",
                            "DifficultyBandEnum": "games.difficulty.LEVELS"},
    # Swagger UI is served from the app's own static files, pinned with the package.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# core/logs.py: JSON lines (production's default) or plain text, with a request id
# carried from each request into the tasks it enqueues (django-structlog).
LOG_LEVEL = env("LOG_LEVEL", default="INFO")
LOGGING = logging_config(env("LOG_FORMAT", default="plain"), LOG_LEVEL)
DJANGO_STRUCTLOG_CELERY_ENABLED = True
# No user id in the request's context: reading request.user costs the session and user
# queries that the stored hot reads are built to avoid (tests/games/test_query_counts.py).
DJANGO_STRUCTLOG_USER_ID_FIELD = None
# A proxy of yours that sets X-Request-ID may be trusted for it; a client never is by default.
DJANGO_STRUCTLOG_TRUST_UPSTREAM_REQUEST_ID = env.bool("TRUST_UPSTREAM_REQUEST_ID", default=False)

# --- Metrics (freecell_site/metrics.py, docs/operations.md) -----------------------------
# /metrics answers to ``Authorization: Bearer <METRICS_TOKEN>``; production refuses
# everyone while no token is set, other settings leave it open on a machine of one's own.
METRICS_TOKEN = env("METRICS_TOKEN", default="")
METRICS_REQUIRE_TOKEN = False

# --- Game service ------------------------------------------------------------------
SOLVER_BUDGET = env.int("SOLVER_BUDGET", default=200_000)  # iterations per preset
HINT_BUDGET = env.int("HINT_BUDGET", default=100_000)  # iterations per search of a hint
# Positions per search of a Klondike or Spider hint: their compiled searches visit 300,000-500,000
# a second here, so the clock (HINT_MAX_SECONDS) is what bounds them (docs/solver.md, Hints).
HINT_STOCK_BUDGET = env.int("HINT_STOCK_BUDGET", default=1_000_000)
# The hard ceiling of one hint, whatever the log: all its searches together, and
# the earlier positions probed when the game is lost (solver/hints.py).
HINT_MAX_ITERATIONS = env.int("HINT_MAX_ITERATIONS", default=400_000)
HINT_MAX_SECONDS = env.float("HINT_MAX_SECONDS", default=1.5)
HINT_MAX_PROBES = env.int("HINT_MAX_PROBES", default=16)
# A Klondike or Spider hint whose search finds no line within those limits asks the worker
# for a plan (games/services/hint_plans.py): stages of HINT_PLAN_STAGE_SECONDS on every core
# (inside the task's soft time limit, freecell_site/celery.py), at most HINT_PLAN_STAGES of
# them (0: never), while the page asks again every HINT_PLAN_RETRY_SECONDS.
HINT_PLAN_STAGE_SECONDS = env.float("HINT_PLAN_STAGE_SECONDS", default=9.0)
HINT_PLAN_STAGES = env.int("HINT_PLAN_STAGES", default=3)
HINT_PLAN_RETRY_SECONDS = env.int("HINT_PLAN_RETRY_SECONDS", default=2)
# Plans queued or running at once across the site (one per player or guest at most): one by
# default, so that a worker of two processes always has one for the validations (a stage holds
# its process for up to HINT_PLAN_STAGE_SECONDS); raise it with the worker's processes.
HINT_PLAN_AT_ONCE = env.int("HINT_PLAN_AT_ONCE", default=1)
# Every verdict (the lost-position notice) answers this long after it was asked, found
# early or not: a position on the solver's own line is found at once and one off it after
# a search, so an answer as soon as found would say which (docs/reliability.md). Its search
# stops VERDICT_MARGIN_SECONDS before (at most HINT_MAX_SECONDS); 0 answers at once.
VERDICT_ANSWER_SECONDS = env.float("VERDICT_ANSWER_SECONDS", default=2.5)
VERDICT_MARGIN_SECONDS = env.float("VERDICT_MARGIN_SECONDS", default=1.0)
POOL_TARGET = env.int("POOL_TARGET", default=60)  # winnable deals kept per variant for random play
# Proven deals held for dailies per variant; 0: twice the days beat schedules ahead
# (games.services.dailies.reserve_target). A fill of a longer range solves what it needs.
DAILY_RESERVE_TARGET = env.int("DAILY_RESERVE_TARGET", default=0)
# A human needs time to decide: a finish faster than this per non-foundation
# move is held back for review instead of being ranked.
FAIRPLAY_MIN_MS_PER_DECISION = env.int("FAIRPLAY_MIN_MS_PER_DECISION", default=250)
# django-auditlog: staff services write every entry themselves (games/services/audit.py),
# with who, what, why and through which door; no model is tracked automatically.
AUDITLOG_INCLUDE_ALL_MODELS = False
# Engine-assistance score at or above which a ranked daily win is held for review
# (chosen with bench/fairplay.py, docs/reliability.md), and the time its
# assessment may take in the worker (well inside the task's time limit).
FAIRPLAY_HOLD_SCORE = env.float("FAIRPLAY_HOLD_SCORE", default=0.5)
FAIRPLAY_ASSESS_SECONDS = env.float("FAIRPLAY_ASSESS_SECONDS", default=5.0)
# The links to an earlier account on the same daily that hold a ranked result (games/services/links.py):
# any of "browser", "address", "line". Every link is shown to staff whichever hold.
FAIRPLAY_LINK_HOLD = env.list("FAIRPLAY_LINK_HOLD", default=["browser", "address", "line"])
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
CSRF_FAILURE_VIEW = "core.csrf.csrf_failure"
AXES_VERBOSE = False
