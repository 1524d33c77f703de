"""The moai: stacks of cubes on the ruins, shipping the top cube, Rapa Nui, the set-ups.

From the rulebook: "You may transport only the top cube of any moai, whether it is an
intact two-cube statue or a single-cube remnant." A cube goes to a city of its
colour by the base rules (ruling S9): along complete links (S2), visiting no city
twice (S3), never through a city of its colour, and it stops at the first one it
reaches; the shipment may use at most *locomotive level* links. A delivered cube
leaves the map. Rapa Nui "turn[s] the moai upside down (swap the top and bottom
cubes), and gain[s] $5".

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> island = Island.build(
...     cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")),
...             City("Blue 1", (2, 0), "blue", True), City("Red 4", (4, 0), "red", True)],
...     tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
>>> delivery(island, "Red 3")            # the top cube is red
Delivery(cube='red', origin='Red 3', route=('Red 3', 'Blue 1', 'Red 4'))
>>> cube_needs(island)["Red 3"]          # bottom blue needs 1 link, top red 2
(1, 2)
>>> rapa_nui(island, "Red 3").city("Red 3").cubes
('red', 'blue')
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from zoobook.errors import IllegalAction
from zoobook.steam.easter.island import Island

__all__ = ["MAX_LEVEL", "RAPA_NUI_CASH", "DIFFICULTIES", "Delivery", "delivery", "route_for",
           "cube_needs", "ship", "rapa_nui", "raise_locomotive", "setup"]

#: Base game: the locomotive level runs up to 6.
MAX_LEVEL = 6
#: "gain $5 through this publicity stunt".
RAPA_NUI_CASH = 5
DIFFICULTIES = ("Easy", "Normal", "Hard")


@dataclass(frozen=True)
class Delivery:
    """A legal shipment of the top cube of *origin*: its colour and its route of cities."""

    cube: str
    origin: str
    route: tuple[str, ...]

    @property
    def length(self) -> int:
        """Links used (the locomotive level it needs, S3)."""
        return len(self.route) - 1

    @property
    def destination(self) -> str:
        return self.route[-1]


def route_for(island: Island, origin: str, colour: str, level: int = MAX_LEVEL) -> tuple[str, ...] | None:
    """The shortest legal route of a *colour* cube from *origin*, within *level* links.

    Breadth first over the link graph: a city of the cube's colour ends the route
    ("it stops at the first city of its colour") and is never passed through.
    """
    graph = island.link_graph()
    colours = {c.name: c.colour for c in island.cities}
    previous = {origin: None}
    queue = deque([(origin, 0)])
    while queue:
        city, depth = queue.popleft()
        if city != origin and colours.get(city) == colour:
            route = [city]
            while previous[route[-1]] is not None:
                route.append(previous[route[-1]])
            return tuple(reversed(route))
        if depth == level:
            continue
        for nxt in sorted(graph.neighbors(city)):
            if nxt not in previous:
                previous[nxt] = city
                queue.append((nxt, depth + 1))
    return None


def delivery(island: Island, origin: str, level: int = MAX_LEVEL) -> Delivery | None:
    """The shortest legal shipment of the top cube of *origin* within *level* links, or None."""
    cube = island.top_cube(origin)
    if cube is None:
        return None
    route = route_for(island, origin, cube, level)
    return Delivery(cube, origin, route) if route else None


def cube_needs(island: Island) -> dict[str, tuple[int | None, ...]]:
    """City -> for each cube, bottom to top, the fewest links that deliver it (None: never).

    A cube's need does not depend on the other cubes (they never block a route),
    which is what makes the clearing search small.
    """
    out = {}
    for city in island.cities:
        if city.cubes:
            needs = []
            for colour in city.cubes:
                route = route_for(island, city.name, colour)
                needs.append(None if route is None else len(route) - 1)
            out[city.name] = tuple(needs)
    return out


def ship(island: Island, origin: str, level: int) -> tuple[Island, Delivery]:
    """Ship the top cube of *origin*: the new island (cube gone) and the delivery made.

    :class:`~zoobook.errors.IllegalAction` (rule S-GOODS-2) when no route within *level* links
    delivers it."""
    made = delivery(island, origin, level)
    if made is None:
        raise IllegalAction(f"the top cube of {origin} cannot be delivered within {level} links", "S-GOODS-2")
    return island.with_cubes({origin: island.city(origin).cubes[:-1]}), made


def rapa_nui(island: Island, name: str) -> Island:
    """Rapa Nui: "turn the moai upside down (swap the top and bottom cubes)".

    Any moai may be turned (ruling S12a): a two-cube statue or a one-cube remnant, which
    turning leaves as it is. :class:`~zoobook.errors.IllegalAction` (rule S-MOAI-2) when
    *name* holds no cube.

    >>> from zoobook.steam.easter.island import City, Island
    >>> island = Island.build(cities=[City("Red 3", (0, 0), "red", True, ("blue",))])
    >>> rapa_nui(island, "Red 3").city("Red 3").cubes
    ('blue',)
    """
    cubes = island.city(name).cubes
    if not cubes:
        raise IllegalAction(f"{name} holds no moai (no cube) to turn over", "S-MOAI-2")
    return island.with_cubes({name: cubes[::-1]})


def raise_locomotive(level: int) -> int:
    """The locomotive level after a raise: one higher, "never above 6".

    :class:`~zoobook.errors.IllegalAction` (rule S-LOCOMOTIVE-1) at level 6 already.

    >>> raise_locomotive(2)
    3
    >>> raise_locomotive(6)
    Traceback (most recent call last):
    ...
    zoobook.errors.IllegalAction: the locomotive is already at level 6, the highest [S-LOCOMOTIVE-1]
    """
    if level >= MAX_LEVEL:
        raise IllegalAction(f"the locomotive is already at level {MAX_LEVEL}, the highest", "S-LOCOMOTIVE-1")
    return level + 1


def setup(island: Island, difficulty: str, colours: Sequence[str] | None = None,
          seed: int | None = None) -> Island:
    """The island with the cubes of a difficulty set-up placed.

    "use 16 cubes to place one moai (two cubes stacked) on each of the 8 ruins in
    the western part of the map"; Normal adds one cube on each of 2 central-eastern
    ruins (18 cubes), Hard one on each of 4 central-eastern and eastern ruins (20).
    Which ruins those are is part of the assumed map; the cube colours come from
    *colours* in order (bottom then top, city by city), or are drawn at random
    from the assumed bag when *colours* is None.
    """
    from zoobook.assumed import assumed

    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    plan = assumed("steam.easter.setup")
    stacks = [(name, 2) for name in plan["moai"]]
    stacks += [(name, 1) for name in plan[difficulty.lower()]]
    total = sum(n for _, n in stacks)
    if colours is None:
        rng = random.Random(seed)
        colours = [rng.choice(assumed("steam.easter.cube_colours")) for _ in range(total)]
    colours = list(colours)
    if len(colours) != total:
        raise ValueError(f"the {difficulty} set-up places {total} cubes, not {len(colours)}")
    cubes, at = {}, 0
    for name, n in stacks:
        cubes[name] = tuple(colours[at:at + n])
        at += n
    return island.with_cubes(cubes)
