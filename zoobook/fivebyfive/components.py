"""The components of 5x5 Zoo: what the box holds, stated and assumed.

The rulebook's contents list gives the counts (cubes, meeples, tokens, cards,
tiles); those are :data:`STATED_COUNTS` here, quoted from the page. What the
rulebook does not print -- every tile's kind, stars and walls, the request
cards, the mix of the 15 special cards and of the 25 one-time-customer cards --
is ASSUMED (ruling F18; walls only on tiles with a star icon, F18a) and read from the one labelled data file,
``zoobook/data/assumed.toml``, section ``[fivebyfive.components]``.

Examples
--------
>>> box = components()
>>> len(box.tiles), len(box.large_tiles), len(box.request_cards), len(box.special_cards)
(65, 12, 28, 15)
>>> len(box.customer_cards)
25
>>> box.large_tiles[0].offsets
((0, 0), (1, 0))
>>> STATED_COUNTS["one-time cubes per colour"], STATED_COUNTS["popularity tokens"]
(15, 40)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property, lru_cache

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction
from zoobook.fivebyfive.board import SIZE, Board, Cell, CellSide, Side, Tile
from zoobook.fivebyfive.scoring import RequestCard
from zoobook.fivebyfive.vocabulary import Category, Colour

__all__ = [
    "SIDES", "STATED_COUNTS",
    "TileCard", "SpecialCard", "Components", "components", "placed", "anchors", "hand_beyond_box",
]

SIDES = ("N", "E", "S", "W")

#: "Game Contents", as printed.
STATED_COUNTS = {
    "one-time cubes per colour": 15,
    "wild white cubes": 2,
    "regular meeples per colour": 3,
    "animal tiles": 65,
    "large animal tiles": 12,
    "popularity tokens": 40,
    "door tokens": 25,
    "display tokens": 5,
    "special cards": 15,
    "request cards": 28,
    "one-time-customer cards": 25,
    "popularity condition cards": 6,
    "final bonus cards": 8,
    "direction cards": 4,
    "zoo boards": 4,
}

#: The cell offsets (column, row) of each tile shape: one cell, or two lying
#: east-west or standing north-south ("Animal tiles also have a fixed orientation").
_SHAPES = {"single": ((0, 0),), "east-west": ((0, 0), (1, 0)), "north-south": ((0, 0), (0, 1))}


@dataclass(frozen=True)
class TileCard:
    """One Animal tile as it lies in the box, before it has a place on a zoo board.

    Attributes
    ----------
    id : str
        ``"T01"``-``"T65"`` for the Animal tiles, ``"L01"``-``"L12"`` for the large ones.
    kind : Category
        Its category (a Park included).
    stars : int
        The star points scored at the end of the game.
    shape : str
        ``"single"``, ``"east-west"`` or ``"north-south"``.
    walls : tuple of (int, str)
        (cell index in :attr:`offsets`, side) for each printed wall.
    """

    id: str
    kind: Category
    stars: int
    shape: str = "single"
    walls: tuple[tuple[int, str], ...] = ()

    @property
    def large(self) -> bool:
        return self.shape != "single"

    @property
    def offsets(self) -> tuple[tuple[int, int], ...]:
        return _SHAPES[self.shape]

    def __str__(self) -> str:
        size = "large " if self.large else ""
        stars = f" {self.stars}*" if self.stars else ""
        walls = f" walls {','.join(f'{i}:{s}' if self.large else s for i, s in self.walls)}" if self.walls else ""
        return f"{self.id} {size}{self.kind.word}{stars}{walls}"


@dataclass(frozen=True)
class SpecialCard:
    """A special card: one of the six printed effects (``cards.SPECIAL_EFFECTS``)."""

    id: str
    effect: str
    category: Category | None = None

    def __str__(self) -> str:
        return f"{self.id} {self.effect}{' ' + self.category.word if self.category else ''}"


@dataclass(frozen=True)
class Components:
    """Everything in the box that is shuffled into a deck."""

    tiles: tuple[TileCard, ...]
    large_tiles: tuple[TileCard, ...]
    request_cards: tuple[RequestCard, ...]   # deal order = the card's number ("R01" is index 0)
    special_cards: tuple[SpecialCard, ...]
    customer_cards: tuple[Colour, ...]

    def tile(self, tile_id: str) -> TileCard:
        """The tile called *tile_id* (``"T07"``, ``"L03"``)."""
        return self._tiles_by_id[tile_id]

    @cached_property
    def _tiles_by_id(self) -> dict[str, TileCard]:
        return {t.id: t for t in self.tiles + self.large_tiles}


def _walls(raw: list[str], large: bool, where: str) -> tuple[tuple[int, str], ...]:
    walls = []
    for item in raw:
        index, side = item.split(":") if large else ("0", item)
        if side not in SIDES or index not in ("0", "1"):
            raise ValueError(f"{where}: bad wall {item!r}")
        walls.append((int(index), side))
    return tuple(walls)


@cache
def components() -> Components:
    """The box, read from the assumed-values file and checked against :data:`STATED_COUNTS`."""
    data = assumed("fivebyfive.components")
    tiles = tuple(TileCard(f"T{i:02d}", Category.parse(t["kind"]), t["stars"], "single",
                           _walls(t["walls"], False, f"tiles[{i}]"))
                  for i, t in enumerate(data["tiles"], 1))
    large = tuple(TileCard(f"L{i:02d}", Category.parse(t["kind"]), t["stars"], t["shape"],
                           _walls(t["walls"], True, f"large_tiles[{i}]"))
                  for i, t in enumerate(data["large_tiles"], 1))
    requests = tuple(RequestCard.make(r["needs"], r["points"]) for r in data["request_cards"])
    specials = tuple(SpecialCard(f"S{i:02d}", s["effect"], Category.parse(s["category"]) if "category" in s else None)
                     for i, s in enumerate(data["special_cards"], 1))
    customers = tuple(Colour.parse(letter) for letter, count in data["customer_cards"].items()
                      for _ in range(count))
    box = Components(tiles, large, requests, specials, customers)
    _check(box)
    return box


def _check(box: Components) -> None:
    """The assumed lists must agree with the printed contents list."""
    expected = {"tiles": "animal tiles", "large_tiles": "large animal tiles", "request_cards": "request cards",
                "special_cards": "special cards", "customer_cards": "one-time-customer cards"}
    for field, label in expected.items():
        if len(getattr(box, field)) != STATED_COUNTS[label]:
            raise ValueError(f"assumed.toml [fivebyfive.components] {field}: the rulebook has "
                             f"{STATED_COUNTS[label]} {label}, the file lists {len(getattr(box, field))}")
    for tile in box.tiles + box.large_tiles:
        if tile.shape not in _SHAPES:
            raise ValueError(f"assumed.toml [fivebyfive.components]: bad tile {tile}")
        if tile.large == (tile.id[0] == "T"):
            raise ValueError(f"assumed.toml [fivebyfive.components]: {tile.id} has the wrong size")
        if tile.walls and not tile.stars:
            raise ValueError(f"assumed.toml [fivebyfive.components]: {tile.id} has walls but no star icon; "
                             "walls stand only on tiles with a star (F18a)")


def hand_beyond_box(cubes: str, meeples: str = "") -> tuple[str, str] | None:
    """Where a hand holds more than the box has (F20): ``(key, reason)``, or ``None`` when it fits.

    The box: 2 white cubes, 15 cubes of each other colour, 3 meeples of each colour.

    >>> hand_beyond_box("RRWW", "KK") is None
    True
    >>> hand_beyond_box("BWWW")
    ('cubes', '3 white cubes, but the box has only 2 (F20)')
    >>> hand_beyond_box("", "GGGG")
    ('meeples', '4 green meeples, but the box has only 3 of a colour (F20)')
    """
    for letter in sorted(set(cubes), key="RBGYKW".index):
        count = cubes.count(letter)
        if letter == "W" and count > STATED_COUNTS["wild white cubes"]:
            return "cubes", (f"{count} white cubes, but the box has only "
                             f"{STATED_COUNTS['wild white cubes']} (F20)")
        if letter != "W" and count > STATED_COUNTS["one-time cubes per colour"]:
            return "cubes", (f"{count} {Colour(letter).word} cubes, but the box has only "
                             f"{STATED_COUNTS['one-time cubes per colour']} of a colour (F20)")
    for letter in sorted(set(meeples), key="RBGYKW".index):
        count = meeples.count(letter)
        if count > STATED_COUNTS["regular meeples per colour"]:
            return "meeples", (f"{count} {Colour(letter).word} meeples, but the box has only "
                               f"{STATED_COUNTS['regular meeples per colour']} of a colour (F20)")
    return None


@lru_cache(maxsize=4096)
def placed(card: TileCard, anchor: Cell) -> Tile:
    """*card* laid on a zoo board with its first cell on *anchor*, top to the north.

    Raises :class:`~zoobook.errors.IllegalAction` (rule F1) when a
    cell would fall off the board.

    >>> print(placed(components().tile("L03"), Cell.parse("D2")))
    the large herbivore tile at D2
    """
    cells = []
    for dc, dr in card.offsets:
        column, row = anchor.column + dc, anchor.row + dr
        if not (0 <= column < SIZE and 0 <= row < SIZE):
            raise IllegalAction(f"{card.id} would stick out of the zoo board at {anchor}", "F1")
        cells.append(Cell(column, row))
    walls = frozenset(CellSide(cells[index], Side(side)) for index, side in card.walls)
    return Tile(tuple(cells), card.kind, card.stars, walls)


def anchors(card: TileCard, board: Board) -> list[Cell]:
    """Every cell where *card* can go on *board* ("they can be placed in any open space").

    >>> len(anchors(components().tile("T01"), Board())), len(anchors(components().tile("L01"), Board()))
    (25, 20)
    """
    return list(_anchors(card, board.empty_cells))


@lru_cache(maxsize=16384)
def _anchors(card: TileCard, empty: tuple[Cell, ...]) -> tuple[Cell, ...]:
    free = set(empty)
    found = []
    for cell in empty:
        try:
            tile = placed(card, cell)
        except IllegalAction:
            continue
        if all(c in free for c in tile.cells):
            found.append(cell)
    return tuple(found)
