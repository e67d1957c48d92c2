"""A Klondike or Spider daily's number cannot be found from the cards it shows (issue 14).

The face-up cards of a stock deal's start (seven in Klondike, ten in Spider)
single out its number among any small range: dealing a million numbers takes
minutes, and the number then gives every face-down card and the stock's
order. The reserve draws daily numbers from the whole range; a number staff
type in must be as far out of reach, so numbers below
``HIDDEN_DAILY_FLOOR`` (10^12) are refused for those variants. FreeCell's
dailies show every card anyway and keep any proven number.
"""

import datetime as dt
import random

import pytest

import engine
from games.models import Daily
from games.services.deals import HIDDEN_DAILY_FLOOR
from games.services.solving import _candidate
from tests.games.conftest import schedule

pytestmark = pytest.mark.django_db




def test_the_face_up_cards_of_a_klondike_start_single_out_its_number_among_low_numbers():
    """Why: the seven cards a player sees at the start find deal 777 among the first thousand numbers."""
    def shown(number):
        view = engine.player_view(engine.deal("klondike-draw3", number))
        return [column[-1] for column in view["columns"]]

    target = shown(777)
    assert [n for n in range(1, 1001) if shown(n) == target] == [777]


@pytest.mark.parametrize("variant", ["klondike-draw3", "spider-2suits"])
@pytest.mark.parametrize("number", [5, 1_000_000, HIDDEN_DAILY_FLOOR - 1])
def test_staff_cannot_schedule_a_stock_daily_on_a_guessable_number(staff, today, winnable_deal, variant, number):
    winnable_deal(variant, number)
    response = schedule(staff, variant, today + dt.timedelta(days=2), number)
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "deal_number_guessable"
    assert not Daily.objects.exists()


def test_a_stock_daily_out_of_reach_and_a_low_freecell_daily_are_scheduled(staff, today, winnable_deal):
    number = HIDDEN_DAILY_FLOOR + 123_456_789
    winnable_deal("klondike-draw3", number)
    winnable_deal("freecell", 5)
    assert schedule(staff, "klondike-draw3", today + dt.timedelta(days=2), number).status_code == 201
    assert schedule(staff, "freecell", today + dt.timedelta(days=2), 5).status_code == 201


def test_the_reserve_draws_stock_daily_numbers_out_of_reach():
    """The lowest number the reserve can draw: out of reach for Klondike and Spider, 1 for FreeCell."""

    class Lowest(random.Random):
        def randint(self, a, b):
            return a

    assert _candidate("spider-2suits", True, Lowest()) == HIDDEN_DAILY_FLOOR
    assert _candidate("klondike-draw3", True, Lowest()) == HIDDEN_DAILY_FLOOR
    assert _candidate("freecell", True, Lowest()) == 1
