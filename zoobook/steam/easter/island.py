"""The Easter Island map as a rules model: terrain, cities, ruins, moai and track.

The hex geometry, nodes and track live in the shared
:class:`~zoobook.steam.hexmap.HexMap`; this module adds what is Easter-specific:
track costs (ruling S9: "Plain: $3, Mountain: $4"), the city colours, which
cities are ruins, and the cubes stacked on them ("two cubes stacked together are
called a moai"; a city's ``cubes`` run bottom to top).

Examples
--------
>>> island = Island.build(
...     plain=[(1, 0)], mountain=[(1, 1)],
...     cities=[City("Red 3", (0, 0), "red", ruin=True, cubes=("blue", "red")),
...             City("Red 4", (2, 0), "red", ruin=True)])
>>> island.track_costs()
{Hex(q=1, r=0): 3, Hex(q=1, r=1): 4}
>>> island.top_cube("Red 3")
'red'
>>> island.connect().cost
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import networkx as nx

from zoobook.errors import PuzzleError
from zoobook.hexgrid import Hex
from zoobook.steam.easter.connect import ConnectResult, cheapest_network
from zoobook.steam.hexmap import HexMap, Node, as_hex

__all__ = ["TRACK_COST", "CUBE_COLOURS", "MAX_STACK", "City", "Island"]

#: Ruling S9: "Laying cost: Plain: $3, Mountain: $4".
TRACK_COST = {"plain": 3, "mountain": 4}
#: The base game's goods colours (a city takes cubes of its own colour).
CUBE_COLOURS = ("red", "blue", "yellow", "purple", "black")
#: "two cubes stacked together are called a moai".
MAX_STACK = 2


@dataclass(frozen=True)
class City:
    """A city: its name, hex, colour, whether it is a ruin, its cubes bottom to top."""

    name: str
    hex: Hex
    colour: str
    ruin: bool = False
    cubes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "hex", as_hex(self.hex))
        object.__setattr__(self, "cubes", tuple(self.cubes))
        if self.colour not in CUBE_COLOURS:
            raise ValueError(f"{self.name}: colour {self.colour!r} is not one of {CUBE_COLOURS}")
        if len(self.cubes) > MAX_STACK:
            raise ValueError(f"{self.name}: a stack holds at most {MAX_STACK} cubes")
        bad = [c for c in self.cubes if c not in CUBE_COLOURS]
        if bad:
            raise ValueError(f"{self.name}: cube colour {bad[0]!r} is not one of {CUBE_COLOURS}")

    @property
    def node(self) -> Node:
        """The shared map's node for this city (type ``"ruin"`` or ``"city"``)."""
        return Node(self.hex, self.name, "ruin" if self.ruin else "city")


