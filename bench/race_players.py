"""The players of ``bench/races_load.py``: one socket each, a person's pace, and what they saw.

Each player connects by its API token, waits until every other player has
connected, then sends its line one move at a time after a log-normal think
time, waiting for the answer before the next. A move's fan-out latency is from
its send to its ``progress`` frame at each other player of the race (one
process, one clock); each receipt counts once.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from collections import Counter

ANSWER_TIMEOUT = 30.0


def legal_walk(number: int, length: int, seed_: int) -> list[str]:
    """``length`` legal moves from FreeCell deal ``number``: a foundation move when there is one,
    otherwise a random legal move, to a position not seen before if there is one (never a win)."""
    import engine

    rng = random.Random(seed_)
    position, seen, line = engine.deal("freecell", number), set(), []
    while len(line) < length:
        seen.add(position)
        options = [(m, engine.apply_move(position, m)) for m in engine.legal_moves(position)]
        options = [(m, p) for m, p in options if not engine.is_won(p)]
        if not options:
            break
        home = [o for o in options if o[0].destination == "foundation"]
        new = [o for o in options if o[1] not in seen]
        move, position = rng.choice(home or new or options)
        line.append(engine.format_move(move))
    return line


def percentiles(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0}
    ordered = sorted(samples)

    def at(q):
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    return {"n": len(ordered), "p50_ms": at(0.50), "p90_ms": at(0.90), "p99_ms": at(0.99),
            "max_ms": round(ordered[-1] * 1000, 1)}


class Tally:
    """What the players saw: fan-out and answer latencies, frames missing, errors."""

    def __init__(self) -> None:
        self.sent: dict[tuple, float] = {}  # (race, mover, moves) -> when the move left
        self.seen: set[tuple] = set()  # (race, mover, moves, receiver): each receipt counted once
        self.fanout: list[float] = []
        self.fanout_sent: list[float] = []  # when each fan-out's move left, for the p99 over time
        self.answers: list[float] = []
        self.accepted = Counter()  # race -> moves accepted
        self.errors = Counter()

    def progress(self, code: str, frame: dict, me: str, now: float) -> None:
        who = frame["player"]
        key = (code, who["username"], who["moves"])
        if who["username"] != me and key in self.sent and (*key, me) not in self.seen:
            self.seen.add((*key, me))
            self.fanout.append(now - self.sent[key])
            self.fanout_sent.append(self.sent[key])

    def windows(self, seconds: float = 5) -> list[dict]:
        """The fan-out's p99 in each ``seconds`` of play: a slow start (every player's first move
        at once) tells from a slow steady state."""
        if not self.fanout_sent:
            return []
        start = min(self.fanout_sent)
        by_window: dict[int, list[float]] = {}
        for sent, latency in zip(self.fanout_sent, self.fanout, strict=True):
            by_window.setdefault(int((sent - start) // seconds), []).append(latency)
        return [{"from_s": k * seconds, **percentiles(v)} for k, v in sorted(by_window.items())]

    def summary(self, players: int) -> dict:
        expected = sum(self.accepted.values()) * (players - 1)
        return {"fanout": percentiles(self.fanout), "fanout_windows": self.windows(),
                "answer": percentiles(self.answers),
                "moves": sum(self.accepted.values()), "fanout_expected": expected,
                "fanout_missing": expected - len(self.fanout), "errors": dict(self.errors)}


async def player(ws_url: str, race: dict, me: dict, tally: Tally, gate: dict, args, seed_: int) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, WebSocketException

    rng = random.Random(seed_)
    waiting: dict[int, asyncio.Future] = {}
    joined, dealt = False, asyncio.Event()
    url = f"{ws_url}/ws/races/{race['code']}/?token={me['token']}"
    try:
        async with connect(url, max_queue=None, open_timeout=120, ping_interval=None) as ws:
            async def read():
                try:
                    async for text in ws:
                        now = time.perf_counter()
                        frame = json.loads(text)
                        if frame["type"] == "progress":
                            tally.progress(race["code"], frame, me["username"], now)
                        elif frame["type"] == "game" and frame.get("id") is None:
                            dealt.set()  # the server has finished this socket's connect
                        elif frame.get("id") in waiting:
                            waiting.pop(frame["id"]).set_result((now, frame))
                except ConnectionClosed:
                    pass  # counted below, by the move that was waiting (or by the next send)
                finally:  # closed by the server: the move waiting for its answer hears why
                    for answer in [a for a in waiting.values() if not a.done()]:
                        answer.set_result((time.perf_counter(), {"type": "closed", "code": ws.close_code}))
                    waiting.clear()

            reader = asyncio.create_task(read())
            try:  # in the lobby until the race and the game have come: a race starts with everyone in
                await asyncio.wait_for(dealt.wait(), ANSWER_TIMEOUT * 4)
            except TimeoutError:
                tally.errors["no game frame after connecting"] += 1
            gate["connected"] += 1
            joined = True
            if gate["connected"] == gate["total"]:
                gate["ready"].set()
            await gate["ready"].wait()
            await play_line(ws, race, me, tally, waiting, rng, gate["stop"], args.think)
            await asyncio.sleep(2.0)  # the last progress frames reach the others
            reader.cancel()
    except ConnectionClosed as exc:
        tally.errors[f"socket closed ({exc.rcvd.code if exc.rcvd else 'no close frame'})"] += 1
    except (OSError, TimeoutError, WebSocketException) as exc:  # refused, timed out, handshake dropped
        tally.errors[f"connect: {type(exc).__name__}"] += 1
    finally:
        if not joined:
            gate["total"] -= 1  # this one never connected: the others need not wait for it
            if gate["connected"] >= gate["total"]:
                gate["ready"].set()


async def play_line(ws, race, me, tally: Tally, waiting, rng, stop_after: float, think: float) -> None:
    stop = time.perf_counter() + stop_after
    ply, clock = 0, 0
    while ply < len(race["line"]):
        pause = rng.lognormvariate(math.log(think), 0.5)
        if time.perf_counter() + pause > stop:
            return
        await asyncio.sleep(pause)
        clock += int(pause * 1000) + 1
        answer = asyncio.get_running_loop().create_future()
        waiting[ply + 1] = answer
        started = time.perf_counter()
        tally.sent[(race["code"], me["username"], ply + 1)] = started
        await ws.send(json.dumps({"type": "moves", "id": ply + 1, "expected_ply": ply,
                                  "moves": [race["line"][ply]], "client_times": [clock]}))
        try:
            done, frame = await asyncio.wait_for(answer, ANSWER_TIMEOUT)
        except TimeoutError:
            tally.errors[f"no answer in {ANSWER_TIMEOUT:g} s"] += 1
            return
        if frame["type"] == "closed":
            tally.errors[f"socket closed ({frame['code']})"] += 1
            return
        tally.answers.append(done - started)
        if frame["type"] == "error":
            tally.errors[f"refused: {frame['error']['code']}"] += 1
            return
        tally.accepted[race["code"]] += 1
        ply += 1


async def loop_lag(stop: asyncio.Event, samples: list[float], every: float = 0.01) -> None:
    """How late this process's event loop wakes: a late loop reads as server latency."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        due = loop.time() + every
        await asyncio.sleep(every)
        samples.append(max(0.0, loop.time() - due))


async def play(ws_url: str, races: list[dict], seconds: float, args, on_ready=None) -> dict:
    """Every player of ``races`` on its own socket for ``seconds`` of play; what they saw.
    Play starts once every socket is connected and has its game; ``on_ready()`` is called then."""
    tally, lag, done = Tally(), [], asyncio.Event()
    gate = {"connected": 0, "total": sum(len(r["players"]) for r in races), "ready": asyncio.Event(),
            "stop": seconds}
    lagging = asyncio.create_task(loop_lag(done, lag))
    began = time.perf_counter()
    players = [player(ws_url, race, me, tally, gate, args, i * 100 + j)
               for i, race in enumerate(races) for j, me in enumerate(race["players"])]
    waiter = asyncio.create_task(gate["ready"].wait())
    gathered = asyncio.gather(*players)
    await asyncio.wait([waiter, gathered], return_when=asyncio.FIRST_COMPLETED)
    connect_seconds = round(time.perf_counter() - began, 1)
    waiter.cancel()
    if on_ready is not None:
        on_ready()
    await gathered
    done.set()
    await lagging
    out = tally.summary(len(races[0]["players"]))
    out.update(sockets=gate["total"], connect_seconds=connect_seconds, loop_lag=percentiles(lag))
    return out
