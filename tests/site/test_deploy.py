"""Deployment configuration: production settings pass Django's deploy checks; compose parses."""

import subprocess

import yaml

from tests.support.processes import REPO, VENV_BIN, production_env


def test_check_deploy_is_clean_with_production_settings():
    env = production_env(ALLOWED_HOSTS="freecell.example")
    out = subprocess.run(
        [str(VENV_BIN / "python"), "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_production_refuses_the_default_secret_key():
    env = production_env()
    del env["SECRET_KEY"]
    out = subprocess.run(
        [str(VENV_BIN / "python"), "manage.py", "check"], cwd=REPO, env=env, capture_output=True,
        text=True, timeout=60,
    )
    assert out.returncode != 0
    assert "SECRET_KEY must be set" in out.stderr


def test_compose_file_defines_the_stack_with_health_checks_and_named_volumes():
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    services = compose["services"]
    assert {"postgres", "redis", "web", "worker", "beat"} <= set(services)
    for name in ("postgres", "redis", "web", "worker", "beat"):
        assert "healthcheck" in services[name], name
    assert set(compose["volumes"]) == {"postgres-data", "redis-data"}
    assert "gunicorn" in (REPO / "Dockerfile").read_text()
    assert "libfreecell-solver0" in (REPO / "Dockerfile").read_text()
