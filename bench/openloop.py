"""An open-loop HTTP load generator: requests leave at fixed times, whatever the server does.

A closed loop (N clients, each waiting for its answer before the next request)
slows down with the server and so never sees the queue that builds up behind a
slow response: its tail latency looks good exactly when it is bad. Here request
i is due at ``start + i / rate``; its latency is measured from that due time,
not from when it was actually sent, so any wait (for a connection, for the
event loop, for the server) counts. The generator also reports how late it sent
requests, to show it kept up.

Plain asyncio and HTTP/1.1 keep-alive over loopback, no dependencies.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit


class Connections:
    """Keep-alive connections to one server, opened on demand."""

    def __init__(self, url: str, limit: int = 512) -> None:
        parts = urlsplit(url)
        self.url, self.host, self.port = url, parts.hostname, parts.port
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        self.slots = asyncio.Semaphore(limit)

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None,
                      timeout: float = 10.0) -> tuple[int, bytes]:
        status, _, payload = await self.exchange(method, path, body, headers, timeout)
        return status, payload

    async def exchange(self, method: str, path: str, body: bytes = b"", headers: dict | None = None,
                       timeout: float = 10.0) -> tuple[int, dict, bytes]:
        """Status, response header fields (lower-case names) and body."""
        async with self.slots:
            for attempt in range(2):
                reused = bool(self.idle) and attempt == 0
                reader, writer = self.idle.pop() if reused else await asyncio.open_connection(
                    self.host, self.port)
                try:
                    status, fields, payload = await asyncio.wait_for(
                        self._exchange(reader, writer, method, path, body, headers or {}), timeout)
                except (ConnectionError, asyncio.IncompleteReadError) as exc:
                    writer.close()
                    # A kept-alive connection the server had closed while idle (gunicorn closes
                    # them after 2 s): it never read the request, so one retry on a new
                    # connection is safe. A new connection that fails is a real error.
                    nothing_read = not isinstance(exc, asyncio.IncompleteReadError) or not exc.partial
                    if reused and nothing_read:
                        continue
                    raise
                except BaseException:
                    writer.close()
                    raise
                if fields.get("connection", "").lower() != "close":
                    self.idle.append((reader, writer))
                else:
                    writer.close()
                return status, fields, payload
        raise AssertionError("unreachable")

    async def _exchange(self, reader, writer, method, path, body, headers):
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Connection: keep-alive"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        fields = {}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                fields[name.strip().lower()] = value.strip()
        payload = await reader.readexactly(int(fields.get("content-length", "0")))
        return status, fields, payload

    def close(self) -> None:
        for _, writer in self.idle:
            writer.close()
        self.idle.clear()


@dataclass
class Run:
    """Latencies (seconds, from each request's due time) and outcomes of one constant-rate run."""

    name: str
    rate: float
    seconds: float
    latencies: list[float] = field(default_factory=list)
    send_lag: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    elapsed: float = 0.0
    client_cpu: float = 0.0  # CPU seconds this generator used during the run
    timeline: list[tuple[float, float]] = field(default_factory=list)  # (due after the start, latency)

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]

    @property
    def failed(self) -> int:
        return sum(self.errors.values()) + sum(n for status, n in self.statuses.items() if status >= 400)

    def summary(self) -> dict:
        ms = 1000
        return {
            "name": self.name, "rate": self.rate, "seconds": self.seconds, "requests": len(self.latencies),
            "achieved_rate": round(len(self.latencies) / self.elapsed, 1) if self.elapsed else 0.0,
            "p50_ms": round(self.percentile(50) * ms, 1), "p90_ms": round(self.percentile(90) * ms, 1),
            "p99_ms": round(self.percentile(99) * ms, 1),
            "max_ms": round(max(self.latencies, default=0) * ms, 1),
            "mean_ms": round(statistics.fmean(self.latencies) * ms, 1) if self.latencies else None,
            "errors": self.failed, "statuses": dict(self.statuses), "exceptions": dict(self.errors),
            "client_cpu_percent": round(100 * self.client_cpu / self.elapsed, 1) if self.elapsed else None,
            "send_lag_p99_ms": round(sorted(self.send_lag)[int(0.99 * (len(self.send_lag) - 1))] * ms, 1)
            if self.send_lag else None,
        }


async def constant_rate(name: str, rate: float, seconds: float,
                        send: Callable[[int], Awaitable[int]]) -> Run:
    """Call ``send(i)`` for request i at ``start + i / rate``; ``send`` returns the HTTP status."""
    run = Run(name, rate, seconds)
    total = int(rate * seconds)
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.05
    cpu = time.process_time()
    tasks = []

    async def one(i: int, due: float) -> None:
        run.send_lag.append(max(0.0, loop.time() - due))
        try:
            status = await send(i)
            run.statuses[status] += 1
        except Exception as exc:  # noqa: BLE001 - every failure is counted, none stops the run
            run.errors[type(exc).__name__] += 1
        run.latencies.append(loop.time() - due)
        run.timeline.append((due - start, run.latencies[-1]))

    for i in range(total):
        due = start + i / rate
        delay = due - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(i, due)))
    await asyncio.gather(*tasks)
    run.elapsed = loop.time() - start
    run.client_cpu = time.process_time() - cpu
    return run


def wall() -> float:
    return time.perf_counter()
