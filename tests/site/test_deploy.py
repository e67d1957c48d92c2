"""Deployment configuration: production settings pass Django's deploy checks; compose parses, and
its proxy's configuration is one HAProxy takes."""

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


def test_compose_serves_the_site_through_haproxy_balancing_web_servers_of_one_worker(tmp_path):
    """The site's ports are the proxy's; the web servers (one gunicorn worker each, as many as
    ``WEB_REPLICAS``) and the race sockets are reached only through it, which balances each
    request by the requests in flight and appends the client's address that ``NUM_PROXIES``
    trusts."""
    import shutil

    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    services = compose["services"]
    assert services["proxy"]["ports"] == ["8000:8000", "8001:8001"]
    # Nothing else is published: a client reaching a server past the proxy could write the
    # X-Forwarded-For entry NUM_PROXIES trusts (the sockets' port serves the API as well).
    assert [name for name, service in services.items() if "ports" in service] == ["proxy"]
    assert services["web"]["environment"]["WEB_CONCURRENCY"] == "1"
    assert "${WEB_REPLICAS" in str(services["web"]["deploy"]["replicas"])
    assert services["web"]["environment"]["NUM_PROXIES"] == "${NUM_PROXIES:-1}"
    config = compose["configs"]["haproxy"]["content"]
    assert "balance leastconn" in config and "option forwardfor" in config
    assert "http-server-close" not in config  # connections to the servers are kept open
    assert "server-template web" in config and "web:8000" in config
    assert "sockets:8001" in config and "timeout tunnel" in config
    assert "WEB_CONCURRENCY=2" in (REPO / "Dockerfile").read_text()  # the image on its own
    if shutil.which("haproxy"):  # scripts/setup installs it
        (tmp_path / "haproxy.cfg").write_text(config)
        out = subprocess.run(["haproxy", "-c", "-f", str(tmp_path / "haproxy.cfg")], capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0, out.stdout + out.stderr
