"""Following a player: their finishes show on your "following" boards and your home page."""

from django.db import IntegrityError, transaction

from core.errors import Conflict, InvalidRequest, NotFound
from games.selectors import player_by_username
from social.models import Follow
from social.selectors.stored import following_version_key, scope_outdate_on_commit


def follow_add(*, follower, username: str) -> Follow:
    followed = player_by_username(username=username)
    if followed.pk == follower.pk:
        raise InvalidRequest("You cannot follow yourself.", code="follow_self")
    try:
        with transaction.atomic():
            follow = Follow.objects.create(follower=follower, followed=followed)
            scope_outdate_on_commit(following_version_key(follower.pk))
    except IntegrityError:
        raise Conflict(f"You already follow {followed.username}.", code="already_following") from None
    return follow


def follow_remove(*, follower, username: str) -> None:
    followed = player_by_username(username=username)
    with transaction.atomic():
        deleted, _ = Follow.objects.filter(follower=follower, followed=followed).delete()
        if not deleted:
            raise NotFound(f"You do not follow {followed.username}.", code="not_following")
        scope_outdate_on_commit(following_version_key(follower.pk))
