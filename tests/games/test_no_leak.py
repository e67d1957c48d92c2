"""No card leaves the server before it is face up (issue 14).

For each Klondike and Spider variant a whole daily is played through the API,
from the attempt's start to the win, on a real winning line: moves appended one
by one and in small batches, undos and redos, a hint, a verdict, a sweep of
illegal moves, and along the way the game detail, the game list, the daily,
its leaderboard, the deal, the play page and the deal page. Every response
body is kept and scanned: no card may appear in it before the player has seen
that card face up. The scan reads each JSON string value (a card, or a card
named in a message), the inline JSON of each page, and the raw bytes for
quoted card tokens; game answers must also be exactly the player's view and
the reveals of the log. ``test_the_scan_catches_a_full_position`` shows the
scan failing when a full position is sent.
"""

import dataclasses
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache

import pytest
from django.test import Client
from rest_framework.test import APIClient

import engine
import solver
from engine.families.stock.position import full_deck
from games.models import Daily, Deal, SolverStatus

pytestmark = pytest.mark.django_db

#: Deals the solver wins within seconds; the number is stored, the day keeps it secret.
DEALS = {"klondike-draw1": 2, "klondike-draw3": 5, "spider-1suit": 3, "spider-2suits": 4, "spider-4suits": 1}

CARD = re.compile(r"[A2-9TJQK][HCDS]")
IN_TEXT = re.compile(r"(?<![A-Za-z0-9])([A2-9TJQK][HCDS])(?![A-Za-z0-9])")
QUOTED = re.compile(rb'"([A2-9TJQK][HCDS])"')
INLINE_JSON = re.compile(rb'<script[^>]*type="application/json"[^>]*>(.*?)</script>', re.S)


@lru_cache(maxsize=8)
def winning_line(variant: str, number: int) -> tuple[str, ...]:
    result = solver.solve(engine.deal(variant, number))
    assert result.status == "winnable", result
    return tuple(result.moves)


