"""10,000 bad payloads: every one refused with a 4xx, no row written, no task sent.

Most go through the Django test client in-process (fast, and every commit is
real: transactional database, so a task queued on commit would be sent). The
rest go over HTTP to the live gunicorn: 10 MB bodies, with and without a
Content-Length, and what only a raw socket can send. Rows are counted in every
table before and after; tasks are counted with Celery's publish signal in
this process, in the test run's own Redis queue, and in the live worker's log.
"""

import contextlib
import socket
from collections import Counter
from urllib.parse import urlsplit

import pytest
import redis
from celery.signals import before_task_publish
from django.apps import apps
from django.conf import settings
from rest_framework.test import APIClient

from games.models import Deal, Game
from tests.reliability.payloads import ENDPOINTS, Payload, payloads
from tests.support.factors import factor_enrol

pytestmark = [pytest.mark.slow]

REFUSALS = {400, 401, 403, 404, 405, 409, 413, 415, 429}
TEN_MB = 10 * 1024 * 1024


def row_counts() -> dict:
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def queued() -> int:
    return redis.Redis.from_url(settings.REDIS_URL).llen(settings.CELERY_TASK_DEFAULT_QUEUE)


@pytest.fixture
def published():
    sent = []

    def count(sender=None, **kwargs):
        sent.append(sender)

    before_task_publish.connect(count, weak=False)
    yield sent
    before_task_publish.disconnect(count)


@pytest.fixture
def clients(transactional_db, make_player):
    """Who sends each endpoint's payloads: a player with a game in play, staff, or nobody."""
    player, staff = make_player("fuzzer"), make_player("curator", staff=True)
    factor_enrol(staff)  # the staff API acts only for staff with a second factor
    game = Game.objects.create(player=player, deal=Deal.objects.create(variant="freecell", number=24))
    as_player, as_staff = APIClient(), APIClient()
    as_player.force_authenticate(player)
    as_staff.force_authenticate(staff)
    who = {"schedule": as_staff, "register": APIClient(), "login": APIClient(), "token": APIClient()}
    return {name: who.get(name, as_player) for name in ENDPOINTS}, game


def test_ten_thousand_bad_payloads_are_refused_without_rows_or_tasks(clients, published):
    by_endpoint, game = clients
    before, queued_before = row_counts(), queued()
    game_before = Game.objects.values().get(pk=game.pk)
    problems, statuses = [], Counter()
    for i, payload in enumerate(payloads()):
        path = ENDPOINTS[payload.endpoint][0].format(game=game.pk)
        # Each from its own address, so that the log-in throttle lets them reach validation.
        address = f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}"
        response = by_endpoint[payload.endpoint].generic("POST", path, payload.body, payload.content_type,
                                                         REMOTE_ADDR=address)
        statuses[response.status_code] += 1
        if response.status_code not in REFUSALS:
            problems.append(f"#{i} {payload.endpoint} {payload.category}: {response.status_code} "
                            f"{response.content[:200]!r} for {payload.body[:120]!r}")
        elif response["Content-Type"] != "application/json" or "error" not in response.json():
            problems.append(f"#{i} {payload.endpoint}: not an API error body: {response.content[:120]!r}")
    assert not problems, f"{len(problems)} of 10,000 not refused:\n" + "\n".join(problems[:20])
    assert row_counts() == before
    assert Game.objects.values().get(pk=game.pk) == game_before
    assert published == [] and queued() == queued_before == 0
    print(f"\nstatuses: {dict(sorted(statuses.items()))}")


