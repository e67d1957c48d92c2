"""The social app's pieces of other pages: the home page's "your friends today",
a profile's follow button, a daily board's filters."""

from django import template

from social.selectors.challenges import challenges_for
from social.selectors.follows import follows_player, friends_today_rows
from social.selectors.leagues import player_leagues

register = template.Library()


@register.inclusion_tag("social/friends_today.html", takes_context=True)
def friends_today(context) -> dict:
    user = context["request"].user
    if not user.is_authenticated:
        return {"user": user}
    today, rows, following = friends_today_rows(player=user)
    return {"user": user, "rows": rows, "following": following, "today": today,
            "challenges": challenges_for(player=user)}


@register.simple_tag(takes_context=True)
def follow_state(context, username: str) -> bool:
    user = context["request"].user
    return user.is_authenticated and follows_player(follower=user, username=username)


@register.simple_tag(takes_context=True)
def my_leagues(context) -> list:
    user = context["request"].user
    return player_leagues(player=user) if user.is_authenticated else []
