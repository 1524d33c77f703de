"""The main board of 5x5 Zoo: six action rows of tiles, display tokens, cards and meeples.

Ruling F15: "row 1 holds 2 tiles, rows 2-5 hold one tile per player each, row 6
holds one large tile per player (2 left over after five turns, as the rulebook
says). Solo: two columns, laid out as for 2 players." Each row has an action
effect; rows 2-5 may give a door token instead. The one-time-customer display
tokens (one per colour, ASSUMED F15) lie on rows 1-5; taking a tile from a row
gives one cube of that row's colour.

A slot is addressed ``(row, column)``, rows 1-6 from the top, columns from 0.
The board is a frozen value: :meth:`MainBoard.take` returns a new board.

Examples
--------
>>> board = MainBoard.deal(2, [f"T{i:02d}" for i in range(1, 11)], ["L01", "L02"],
...                        display="RBGYK", specials=("S01",), meeples="RBGYK")
>>> board.rows
(('T01', 'T02'), ('T03', 'T04'), ('T05', 'T06'), ('T07', 'T08'), ('T09', 'T10'), ('L01', 'L02'))
>>> board = board.take(6, 1)
>>> board.is_last_in_row(6, 0), board.is_last_in_row(5, 0)
(True, False)
>>> ROW_EFFECTS[4], 4 in DOOR_ROWS
('two-cubes', True)
>>> row_sizes(4), row_sizes(1)
((2, 4, 4, 4, 4, 4), (2, 2, 2, 2, 2, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from zoobook.assumed import assumed

__all__ = ["ROW_EFFECTS", "DOOR_ROWS", "ROWS", "row_sizes", "display_rows", "MainBoard"]

ROWS = (1, 2, 3, 4, 5, 6)
#: "Second action row: ... Popularity token ... Third: ... Special card ... Fourth: Draw 2 One Time
#: Customer cards ... Fifth: ... one Regular Customer meeple"; rows 1 and 6 have no effect.
ROW_EFFECTS = {1: None, 2: "popularity", 3: "special", 4: "two-cubes", 5: "meeple", 6: None}
#: "Common: 2nd to 5th action rows: Instead of the usual action, you may obtain 1 Door token."
DOOR_ROWS = frozenset({2, 3, 4, 5})


@cache
def display_rows() -> tuple[int, ...]:
    """The rows that carry a one-time-customer display token (ASSUMED F15: rows 1-5)."""
    return tuple(assumed("fivebyfive.display_token_rows"))


def row_sizes(players: int) -> tuple[int, ...]:
    """Slots per row for *players* (1-4); solo is laid out in two columns as for two players."""
    if not 1 <= players <= 4:
        raise ValueError(f"5x5 Zoo is for 1-4 players, not {players}")
    n = max(players, 2)
    return (2, n, n, n, n, n)


@dataclass(frozen=True)
class MainBoard:
    """The shared board of one round.

    Attributes
    ----------
    rows : tuple of tuples
        For rows 1-6, the tile id in each slot, or ``None`` once taken or removed.
    display : str
        The cube colour of the display token on each of :func:`display_rows`, in order.
    specials : tuple of str
        The special cards on the left of the board, still to be chosen.
    meeples : str
        The regular meeples on the left of the board, one letter each.
    """

    rows: tuple[tuple[str | None, ...], ...]
    display: str
    specials: tuple[str, ...] = ()
    meeples: str = ""

    @classmethod
    def deal(cls, players: int, small: Sequence[str], large: Sequence[str], *, display: str,
             specials: Sequence[str] = (), meeples: str = "") -> "MainBoard":
        """Lay *small* tiles on rows 1-5 and *large* ones on row 6, in order.

        Raises ValueError when the decks are too short for the layout.
        """
        sizes = row_sizes(players)
        needed_small, needed_large = sum(sizes[:5]), sizes[5]
        if len(small) < needed_small or len(large) < needed_large:
            raise ValueError(f"a {players}-player round needs {needed_small} tiles and "
                             f"{needed_large} large tiles, not {len(small)} and {len(large)}")
        if len(display) != len(display_rows()):
            raise ValueError(f"rows {display_rows()} need {len(display_rows())} display tokens, not {display!r}")
        rows, start = [], 0
        for size in sizes[:5]:
            rows.append(tuple(small[start:start + size]))
            start += size
        rows.append(tuple(large[:needed_large]))
        return cls(tuple(rows), display, tuple(specials), meeples)

    def tile_at(self, row: int, column: int) -> str | None:
        return self.rows[row - 1][column]

    def slots(self) -> list[tuple[int, int]]:
        """The (row, column) of every tile still on the board, top to bottom, left to right."""
        return [(r, c) for r in ROWS for c, tile in enumerate(self.rows[r - 1]) if tile is not None]

    def remaining(self) -> list[str]:
        return [self.tile_at(r, c) for r, c in self.slots()]

    def cube_for(self, row: int) -> str | None:
        """The colour of the cube gained with a tile of *row* (none for row 6, ASSUMED F15)."""
        rows = display_rows()
        return self.display[rows.index(row)] if row in rows else None

    def is_last_in_row(self, row: int, column: int) -> bool:
        """Popularity condition F: the tile at (row, column) is the only one left in its row."""
        return [t for t in self.rows[row - 1] if t is not None] == [self.tile_at(row, column)]

    def take(self, row: int, column: int) -> "MainBoard":
        """The board without the tile at (row, column); ValueError if the slot is empty."""
        if not (1 <= row <= 6 and 0 <= column < len(self.rows[row - 1])) or self.tile_at(row, column) is None:
            raise ValueError(f"there is no tile at row {row}, slot {column + 1}")
        rows = list(self.rows)
        rows[row - 1] = tuple(None if c == column else t for c, t in enumerate(rows[row - 1]))
        return replace(self, rows=tuple(rows))

    def take_special(self, card: str) -> "MainBoard":
        if card not in self.specials:
            raise ValueError(f"special card {card} is not on the board")
        specials = list(self.specials)
        specials.remove(card)
        return replace(self, specials=tuple(specials))

    def take_meeple(self, colour: str) -> "MainBoard":
        if colour not in self.meeples:
            raise ValueError(f"no {colour} meeple on the board")
        return replace(self, meeples=self.meeples.replace(colour, "", 1))
