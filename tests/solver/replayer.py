"""An independent replayer for Klondike and Spider lines, written from seed
004's rules and nothing of the engine, so that a solver line is checked by
two referees: every ``s``, every automatic flip and run removal done here by
hand.

It reads PySolFC's layout text (a ``Talon:`` line, stock top first, then one
line per column, deepest card first, face-down cards in ``<>``) and returns
True only when the whole line is legal and ends with every card home.

>>> klondike_wins("Talon: \\nAS\\n" + "\\n" * 6, 1, ["1h"])
False
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CSHD"  # clubs and spades black, hearts and diamonds red
SPIDER_COLUMNS = "1234567890"


class Refused(Exception):
    pass


def _card(text: str) -> tuple[int, str, bool]:
    down = text.startswith("<")
    text = text.strip("<>")
    return RANKS.index(text[0]) + 1, text[1], down


def parse_layout(text: str):
    lines = [line for line in text.replace("\r", "").split("\n")]
    assert lines[0].startswith("Talon:"), "the layout starts with its Talon: line"
    stock = [_card(c) for c in lines[0][len("Talon:"):].split()]
    columns = [[_card(c) for c in line.split()] for line in lines[1:]]
    while columns and not columns[-1] and len(columns) > 7:
        columns.pop()
    return stock, columns


def _red(suit: str) -> bool:
    return suit in "HD"


def _flip(column) -> None:
    if column and column[-1][2]:
        rank, suit, _ = column[-1]
        column[-1] = (rank, suit, False)


def klondike_wins(layout: str, draw: int, line) -> bool:
    """Replay ``line`` on a Klondike deal: True when legal and won."""
    try:
        return _klondike(layout, draw, list(line))
    except (Refused, ValueError, IndexError):
        return False


def _klondike(layout: str, draw: int, line) -> bool:
    stock, columns = parse_layout(layout)
    columns = (columns + [[]] * 7)[:7]
    columns = [list(c) for c in columns]
    waste: list = []
    home = dict.fromkeys(SUITS, 0)
    for move in line:
        if move == "s":
            if stock:
                for _ in range(min(draw, len(stock))):
                    waste.append(stock.pop(0))
            elif waste:
                stock, waste = list(waste), []
            else:
                raise Refused("nothing to turn")
            continue
        source, target = move[0], move[1:]
        if source == "h":  # a foundation return: h + suit + column
            suit, target = target[0].upper(), target[1:]
            if home[suit] == 0:
                raise Refused("empty foundation")
            cards = [(home[suit], suit, False)]
            home[suit] -= 1
        elif source == "w":
            if not waste:
                raise Refused("empty waste")
            cards = [waste.pop()]
        else:
            column = columns[int(source) - 1]
            cards = _klondike_group(column, target, columns)
            del column[len(column) - len(cards):]
            _flip(column)
        _klondike_place(cards, target, columns, home)
    return sum(home.values()) == 52


def _klondike_group(column, target, columns):
    if not column or column[-1][2]:
        raise Refused("no face-up card")
    if target == "h":
        return [column[-1]]
    dest = columns[int(target) - 1]
    for start in range(len(column)):
        rank, suit, down = column[start]
        if down:
            continue
        fits = rank == 13 if not dest else (dest[-1][0] == rank + 1 and _red(dest[-1][1]) != _red(suit))
        if fits:
            return column[start:]
    raise Refused("nothing fits")


def _klondike_place(cards, target, columns, home) -> None:
    if target == "h":
        rank, suit, _ = cards[0]
        if len(cards) != 1 or home[suit] != rank - 1:
            raise Refused("not the next card of its foundation")
        home[suit] = rank
        return
    dest = columns[int(target) - 1]
    rank, suit, _ = cards[0]
    if not dest:
        if rank != 13:
            raise Refused("only a King fills an empty column")
    elif dest[-1][0] != rank + 1 or _red(dest[-1][1]) == _red(suit) or dest[-1][2]:
        raise Refused("does not fit")
    for upper, lower in zip(cards, cards[1:], strict=False):
        if upper[0] != lower[0] + 1 or _red(upper[1]) == _red(lower[1]):
            raise Refused("not an alternating run")
    dest.extend(cards)


def spider_wins(layout: str, line) -> bool:
    """Replay ``line`` on a Spider deal: True when legal and eight runs are removed."""
    try:
        return _spider(layout, list(line))
    except (Refused, ValueError, IndexError):
        return False


def _spider(layout: str, line) -> bool:
    stock, columns = parse_layout(layout)
    columns = [list(c) for c in (columns + [[]] * 10)[:10]]
    removed = 0
    for move in line:
        if move == "s":
            if not stock or any(not c for c in columns):
                raise Refused("no deal: the stock is empty or a column is")
            for column in columns:
                rank, suit, _ = stock.pop(0)
                column.append((rank, suit, False))
            touched = columns
        else:
            source = columns[SPIDER_COLUMNS.index(move[0])]
            dest = columns[SPIDER_COLUMNS.index(move[1])]
            count = int(move[3:], 16) if "v" in move else None
            cards = _spider_group(source, dest, count)
            del source[len(source) - len(cards):]
            _flip(source)
            dest.extend(cards)
            touched = [dest]
        for column in touched:
            removed += _spider_remove(column)
    return removed == 8 and not stock and not any(columns)


def _spider_group(source, dest, count):
    run = 1
    while (run < len(source) and not source[-run - 1][2]
           and source[-run - 1][1] == source[-run][1] and source[-run - 1][0] == source[-run][0] + 1):
        run += 1
    if not source or source[-1][2]:
        raise Refused("no face-up card")
    if dest:
        need = dest[-1][0] - 1
        size = need - source[-1][0] + 1
        if not 1 <= size <= run or (count is not None and count != size):
            raise Refused("no part of the run fits")
        return source[-size:]
    size = 1 if count is None else count
    if not 1 <= size <= run:
        raise Refused("not a same-suit run")
    return source[-size:]


def _spider_remove(column) -> int:
    if len(column) < 13:
        return 0
    tail = column[-13:]
    suit = tail[0][1]
    if any(card != (13 - i, suit, False) for i, card in enumerate(tail)):
        return 0
    del column[-13:]
    _flip(column)
    return 1
