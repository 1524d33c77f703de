"""The solo rules of 5x5 Zoo: the AI that removes tiles, the solo bonus and the ranks.

"There will be an AI player that removes Animal tiles from the game during II.
Action Phase. After the player takes their turn first, the AI will remove the
Animal tile from the game subject to the following priority:

1. The first tile to the bottom of the animal tile that the player has taken
   will be removed.
2. If there is no tile to the bottom that the player took in his turn the same
   column, continue to the next column and remove the next available tile from
   top to bottom."

When neither applies (the other column is empty too) the AI takes the first
tile from the top of the player's own column (ruling F25; the value lives in the
assumed-values file as ``fivebyfive.components.solo_ai_wraps_to_own_column``, so a
test can flip it, F23).

Examples
--------
>>> from zoobook.fivebyfive.mainboard import MainBoard
>>> board = MainBoard.deal(1, [f"T{i:02d}" for i in range(1, 11)], ["L01", "L02"], display="RBGYK")
>>> ai_removal(board.take(2, 0), 2, 0)      # rule 1: the tile just below, same column
(3, 0)
>>> board = board.take(6, 1)                 # the right column's bottom tile
>>> ai_removal(board, 6, 1)                  # rule 2: the other column, from the top
(1, 0)
>>> solo_rank(160), solo_rank(159), solo_rank(59)
('Legendary Zookeeper', "World's Best Zookeeper", 'Totally uninterested in zookeeping')
>>> solo_bonus(visitors=8, round=1), solo_bonus(visitors=7, round=1)   # from scoring.py
(4, 0)
"""

from __future__ import annotations

from zoobook.assumed import assumed
from zoobook.fivebyfive.mainboard import ROWS, MainBoard
from zoobook.fivebyfive.scoring import SOLO_BONUS, SOLO_THRESHOLDS, solo_bonus

__all__ = ["ai_removal", "SOLO_THRESHOLDS", "SOLO_BONUS", "solo_bonus", "RANKS", "solo_rank"]

#: The printed rank table, lowest score of each band first; F19: "Over 160" means 160 or more.
RANKS = (
    (160, "Legendary Zookeeper"),
    (150, "World's Best Zookeeper"),
    (140, "Chief of the Zoo"),
    (130, "Outstanding Zoo Head"),
    (120, "Ordinary Zoomaster"),
    (110, "Deputy Director"),
    (100, "Excellent Keeper"),
    (80, "Normal Keeper"),
    (60, "Part-time Keeper"),
    (None, "Totally uninterested in zookeeping"),
)


def solo_rank(score: int) -> str:
    """The rank earned with a final solo *score* (ruling F19)."""
    for low, name in RANKS:
        if low is None or score >= low:
            return name
    raise AssertionError("unreachable: the last band has no lower bound")


def _first_in_column(board: MainBoard, column: int, rows) -> tuple[int, int] | None:
    for row in rows:
        if board.tile_at(row, column) is not None:
            return (row, column)
    return None


def ai_removal(board: MainBoard, row: int, column: int) -> tuple[int, int] | None:
    """The slot the solo AI empties after the player took the tile at (*row*, *column*).

    *board* is the board after the player's take. Returns ``None`` only when the
    board is empty.
    """
    columns = len(board.rows[0])
    below = _first_in_column(board, column, range(row + 1, ROWS[-1] + 1))
    if below:
        return below
    for step in range(1, columns):
        other = _first_in_column(board, (column + step) % columns, ROWS)
        if other:
            return other
    if assumed("fivebyfive.components.solo_ai_wraps_to_own_column"):
        return _first_in_column(board, column, ROWS)
    return None
