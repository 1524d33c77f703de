"""A solo map painted hex by hex: the pure model behind the map editor widget.

A player with the printed board copies it into the workbook one hex at a time. A
:class:`DraftMap` is that copy, frozen: every :meth:`~DraftMap.paint` returns a new draft,
and a paint that makes no sense is refused (:meth:`~DraftMap.refusal` gives the one-line
reason and the rule; :meth:`~DraftMap.paint` raises :class:`~zoobook.errors.IllegalAction`
with it) and changes nothing. The brushes:

=============  ==============================================================================
``plain``      land where track may be laid (``mountain`` too; the Zoo's price is flat, S8)
``city``       an animal area with its danger (Zoo, S4) or a city with its colour, ruin flag and
               moai cubes (Easter Island, S9, S14); on a city it changes what it is given
``town``       a town (Urbanization makes it a new city, S14)
``exit``       an exit hex (the Zoo only, S5)
``danger``     the danger of the animal area painted over (1-6, S4)
``colour``     the colour of the city painted over (Easter Island)
``ruin``       whether the city painted over is a ruin (Easter Island)
``cubes``      the cubes on the city painted over, bottom to top, at most two (Easter Island)
``erase``      takes the hex off the board
=============  ==============================================================================

A hex next to the board becomes part of it when painted; :meth:`~DraftMap.grow` and
:meth:`~DraftMap.shrink` add or take away a whole row or column on one side (rows run along
``r``, columns are the printed board's, "odd-r" offset as in :mod:`zoobook.steam.ascii`).

:meth:`~DraftMap.problems` lists what keeps a draft from being a game (precise reasons);
:meth:`~DraftMap.to_game` builds the :class:`~zoobook.steam.game.state.Game`, and
:meth:`~DraftMap.text` writes the ``steam-zoo/clear`` or ``steam-easter/clear`` puzzle file
through the kinds' own dumpers, so ``zoobook solve`` and ``zoobook plan`` read it.
:meth:`DraftMap.from_text` and :meth:`DraftMap.from_game` load any such file back.

Examples
--------
>>> draft = DraftMap.blank("zoo", columns=3, rows=1)
>>> draft = draft.paint((0, 0), "city", name="goats").paint((2, 0), "city", name="yaks", danger=2)
>>> draft.paint((1, 0), "danger", 3)
Traceback (most recent call last):
...
zoobook.errors.IllegalAction: (1, 0) is plain land, not an animal area: paint a city first [S4]
>>> draft.problems()
[]
>>> print(draft.text())                       # doctest: +ELLIPSIS
id = "my-zoo-map"
kind = "steam-zoo/clear"
turns = 10
plain = [
    [
        1,
        0,
    ],
]
...
>>> game = draft.to_game()
>>> game.turns, sorted(game.land)
(10, [Hex(q=1, r=0)])
>>> DraftMap.from_text(draft.text()) == draft
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from numbers import Integral
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction, PuzzleError, Refusal
from zoobook.hexgrid import Hex, neighbours
from zoobook.steam.box import RULE, box_excess
from zoobook.steam.easter.island import CUBE_COLOURS, MAX_STACK, City, Island
from zoobook.steam.zoo.model import MAX_LEVEL, START_FOOD, Area, Town, ZooMap

__all__ = ["DraftMap", "Cell", "BRUSHES", "MAPS", "KIND_OF", "MAX_HEXES", "offset", "from_offset"]

ZOO, EASTER = "zoo", "easter"
MAPS = (ZOO, EASTER)
#: The puzzle kind a painted map is saved as.
KIND_OF = {ZOO: "steam-zoo/clear", EASTER: "steam-easter/clear"}
TERRAINS = ("plain", "mountain")
NODES = ("city", "town", "exit")
#: Every brush, in the order the editor offers them.
BRUSHES = ("plain", "mountain", "city", "town", "exit", "danger", "colour", "ruin", "cubes", "erase")
_MAP_BRUSHES = {ZOO: ("plain", "mountain", "city", "town", "exit", "danger", "erase"),
                EASTER: ("plain", "mountain", "city", "town", "colour", "ruin", "cubes", "erase")}
#: A board bigger than any printed one is a slip of the hand (the real maps have about 100 hexes).
MAX_HEXES = 600
#: The longest game a file may set (the puzzle files' ``turns`` key has the same bound).
MAX_TURNS = 30
#: The brushes that paint a value onto the city below (``paint(h, brush, value)``), and what it is.
VALUE_BRUSHES = {"danger": "a danger, 1 to 6", "colour": "a city colour", "ruin": "true or false",
                 "cubes": "the cubes, bottom to top"}
SIDES = ("N", "S", "E", "W")
#: Why a brush belongs to the other map, and the ruling that says so.
_FOREIGN_BRUSH = {"exit": ("exits are the Zoo map's", "S5"), "danger": ("danger is the Zoo map's", "S4"),
                  "colour": ("city colours are Easter Island's", "S9"),
                  "ruin": ("ruins are Easter Island's", "S9"), "cubes": ("moai cubes are Easter Island's", "S9")}
_HEX_NAME = re.compile(r"-?\d+,-?\d+")


def offset(h: Sequence[int]) -> tuple[int, int]:
    """The printed board's (column, row) of axial hex *h* ("odd-r": odd rows sit half a hex right).

    >>> offset((0, 0)), offset((-1, 2)), offset((0, 1)), offset((-1, -1))
    ((0, 0), (0, 2), (0, 1), (-2, -1))
    """
    q, r = h
    return q + (r - (r & 1)) // 2, r


def from_offset(column: int, row: int) -> Hex:
    """The axial hex at (*column*, *row*) of the printed board (the inverse of :func:`offset`).

    >>> [from_offset(*offset(h)) == h for h in [(0, 0), (-1, 2), (3, -5), (-4, 7)]]
    [True, True, True, True]
    """
    return Hex(column - (row - (row & 1)) // 2, row)


@dataclass(frozen=True)
class Cell:
    """What one painted hex is: land (``plain``/``mountain``) or a node (``city``/``town``/``exit``).

    A city carries its name and the map's attributes: ``danger`` (Zoo, 1-6) or ``colour``,
    ``ruin`` and ``cubes`` (Easter Island, bottom to top). ``food``, ``fed`` and ``urbanized``
    keep what a mid-game Zoo file says; a printed board starts with 2 food, unfed, towns as towns.
    """

    what: str
    name: str = ""
    danger: int = 0
    colour: str = ""
    ruin: bool = False
    cubes: tuple[str, ...] = ()
    food: int = START_FOOD
    fed: bool = False
    urbanized: bool = False

    @property
    def is_node(self) -> bool:
        return self.what in NODES


def _q(h: Sequence[int]) -> str:
    return f"({h[0]}, {h[1]})"


def _whole_hex(h: Any) -> Hex | None:
    """*h* as a Hex when it is a pair of whole numbers (ints, not bools, strings or floats:
    ``int()`` would turn ``(1.7, 0.2)`` into ``(1, 0)`` and ``("1", "0")`` into a hex without a
    word), else None."""
    if isinstance(h, (str, bytes)) or not isinstance(h, Sequence) or len(h) != 2:
        return None
    if not all(isinstance(x, Integral) and not isinstance(x, bool) for x in h):
        return None
    return Hex(int(h[0]), int(h[1]))


def _turn_limit(turns: Any) -> int:
    """The ``turns`` field: 0 or None for the default (S10), else a whole number 1-30 (as the
    puzzle file's ``turns`` key); TypeError or ValueError naming the field otherwise."""
    if turns is None or (isinstance(turns, Integral) and not isinstance(turns, bool) and turns == 0):
        return int(assumed("steam.turns"))
    if not isinstance(turns, Integral) or isinstance(turns, bool):
        raise TypeError(f"turns: the turn limit is a whole number, not {turns!r}")
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"turns: a game lasts 1 to {MAX_TURNS} turns (S10), not {turns}")
    return int(turns)