def raw_request(url: str, request: bytes, timeout: float = 30) -> int:
    """Send bytes as they are and return the status code (0 when the server just closed)."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=timeout) as sock:
        # The server may answer and close before it reads a body it has refused.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(request)
        reply = b""
        while b"\r\n" not in reply:
            chunk = sock.recv(4096)
            if not chunk:
                return 0
            reply += chunk
    return int(reply.split(b" ", 2)[1])


def http_payloads(token: str, game_id: str) -> list[tuple[str, bytes]]:
    auth = f"Authorization: Token {token}\r\n".encode()
    head = b"Host: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
    out = []
    for name, (path, _) in ENDPOINTS.items():
        target = path.format(game=game_id).encode()
        body = b'{"moves": ["' + b"1a" * (TEN_MB // 2) + b'"]}'
        out.append((f"{name} 10 MB with Content-Length",
                    b"POST " + target + b" HTTP/1.1\r\n" + head + auth
                    + f"Content-Length: {len(body)}\r\n\r\n".encode() + body))
        chunks = b"".join(b"%x\r\n" % len(c) + c + b"\r\n" for c in (body[i:i + 65536]
                                                                      for i in range(0, len(body), 65536)))
        out.append((f"{name} 10 MB chunked", b"POST " + target + b" HTTP/1.1\r\n" + head + auth
                    + b"Transfer-Encoding: chunked\r\n\r\n" + chunks + b"0\r\n\r\n"))
        lying = b'{"moves": ["1a"], "client_times": [1], "expected_ply": 0}' + b" " * 1000
        out.append((f"{name} body longer than its Content-Length",
                    b"POST " + target + b" HTTP/1.1\r\n" + head + auth + b"Content-Length: 10\r\n\r\n" + lying))
        deep = b"[" * 30000 + b"]" * 30000
        out.append((f"{name} deep JSON", b"POST " + target + b" HTTP/1.1\r\n" + head + auth
                    + f"Content-Length: {len(deep)}\r\n\r\n".encode() + deep))
    return out


def http_oddities() -> list[tuple[str, bytes, set]]:
    """Requests only a raw socket sends, with the answers that are right for them."""
    board = b"GET /api/leaderboards/all-time/freecell/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    stats = b"GET /api/players/%s/stats/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    return [
        # A cookie Django never issued is no session: the public board answers.
        ("session cookie with an escaped NUL", board + b'Cookie: sessionid="abcdefgh\\000ij"\r\n\r\n', {200}),
        ("session cookie with a raw NUL", board + b"Cookie: sessionid=abcdefgh\x00ij\r\n\r\n", {400}),
        ("token with a NUL", board + b"Authorization: Token abc\x00def\r\n\r\n", {400}),
        ("token of 10 kB", board + b"Authorization: Token " + b"f" * 10_000 + b"\r\n\r\n", {431}),
        ("NUL in the path", stats % b"a%00b", {404}),
        ("overlong UTF-8 in the path", stats % b"%C0%AF", {404}),
    ]


def test_ten_megabyte_bodies_and_raw_requests_over_http_are_refused_without_rows_or_tasks(
    live_url, live_services, make_player
):
    from rest_framework.authtoken.models import Token

    player = make_player("fuzzer")
    game = Game.objects.create(player=player, deal=Deal.objects.create(variant="freecell", number=24))
    token = Token.objects.create(user=player).key
    received_before = live_services.worker.log.read_text(errors="replace").count("received")
    before = row_counts()
    problems = []
    for name, request in http_payloads(token, str(game.pk)):
        status = raw_request(live_url, request)
        if status not in REFUSALS:
            problems.append(f"{name}: {status}")
    for name, request, expected in http_oddities():
        status = raw_request(live_url, request)
        if status not in expected:
            problems.append(f"{name}: {status}, expected {expected}")
    # gunicorn still serves afterwards
    assert raw_request(live_url, b"GET /api/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n") \
        in (200, 503)
    assert not problems, problems
    assert row_counts() == before
    assert Game.objects.get(pk=game.pk).ply == 0
    assert live_services.worker.log.read_text(errors="replace").count("received") == received_before
    assert queued() == 0


def test_the_generator_covers_every_kind_of_bad_payload():
    kinds = Counter(p.category.split(":")[0] for p in payloads())
    fields = Counter(kind for p in payloads() if p.category.startswith("fields:")
                     for kind in p.category[7:].split(","))
    assert len(payloads()) == 10_000
    assert set(kinds) >= {"fields", "deep_json", "not_utf8", "over_64k", "invalid_json", "not_an_object",
                          "wrong_media_type", "odd_charset", "empty"}
    assert set(fields) >= {"ply", "moves", "times", "variant", "daily_variant", "date", "deal_number",
                           "username", "password"}
    assert isinstance(payloads()[0], Payload)


@pytest.mark.parametrize(("content_type", "body", "code"), [
    ("multipart/form-data", b"\xff" * 10, "malformed_body"),  # no boundary
    ("multipart/form-data; boundary=zz",
     b'--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n' + b"x" * (70 * 1024) + b"\r\n--zz--\r\n",
     "body_too_large"),
    ("multipart/form-data; boundary=zz", b"--zz\r\n" + b"x" * 1024, "malformed_body"),
])
def test_bodies_refused_before_the_api_reads_them_still_get_the_api_error_shape(db, content_type, body, code):
    """The CSRF check of a session client reads a form body before any API view runs."""
    client = APIClient(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "a" * 32
    response = client.generic("POST", "/api/accounts/login/", body, content_type, HTTP_X_CSRFTOKEN="a" * 32)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
