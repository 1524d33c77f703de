"""The 5x5 Zoo board: cells, tiles, walls, doors, popularity tokens and the gates.

Everything here is an immutable value. Placing something returns a new
:class:`Board`; an illegal placement raises the project's one illegal-move error,
:class:`~zoobook.errors.IllegalAction`, whose ``reason`` says why in the rulebook's
words and whose ``rule`` names the rule, and leaves the old board as it was.

Geometry (ruling F1): columns A-E run west to east, rows 1-5 north to south, so
``C3`` is the centre. A *side* of a cell is where a wall sits (``"A3:W"``, ruling
F7: "a wall belongs to one side of one cell of a tile"); a *border* is the line
between two cells, or between an edge cell and the outside, where a door sits.
The two sides that face each other across one border name the same border, so
``Border.parse("B3:W") == Border.parse("A3:E")``. The gates (ruling F2, ASSUMED,
read from ``zoobook/data/assumed.toml``) sit outside the middle cell of each side:
the W gate's border is ``A3:W``.

Examples
--------
>>> board = Board().place(Tile.make("A3", "carnivore", walls=["A3:N"]))
>>> board = board.place(Tile.make(["B3", "B4"], "park"))
>>> board.tile_at(Cell.parse("B4")).name
'B3'
>>> board.border_state(Border.parse("A3:E"))
<BorderState.OPEN: 'open'>
>>> board.place(Tile.make("B4", "bird"))
Traceback (most recent call last):
...
zoobook.errors.IllegalAction: B4 is already covered by the large park tile at B3 [F-PLACEMENT-2]
>>> board = board.add_door(Border.parse("A3:W"))
>>> board.border_state(gate_border("W"))
<BorderState.DOOR: 'door'>
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction, Refusal
from zoobook.fivebyfive.vocabulary import Category

__all__ = ["Side", "Cell", "CellSide", "Border", "BorderState", "Tile", "Board",
           "ALL_CELLS", "GATES", "gate_cell", "gate_border", "start_squares", "SIZE"]

SIZE = 5
_COLUMNS = "ABCDE"


class Side(Enum):
    """A compass side of a cell (north is up, as the rulebook orients the zoo board)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    # Members are singletons compared by identity: hash them the fast way.
    __hash__ = object.__hash__

    def __lt__(self, other: "Side") -> bool:
        """Sides sort N, E, S, W (so cell sides and borders sort too)."""
        return "NESW".index(self.value) < "NESW".index(other.value)

    @property
    def delta(self) -> tuple[int, int]:
        """The (column, row) step towards this side."""
        return {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[self.value]

    @property
    def opposite(self) -> "Side":
        return {"N": Side.S, "S": Side.N, "E": Side.W, "W": Side.E}[self.value]

    @property
    def word(self) -> str:
        return {"N": "north", "E": "east", "S": "south", "W": "west"}[self.value]


@dataclass(frozen=True, order=True)
class Cell:
    """One of the 25 squares; ``column`` 0-4 is A-E, ``row`` 0-4 is 1-5 (ruling F1)."""

    column: int
    row: int

    def __post_init__(self) -> None:
        if not (0 <= self.column < SIZE and 0 <= self.row < SIZE):
            raise ValueError(f"cell ({self.column}, {self.row}) is off the 5x5 board")

    @property
    def name(self) -> str:
        return f"{_COLUMNS[self.column]}{self.row + 1}"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> "Cell":
        """The cell called *text* (``"C3"``); :class:`ValueError` for anything else.

        >>> Cell.parse("E5")
        Cell(column=4, row=4)
        """
        if (not isinstance(text, str) or len(text) != 2 or text[0] not in _COLUMNS
                or text[1] not in "12345"):
            raise ValueError(f"{text!r} is not a cell (A1 to E5)")
        return cls(_COLUMNS.index(text[0]), int(text[1]) - 1)

    def neighbour(self, side: Side) -> "Cell | None":
        """The cell across *side*, or ``None`` at the edge of the board."""
        return _neighbour(self.column, self.row, side)

    def neighbours(self) -> Iterator[tuple[Side, "Cell"]]:
        """The orthogonal neighbours, with the side each lies across."""
        for side in Side:
            other = self.neighbour(side)
            if other is not None:
                yield side, other

    def side_towards(self, other: "Cell") -> Side:
        """The side of this cell that faces the orthogonally adjacent *other*."""
        for side, cell in self.neighbours():
            if cell == other:
                return side
        raise ValueError(f"{self} and {other} are not orthogonally adjacent")

    @property
    def is_corner(self) -> bool:
        return self.column in (0, SIZE - 1) and self.row in (0, SIZE - 1)


@cache
def _neighbour(column: int, row: int, side: Side) -> Cell | None:
    dc, dr = side.delta
    column, row = column + dc, row + dr
    return Cell(column, row) if 0 <= column < SIZE and 0 <= row < SIZE else None


#: Every cell, row by row from A1 to E5.
ALL_CELLS: tuple[Cell, ...] = tuple(Cell(c, r) for r in range(SIZE) for c in range(SIZE))


@dataclass(frozen=True, order=True)
class CellSide:
    """One side of one cell, written ``"A3:W"``: where a wall sits (ruling F7)."""

    cell: Cell
    side: Side

    @property
    def name(self) -> str:
        return f"{self.cell.name}:{self.side.value}"

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> "CellSide":
        """``"A3:W"`` -> the west side of A3; :class:`ValueError` for anything else."""
        if not isinstance(text, str) or text.count(":") != 1:
            raise ValueError(f"{text!r} is not a cell side such as 'A3:W'")
        cell, side = text.split(":")
        if side not in ("N", "E", "S", "W"):
            raise ValueError(f"{text!r}: the side must be N, E, S or W, not {side!r}")
        return cls(Cell.parse(cell), Side(side))

    @property
    def border(self) -> "Border":
        """The border this side lies on."""
        # Made once per side: a tile's walls are shared by every board it lies on, and each
        # board lists its walled borders (a search makes hundreds of thousands of boards).
        found = self.__dict__.get("_border")
        if found is None:
            found = Border(self.cell, self.side)
            object.__setattr__(self, "_border", found)
        return found

    @property
    def facing(self) -> "CellSide | None":
        """The side of the neighbouring cell across the same border (``None`` at the edge)."""
        other = self.cell.neighbour(self.side)
        return None if other is None else CellSide(other, self.side.opposite)


@dataclass(frozen=True, order=True)
class Border:
    """The line between two cells, or between an edge cell and the outside.

    A border is stored once, whichever side names it: an inner border is kept as
    the east or south side of its west or north cell. Doors sit on borders.

    >>> Border(Cell.parse("B3"), Side.W) == Border.parse("A3:E")
    True
    >>> Border.parse("C1:N").gate, Border.parse("A1:N").gate
    ('N', None)
    """

    cell: Cell
    side: Side

    def __post_init__(self) -> None:
        if self.side in (Side.W, Side.N):
            other = self.cell.neighbour(self.side)
            if other is not None:
                object.__setattr__(self, "cell", other)
                object.__setattr__(self, "side", self.side.opposite)

    @classmethod
    def parse(cls, text: str) -> "Border":
        """The border on the cell side *text* (``"A3:E"``)."""
        return CellSide.parse(text).border

    @classmethod
    def between(cls, a: Cell, b: Cell) -> "Border":
        """The border between two orthogonally adjacent cells."""
        return cls(a, a.side_towards(b))

    @property
    def name(self) -> str:
        return f"{self.cell.name}:{self.side.value}"

    def __str__(self) -> str:
        return self.name

    @property
    def is_outer(self) -> bool:
        """True for a border on the edge of the board (between a cell and the outside)."""
        return self.cell.neighbour(self.side) is None

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The one or two cells touching this border."""
        other = self.cell.neighbour(self.side)
        return (self.cell,) if other is None else (self.cell, other)

    @property
    def sides(self) -> tuple[CellSide, ...]:
        """The one or two cell sides lying on this border (where walls would be)."""
        first = CellSide(self.cell, self.side)
        other = first.facing
        return (first,) if other is None else (first, other)

    @property
    def gate(self) -> str | None:
        """The gate (``"N"``...) whose entrance this border is, if any (ruling F2)."""
        if self.is_outer and gate_cell(self.side.value) == self.cell:
            return self.side.value
        return None


#: The four gates, named by the side of the board they stand on.
GATES: tuple[str, ...] = ("N", "E", "S", "W")


def _check_gate(gate: str) -> None:
    if gate not in GATES:
        raise ValueError(f"{gate!r} is not a gate (N, E, S or W)")


@cache
def gate_cell(gate: str) -> Cell:
    """The cell next to *gate* (ruling F2, ASSUMED: the middle cell of that side).

    >>> gate_cell("W").name, gate_cell("N").name
    ('A3', 'C1')
    """
    _check_gate(gate)
    return Cell.parse(assumed("fivebyfive.gates")[gate])


@cache
def gate_border(gate: str) -> Border:
    """The border between *gate* and its cell: walls and doors there act as anywhere (F7).

    Cached like :func:`gate_cell` (a border is a frozen value): the bots ask for it in every evaluation.
    """
    return Border(gate_cell(gate), Side(gate))


@cache
def start_squares() -> tuple[Cell, ...]:
    """The four red start squares (ruling F3, ASSUMED: the gate cells)."""
    return tuple(Cell.parse(name) for name in assumed("fivebyfive.start_squares"))


class BorderState(Enum):
    """What a border does to movement: open, blocked by a wall, or opened by a door."""

    OPEN = "open"
    WALL = "wall"
    DOOR = "door"


def _as_cells(cells: str | Cell | Iterable[str | Cell]) -> tuple[Cell, ...]:
    if isinstance(cells, (str, Cell)):
        cells = [cells]
    return tuple(c if isinstance(c, Cell) else Cell.parse(c) for c in cells)


@dataclass(frozen=True)
class Tile:
    """An Animal tile: one cell, or two orthogonally adjacent cells for a large tile (F1, F5).

    Attributes
    ----------
    cells : tuple of Cell
        The cells it covers, sorted (the first one names the tile).
    category : Category
    stars : int
        The star value scored at the end of the game.
    walls : frozenset of CellSide
        The sides of its cells that carry a printed wall.
    """

    cells: tuple[Cell, ...]
    category: Category
    stars: int = 0
    walls: frozenset[CellSide] = frozenset()

    def __post_init__(self) -> None:
        cells = tuple(sorted(set(self.cells)))
        if len(cells) != len(self.cells) or not 1 <= len(cells) <= 2:
            raise IllegalAction("a tile covers one cell, or two different cells for a large tile", "F-PLACEMENT-2")
        if len(cells) == 2 and abs(cells[0].column - cells[1].column) + abs(cells[0].row - cells[1].row) != 1:
            raise IllegalAction(f"a large tile covers two orthogonally adjacent cells, "
                                f"not {cells[0]} and {cells[1]}", "F-PLACEMENT-2")
        if not isinstance(self.category, Category):
            raise IllegalAction(f"{self.category!r} is not a tile category", "F6")
        if isinstance(self.stars, bool) or not isinstance(self.stars, int) or self.stars < 0:
            raise IllegalAction(f"stars must be a whole number 0 or more, not {self.stars!r}")
        walls = frozenset(self.walls)
        for wall in walls:
            if wall.cell not in cells:
                raise IllegalAction(f"wall {wall} is not on a cell of this tile "
                                    f"({' and '.join(c.name for c in cells)})", "F7")
            if wall.cell.neighbour(wall.side) in cells:
                raise IllegalAction(f"wall {wall} would sit inside the large tile: its two cells "
                                    "have no border between them", "F7")
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "walls", walls)

    @classmethod
    def make(cls, cells: str | Cell | Iterable[str | Cell], category: str | Category, stars: int = 0,
             walls: Iterable[str | CellSide] = ()) -> "Tile":
        """A tile from plain words: ``Tile.make(["B3", "B4"], "park", walls=["B3:N"])``."""
        if not isinstance(category, Category):
            category = Category.parse(category)
        sides = frozenset(w if isinstance(w, CellSide) else CellSide.parse(w) for w in walls)
        return cls(_as_cells(cells), category, stars, sides)

    @property
    def anchor(self) -> Cell:
        """The first cell, which names the tile (as puzzle witnesses do)."""
        return self.cells[0]

    @property
    def name(self) -> str:
        return self.anchor.name

    @property
    def is_large(self) -> bool:
        return len(self.cells) == 2

    def __str__(self) -> str:
        size = "large " if self.is_large else ""
        return f"the {size}{self.category.word} tile at {self.name}"

    def outer_borders(self) -> Iterator[Border]:
        """The borders around the tile (not the one inside a large tile)."""
        for cell in self.cells:
            for side in Side:
                if cell.neighbour(side) not in self.cells:
                    yield Border(cell, side)


@dataclass(frozen=True)
class Board:
    """One player's zoo board: tiles, placed doors and popularity tokens.

    Build it with :meth:`place`, :meth:`add_door` and :meth:`add_popularity`
    (each returns a new board and refuses illegal placements); the constructor
    checks the same rules for a board given all at once.

    Attributes
    ----------
    tiles : tuple of Tile
        Sorted by their first cell.
    doors : frozenset of Border
        Door tokens placed on the board (they stay for the game, ruling F8).
    popular : frozenset of Cell
        The first cells of the tiles carrying a popularity token (at most one each, F10).
    """

    tiles: tuple[Tile, ...] = ()
    doors: frozenset[Border] = frozenset()
    popular: frozenset[Cell] = frozenset()
    _at: dict = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        at: dict[Cell, Tile] = {}
        for tile in self.tiles:
            for cell in tile.cells:
                if cell in at:
                    raise IllegalAction(f"{cell} is already covered by {at[cell]}", "F-PLACEMENT-2")
                at[cell] = tile
        object.__setattr__(self, "_at", at)
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles, key=lambda t: t.anchor)))
        object.__setattr__(self, "doors", frozenset(self.doors))
        object.__setattr__(self, "popular", frozenset(self.popular))
        for border in self.doors:
            reason = self._door_refusal(border, placed=False)
            if reason:
                raise IllegalAction(reason)
        for cell in self.popular:
            tile = at.get(cell)
            if tile is None or tile.anchor != cell:
                raise IllegalAction(f"a popularity token must lie on a tile; {cell} names no tile", "F10")

    def __hash__(self) -> int:
        # Computed once: the board never changes, and the bots' caches hash the same board
        # (every tile, door and token) many times over (each gate's reach, the points, the lineup).
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.tiles, self.doors, self.popular))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict:
        # A string's hash differs between processes: a pickled board must not carry its hash.
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

    # -- looking ------------------------------------------------------------------------
    def tile_at(self, cell: Cell | str) -> Tile | None:
        """The tile covering *cell*, or ``None``."""
        return self._at.get(cell if isinstance(cell, Cell) else Cell.parse(cell))

    def tile_named(self, name: str) -> Tile:
        """The tile whose first cell is *name*; :class:`KeyError` if none."""
        tile = self.tile_at(name)
        if tile is None or tile.name != name:
            raise KeyError(f"no tile is named {name} (a tile is named by its first cell)")
        return tile

    @property
    def empty_cells(self) -> tuple[Cell, ...]:
        return tuple(c for c in ALL_CELLS if c not in self._at)

    @property
    def is_full(self) -> bool:
        return len(self._at) == SIZE * SIZE

    def is_popular(self, tile: Tile) -> bool:
        """Whether *tile* carries a popularity token."""
        return tile.anchor in self.popular

    def gate_tile(self, gate: str) -> Tile | None:
        """The tile on the gate's cell (where the lineup of that round starts), if any."""
        return self.tile_at(gate_cell(gate))

    @property
    def walls(self) -> tuple[CellSide, ...]:
        """Every printed wall on the board, sorted."""
        return tuple(sorted(w for tile in self.tiles for w in tile.walls))

    def wall_count(self, border: Border) -> int:
        """0, 1 or 2 walls on *border* (2: "back to back", ruling F7)."""
        count = 0
        for side in border.sides:
            tile = self._at.get(side.cell)
            if tile is not None and side in tile.walls:
                count += 1
        return count

    def has_door(self, border: Border) -> bool:
        return border in self.doors

    def border_state(self, border: Border) -> BorderState:
        """DOOR if a door is on it (wall or not), else WALL if any wall, else OPEN (F7)."""
        if border in self.doors:
            return BorderState.DOOR
        return BorderState.WALL if border in self._walled_borders() else BorderState.OPEN

    def _walled_borders(self) -> frozenset[Border]:
        walled = self.__dict__.get("_walled")
        if walled is None:  # computed once: the board never changes
            walled = frozenset(w.border for t in self.tiles for w in t.walls)
            object.__setattr__(self, "_walled", walled)
        return walled

    def is_blocked(self, border: Border) -> bool:
        """Blocked: a wall on either side and no door (F7)."""
        return self.border_state(border) is BorderState.WALL

    @property
    def blocked_borders(self) -> frozenset[Border]:
        """Every border :meth:`is_blocked` says is blocked, the outer ones too.

        >>> board = Board((Tile.make("A3", "bird", walls=["A3:E", "A3:S"]), Tile.make("A4", "park")),
        ...               doors=[Border.parse("A3:S")])
        >>> sorted(b.name for b in board.blocked_borders)
        ['A3:E']
        """
        found = self.__dict__.get("_blocked")
        if found is None:  # computed once: the board never changes
            walled = self._walled_borders()
            found = walled - self.doors if self.doors else walled     # no copy for most boards
            object.__setattr__(self, "_blocked", found)
        return found

    def borders_between(self, a: Tile, b: Tile) -> tuple[Border, ...]:
        """The borders two different tiles share (two for some pairs of large tiles)."""
        return tuple(sorted({Border.between(x, y) for x in a.cells for y in b.cells
                             if abs(x.column - y.column) + abs(x.row - y.row) == 1}))

    def neighbours(self, tile: Tile) -> tuple[Tile, ...]:
        """The tiles sharing at least one border with *tile*, walls or not."""
        found = {self._at[other] for cell in tile.cells for _, other in cell.neighbours()
                 if other in self._at and other not in tile.cells}
        return tuple(sorted(found, key=lambda t: t.anchor))

    def tile_borders(self) -> tuple[tuple[Tile, Tile, Border], ...]:
        """Every border between two different tiles, once, with the tiles on each side."""
        found = self.__dict__.get("_tile_borders")
        if found is None:  # computed once: the board never changes
            found = []
            for border, (x, y) in _inner_borders():
                a, b = self._at.get(x), self._at.get(y)
                if a is not None and b is not None and a is not b:
                    found.append((a, b, border))
            found = tuple(found)
            object.__setattr__(self, "_tile_borders", found)
        return found

    # -- placing ------------------------------------------------------------------------
    def placement_refusal(self, tile: Tile) -> Refusal | None:
        """Why *tile* cannot be placed here, or ``None`` if it can ("any open space")."""
        for cell in tile.cells:
            if cell in self._at:
                return Refusal(f"{cell} is already covered by {self._at[cell]}",
                               rule="F-PLACEMENT-2")
        return None

    def place(self, tile: Tile) -> "Board":
        """A new board with *tile* placed; :class:`~zoobook.errors.IllegalAction` on covered cells."""
        reason = self.placement_refusal(tile)
        if reason:
            raise IllegalAction(reason)
        return Board(self.tiles + (tile,), self.doors, self.popular)

    def _door_refusal(self, border: Border, *, placed: bool = True) -> Refusal | None:
        if placed and border in self.doors:
            return Refusal(f"there is already a door on {border} (placed doors stay)", rule="F8")
        if border.is_outer and border.gate is None:
            return Refusal(f"{border} is on the edge of the board away from the gates: doors go between "
                           "Animal tiles or between an Animal tile and a gate", rule="F21")
        tiles = [self._at.get(c) for c in border.cells]
        if any(t is None for t in tiles):
            empty = [c.name for c, t in zip(border.cells, tiles) if t is None]
            return Refusal(f"a door needs an Animal tile on both sides of {border}; {' and '.join(empty)} "
                           "is empty", rule="F-FREE-1")
        if len(tiles) == 2 and tiles[0] is tiles[1]:
            return Refusal(f"{border} lies inside {tiles[0]}: its cells have no border between them", rule="F5")
        return None

    def door_refusal(self, border: Border) -> Refusal | None:
        """Why a door cannot go on *border*, or ``None`` if it can."""
        return self._door_refusal(border)

    def add_door(self, border: Border) -> "Board":
        """A new board with a door on *border*, wall or not (rulebook: "Door tokens may be
        placed on borders with or without walls"); :class:`~zoobook.errors.IllegalAction` otherwise."""
        reason = self._door_refusal(border)
        if reason:
            raise IllegalAction(reason)
        return Board(self.tiles, self.doors | {border}, self.popular)

    def popularity_refusal(self, tile: Tile | Cell | str) -> Refusal | None:
        """Why a popularity token cannot go on *tile*, or ``None`` if it can (F10)."""
        found = tile if isinstance(tile, Tile) else self.tile_at(tile)
        if found is None or self._at.get(found.anchor) is not found:
            return Refusal(f"there is no Animal tile at {tile}: a popularity token goes on an Animal tile",
                           rule="F-TURN-8")
        if found.anchor in self.popular:
            return Refusal(f"{found} already has a popularity token (at most one per tile)", rule="F10")
        return None

    def add_popularity(self, tile: Tile | Cell | str) -> "Board":
        """A new board with a popularity token on *tile*; refused if it already has one."""
        reason = self.popularity_refusal(tile)
        if reason:
            raise IllegalAction(reason)
        found = tile if isinstance(tile, Tile) else self.tile_at(tile)
        return Board(self.tiles, self.doors, self.popular | {found.anchor})

    def ascii(self) -> str:
        """The board as text, north up: each cell shows its category's initial (``P`` park,
        ``*`` after it for a popularity token, ``.`` empty); ``#`` marks a wall, ``D`` a door,
        ``G`` a gate; the frame is drawn with ``+``, ``:`` and ``...``.

        >>> board = Board().place(Tile.make("A1", "bird", walls=["A1:E"]))
        >>> print(board.ascii().splitlines()[1])
        : B # . | . | . | . :
        """
        def mark(border: Border, wall: str, frame: str, gap: str, line: str) -> str:
            state = self.border_state(border)
            if state is BorderState.DOOR:
                return wall.replace(wall.strip()[0], "D") if wall.strip() else "D"
            if state is BorderState.WALL:
                return wall
            if border.gate:
                return frame.replace(frame.strip()[0], "G")
            if border.is_outer:
                return frame
            a, b = (self._at.get(c) for c in border.cells)
            return gap if a is not None and a is b else line

        rows = []
        for r in range(SIZE):
            top, mid = "+", mark(Border(Cell(0, r), Side.W), "#", ":", " ", "|")
            for c in range(SIZE):
                cell = Cell(c, r)
                top += mark(Border(cell, Side.N), "###", "...", "   ", "---") + "+"
                tile = self._at.get(cell)
                letter = "." if tile is None else (
                    "P" if tile.category is Category.PARK else tile.category.word[0].upper())
                star = "*" if tile is not None and tile.anchor in self.popular else " "
                mid += f" {letter}{star}" + mark(Border(cell, Side.E), "#", ":", " ", "|")
            rows += [top, mid]
        rows.append("+" + "".join(mark(Border(Cell(c, SIZE - 1), Side.S), "###", "...", "   ", "---") + "+"
                                  for c in range(SIZE)))
        return "\n".join(rows)


@cache
def _inner_borders() -> tuple[tuple[Border, tuple[Cell, Cell]], ...]:
    """Every border between two cells (40 of them), with its two cells."""
    return tuple((Border(c, s), (c, c.neighbour(s))) for c in ALL_CELLS for s in (Side.E, Side.S)
                 if c.neighbour(s))
