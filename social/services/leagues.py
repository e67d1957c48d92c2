"""Private leagues: a name, an invite code, members; the owner renames and removes.

A league's name passes the checks a username passes (``accounts.usernames``: NFKC,
one alphabet among look-alike letters) and its skeleton is unique, so a name that
looks like another league's is refused. A member the owner removed stays recorded
as removed: the invite code does not bring them back.
"""

import re

from django.db import IntegrityError, transaction

from accounts.usernames import username_normal, username_scripts_check, username_skeleton
from core.errors import Conflict, InvalidRequest, NotFound, PermissionDenied
from games.selectors import player_by_username
from social.codes import code_new
from social.models import League, LeagueMember
from social.selectors.leagues import league_by_code
from social.selectors.stored import league_version_key, scope_outdate_on_commit

NAME_MIN, NAME_MAX = 3, 40
_NAME = re.compile(r"[\w][\w .'&-]*[\w.]", re.UNICODE)


def league_name_check(name: str) -> tuple[str, str]:
    """(the name as stored, its skeleton), or the refusal that says why not."""
    normal = " ".join(username_normal(name).split())
    if not NAME_MIN <= len(normal) <= NAME_MAX or not _NAME.fullmatch(normal):
        raise InvalidRequest(
            f"A league name is {NAME_MIN} to {NAME_MAX} letters, digits, spaces or . ' & - _",
            code="league_name_invalid",
        )
    try:
        username_scripts_check(normal)
    except InvalidRequest as exc:
        raise InvalidRequest(
            "That name mixes alphabets with letters that look alike; use one alphabet.",
            code="league_name_mixed_scripts",
        ) from exc
    return normal, username_skeleton(normal)


def _name_free_check(skeleton: str, *, league: League | None = None) -> None:
    others = League.objects.filter(skeleton=skeleton)
    if league is not None:
        others = others.exclude(pk=league.pk)
    other = others.first()
    if other is not None:
        raise Conflict(f"That name looks like the league {other.name!r}.", code="league_name_taken")


def league_create(*, owner, name: str) -> League:
    name, skeleton = league_name_check(name)
    _name_free_check(skeleton)
    try:
        with transaction.atomic():
            league = League.objects.create(code=code_new(), name=name, skeleton=skeleton, owner=owner)
            LeagueMember.objects.create(league=league, player=owner)
    except IntegrityError:
        _name_free_check(skeleton)  # a race for the name: say so
        raise
    return league


def league_join(*, player, code: str) -> LeagueMember:
    league = league_by_code(code=code)
    with transaction.atomic():
        member = LeagueMember.objects.select_for_update().filter(league=league, player=player).first()
        if member is not None and member.removed:
            raise PermissionDenied("The league's owner removed you from it.", code="removed_from_league")
        if member is not None:
            raise Conflict("You are in this league already.", code="already_member")
        try:
            with transaction.atomic():
                member = LeagueMember.objects.create(league=league, player=player)
        except IntegrityError:
            raise Conflict("You are in this league already.", code="already_member") from None
        scope_outdate_on_commit(league_version_key(league.code))
    return member


def _owned(owner, code: str) -> League:
    league = league_by_code(code=code)
    if league.owner_id != owner.pk:
        raise PermissionDenied("Only the league's owner may do that.", code="not_league_owner")
    return league


def league_rename(*, owner, code: str, name: str) -> League:
    league = _owned(owner, code)
    name, skeleton = league_name_check(name)
    _name_free_check(skeleton, league=league)
    with transaction.atomic():
        league.name, league.skeleton = name, skeleton
        try:
            with transaction.atomic():
                league.save(update_fields=["name", "skeleton"])
        except IntegrityError:
            raise Conflict("That name looks like another league's.", code="league_name_taken") from None
        scope_outdate_on_commit(league_version_key(league.code))
    return league


def league_member_remove(*, owner, code: str, username: str) -> None:
    league = _owned(owner, code)
    player = player_by_username(username=username)
    if player.pk == league.owner_id:
        raise InvalidRequest("The owner stays in their league.", code="owner_stays")
    with transaction.atomic():
        members = LeagueMember.objects.filter(league=league, player=player, removed=False)
        updated = members.update(removed=True)
        if not updated:
            raise NotFound(f"{player.username} is not in this league.", code="not_member")
        scope_outdate_on_commit(league_version_key(league.code))