@dataclass(frozen=True)
class DraftMap:
    """A solo map being painted (see the module docstring). Frozen; every change is a new draft.

    Attributes
    ----------
    map : str
        ``"zoo"`` or ``"easter"``.
    cells : tuple of (Hex, Cell)
        The board, in reading order (row by row).
    id, title : str
        The puzzle file's ``id`` and ``title``.
    turns : int
        The turn limit (S10): 1 to 30, or 0 for the default of ``assumed.toml``.
    tracks : tuple of hex tuples
        Track already on the board (kept from a loaded file; the editor never moves it).
    start : tuple of (name, value)
        A mid-game start kept from a loaded file (keyword arguments of ``Game.make``).

    A field of the wrong kind raises TypeError, one out of range ValueError, each naming the
    field, and no draft is made:

    >>> DraftMap("zoo", turns=-5)
    Traceback (most recent call last):
    ...
    ValueError: turns: a game lasts 1 to 30 turns (S10), not -5
    """

    map: str
    cells: tuple[tuple[Hex, Cell], ...] = ()
    id: str = ""
    title: str = ""
    turns: int = 0
    tracks: tuple[tuple[Hex, ...], ...] = ()
    start: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        # Every field is checked before the draft exists, so a bad one never becomes a board.
        if self.map not in MAPS:
            raise ValueError(f"map: the map is 'zoo' or 'easter', not {self.map!r}")
        cells = {}
        for h, c in self.cells:
            if _whole_hex(h) is None:
                raise TypeError(f"cells: a hex is a pair (q, r) of whole numbers, not {h!r}")
            if not isinstance(c, Cell):
                raise TypeError(f"cells: what a hex holds is a Cell, not {c!r}")
            cells[_whole_hex(h)] = c
        turns = _turn_limit(self.turns)
        tracks = []
        for t in self.tracks:
            hexes = [_whole_hex(h) for h in t]
            if None in hexes:
                raise TypeError(f"tracks: a track is a list of hexes, pairs (q, r) of whole numbers, not {t!r}")
            tracks.append(tuple(hexes))
        object.__setattr__(self, "cells", tuple(sorted(cells.items(), key=lambda item: (item[0].r, item[0].q))))
        object.__setattr__(self, "id", self.id or ("my-zoo-map" if self.map == ZOO else "my-easter-island"))
        object.__setattr__(self, "turns", turns)
        object.__setattr__(self, "tracks", tuple(tracks))
        object.__setattr__(self, "_at", cells)

    # -- making -----------------------------------------------------------------------------
    @classmethod
    def blank(cls, map: str, columns: int = 6, rows: int = 4, **fields: Any) -> "DraftMap":
        """A board of *columns* x *rows* plain hexes, laid out as a printed board.

        >>> board = DraftMap.blank("easter", columns=3, rows=2)
        >>> [tuple(h) for h in board.hexes()]
        [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
        """
        for name, size in (("columns", columns), ("rows", rows)):
            if not isinstance(size, Integral) or isinstance(size, bool):
                raise TypeError(f"{name}: a whole number of hexes, not {size!r}")
        if not (1 <= columns and 1 <= rows and columns * rows <= MAX_HEXES):
            raise ValueError(f"a board has 1 to {MAX_HEXES} hexes, not {columns} x {rows}")
        cells = [(from_offset(c, r), Cell("plain")) for r in range(rows) for c in range(columns)]
        return cls(map, tuple(cells), **fields)

    # -- reading ----------------------------------------------------------------------------
    def hexes(self) -> list[Hex]:
        """The board's hexes, row by row."""
        return [h for h, _ in self.cells]

    def cell(self, h: Sequence[int]) -> Cell | None:
        """What is painted on *h* (None: off the board)."""
        return self._at.get((h[0], h[1]))  # type: ignore[attr-defined]

    def outline(self) -> list[Hex]:
        """The hexes next to the board but not on it: painting one grows the board."""
        at = self._at  # type: ignore[attr-defined]
        out = {n for h in at for n in neighbours(h) if n not in at}
        return sorted(out, key=lambda h: (h.r, h.q))

    def brushes(self) -> tuple[str, ...]:
        """The brushes this map takes."""
        return _MAP_BRUSHES[self.map]

    def cities(self) -> list[tuple[Hex, Cell]]:
        return [(h, c) for h, c in self.cells if c.what == "city"]

    def _track_hexes(self) -> set[Hex]:
        return {h for t in self.tracks for h in t}

    def _free_name(self, colour: str) -> str:
        taken = {c.name for _, c in self.cities()}
        stem = "animals" if self.map == ZOO else colour.capitalize()
        n = 1
        while f"{stem} {n}" in taken:
            n += 1
        return f"{stem} {n}"

    # -- painting ---------------------------------------------------------------------------
    def refusal(self, h: Sequence[int], brush: str, value: Any = None, **attrs: Any) -> Refusal | None:
        """Why painting *brush* on *h* makes no sense, or None (see :meth:`paint`)."""
        try:
            self._painted(h, brush, value, attrs)
        except IllegalAction as exc:
            return exc.refusal
        return None

    def paint(self, h: Sequence[int], brush: str, value: Any = None, **attrs: Any) -> "DraftMap":
        """A new draft with *brush* painted on hex *h*; :class:`IllegalAction` (one line, naming
        the rule) when it makes no sense, and then nothing changes.

        *value* is what the ``danger``, ``colour``, ``ruin`` and ``cubes`` brushes paint (they
        need one; the other brushes take none); ``city`` takes ``name``, ``danger`` or ``colour``,
        ``ruin`` and ``cubes`` as keywords (``name=None``: the next free name). Every argument is
        checked before anything changes: the hex is two whole numbers (``(1.7, 0.2)``,
        ``("1", "0")`` and ``(True, False)`` are refused, never rounded or converted), and a
        value of the wrong kind (``cubes=5``, ``danger=None``) is refused naming its field.

        >>> draft = DraftMap.blank("zoo", columns=2, rows=1)
        >>> draft.paint((1.7, 0.2), "plain")
        Traceback (most recent call last):
        ...
        zoobook.errors.IllegalAction: the hex (1.7, 0.2) is not a hex: write (q, r), two whole numbers [S1]
        >>> draft.paint((0, 0), "city").paint((0, 0), "danger", None)
        Traceback (most recent call last):
        ...
        zoobook.errors.IllegalAction: the danger brush paints a danger, 1 to 6, not None [S4]
        """
        return self._painted(h, brush, value, attrs)

    def _painted(self, h: Sequence[int], brush: str, value: Any, attrs: dict[str, Any]) -> "DraftMap":
        painted = self._painted_unboxed(h, brush, value, attrs)
        excess = painted.box_excess()
        if excess is not None and brush != "erase":
            raise _refuse(f"{excess[1]}: no map holds more of a component than the box has", RULE)
        return painted

    def box_excess(self) -> tuple[str, str] | None:
        """The first component this draft holds more of than the box has, as ``(file key,
        reason)`` (:func:`zoobook.steam.box.box_excess`); None when everything fits.

        >>> draft = DraftMap.blank("zoo", columns=9, rows=1)
        >>> for q in (0, 2, 4, 6):
        ...     draft = draft.paint((q, 0), "exit")
        >>> draft.paint((8, 0), "exit")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        zoobook.errors.IllegalAction: the map has 5 exits, but the Zoo map has only 4 exit hexes: ... [S-BOX-1]
        """
        kinds = Counter(c.what for _, c in self.cells)
        cities = [c for _, c in self.cities()]
        if self.map == ZOO:
            return box_excess(ZOO, exits=kinds["exit"], towns=kinds["town"], food=sum(c.food for c in cities))
        laid = sum(1 for c in cities if c.colour == "black" and not c.ruin)
        return box_excess(EASTER, towns=kinds["town"] + laid,
                          cubes=Counter(cube for c in cities for cube in c.cubes))

    def _painted_unboxed(self, h: Sequence[int], brush: str, value: Any, attrs: dict[str, Any]) -> "DraftMap":
        at = _whole_hex(h)
        if at is None:
            raise _refuse(f"the hex {h!r} is not a hex: write (q, r), two whole numbers", "S1")
        h = at
        if brush not in BRUSHES:
            raise _refuse(f"there is no brush {brush!r} (brushes: {', '.join(self.brushes())})")
        if brush in VALUE_BRUSHES and value is None:
            raise _refuse(f"the {brush} brush paints {VALUE_BRUSHES[brush]}, not None",
                          "S4" if brush == "danger" else "S9")
        if brush not in VALUE_BRUSHES and value is not None:
            raise _refuse(f"the {brush} brush takes no value (it was given {value!r})")
        if brush not in self.brushes():
            where = "the Zoo map" if self.map == ZOO else "Easter Island"
            why, rule = _FOREIGN_BRUSH[brush]
            raise _refuse(f"{where} has no {brush} brush: {why}", rule)
        old = self.cell(h)
        if old is None and brush == "erase":
            raise _refuse(f"{_q(h)} is not on the board: nothing to erase")
        if old is None and brush in ("danger", "colour", "ruin", "cubes"):
            raise _refuse(f"{_q(h)} is not on the board: paint a city there first")
        if old is None:
            if not any(n in self._at for n in neighbours(h)) and self.cells:  # type: ignore[attr-defined]
                raise _refuse(f"{_q(h)} is not next to the board: a board grows from its edge "
                              f"(or use grow)", "S1")
            if len(self.cells) >= MAX_HEXES:
                raise _refuse(f"the board already has {MAX_HEXES} hexes, more than any printed map")
        on_track = h in self._track_hexes()
        if brush in ("danger", "colour", "ruin", "cubes"):
            if old.what != "city":
                thing = "an animal area" if self.map == ZOO else "a city"
                raise _refuse(f"{_q(h)} is {_what(old)}, not {thing}: paint a city first",
                              "S4" if self.map == ZOO else "S9")
            return self._with(h, self._city(h, old, {brush: value}))
        if brush == "city" and old is not None and old.what == "city":
            return self._with(h, self._city(h, old, attrs))
        if attrs and brush != "city":
            raise _refuse(f"the {brush} brush takes no {', '.join(sorted(attrs))}")
        if on_track and (old is None or brush != old.what):
            raise _refuse(f"track runs over {_q(h)}: the editor paints the board, not the track "
                          f"(a hex with track stays what it is)", "S2")
        if brush == "erase":
            at = dict(self._at)  # type: ignore[attr-defined]
            del at[h]
            if not at:
                raise _refuse("the board keeps at least one hex")
            return replace(self, cells=tuple(at.items()))
        if brush == "city":
            return self._with(h, self._city(h, None, attrs))
        if old is not None and old.what == brush:
            return self
        return self._with(h, Cell(brush))

    def _city(self, h: Hex, old: Cell | None, attrs: dict[str, Any]) -> Cell:
        """The city *attrs* make of *old* (a new one when None), checked."""
        unknown = set(attrs) - ({"name", "danger"} if self.map == ZOO else {"name", "colour", "ruin", "cubes"})
        if unknown:
            raise _refuse(f"a city on {'the Zoo map' if self.map == ZOO else 'Easter Island'} has no "
                          f"{', '.join(sorted(unknown))}", "S4" if self.map == ZOO else "S9")
        cell = old or Cell("city", danger=1 if self.map == ZOO else 0,
                           colour="" if self.map == ZOO else "red", ruin=self.map == EASTER)
        if attrs.get("name") is not None:
            name = str(attrs["name"]).strip()
            if not name:
                raise _refuse("a city's name must not be empty")
            if _HEX_NAME.fullmatch(name):
                raise _refuse(f"{name!r} looks like a hex; 'q,r' names are kept for exits and towns")
            if any(c.name == name and x != h for x, c in self.cities()):
                raise _refuse(f"another city is already called {name!r}")
            cell = replace(cell, name=name)
        if "danger" in attrs:
            danger = attrs["danger"]
            if isinstance(danger, bool) or not isinstance(danger, int) or not 1 <= danger <= MAX_LEVEL:
                raise _refuse(f"danger is 1 to {MAX_LEVEL}, not {danger!r}", "S4")
            cell = replace(cell, danger=danger)
        if "colour" in attrs:
            if attrs["colour"] not in CUBE_COLOURS:
                raise _refuse(f"a city's colour is one of {', '.join(CUBE_COLOURS)}, not {attrs['colour']!r}",
                              "S9")
            cell = replace(cell, colour=attrs["colour"])
        if "ruin" in attrs:
            if not isinstance(attrs["ruin"], bool):
                raise _refuse(f"ruin is true or false, not {attrs['ruin']!r}", "S9")
            cell = replace(cell, ruin=attrs["ruin"])
        if "cubes" in attrs:
            cubes = attrs["cubes"]
            if isinstance(cubes, str):
                cubes = cubes.replace(",", " ").split()
            if not isinstance(cubes, (list, tuple)):
                raise _refuse(f"cubes are colours, bottom to top (a list, or a text such as 'red blue'), "
                              f"not {cubes!r}", "S9")
            cubes = tuple(cubes)
            bad = [c for c in cubes if c not in CUBE_COLOURS]
            if bad:
                raise _refuse(f"a cube is one of {', '.join(CUBE_COLOURS)}, not {bad[0]!r}", "S14")
            if len(cubes) > MAX_STACK:
                raise _refuse(f"a moai is at most {MAX_STACK} cubes, not {len(cubes)}", "S9")
            cell = replace(cell, cubes=cubes)
        if not cell.name:
            cell = replace(cell, name=self._free_name(cell.colour))
        return cell

    def _with(self, h: Hex, cell: Cell) -> "DraftMap":
        at = dict(self._at)  # type: ignore[attr-defined]
        at[h] = cell
        return replace(self, cells=tuple(at.items()))

    # -- the board's size -------------------------------------------------------------------
    def grow(self, side: str) -> "DraftMap":
        """A new row (``"N"``, ``"S"``) or column (``"E"``, ``"W"``) of plain hexes on *side*."""
        return self._resized(side, grow=True)

    def shrink(self, side: str) -> "DraftMap":
        """The board without its outermost row or column on *side* (whatever was painted there)."""
        return self._resized(side, grow=False)

    def _resized(self, side: str, *, grow: bool) -> "DraftMap":
        if side not in SIDES:
            raise _refuse(f"a side is N, S, E or W, not {side!r}")
        spots = [offset(h) for h in self.hexes()]
        at = dict(self._at)  # type: ignore[attr-defined]
        if side in "NS":
            row = min(r for _, r in spots) if side == "N" else max(r for _, r in spots)
            if grow:
                columns = range(min(c for c, _ in spots), max(c for c, _ in spots) + 1)
                new = [from_offset(c, row - 1 if side == "N" else row + 1) for c in columns]
            else:
                gone = [from_offset(c, r) for c, r in spots if r == row]
        else:
            rows: dict[int, list[int]] = {}
            for c, r in spots:
                rows.setdefault(r, []).append(c)
            if grow:
                new = [from_offset(max(cs) + 1 if side == "E" else min(cs) - 1, r) for r, cs in rows.items()]
            else:
                gone = [from_offset(max(cs) if side == "E" else min(cs), r) for r, cs in rows.items()]
        if grow:
            if len(at) + len(new) > MAX_HEXES:
                raise _refuse(f"the board would have more than {MAX_HEXES} hexes")
            at.update((h, Cell("plain")) for h in new)
        else:
            if len(gone) == len(at):
                raise _refuse("the board keeps at least one hex")
            held = sorted(set(gone) & self._track_hexes())
            if held:
                raise _refuse(f"track runs over {_q(held[0])}: the editor does not take track away", "S2")
            for h in gone:
                del at[h]
        return replace(self, cells=tuple(at.items()))

    # -- the game and the file --------------------------------------------------------------
    def problems(self) -> list[str]:
        """What keeps this draft from being a game, one precise sentence each (empty: ready)."""
        out = []
        land = [h for h, c in self.cells if c.what in TERRAINS]
        if not land:
            out.append("no hex takes track: paint some plain or mountain land")
        cities = self.cities()
        if self.map == ZOO and len(cities) < 2:
            out.append(f"a Zoo game needs at least two animal areas; the board has {len(cities)} (S8)")
        if self.map == EASTER and not any(c.ruin for _, c in cities):
            out.append("Easter Island needs at least one ruin: its clear condition joins the ruins (S9)")
        if self.map == EASTER:
            colours = {c.colour for _, c in cities} | ({"black"} if any(c.what == "town" for _, c in self.cells)
                                                       else set())
            for h, c in cities:
                for cube in c.cubes:
                    if cube not in colours:
                        out.append(f"the {cube} cube on {c.name} {_q(h)} has no {cube} city to go to (S9)")
                        break
        if not out:
            try:
                self._parsed()
            except PuzzleError as exc:
                out.append(str(exc))
        return out

    def _board_game(self):
        """The Game this draft paints (unchecked beyond the models' own checks)."""
        from zoobook.steam.game.easter_goods import add_towns
        from zoobook.steam.game.state import Game

        land = {h: c.what for h, c in self.cells if c.what in TERRAINS}
        start = dict(self.start)
        if self.map == ZOO:
            areas = [Area(c.name, h, c.danger, c.food, c.fed) for h, c in self.cities()]
            towns = [Town(h, c.urbanized) for h, c in self.cells if c.what == "town"]
            exits = [h for h, c in self.cells if c.what == "exit"]
            zoo = ZooMap.build(areas, towns, exits, self.tracks)
            return Game.zoo(zoo, land, self.turns, **start)
        cities = [City(c.name, h, c.colour, c.ruin, c.cubes) for h, c in self.cities()]
        island = Island.build(plain=[h for h, t in land.items() if t == "plain"],
                              mountain=[h for h, t in land.items() if t == "mountain"],
                              cities=cities, tracks=self.tracks)
        island = add_towns(island, [h for h, c in self.cells if c.what == "town"])
        return Game.easter(island, self.turns, **start)

    def _body(self) -> dict[str, Any]:
        from zoobook.steam.game.kinds import dump_easter, dump_zoo

        try:
            game = self._board_game()
        except (PuzzleError, ValueError, KeyError) as exc:
            raise PuzzleError(str(exc)) from None
        return dump_zoo(game) if self.map == ZOO else dump_easter(game)

    def text(self) -> str:
        """The puzzle file (``steam-zoo/clear`` or ``steam-easter/clear``); PuzzleError when
        :meth:`problems` has any."""
        problems = self.problems()
        if problems:
            raise PuzzleError(problems[0])
        return self._text()

    def _text(self) -> str:
        from zoobook.puzzles.loading import puzzle_toml

        return puzzle_toml(id=self.id, kind=KIND_OF[self.map], title=self.title, body=self._body())

    def _parsed(self):
        from zoobook.puzzles.loading import parse_puzzle

        return parse_puzzle(self._text())

    def to_game(self):
        """The :class:`~zoobook.steam.game.state.Game` of this board, read back from its file (so it
        is exactly what ``zoobook`` plays); PuzzleError when :meth:`problems` has any."""
        from zoobook.puzzles.loading import parse_puzzle

        return parse_puzzle(self.text()).model

    def save(self, path: str | Path) -> Path:
        """Write the puzzle file to *path* (nothing is written when the draft has problems).

        :class:`~zoobook.errors.PuzzleError` naming the path when it is a folder (not a file
        name) or the draft has problems; OSError when the system cannot write there.
        """
        from zoobook.puzzles.loading import write_puzzle

        if not isinstance(path, (str, Path)):
            raise TypeError(f"path: a file name, not {path!r}")
        target = Path(path)
        if target.is_dir():
            raise PuzzleError(f"is a folder: save to a file in it, for example {target / (self.id + '.toml')}",
                              file=str(target))
        return write_puzzle(target, self.text())

    # -- loading ----------------------------------------------------------------------------
    @classmethod
    def from_game(cls, game, *, id: str = "", title: str = "") -> "DraftMap":
        """The draft of a whole game's map (a ``*/clear`` puzzle's model)."""
        from zoobook.steam.game.map_rules import ZOO as ZOO_RULES

        board = game.start.board
        cells: dict[Hex, Cell] = {}
        for h, terrain in game.land.items():
            if terrain not in TERRAINS:
                raise PuzzleError(f"{_q(h)} is {terrain}: the editor paints plain and mountain land",
                                  key="plain")
            cells[Hex(*h)] = Cell(terrain)
        if game.rules is ZOO_RULES:
            kind = ZOO
            for a in board.areas:
                cells[a.hex] = Cell("city", a.name, danger=a.danger, food=a.food, fed=a.fed)
            for t in board.towns:
                cells[t.hex] = Cell("town", urbanized=t.urbanized)
            for h in board.exits:
                cells[h] = Cell("exit")
            tracks = board.tracks
        else:
            kind = EASTER
            for c in board.cities:
                cells[c.hex] = Cell("city", c.name, colour=c.colour, ruin=c.ruin, cubes=c.cubes)
            for node in board.hexmap.nodes:
                if node.type == "town":
                    cells[node.hex] = Cell("town")
            tracks = board.hexmap.tracks
        pos, rules = game.start, game.rules
        start: dict[str, Any] = {}
        if pos.economy != rules.start:
            start["economy"] = pos.economy
        if pos.turn != 1:
            start["turn"] = pos.turn
        if pos.hand:
            start["hand"] = pos.hand
        if pos.blocked:
            start["blocked"] = frozenset(pos.blocked)
        return cls(kind, tuple(cells.items()), id=id, title=title, turns=game.turns,
                   tracks=tuple(t.hexes for t in tracks), start=tuple(sorted(start.items())))

    @classmethod
    def from_text(cls, text: str, *, file: str = "") -> "DraftMap":
        """The draft of a ``steam-zoo/clear`` or ``steam-easter/clear`` puzzle file's text."""
        from zoobook.puzzles.loading import parse_puzzle

        puzzle = parse_puzzle(text, file=file)
        if puzzle.kind.name not in KIND_OF.values():
            raise PuzzleError(f"the map editor opens whole-game maps ({' or '.join(KIND_OF.values())}), "
                              f"not {puzzle.kind.name} puzzles", file=file)
        return cls.from_game(puzzle.model, id=puzzle.id, title=puzzle.title or "")

    @classmethod
    def load(cls, path: str | Path) -> "DraftMap":
        """The draft of the puzzle file at *path* (PuzzleError naming the file when it is bad)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise PuzzleError(f"cannot read it ({exc.strerror or exc})", file=str(path)) from None
        return cls.from_text(text, file=str(path))


def _what(cell: Cell) -> str:
    return {"plain": "plain land", "mountain": "a mountain", "town": "a town", "exit": "an exit"}.get(
        cell.what, f"the city {cell.name}")


def _refuse(reason: str, rule: str = "") -> IllegalAction:
    return IllegalAction(Refusal(reason, rule))