@dataclass(frozen=True)
class Island:
    """An Easter Island board: a :class:`HexMap` plus the cities' colours, ruins and cubes.

    The map's terrain lists the hexes where track may be laid (``plain`` or
    ``mountain``); its nodes are the cities; its tracks are the links built.
    """

    hexmap: HexMap
    cities: tuple[City, ...]

    @classmethod
    def build(cls, *, plain: Iterable[Sequence[int]] = (), mountain: Iterable[Sequence[int]] = (),
              cities: Iterable[City] = (), tracks: Iterable[Sequence[Sequence[int]]] = (),
              towns: Iterable[tuple[str, Sequence[int]]] = ()) -> "Island":
        """A validated island; :class:`PuzzleError` (naming the key) when the data break the rules.

        *towns* are ``(name, hex)`` pairs: nodes where links may end that hold no cubes and
        take none, until Urbanization makes one a black new city (S14)."""
        terrain: dict[Hex, str] = {}
        for key, hexes in (("plain", plain), ("mountain", mountain)):
            for index, h in enumerate(hexes, start=1):
                h = as_hex(h)
                if h in terrain:
                    raise PuzzleError(f"{tuple(h)} is listed twice (plain and mountain, or twice)",
                                      key=f"{key}[{index}]")
                terrain[h] = key
        cities = tuple(cities)
        for index, city in enumerate(cities, start=1):
            if city.hex in terrain:
                raise PuzzleError(f"{tuple(city.hex)} is also a {terrain[city.hex]} hex, but track is "
                                  "never laid on a city hex (ruling S2)", key=f"city[{index}].hex")
        nodes = [c.node for c in cities] + [Node(as_hex(h), name, "town") for name, h in towns]
        for index, node in enumerate(nodes[len(cities):], start=1):
            if node.hex in terrain:
                raise PuzzleError(f"{tuple(node.hex)} is also a {terrain[node.hex]} hex, but track is "
                                  "never laid on a town hex (ruling S2)", key=f"town[{index}].hex")
        hexmap = HexMap.build(nodes=nodes, tracks=tracks, terrain=terrain)
        return cls(hexmap, cities)

    # -- reading ----------------------------------------------------------------------
    def city(self, name: str) -> City:
        """The city called *name*."""
        for city in self.cities:
            if city.name == name:
                return city
        raise KeyError(f"no city named {name!r}")

    def node_names(self) -> dict[Hex, str]:
        """Hex -> name of every node: the cities and the towns (S14)."""
        return {n.hex: n.name for n in self.hexmap.nodes}

    def towns(self) -> list[str]:
        """The names of the towns not urbanized yet (S14)."""
        return [n.name for n in self.hexmap.nodes if n.type == "town"]

    def ruins(self) -> list[str]:
        """The names of the ruins (the cities the network must join)."""
        return [c.name for c in self.cities if c.ruin]

    def top_cube(self, name: str) -> str | None:
        """The cube that can ship from *name* ("only the top cube of any moai"), or None."""
        cubes = self.city(name).cubes
        return cubes[-1] if cubes else None

    def cube_count(self) -> int:
        """How many cubes are left on the map."""
        return sum(len(c.cubes) for c in self.cities)

    def track_costs(self) -> dict[Hex, int]:
        """Hex -> cost for every hex where new track may still be laid (no track on it yet)."""
        return {h: TRACK_COST[t] for h, t in self.hexmap.terrain
                if t in TRACK_COST and self.hexmap.track_at(h) is None}

    def link_graph(self) -> nx.MultiGraph:
        """Cities joined by complete links (the shared map's link graph)."""
        return self.hexmap.link_graph()

    def ruins_joined(self) -> bool:
        """Clear condition 1: "Connect all of the ruins (cities) on Rapa Nui into a single network"."""
        ruins = self.ruins()
        if len(ruins) <= 1:
            return True
        return set(ruins) <= nx.node_connected_component(self.link_graph(), ruins[0])

    def cleared(self) -> bool:
        """Both clear conditions: the ruins joined and no statue (cube) left (ruling S10).

        The cubes are counted first: that is cheap, and while any is left the ruins' network
        (the costly part) need not be built."""
        return self.cube_count() == 0 and self.ruins_joined()

    # -- solving -------------------------------------------------------------------------
    def connect(self, *, max_relaxations: int | None = None) -> ConnectResult:
        """The cheapest network of new links joining every ruin, on an empty map.

        Track already laid is ignored here (the question is about laying the whole
        network); see :mod:`zoobook.steam.easter.connect` (and its *max_relaxations*).
        """
        costs = {h: TRACK_COST[t] for h, t in self.hexmap.terrain if t in TRACK_COST}
        return cheapest_network(costs, self.node_names(), self.ruins(),
                                max_relaxations=max_relaxations)

    # -- changes (new islands) ----------------------------------------------------------
    def with_cubes(self, cubes: Mapping[str, Sequence[str]]) -> "Island":
        """A new island with the stacks of the named cities replaced."""
        unknown = set(cubes) - {c.name for c in self.cities}
        if unknown:
            raise KeyError(f"no city named {sorted(unknown)[0]!r}")
        cities = tuple(replace(c, cubes=tuple(cubes[c.name])) if c.name in cubes else c
                       for c in self.cities)
        return replace(self, cities=cities)

    def with_track(self, hexes: Sequence[Sequence[int]]) -> "Island":
        """A new island with one more track (validated by the shared map)."""
        return replace(self, hexmap=self.hexmap.with_track(hexes))

    def with_tracks(self, tracks: Iterable[Sequence[Sequence[int]]]) -> "Island":
        """A new island whose track is exactly *tracks*."""
        return replace(self, hexmap=HexMap.build(self.hexmap.nodes, tracks, self.hexmap.terrain))


def easter_island() -> Island:
    """The Easter Island board (an assumed layout, ``zoobook/data/assumed.toml``), with no cubes.

    Its four towns are towns from the start (S14): Urbanization makes them black new cities.

    >>> island = easter_island()
    >>> len(island.ruins()), len(island.cities), island.towns(), len(island.track_costs())
    (12, 12, ['Town 1', 'Town 2', 'Town 3', 'Town 4'], 96)
    """
    from zoobook.assumed import assumed
    from zoobook.steam.ascii import parse_ascii

    drawn = parse_ascii(assumed("steam.easter.map"))
    marks = drawn.marks
    cities = []
    for entry in assumed("steam.easter.cities"):
        (h,) = marks[entry["mark"]]
        cities.append(City(entry["name"], h, entry["colour"], entry["ruin"]))
    towns = []
    for entry in assumed("steam.easter.towns"):
        (h,) = marks[entry["mark"]]
        towns.append((entry["name"], h))
    taken = {c.hex for c in cities} | {h for _, h in towns}
    plain = [h for h, t in drawn.terrain.items() if t == "plain" and h not in taken]
    mountain = [h for h, t in drawn.terrain.items() if t == "mountain" and h not in taken]
    return Island.build(plain=plain, mountain=mountain, cities=cities, towns=towns)


__all__ += ["easter_island"]
