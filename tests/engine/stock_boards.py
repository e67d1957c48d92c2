"""Hand-built Klondike and Spider positions for the rule tests (see
``engine.stock_scenarios.stock_board``)."""

from engine.stock_scenarios import stock_board as board

__all__ = ["board", "texts"]


def texts(cards) -> list[str]:
    return [str(card) for card in cards]