def json_tokens(value) -> set[str]:
    """Card tokens in a parsed JSON value: a string that is a card, or cards named in text."""
    if isinstance(value, dict):
        return set().union(set(), *(json_tokens(v) | json_tokens(k) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(json_tokens(v) for v in value))
    if isinstance(value, str):
        return {value} if CARD.fullmatch(value) else set(IN_TEXT.findall(value))
    return set()


def body_tokens(content: bytes, content_type: str) -> set[str]:
    """Every card token a response body carries, by three readings of it."""
    found = {token.decode() for token in QUOTED.findall(content)}
    if "json" in content_type:
        found |= json_tokens(json.loads(content))
    else:
        for block in INLINE_JSON.findall(content):
            found |= json_tokens(json.loads(block))
        found |= set(IN_TEXT.findall(content.decode()))
    return found


def face_up(view: dict) -> set[str]:
    cards = {card for column in view["columns"] for card in column if card}
    return cards | set(view.get("waste", ()))


@dataclass
class Play:
    """A player's daily: what the test knows (the whole deal) and what the player has seen."""

    variant: str
    number: int
    api: APIClient
    pages: Client
    date: str
    start: engine.StockPosition = None
    position: engine.StockPosition = None
    log: list = field(default_factory=list)
    reveals: list = field(default_factory=list)
    seen: set = field(default_factory=set)
    bodies: list = field(default_factory=list)
    game_id: str = ""

    def scan(self, label: str, response) -> None:
        """The response names no card the player has not seen face up."""
        content = response.content
        self.bodies.append((label, response.status_code, content))
        leaked = body_tokens(content, response.get("Content-Type", "")) - self.seen
        assert not leaked, f"leak: {label} names {sorted(leaked)} before they are face up"

    def get(self, label: str, path: str, *, page: bool = False):
        response = (self.pages if page else self.api).get(path)
        self.scan(label, response)
        return response

    def post(self, label: str, path: str, data=None):
        response = self.api.post(path, data, format="json")
        self.scan(label, response)
        return response

    def learn(self, moves: list[str]) -> None:
        """Play ``moves`` on the test's full copy and learn what they turn up."""
        for move in moves:
            self.position, shown = engine.apply_revealing(self.position, move)
            self.log.append(move)
            self.reveals.append(shown)
            self.seen |= {item["card"] for item in shown}
        self.seen |= face_up(engine.player_view(self.position))

    def check_game(self, body: dict) -> None:
        assert body["start"] == engine.player_view(self.start)
        assert body["position"] == engine.player_view(self.position)
        assert body["moves"] == self.log and body["reveals"] == self.reveals
        assert body["deal"]["number"] is None  # the open daily keeps its number

    def begin(self) -> None:
        self.start = self.position = engine.deal(self.variant, self.number)
        self.seen |= face_up(engine.player_view(self.start))
        response = self.post("attempt start", f"/api/dailies/{self.date}/{self.variant}/games/")
        assert response.status_code == 201, response.content
        self.game_id = response.json()["id"]
        self.check_game(response.json())

    def append(self, moves: list[str]) -> None:
        """Append ``moves``, in batches that each end at a move turning a card up (the server's rule)."""
        while moves:
            position, cut = self.position, len(moves)
            for index, move in enumerate(moves):
                position, shown = engine.apply_revealing(position, move)
                if shown:
                    cut = index + 1
                    break
            self.append_batch(moves[:cut])
            moves = moves[cut:]

    def append_batch(self, moves: list[str]) -> None:
        ply = len(self.log)
        self.learn(moves)
        response = self.post(f"moves {ply + 1}-{ply + len(moves)}", f"/api/games/{self.game_id}/moves/",
                             {"expected_ply": ply, "moves": moves, "client_times": [1000 * ply] * len(moves)})
        assert response.status_code == 200, response.content
        self.check_game(response.json())

    def undo(self, to_ply: int) -> None:
        response = self.post(f"undo to {to_ply}", f"/api/games/{self.game_id}/undo/",
                             {"expected_ply": len(self.log), "to_ply": to_ply})
        assert response.status_code == 200, response.content
        del self.log[to_ply:], self.reveals[to_ply:]
        self.position = engine.replay(self.start, self.log).position
        self.check_game(response.json())

    def illegal_sweep(self) -> int:
        """Every refused move of a broad list gets a 400 naming the move, never a hidden card."""
        rules = engine.get_ruleset(self.variant)
        columns = [str((i + 1) % 10) for i in range(rules.columns)]
        texts = ["s", "w1", "wh", *(f"{c}h" for c in columns), "hs1", "hh1"]
        texts += [f"{a}{b}" for a in columns for b in columns] + [f"{a}{b}v{n}" for a in columns[:4]
                                                                for b in columns[4:6] for n in (2, 5, 9)]
        refused = 0
        for text in texts:
            try:
                engine.apply_move(self.position, text)
                continue
            except engine.EngineError:
                pass
            response = self.post(f"illegal {text}", f"/api/games/{self.game_id}/moves/",
                                 {"expected_ply": len(self.log), "moves": [text], "client_times": [10**6]})
            assert response.status_code == 400 and response.json()["error"]["code"] in ("illegal_move",
                                                                                       "bad_notation")
            refused += 1
        return refused

    def look_around(self, when: str) -> None:
        """Everything a player's pages read, fetched and scanned."""
        self.check_game(self.get(f"{when}: game", f"/api/games/{self.game_id}/").json())
        listed = self.get(f"{when}: game list", "/api/games/").json()["games"]
        self.check_game(next(g for g in listed if g["id"] == self.game_id))
        self.get(f"{when}: my daily games", f"/api/games/?daily={self.date}")
        daily = self.get(f"{when}: daily", f"/api/dailies/{self.date}/{self.variant}/").json()
        assert daily["position"] == engine.player_view(self.start)
        self.get(f"{when}: dailies today", "/api/dailies/today/")
        self.get(f"{when}: leaderboard", f"/api/leaderboards/daily/{self.date}/{self.variant}/")
        self.get(f"{when}: lines", f"/api/dailies/{self.date}/{self.variant}/lines/")
        self.get(f"{when}: deal", f"/api/deals/{self.variant}/{self.number}/")
        self.get(f"{when}: play page", f"/daily/{self.variant}", page=True)
        self.get(f"{when}: deal page", f"/play/{self.variant}/{self.number}", page=True)
        self.get(f"{when}: board page", f"/leaderboards/daily/{self.date}/{self.variant}/", page=True)


def daily_play(variant: str, make_player, today, monkeypatch) -> Play:
    """A daily of ``variant`` today (played as a daily whatever the catalogue's default), and its player."""
    ruleset = engine.get_ruleset(variant)
    monkeypatch.setitem(engine.rules.RULESETS, variant, dataclasses.replace(ruleset, daily_default=True))
    number = DEALS[variant]
    line = winning_line(variant, number)
    deal = Deal.objects.create(variant=variant, number=number, status=SolverStatus.WINNABLE, par=len(line),
                               solution=" ".join(line), daily_reserve=True)
    Daily.objects.create(variant=variant, date=today, deal=deal)
    player = make_player("alice")
    api = APIClient()
    api.force_authenticate(player)
    pages = Client()
    pages.force_login(player)
    return Play(variant, number, api, pages, today.isoformat())


@pytest.mark.parametrize("variant", list(DEALS))
def test_no_card_appears_in_any_response_before_it_is_face_up(variant, make_player, today, monkeypatch):
    play = daily_play(variant, make_player, today, monkeypatch)
    line = list(winning_line(variant, play.number))
    play.get("before: daily", f"/api/dailies/{play.date}/{variant}/")
    play.get("before: dailies today", "/api/dailies/today/")
    play.get("before: play page", f"/daily/{variant}", page=True)
    play.get("before: deal", f"/api/deals/{variant}/{play.number}/")
    assert play.seen == set()
    play.begin()
    play.look_around("start")
    ply, hinted, refused = 0, False, 0
    while ply < len(line):
        size = 3 if ply % 7 == 6 else 1
        play.append(line[ply:ply + size])
        ply = len(play.log)
        if ply in (10, len(line) // 2):  # take two back, then play them again
            play.undo(ply - 2)
            play.append(line[ply - 2:ply])
        if ply == 5:
            refused = play.illegal_sweep()
        if not hinted and ply >= 20:
            hint = play.post("hint", f"/api/games/{play.game_id}/hint/").json()
            # a first plan after the deal's start is searched from the position first, then
            # the stored line is the fallback: the hint is a move either way
            assert hint["status"] == "move" and isinstance(hint["move"], str)
            play.post("verdict", f"/api/games/{play.game_id}/verdict/")
            hinted = True
        if ply % 25 == 0:
            play.look_around(f"ply {ply}")
    body = play.get("won: game", f"/api/games/{play.game_id}/").json()
    assert body["state"] == "won" and play.log == line
    play.get("won: submission", f"/api/games/{play.game_id}/submission/")
    play.look_around("won")
    assert refused >= 20 and len(play.bodies) > len(line) // 2
    # Every card of the deal was turned up on the way to the win, and only then named.
    assert play.seen == {str(card) for card in full_deck(engine.get_ruleset(variant))}


def test_the_scan_catches_a_full_position(make_player, today, monkeypatch):
    """The same scan fails when the API sends the full position (face-down cards and stock named)."""
    monkeypatch.setattr(engine, "player_view", engine.position_to_json)
    play = daily_play("klondike-draw3", make_player, today, monkeypatch)
    with pytest.raises(AssertionError, match=r"^leak: attempt start names \["):
        play.begin()


def test_the_scan_reads_messages_inline_json_and_quoted_bytes():
    """A card inside a message, inside a page's inline JSON, or quoted anywhere in the bytes is found."""
    message = b'{"error": {"message": "destination: 7H does not go on 9C"}}'
    assert body_tokens(message, "application/json") == {"7H", "9C"}
    page = b'<p>x</p><script id="a" type="application/json">{"s": ["QS"]}</script><i data-c="2D"></i>'
    assert body_tokens(page, "text/html") == {"QS", "2D"}
    assert body_tokens(b'{"moves": ["7h", "35v4", "s"], "pile": "w", "at": "2026-12-01T04:57"}',
                       "application/json") == set()
