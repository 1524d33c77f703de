"""The Zoo map as a rules model: animal areas, towns, exits and track (rulings S2, S4, S5, S8).

A :class:`ZooMap` is built on the shared :class:`~zoobook.steam.hexmap.HexMap`:
each animal area, town and exit is a node of it (types ``"area"``, ``"town"``,
``"new-city"`` for an urbanized town, ``"exit"``), and the map's track gives the
links. Everything the Zoo map adds (danger, food, fed) is kept here, keyed by
node name.

"The number in the center of an animal area is its danger level" (seed, Zoo).
"A new city tile placed by the Urbanization action counts as danger level 1";
towns and exits have no danger (ruling S4).

Examples
--------
>>> zoo = ZooMap.build(
...     areas=[Area("zebra", (0, 0), danger=3), Area("lion", (3, 0), danger=6)],
...     towns=[Town((1, 1), urbanized=True)], exits=[(0, 3)],
...     tracks=[[(0, 0), (1, 0), (2, 0), (3, 0)]])
>>> zoo.danger("zebra"), zoo.danger("1,1"), zoo.danger("0,3")
(3, 1, 0)
>>> zoo.area_names()
['zebra', 'lion']

Track from an exit is a complete link only to an animal area or a new city (S2a):

>>> joined = ZooMap.build(areas=[Area("zebra", (0, 0), 1)], towns=[Town((4, 0))],
...                       exits=[(2, 0), (2, 2)],
...                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)],
...                               [(2, 0), (2, 1), (2, 2)]])
>>> [(link.start, link.end, link.complete) for link in joined.hexmap.links()]
[('zebra', '2,0', True), ('2,0', '4,0', False), ('2,0', '2,2', False)]
>>> [link.complete for link in joined.urbanized((4, 0)).hexmap.links()]
[True, True, False]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from zoobook.hexgrid import Hex
from zoobook.steam.hexmap import HexMap, MapError, Node, Track, as_hex, hex_name

__all__ = ["Area", "Town", "ZooMap", "AREA", "TOWN", "NEW_CITY", "EXIT", "MAX_LEVEL", "START_FOOD",
           "OPEN_PAIRS"]

AREA, TOWN, NEW_CITY, EXIT = "area", "town", "new-city", "exit"
#: S2a: track from an exit is a complete link only to an animal area or a new city; to another
#: exit or to a town it is incomplete.
OPEN_PAIRS = frozenset({frozenset({EXIT}), frozenset({EXIT, TOWN})})
#: Locomotive levels run from 1 to 6 (base game).
MAX_LEVEL = 6
#: "Place 2 pieces of food (cubes) on each animal area" (seed, Zoo setup; ruling S8).
START_FOOD = 2


@dataclass(frozen=True)
class Area:
    """An animal area (a city of the Zoo map).

    Attributes
    ----------
    name : str
        Unique on the map ("lion").
    hex : Hex
    danger : int
        1-6, the number printed in its centre.
    food : int
        Food cubes still on it (0-2; it starts with 2, S8).
    fed : bool
        Whether food has been shipped to it already.
    """

    name: str
    hex: Hex
    danger: int
    food: int = START_FOOD
    fed: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "hex", as_hex(self.hex))
        if not self.name:
            raise MapError("an animal area needs a name", key="area")
        if not 1 <= self.danger <= MAX_LEVEL:
            raise MapError(f"danger must be between 1 and {MAX_LEVEL}, not {self.danger}",
                           key=f"area {self.name!r}")
        if not 0 <= self.food <= START_FOOD:
            raise MapError(f"food must be between 0 and {START_FOOD}, not {self.food}",
                           key=f"area {self.name!r}")


@dataclass(frozen=True)
class Town:
    """A town; once urbanized it is a new city of danger 1 (seed, Zoo)."""

    hex: Hex
    urbanized: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "hex", as_hex(self.hex))

    @property
    def name(self) -> str:
        return hex_name(self.hex)


@dataclass(frozen=True)
class ZooMap:
    """Areas, towns, exits and track of a Zoo map; the node graph lives in :attr:`hexmap`."""

    areas: tuple[Area, ...]
    towns: tuple[Town, ...] = ()
    exits: tuple[Hex, ...] = ()
    tracks: tuple[Track, ...] = ()
    terrain: tuple[tuple[Hex, str], ...] = ()
    hexmap: HexMap = field(init=False, repr=False, compare=False, hash=False)
    _danger: Mapping[str, int] = field(init=False, repr=False, compare=False, hash=False)

    @classmethod
    def build(cls, areas: Iterable[Area], towns: Iterable[Town] = (),
              exits: Iterable[Sequence[int]] = (), tracks: Iterable[Sequence[Sequence[int]]] = (),
              terrain: Mapping[Sequence[int], str] = {}) -> "ZooMap":
        """A validated Zoo map from plain data (see :meth:`HexMap.build` for track)."""
        made = tuple(t if isinstance(t, Track) else Track(tuple(t)) for t in tracks)
        land = tuple(sorted({as_hex(h): str(name) for h, name in dict(terrain).items()}.items()))
        return cls(tuple(areas), tuple(towns), tuple(as_hex(h) for h in exits), made, land)

    def __post_init__(self) -> None:
        nodes = [Node(a.hex, a.name, AREA) for a in self.areas]
        nodes += [Node(t.hex, t.name, NEW_CITY if t.urbanized else TOWN) for t in self.towns]
        nodes += [Node(h, hex_name(h), EXIT) for h in self.exits]
        object.__setattr__(self, "hexmap", HexMap(tuple(nodes), self.tracks, self.terrain, OPEN_PAIRS))
        danger = {a.name: a.danger for a in self.areas}
        danger.update({t.name: 1 if t.urbanized else 0 for t in self.towns})
        danger.update({hex_name(h): 0 for h in self.exits})
        object.__setattr__(self, "_danger", danger)

    # -- reading --------------------------------------------------------------------
    def area(self, name: str) -> Area:
        """The animal area called *name*; KeyError naming the known areas if none."""
        for a in self.areas:
            if a.name == name:
                return a
        raise KeyError(f"no animal area {name!r} (areas: {', '.join(self.area_names())})")

    def area_names(self) -> list[str]:
        """The animal areas' names, in map order."""
        return [a.name for a in self.areas]

    def exit_names(self) -> list[str]:
        """The exits' names (``"q,r"``)."""
        return [hex_name(h) for h in self.exits]

    def kind_of(self, name: str) -> str:
        """The node type of *name*: ``"area"``, ``"town"``, ``"new-city"`` or ``"exit"``."""
        return self.hexmap.node(name).type

    def danger(self, name: str) -> int:
        """The danger that counts when a shipment starts at or passes *name* (S4).

        Areas: their printed danger; new cities 1; towns and exits 0.
        """
        return self._danger[name]

    def describe(self, name: str) -> str:
        """*name* as a sentence would say it: "lion", "exit 0,5", "the new city 4,4"."""
        kind = self.kind_of(name)
        if kind == AREA:
            return name
        return {EXIT: "exit", TOWN: "town", NEW_CITY: "new city"}[kind] + f" {name}"

    # -- changes ------------------------------------------------------------------
    def with_track(self, hexes: Sequence[Sequence[int]]) -> "ZooMap":
        """A new map with one more track (validated)."""
        return replace(self, tracks=self.tracks + (Track(tuple(hexes)),))

    def urbanized(self, town: Sequence[int]) -> "ZooMap":
        """A new map where the town on hex *town* is a new city (Urbanization)."""
        h = as_hex(town)
        if not any(t.hex == h for t in self.towns):
            raise KeyError(f"no town on {tuple(h)}")
        return replace(self, towns=tuple(Town(t.hex, True) if t.hex == h else t for t in self.towns))
