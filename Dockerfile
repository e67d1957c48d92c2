# Production image: gunicorn + whitenoise for the web, the same image for the race sockets
# (uvicorn, freecell_site.asgi: docker-compose.yml's sockets service), worker and beat.

# Build stage: the compiler and the C headers build the package's native code (the
# Spider search, setup.py) exactly as scripts/setup does; none of it reaches the runtime.
FROM python:3.12-slim-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY requirements.lock ./
RUN pip install --no-cache-dir setuptools==84.2.1
COPY . .
RUN python setup.py -q build_ext --inplace

# Runtime stage: slim, no compiler.
FROM python:3.12-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    DJANGO_SETTINGS_MODULE=freecell_site.settings.production

# fc-solve: the library the solver adapter loads, and its board generator.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfreecell-solver0 freecell-solver-bin curl \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY requirements.lock ./
RUN pip install --no-cache-dir -r requirements.lock
COPY . .
COPY --from=build /src/solver/_spider*.so solver/
# The image refuses to build with the pure Python Spider search.
RUN python -c "from solver import spider_native as n; assert n.available(), 'no native Spider search'"
RUN SECRET_KEY=build-only-$(date +%s)-0123456789012345678901234567890123456789 \
    DATABASE_URL=sqlite:////tmp/build.sqlite3 REDIS_URL=redis://localhost:6379/0 \
    python manage.py collectstatic --noinput

RUN useradd --system --home /app fc && chown -R fc /app
USER fc
EXPOSE 8000 8001
# gunicorn's workers: WEB_CONCURRENCY (2 for the image on its own; docker-compose.yml runs
# servers of one worker behind HAProxy, docs/operations.md, The web node).
ENV WEB_CONCURRENCY=2
CMD ["gunicorn", "freecell_site.wsgi:application", "--bind", "0.0.0.0:8000", \
     "--threads", "8", "--worker-class", "gthread", "--no-control-socket", "--access-logfile", "-"]
