"""Guests' games: Klondike and Spider played on the server without an account.

A variant with face-down cards is played on the server by everyone, so that the
hidden cards stay there; a guest's game belongs to the random id kept in the
guest's browser session (``games.selectors.Guest``). Guest games are unranked
free play on numbered deals: never a daily, never submitted, never on a board
or in stats. They expire ``GUEST_GAME_LIFETIME`` after their last update and
the beat task ``games.guest_games_expire`` deletes them. When the guest logs in
or registers, the account takes them over (``from_guest``): they go on as the
player's games, and a win on them is still just a win.
"""

from django.db import transaction

from games.models import Game
from games.selectors import Guest, guest_expiry_cutoff, owned_by
from games.services.deals import deal_free_play_check, deal_get_or_create

#: Expired guest games deleted per statement, and statements per run (within a task's time limit).
EXPIRE_BATCH = 1000
EXPIRE_BATCHES = 20


def guest_game_start(*, guest: Guest, variant: str, number: int) -> Game:
    """Start a guest's unranked game on a numbered deal (not on a daily still to close).
    Which variants guests play on the server is the API's question (``hides_cards``)."""
    deal = deal_get_or_create(variant=variant, number=number)
    deal_free_play_check(deal=deal)
    return Game.objects.create(guest_key=guest.key, deal=deal)


def guest_games_adopt(*, guest: Guest, player) -> int:
    """The account takes over the guest's games that have not expired; returns how many.
    They stay unranked free play, never submitted nor counted in stats (``from_guest``)."""
    return Game.objects.filter(owned_by(guest)).update(player=player, guest_key="", from_guest=True)


def guest_games_expire(*, batch: int = EXPIRE_BATCH, batches: int = EXPIRE_BATCHES) -> tuple[int, bool]:
    """Delete guest games not updated for ``GUEST_GAME_LIFETIME``, at most ``batches``
    statements of ``batch`` games. Returns how many were deleted and whether expired
    ones remain. Running it again deletes nothing more than is expired then."""
    deleted = 0
    for _ in range(batches):
        cutoff = guest_expiry_cutoff()
        expired = Game.objects.filter(player__isnull=True, updated_at__lt=cutoff)
        ids = list(expired.values_list("pk", flat=True)[:batch])
        if not ids:
            return deleted, False
        with transaction.atomic():
            # A game played again between the two statements is newer than the cutoff: it stays.
            _, per_model = Game.objects.filter(
                pk__in=ids, player__isnull=True, updated_at__lt=cutoff
            ).delete()
        deleted += per_model.get(Game._meta.label, 0)
        if len(ids) < batch:
            return deleted, False
    return deleted, Game.objects.filter(player__isnull=True, updated_at__lt=guest_expiry_cutoff()).exists()
