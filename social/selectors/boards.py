"""A daily's board narrowed to a league's members or to the players someone follows.

The rows are the public board's rows (``games.selectors.leaderboards``), with
``rank`` their place among those shown and ``board_rank`` their place on the
whole board; stored per league and per follower (``social.selectors.stored``).
"""

from django.db.models import Count

from games.models import Daily, Result
from games.selectors import ON_BOARDS
from games.selectors.leaderboards import DAILY_ORDER, ROW_FIELDS, finish_row
from games.selectors.stored import Stored
from social.models import Follow, League
from social.selectors.leagues import league_member_ids
from social.selectors.stored import following_board_entry, league_board_entry, scoped_read


def following_ids(player) -> list[int]:
    return list(Follow.objects.filter(follower=player).values_list("followed_id", flat=True))


def board_among(daily: Daily, player_ids: list[int]) -> dict:
    ranked = Result.objects.filter(ON_BOARDS, daily=daily, ranked=True)
    # Places on the whole board: one column of ids in the board's order (a window function
    # would number only the rows the filter leaves).
    place = {pk: i + 1 for i, pk in enumerate(ranked.order_by(*DAILY_ORDER).values_list("pk", flat=True))}
    rows = (
        ranked.filter(player_id__in=player_ids).order_by(*DAILY_ORDER)
        .values("pk", *ROW_FIELDS, "counted_moves", "undos", "hints")
    )
    histogram = (
        ranked.filter(player_id__in=player_ids).values("counted_moves").annotate(players=Count("pk"))
        .order_by("counted_moves")
    )
    out_rows = [{**finish_row(i + 1, row, aids=True), "board_rank": place[row["pk"]]}
                for i, row in enumerate(rows)]
    return {
        "date": daily.date.isoformat(), "variant": daily.variant, "par": daily.deal.par,
        "players": len(out_rows), "rows": out_rows,
        "histogram": [{"moves": row["counted_moves"], "players": row["players"]} for row in histogram],
    }


def league_board(*, daily: Daily, league: League, reader) -> Stored | None:
    """The league's rows of the daily (None: ``reader`` is not a member)."""
    def build():
        members = league_member_ids(league)
        data = board_among(daily, members)
        return {**data, "league": {"code": league.code, "name": league.name}, "among": None}, members

    return scoped_read(league_board_entry(league.code, daily.variant, daily.date), reader.pk, build)


def league_board_stored(*, code: str, variant: str, date, reader_id: int) -> Stored | None:
    return scoped_read(league_board_entry(code, variant, date), reader_id)


def following_board(*, daily: Daily, player) -> Stored:
    """The rows of the players ``player`` follows, and their own."""
    def build():
        data = board_among(daily, [player.pk, *following_ids(player)])
        return {**data, "league": None, "among": "following"}, [player.pk]

    return scoped_read(following_board_entry(player.pk, daily.variant, daily.date), player.pk, build)


def following_board_stored(*, player_id: int, variant: str, date) -> Stored | None:
    return scoped_read(following_board_entry(player_id, variant, date), player_id)
