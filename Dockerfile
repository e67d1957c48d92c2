# Production image: gunicorn + whitenoise for the web, the same image for the race sockets
# (uvicorn, freecell_site.asgi: docker-compose.yml's sockets service), worker and beat.
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
RUN SECRET_KEY=build-only-$(date +%s)-0123456789012345678901234567890123456789 \
    DATABASE_URL=sqlite:////tmp/build.sqlite3 REDIS_URL=redis://localhost:6379/0 \
    python manage.py collectstatic --noinput

RUN useradd --system --home /app fc && chown -R fc /app
USER fc
EXPOSE 8000 8001
CMD ["gunicorn", "freecell_site.wsgi:application", "--bind", "0.0.0.0:8000", \
     "--workers", "2", "--threads", "8", "--worker-class", "gthread", "--no-control-socket", "--access-logfile", "-"]
