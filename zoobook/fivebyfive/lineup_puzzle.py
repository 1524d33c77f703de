"""The ``5x5/lineup`` puzzle: one round's lineup question, and its file.

A :class:`LineupPuzzle` is a board, the gate of the round's direction card, the
round (it sets the solo threshold, F12), the number of players, the hand (one-time
cubes, meeples, door tokens) and the request cards (F13). :mod:`zoobook.fivebyfive.solver`
answers it; this module only says what a puzzle is and how it is read from and
written to a puzzle file.

The file format is the project's puzzle-file contract (``docs/puzzle-format.md``)::

    kind = "5x5/lineup"
    gate = "W"            # N, E, S or W
    round = 1             # 1-3 (default 1)
    players = 1           # 1-4 (default 1; the solo bonus counts only with 1)
    cubes = "RRGBKW"      # one-time cubes: R red, B blue, G green, Y yellow, K black, W white
    meeples = "G"         # regular meeples (default none)
    doors = 1             # door tokens in hand (default 0)
    [[tile]]              # cells (1 or 2), kind, stars (0), popularity (false), walls ([] of "A3:W")
    [[door]]              # at = "A3:E": a door already placed
    [[request]]           # needs = { bird = 3, aquatic = 1 }, points = 5

:func:`parse` reads the keys of one file (refusing, with the field and the reason,
a tile off the board, a wall on another tile's cell or on a tile without stars (F18a), a
door where none may stand, or a hand the box cannot supply, F20); :func:`dump` writes them back.

Examples
--------
>>> from zoobook.fivebyfive.board import Board, Tile
>>> puzzle = LineupPuzzle(Board((Tile.make("A3", "bird"),)), "W", round=2, cubes="WY")
>>> puzzle.cubes, puzzle.solo_threshold
('YW', 10)

From a file:

>>> from zoobook.puzzles.loading import parse_puzzle
>>> text = '''id = "x"
... kind = "5x5/lineup"
... gate = "W"
... cubes = "RY"
... [[tile]]
... cells = ["A3"]
... kind = "carnivore"
... [[tile]]
... cells = ["B3", "B2"]
... kind = "bird"
... stars = 1
... walls = ["B3:W"]
... '''
>>> parse_puzzle(text).solve().value
1
>>> parse_puzzle(text.replace('"B3:W"', '"C3:W"'), file="x.toml")
Traceback (most recent call last):
...
zoobook.errors.PuzzleError: x.toml: tile[2].walls[1]: wall C3:W is not on a cell of this tile (B2 and B3)

Walls stand only on tiles with a star icon (F18a):

>>> parse_puzzle(text.replace("stars = 1", "stars = 0"), file="x.toml")
Traceback (most recent call last):
...
zoobook.errors.PuzzleError: x.toml: tile[2].walls: a tile without stars has no walls (F18a); this one has 1

A hand the box cannot supply is refused (F20):

>>> parse_puzzle(text.replace('"RY"', '"RWWW"'), file="x.toml")
Traceback (most recent call last):
...
zoobook.errors.PuzzleError: x.toml: cubes: 3 white cubes, but the box has only 2 (F20)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zoobook.errors import IllegalAction
from zoobook.fivebyfive.board import GATES, Board, Border, Cell, CellSide, Tile, gate_border
from zoobook.fivebyfive.components import hand_beyond_box
from zoobook.fivebyfive.lineup import Hand
from zoobook.fivebyfive.scoring import SOLO_THRESHOLDS, RequestCard
from zoobook.fivebyfive.vocabulary import ANIMAL_CATEGORIES, Category
from zoobook.puzzles.fields import Table, parsed

__all__ = ["LineupPuzzle", "parse", "dump"]


@dataclass(frozen=True)
class LineupPuzzle:
    """One round's lineup question: a board, the gate, the hand, the cards.

    Attributes
    ----------
    board : Board
    gate : str
        N, E, S or W (the round's direction card).
    round : int
        1-3 (sets the solo threshold).
    players : int
        1-4; only with 1 player does the solo bonus count here (F12).
    cubes, meeples : str
        Colour letters (R B G Y K W; meeples are never white), kept sorted.
    doors : int
        Door tokens in hand.
    requests : tuple of RequestCard

    Raises
    ------
    ValueError
        For a gate, round or player count out of range, or a white meeple.

    Examples
    --------
    >>> from zoobook.fivebyfive.board import Board, Tile
    >>> LineupPuzzle(Board((Tile.make("A3", "bird"),)), "W", players=2).solo_threshold is None
    True
    >>> LineupPuzzle(Board(), "W", round=4)
    Traceback (most recent call last):
    ...
    ValueError: round must be 1, 2 or 3, not 4
    """

    board: Board
    gate: str
    round: int = 1
    players: int = 1
    cubes: str = ""
    meeples: str = ""
    doors: int = 0
    requests: tuple[RequestCard, ...] = ()

    def __post_init__(self) -> None:
        gate_border(self.gate)
        if self.round not in (1, 2, 3):
            raise ValueError(f"round must be 1, 2 or 3, not {self.round!r}")
        if self.players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1-4, not {self.players!r}")
        hand = Hand(self.cubes, self.meeples, self.doors)
        object.__setattr__(self, "cubes", hand.cubes)
        object.__setattr__(self, "meeples", hand.meeples)
        object.__setattr__(self, "requests", tuple(self.requests))

    @property
    def hand(self) -> Hand:
        """The hand: cubes, meeples and door tokens."""
        return Hand(self.cubes, self.meeples, self.doors)

    @property
    def solo_threshold(self) -> int | None:
        """The visitors to beat for the solo bonus, or ``None`` with 2-4 players."""
        return SOLO_THRESHOLDS[self.round] if self.players == 1 else None


_CUBE_LETTERS = "RBGYKW"


def _letters(table: Table, name: str, allowed: str) -> str:
    text = table.string(name, "")
    bad = [ch for ch in text if ch not in allowed]
    if bad:
        raise table.error(name, f"{bad[0]!r} is not a colour letter here (use {', '.join(allowed)})")
    return text


_read_cell = parsed(Cell.parse, '"A3"')
_read_side = parsed(CellSide.parse, '"A3:W"')


def _read_tile(table: Table) -> tuple[Tile, bool]:
    cells = table.items("cells", _read_cell, min_len=1, max_len=2)
    category = Category(table.choice("kind", [c.value for c in Category]))
    stars = table.integer("stars", 0, low=0, high=9)
    popular = table.boolean("popularity", False)
    walls = table.items("walls", _read_side, [])
    if len(cells) == 2 and abs(cells[0].column - cells[1].column) + abs(cells[0].row - cells[1].row) != 1:
        raise table.error("cells",
                          f"a large tile covers two orthogonally adjacent cells, not {cells[0]} and {cells[1]}")
    if len(set(cells)) != len(cells):
        raise table.error("cells", "the two cells of a large tile must differ")
    if walls and not stars:
        # F18a: walls stand only on tiles with a star icon (a star-less tile "can be placed in any
        # direction because there is no effect on gameplay"), so a wall needs stars = 1 or more.
        raise table.error("walls", f"a tile without stars has no walls (F18a); this one has {len(walls)}")
    for index, wall in enumerate(walls, 1):
        try:
            Tile(tuple(cells), category, stars, frozenset({wall}))
        except IllegalAction as exc:
            raise table.error(f"walls[{index}]", exc.reason) from None
    table.done()
    return Tile(tuple(cells), category, stars, frozenset(walls)), popular


def _read_request(table: Table) -> RequestCard:
    needs_table = table.table("needs")
    needs = {}
    for name in needs_table.keys():
        if name not in [c.value for c in ANIMAL_CATEGORIES]:
            raise needs_table.error(name, "must be an animal category (carnivore, aquatic, herbivore, bird, "
                                          "reptile); a Park never counts for request cards (F13)")
        needs[Category(name)] = needs_table.integer(name, low=1, high=25)
    if not needs:
        raise table.error("needs", "must ask for at least one tile")
    needs_table.done()
    points = table.integer("points", low=0, high=50)
    table.done()
    return RequestCard(tuple(needs.items()), points)


def parse(table: Table) -> LineupPuzzle:
    """The :class:`LineupPuzzle` a ``5x5/lineup`` file describes.

    Raises
    ------
    zoobook.errors.PuzzleError
        Naming the file, the field and the reason (see the module's examples).
    """
    gate = table.choice("gate", GATES)
    round_ = table.integer("round", 1, low=1, high=3)
    players = table.integer("players", 1, low=1, high=4)
    cubes = _letters(table, "cubes", _CUBE_LETTERS)
    meeples = _letters(table, "meeples", _CUBE_LETTERS[:-1])
    doors = table.integer("doors", 0, low=0, high=25)
    beyond = hand_beyond_box(cubes, meeples)
    if beyond:
        raise table.error(*beyond)
    board = Board()
    for tile_table in table.tables("tile"):
        tile, popular = _read_tile(tile_table)
        reason = board.placement_refusal(tile)
        if reason:
            raise tile_table.error("cells", reason)
        board = board.place(tile)
        if popular:
            board = board.add_popularity(tile)
    for door_table in table.tables("door"):
        at = door_table.string("at")
        try:
            border = Border.parse(at)
        except ValueError as exc:
            raise door_table.error("at", str(exc)) from None
        reason = board.door_refusal(border)
        if reason:
            raise door_table.error("at", reason)
        door_table.done()
        board = board.add_door(border)
    requests = tuple(_read_request(t) for t in table.tables("request"))
    return LineupPuzzle(board, gate, round_, players, cubes, meeples, doors, requests)


def dump(puzzle: LineupPuzzle) -> dict[str, Any]:
    """The file keys for *puzzle* (round-trips with :func:`parse`).

    Examples
    --------
    >>> from zoobook.fivebyfive.board import Board, Tile
    >>> dump(LineupPuzzle(Board((Tile.make("A3", "bird"),)), "W", cubes="Y"))["tile"]
    [{'cells': ['A3'], 'kind': 'bird', 'stars': 0, 'popularity': False}]
    """
    board = puzzle.board
    body: dict[str, Any] = {"gate": puzzle.gate, "round": puzzle.round, "players": puzzle.players,
                            "cubes": puzzle.cubes, "meeples": puzzle.meeples, "doors": puzzle.doors}
    tiles = []
    for tile in board.tiles:
        entry: dict[str, Any] = {"cells": [c.name for c in tile.cells], "kind": tile.category.value,
                                 "stars": tile.stars, "popularity": board.is_popular(tile)}
        if tile.walls:
            entry["walls"] = [w.name for w in sorted(tile.walls)]
        tiles.append(entry)
    body["tile"] = tiles
    if board.doors:
        body["door"] = [{"at": b.name} for b in sorted(board.doors)]
    if puzzle.requests:
        body["request"] = [{"needs": {c.value: n for c, n in card.needs}, "points": card.points}
                           for card in puzzle.requests]
    return body
