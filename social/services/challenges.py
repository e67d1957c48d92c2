"""Challenges: made from a validated win, taken up once per player as a ranked attempt.

The attempt is an ordinary ``games`` game of kind ``challenge``, started ranked
when it is the player's first game on the deal (as a daily's attempt is): its
moves are checked as they come, undos count, a hint takes the ranking away, and
the worker replays the won log and assesses it for fair play before its result
is written. A second start while the attempt is in play answers the same game;
once it is over there is no second attempt.
"""

from django.db import IntegrityError, transaction

from core.errors import Conflict, InvalidRequest
from games.models import Game, Result
from games.selectors import daily_is_open
from games.services.deals import deal_free_play_check
from games.services.games import game_start
from social.codes import code_new
from social.models import Challenge, ChallengeAttempt
from social.selectors.challenges import challenge_by_code


def _source_check(game: Game | None, player) -> Result:
    """The validated, counted result of ``player``'s won game, or the refusal that says why not."""
    if game is None or game.player_id != player.pk or game.from_guest:
        raise InvalidRequest("Only your own won game can be a challenge.", code="not_your_game")
    if game.state != Game.State.WON:
        raise InvalidRequest("That game is not won.", code="game_not_won")
    if daily_is_open(game.daily):
        raise InvalidRequest("A daily becomes a challenge once its day has closed.", code="daily_open")
    if game.hints:
        raise InvalidRequest("A game won with hints cannot be a challenge.", code="game_assisted")
    result = Result.objects.filter(game=game).first()
    if result is None:
        if getattr(game, "submission", None) is not None and game.submission.status == "rejected":
            raise InvalidRequest("The worker did not accept that win.", code="game_not_won")
        raise Conflict("The win is still being checked; try again in a moment.", code="result_pending")
    if not result.counts:
        raise InvalidRequest("That win is under review or void.", code="game_not_won")
    return result


def challenge_create(*, player, game_id, answers: str | None = None) -> tuple[Challenge, bool]:
    """A challenge from the player's won game (the same one again if it exists); returns
    (challenge, created). ``answers``: the code of a challenge the player took up, which
    this one answers on another deal."""
    answered = None
    if answers is not None:
        answered = challenge_by_code(code=answers)
        if not ChallengeAttempt.objects.filter(challenge=answered, player=player).exists():
            raise InvalidRequest("Take up a challenge before you answer it.", code="challenge_not_taken")
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(of=("self",)).select_related("deal", "daily", "submission")
            .filter(pk=game_id).first()
        )
        result = _source_check(game, player)
        if answered is not None and answered.deal_id == game.deal_id:
            raise InvalidRequest("A counter-challenge is on a new deal.", code="same_deal")
        existing = Challenge.objects.filter(game=game).first()
        if existing is not None:
            return existing, False
        challenge = Challenge.objects.create(
            code=code_new(), game=game, player=player, deal=game.deal,
            counted_moves=result.moves + result.undos, duration_ms=result.duration_ms,
            finished_at=result.finished_at, answers=answered,
        )
    return challenge, True


def challenge_game_start(*, player, code: str) -> tuple[Game, bool]:
    """The player's attempt at a challenge, started now if there is none; returns (game, created)."""
    challenge = challenge_by_code(code=code)
    if challenge.player_id == player.pk:
        raise InvalidRequest("This is your own challenge.", code="own_challenge")
    existing = ChallengeAttempt.objects.select_related("game__deal").filter(
        challenge=challenge, player=player).first()
    if existing is not None:
        return _attempt_resumed(existing), False
    deal_free_play_check(deal=challenge.deal)
    first = not Game.objects.filter(player=player, deal=challenge.deal).exists()
    try:
        with transaction.atomic():
            game = game_start(player=player, deal=challenge.deal, ranked=first, kind=Game.Kind.CHALLENGE)
            ChallengeAttempt.objects.create(challenge=challenge, player=player, game=game)
    except IntegrityError:  # a concurrent start won the race: that one is the attempt
        return _attempt_resumed(ChallengeAttempt.objects.get(challenge=challenge, player=player)), False
    return game, True


def _attempt_resumed(attempt: ChallengeAttempt) -> Game:
    if attempt.game.state != Game.State.PLAYING:
        raise Conflict("You have taken up this challenge already.", code="challenge_attempted",
                       game=str(attempt.game_id))
    return attempt.game


def challenge_for_daily(*, player, daily) -> Challenge | None:
    """The challenge of a player's ranked win on a closed daily, made when first asked
    (the daily's share link leads here once the day is over); None without such a win."""
    if daily_is_open(daily):
        return None
    game = (
        Game.objects.filter(player=player, daily=daily, state=Game.State.WON, hints=0, result__voided=False,
                            result__flagged=False)
        .order_by("-ranked", "started_at").first()
    )
    if game is None:
        return None
    return challenge_create(player=player, game_id=game.pk)[0]

