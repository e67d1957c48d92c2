"""Challenges through the API: made from a validated win, taken up once as a ranked attempt
that the worker validates, ranked as a daily; every refusal is a 4xx with a stable code that
changes nothing."""

import pytest

from games.models import Game, Result
from social.models import Challenge, ChallengeAttempt
from tests.social.conftest import play_and_validate
from tests.support.lines import human_line

pytestmark = pytest.mark.django_db


def _challenge(client, game) -> dict:
    response = client.post("/api/challenges/", {"game": str(game.pk)}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_validated_win_becomes_a_challenge_with_its_moves_undos_included(client_of, won_game):
    alice = client_of("alice")
    game = won_game(alice, undo_first=True)
    body = _challenge(alice, game)
    assert body["variant"] == "freecell" and body["number"] == 24
    assert body["by"] == {"player": "alice", "counted_moves": game.result.moves + 1,
                          "seconds": round(game.result.duration_ms / 1000, 1)}
    assert body["url"].endswith(f"/c/{body['code']}")
    again = alice.post("/api/challenges/", {"game": str(game.pk)}, format="json")
    assert again.status_code == 200 and again.json()["code"] == body["code"]
    assert Challenge.objects.count() == 1


def test_the_attempt_is_ranked_validated_by_the_worker_and_listed_ahead_when_it_beats_the_challenge(
        client_of, won_game):
    alice, bob = client_of("alice"), client_of("bob")
    challenge = _challenge(alice, won_game(alice, undo_first=True))
    started = bob.post(f"/api/challenges/{challenge['code']}/games/")
    assert started.status_code == 201, started.json()
    attempt = Game.objects.get(pk=started.json()["id"])
    assert attempt.kind == Game.Kind.CHALLENGE and attempt.ranked and attempt.daily_id is None
    resumed = bob.post(f"/api/challenges/{challenge['code']}/games/")
    assert resumed.status_code == 200 and resumed.json()["id"] == str(attempt.pk)

    play_and_validate(bob, attempt.pk, list(human_line("freecell", 24)))
    result = Result.objects.get(game=attempt)
    # Assessed for fair play as a daily is; not on any daily board.
    assert result.fairplay_evidence and result.daily_id is None and not result.ranked
    board = bob.get(f"/api/challenges/{challenge['code']}/").json()
    assert [(row["rank"], row["player"], row["state"]) for row in board["attempts"]] == [
        (1, "bob", "won"), (2, "alice", "challenger")]
    assert board["attempts"][0]["counted_moves"] == result.counted_moves == result.moves


def test_undos_count_and_a_hint_takes_the_attempt_out_of_the_ranking(client_of, won_game):
    alice, bob, carol = client_of("alice"), client_of("bob"), client_of("carol")
    challenge = _challenge(alice, won_game(alice))
    bobs = bob.post(f"/api/challenges/{challenge['code']}/games/").json()
    play_and_validate(bob, bobs["id"], list(human_line("freecell", 24)), undo_first=True)
    carols = carol.post(f"/api/challenges/{challenge['code']}/games/").json()
    assert carol.post(f"/api/games/{carols['id']}/hint/").status_code == 200
    rows = {row["player"]: row for row in carol.get(f"/api/challenges/{challenge['code']}/").json()["attempts"]}
    assert rows["bob"]["counted_moves"] == len(human_line("freecell", 24)) + 1
    assert rows["alice"]["rank"] == 1 and rows["bob"]["rank"] == 2  # one undo more than alice
    assert rows["carol"] == {"rank": None, "player": "carol", "counted_moves": None, "seconds": None,
                             "state": "unranked"}


def test_a_second_attempt_after_the_first_is_over_is_refused(client_of, won_game):
    alice, bob = client_of("alice"), client_of("bob")
    challenge = _challenge(alice, won_game(alice))
    first = bob.post(f"/api/challenges/{challenge['code']}/games/").json()
    play_and_validate(bob, first["id"], list(human_line("freecell", 24)))
    games_before = Game.objects.count()
    again = bob.post(f"/api/challenges/{challenge['code']}/games/")
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "challenge_attempted"
    assert again.json()["error"]["game"] == first["id"]
    assert Game.objects.count() == games_before and ChallengeAttempt.objects.count() == 1


def test_a_player_who_played_the_deal_before_takes_the_challenge_unranked(client_of, won_game):
    alice, bob = client_of("alice"), client_of("bob")
    challenge = _challenge(alice, won_game(alice))
    bob.post("/api/games/", {"variant": "freecell", "number": 24}, format="json")
    started = bob.post(f"/api/challenges/{challenge['code']}/games/").json()
    assert started["ranked"] is False


@pytest.mark.parametrize("path", ["/api/challenges/nosuchco/", "/api/challenges/x/",
                                  "/api/challenges/%00%00%00%00%00%00%00%00/"])
def test_an_unknown_challenge_code_is_a_404_with_its_code(client_of, path):
    response = client_of("bob").get(path)
    assert response.status_code == 404 and response.json()["error"]["code"] == "challenge_not_found"


def test_taking_up_an_unknown_challenge_starts_nothing(client_of):
    response = client_of("bob").post("/api/challenges/abcdefgh/games/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "challenge_not_found"
    assert not Game.objects.exists()


def test_the_challenger_cannot_take_up_their_own_challenge(client_of, won_game):
    alice = client_of("alice")
    challenge = _challenge(alice, won_game(alice))
    response = alice.post(f"/api/challenges/{challenge['code']}/games/")
    assert response.status_code == 400 and response.json()["error"]["code"] == "own_challenge"
    assert not ChallengeAttempt.objects.exists()


def test_someone_elses_game_is_not_a_challenge(client_of, won_game):
    alice, bob = client_of("alice"), client_of("bob")
    game = won_game(alice)
    response = bob.post("/api/challenges/", {"game": str(game.pk)}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "not_your_game"
    assert not Challenge.objects.exists()


def test_an_unknown_game_is_not_a_challenge(client_of):
    response = client_of("bob").post("/api/challenges/", {"game": "6f1e0c1e-1111-4111-8111-111111111111"},
                                     format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "not_your_game"


def test_a_game_not_won_is_not_a_challenge(client_of):
    alice = client_of("alice")
    game = alice.post("/api/games/", {"variant": "freecell", "number": 24}, format="json").json()
    response = alice.post("/api/challenges/", {"game": game["id"]}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "game_not_won"
    assert not Challenge.objects.exists()


def test_a_win_still_being_checked_answers_result_pending(client_of, won_game):
    alice = client_of("alice")
    game = won_game(alice)
    Result.objects.filter(game=game).delete()
    game.submission.status = "pending"
    game.submission.save()
    response = alice.post("/api/challenges/", {"game": str(game.pk)}, format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "result_pending"
    assert not Challenge.objects.exists()


def test_a_daily_still_open_is_not_a_challenge(client_of, daily, today, finish):
    alice = client_of("alice")
    open_daily = daily(number=24)
    result = finish("dora", open_daily.deal, daily=open_daily)
    alice.force_authenticate(result.player)
    response = alice.post("/api/challenges/", {"game": str(result.game_id)}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "daily_open"
    assert not Challenge.objects.exists()


def test_a_closed_dailys_win_is_a_challenge_played_off_the_daily(client_of, daily, today, finish):
    import datetime as dt

    closed = daily(number=24, date=today - dt.timedelta(days=1))
    result = finish("dora", closed.deal, daily=closed, undos=2)
    dora = client_of("eve")
    dora.force_authenticate(result.player)
    body = _challenge(dora, result.game)
    assert body["by"]["counted_moves"] == result.moves + 2 and body["number"] == 24
    bob = client_of("bob")
    game = bob.post(f"/api/challenges/{body['code']}/games/").json()
    assert game["daily"] is None and game["ranked"] is True


def test_a_counter_challenge_answers_on_a_new_deal_and_reaches_the_challenger(client_of, won_game):
    alice, bob = client_of("alice"), client_of("bob")
    challenge = _challenge(alice, won_game(alice))
    bob_new = won_game(bob, number=25)
    refused = bob.post("/api/challenges/", {"game": str(bob_new.pk), "answers": challenge["code"]}, format="json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "challenge_not_taken"
    assert not Challenge.objects.filter(player=bob.player).exists()
    bob.post(f"/api/challenges/{challenge['code']}/games/")
    counter = bob.post("/api/challenges/", {"game": str(bob_new.pk), "answers": challenge["code"]}, format="json")
    assert counter.status_code == 201, counter.json()
    seen = alice.get(f"/api/challenges/{challenge['code']}/").json()
    assert [(c["code"], c["player"], c["number"]) for c in seen["counters"]] == [(counter.json()["code"], "bob", 25)]
    assert alice.get(f"/api/challenges/{counter.json()['code']}/").json()["answers"] == challenge["code"]


def test_a_counter_challenge_on_the_same_deal_is_refused(client_of, won_game):
    alice, bob = client_of("alice"), client_of("bob")
    challenge = _challenge(alice, won_game(alice))
    attempt = bob.post(f"/api/challenges/{challenge['code']}/games/").json()
    play_and_validate(bob, attempt["id"], list(human_line("freecell", 24)))
    response = bob.post("/api/challenges/", {"game": attempt["id"], "answers": challenge["code"]}, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] == "same_deal"
    assert Challenge.objects.count() == 1


def test_making_or_taking_up_a_challenge_needs_a_login(anon):
    assert anon.post("/api/challenges/", {"game": "6f1e0c1e-1111-4111-8111-111111111111"},
                     format="json").status_code in (401, 403)
    assert anon.post("/api/challenges/abcdefgh/games/").status_code in (401, 403)
