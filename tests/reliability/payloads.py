"""Bad payloads for every write endpoint: wrong types, huge numbers, deep JSON, odd unicode, bad bodies.

Every payload is refused by construction: at least one field is corrupted in a
way the API must refuse (a wrong type, a value out of range, a string no field
accepts), or the body itself is broken (not JSON, not an object, nested too
deep, too big, not UTF-8, the wrong media type). The same seed gives the same
10,000 payloads on every run.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

# endpoint -> {field: kind}; kinds name what a valid value looks like.
ENDPOINTS = {
    "games": ("/api/games/", {"variant": "variant", "number": "deal_number"}),
    "moves": ("/api/games/{game}/moves/", {"expected_ply": "ply", "moves": "moves", "client_times": "times"}),
    "undo": ("/api/games/{game}/undo/", {"expected_ply": "ply", "to_ply": "ply"}),
    "submission": ("/api/games/{game}/submission/", {"moves": "moves", "client_times": "times"}),
    "schedule": ("/api/staff/schedule/", {"variant": "daily_variant", "date": "date", "number": "deal_number"}),
    "register": ("/api/accounts/register/", {"username": "username", "password": "password"}),
    "login": ("/api/accounts/login/", {"username": "username", "password": "password"}),
    "token": ("/api/accounts/token/", {"username": "username", "password": "password"}),
    "password": ("/api/accounts/password/", {"old_password": "password", "new_password": "password"}),
}

# Python refuses to read integers of more than 4,300 digits: that case is in _broken as raw text.
# Every one is past the largest deal number of every variant (10**20 - 1) and past bigint.
HUGE = [10**20, 2**67, 10**21, -(2**63) - 1, 10**400, 10**4000]
WEIRD_STRINGS = [
    "\u0000", "1a\u0000", "\ud800", "\udfff1a", "\u202e1a", "\ufeff", "\U0001f0cf", "a\u0301\u0301\u0301",
    "\u0661\u0662", "ℌ", "𝟏𝐚", "NaN", "Infinity", "-1", "0x10", "1e3", " 1a", "1a ", "\t", "",
    "x" * 13, "z" * 5000, "٣", "\u00a0", "\\", '"', "{}", "[]", "null", "true",
]
WRONG_TYPES = [None, True, False, 0.5, -0.0, 1e308, [], {}, [[]], {"a": 1}, "12", "", [None]]


def _valid(kind: str, rng: random.Random):
    """A value this field accepts, so that a payload can corrupt one field and keep the others sane."""
    return {
        "variant": lambda: rng.choice(["freecell", "forecell", "freecell-classic", "freecell-tableau"]),
        "daily_variant": lambda: rng.choice(["freecell", "forecell"]),
        "deal_number": lambda: rng.randrange(1, 32000),
        "ply": lambda: 0,
        "moves": lambda: ["1a"],
        "times": lambda: [1000],
        "date": lambda: "2099-01-01",
        "username": lambda: "nobody",
        "password": lambda: "correct horse battery",
    }[kind]()


def _corrupt(kind: str, rng: random.Random):
    """A value the field must refuse."""
    choice = rng.random()
    if kind in ("ply", "deal_number"):
        if choice < 0.4:
            return rng.choice([*WRONG_TYPES, "0", "1"])
        if choice < 0.7:
            return rng.choice([-1, -5, -(10**6), *([0] if kind == "deal_number" else [])])
        return rng.choice(HUGE)
    if kind == "moves":
        if choice < 0.3:
            return rng.choice([None, 1, "1a 2b", {"0": "1a"}, True, 1e309])
        if choice < 0.6:
            return [rng.choice([*WRONG_TYPES, 1, -1, 10**30])]
        if choice < 0.8:
            return [rng.choice(WEIRD_STRINGS) for _ in range(rng.randrange(1, 4))]
        return ["1a"] * rng.choice([1001, 1500])
    if kind == "times":
        if choice < 0.3:
            return rng.choice([None, 1000, "1000", {"0": 1}, True])
        if choice < 0.6:
            return [rng.choice([-1, -(10**9), *HUGE, 0.5, "5", None, True])]
        return [1000, 500]  # one too many for one move, and backwards
    if kind in ("variant", "daily_variant"):
        return rng.choice([*WRONG_TYPES, *WEIRD_STRINGS, "FreeCell", "freecell ", "spider", 1, 10**30])
    if kind == "date":
        return rng.choice([*WRONG_TYPES, *WEIRD_STRINGS, "2099-02-30", "99999-01-01", "2099-13-01", 20990101,
                           "0000-00-00", "today", "2099-W01"])
    if kind in ("username", "password"):
        return rng.choice([*[v for v in WRONG_TYPES if not isinstance(v, str)], 12, 10**30, "", "\u0000",
                           "a\u0000b", "\ud800", "u" * 201, "\ud83c"])
    raise AssertionError(kind)


@dataclass(frozen=True)
class Payload:
    endpoint: str
    category: str
    body: bytes
    content_type: str = "application/json"


def _dumps(value) -> bytes:
    """JSON with lone surrogates kept as escapes (what a hostile client can send)."""
    return json.dumps(value).encode()


def _deep(rng: random.Random) -> bytes:
    depth = rng.choice([200, 999, 1001, 5000, 20000, 32000])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    inner = opener * depth + "1" + closer * depth
    field = rng.choice(["moves", "client_times", "variant", "username", "expected_ply"])
    return (inner if rng.random() < 0.5 else f'{{"{field}": {inner}}}').encode()


def _broken(rng: random.Random, fields: dict) -> tuple[str, bytes, str]:
    choice = rng.randrange(12)
    good = {name: _valid(kind, rng) for name, kind in fields.items()}
    if choice == 0:
        return "not_an_object", _dumps(rng.choice([[], [good], "x", 1, None, True, 1e308])), "application/json"
    if choice == 1:
        return "invalid_json", rng.choice([b"{", b'{"a": }', b"{'a': 1}", b'{"a": 1,}', b'{"a": NaN}',
                                           b'{"a": Infinity}', b'{"a": -Infinity}', b"\x00", b"nul",
                                           b'{"a": "\\ud800\\u0000"', b'{"a":1}{"b":2}',
                                           b'{"expected_ply": ' + b"9" * 5000 + b"}"]), "application/json"
    if choice == 2:
        return "empty", b"", "application/json"
    if choice == 3:
        return "not_utf8", b'{"' + bytes([rng.randrange(0x80, 0x100)]) + b'": "\xff\xfe"}', "application/json"
    if choice == 4:
        body = json.dumps(good).encode()
        return "wrong_media_type", body, rng.choice(["text/plain", "application/x-www-form-urlencoded",
                                                     "multipart/form-data; boundary=x", "application/xml"])
    if choice == 5:
        return "over_64k", b'{"moves": ["' + b"1" * (64 * 1024) + b'"]}', "application/json"
    if choice == 6:  # an unknown charset is ignored (UTF-8 is read), so the body is refused on its own
        return "odd_charset", _dumps({**good, rng.choice(list(good)): None}), rng.choice(
            ["application/json; charset=utf-99", "application/json; charset=base64",
             "application/json; charset=utf-16", "application/json; charset=bz2_codec",
             "application/json; charset=rot13"])
    if choice == 7:
        return "missing_fields", _dumps({}), "application/json"
    if choice == 8:
        return "utf16_body", json.dumps({"x": 1}).encode("utf-16"), "application/json"
    if choice == 9:
        return "bom", b"\xef\xbb\xbf" + _dumps({"x": 1}), "application/json"
    if choice == 10:
        return "duplicate_keys", b'{"a": 1, "a": [1, 2], "moves": null, "moves": 5}', "application/json"
    return "deep_json", _deep(rng), "application/json"


def payloads(count: int = 10_000, seed: int = 8_589_934_591) -> list[Payload]:
    rng = random.Random(seed)
    out = []
    names = list(ENDPOINTS)
    for i in range(count):
        endpoint = names[i % len(names)]
        fields = ENDPOINTS[endpoint][1]
        if rng.random() < 0.25:
            category, body, content_type = _broken(rng, fields)
            out.append(Payload(endpoint, category, body, content_type))
            continue
        values = {name: _valid(kind, rng) for name, kind in fields.items()}
        bad = rng.sample(list(fields), rng.randrange(1, len(fields) + 1))
        for name in bad:
            values[name] = _corrupt(fields[name], rng)
        if rng.random() < 0.1:
            values[rng.choice(["extra", "\u0000", "\ud800", "player", "ranked", "state"])] = rng.choice(
                [True, "won", 10**30, None])
        if rng.random() < 0.1:
            del values[rng.choice(list(values))]
        category = "fields:" + ",".join(sorted(fields[name] for name in bad))
        out.append(Payload(endpoint, category, _dumps(values)))
    return out
