"""A proxy in front of several web nodes: HAProxy from Debian, each answer naming its node in
``X-Served-By`` (tests/reliability/test_two_nodes.py, bench/stack.py).

Each request is balanced on its own, and the proxy keeps its connections to the nodes open
between requests (HAProxy's default keep-alive; ``http-server-close`` would open a new
connection to gunicorn for every request), any idle one serving any request
(``http-reuse always``: a few connections to each node, not one per client).
``roundrobin`` sends each request to the next node in turn (the two-node test's proof);
``leastconn`` to the node with the fewest requests in flight (the bench's single node of
gunicorn processes, as ``docker-compose.yml`` runs it)."""

from pathlib import Path

from tests.support.processes import Process, free_port

CONFIG = """
global
    maxconn 2048
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
frontend site
    bind 127.0.0.1:{port}
    default_backend nodes
backend nodes
    balance {balance}
    http-reuse always
    http-response set-header X-Served-By %[srv_name]
{servers}
"""

#: The names the proxy gives the nodes, in order.
NAMES = ("one", "two", "three", "four")


def haproxy(workdir: Path, ports: list[int], env: dict, balance: str = "roundrobin") -> tuple[Process, str]:
    """The proxy's process (not started) and its URL, in front of web nodes on ``ports``."""
    port = free_port()
    servers = "\n".join(f"    server {name} 127.0.0.1:{p}" for name, p in zip(NAMES, ports, strict=False))
    config = workdir / "haproxy.cfg"
    config.write_text(CONFIG.format(port=port, servers=servers, balance=balance))
    return Process("proxy", ["haproxy", "-db", "-f", str(config)], env, workdir / "proxy.log"), \
        f"http://127.0.0.1:{port}"
