"""Easter Island's goods: moai cubes shipped to cities of their colour (seed; ruling S9).

The island, its cubes, Rapa Nui and the clear conditions are the moai model of
the Easter Island issue (:mod:`zoobook.steam.easter.island`,
:mod:`zoobook.steam.easter.moai`); this module adapts it to the turn engine's
*goods* part (see :mod:`zoobook.steam.game.zoo_goods` for the questions asked).
Its one addition is listing **every** legal route of a top cube, not only the
shortest one the moai model needs: a player may take a longer route for more
income. The routes follow the base rules (S9): complete links, no city twice,
at most *level* links, never through a city of the cube's colour, stopping at
the first one reached. Towns, and the black new cities of Urbanization, are
passed through.

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> island = Island.build(
...     cities=[City("Red 3", (0, 0), "red", True, ("blue", "red")),
...             City("Blue 1", (2, 0), "blue", True), City("Red 4", (4, 0), "red", True)],
...     tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
>>> [str(s) for s in MoaiGoods().shipments(island, 2, discount=False)]
['ship Red 3 -> Blue 1 -> Red 4']
>>> MoaiGoods().refusal(island, Ship(("Red 3", "Blue 1"), (0,)), 2, discount=False)
'the top cube of Red 3 is red: it goes to a red city, and Blue 1 is not one [S-GOODS-3]'
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from zoobook.errors import Refusal
from zoobook.rulings import cite
from zoobook.steam.easter.island import City, Island
from zoobook.steam.easter.moai import rapa_nui
from zoobook.steam.game.actions import Ship
from zoobook.steam.game.memo import IdentityCache, canonical
from zoobook.steam.game.zoo_goods import ShipEffect, parallel_variants
from zoobook.hexgrid import neighbours
from zoobook.steam.hexmap import Node, hex_name

__all__ = ["MoaiGoods", "add_towns", "cube_routes", "has_cube_route", "unjoinable_ruin", "TOWN"]

TOWN = "town"


def add_towns(island: Island, towns) -> Island:
    """*island* with town nodes (named ``"q,r"``) that Urbanization may turn into black new cities."""
    hexmap = island.hexmap
    for h in towns:
        hexmap = hexmap.with_node(Node(h, hex_name(h), TOWN))
    return Island(hexmap, island.cities)


_CACHE = IdentityCache()


def _links(island: Island) -> dict[str, tuple[tuple[str, int], ...]]:
    return _CACHE.get(island, "links", lambda: _link_table(island))


def _graph(island: Island):
    """The island's link graph, built once per island (read only: the planner asks for it often)."""
    return _CACHE.get(island, "graph", island.link_graph)


def _link_table(island: Island) -> dict[str, tuple[tuple[str, int], ...]]:
    graph = _graph(island)
    out: dict[str, dict[str, int]] = {name: {} for name in graph}
    for a, b, key in sorted(graph.edges(keys=True), key=lambda e: e[2]):
        out[a].setdefault(b, key)
        out[b].setdefault(a, key)
    return {name: tuple(sorted(links.items())) for name, links in out.items()}


def cube_routes(links, colours, origin: str, cube: str, level: int) -> list[tuple[tuple, tuple]]:
    """Every legal route of a *cube* from *origin* (S9): ``(route, steps)`` pairs.

    *links* maps a node to its ``(other node, key)`` pairs (a key names the link; any value),
    *colours* a city to its colour. A route visits no node twice, uses at most *level* links,
    never passes a city of the cube's colour and ends at the first one it reaches. The engine's
    shipments are these routes over the island's complete links; a planner may walk them over
    links not built yet.

    >>> links = {"A": (("B", 0),), "B": (("A", 0), ("C", 1)), "C": (("B", 1),)}
    >>> cube_routes(links, {"A": "red", "B": "blue", "C": "red"}, "A", "red", 2)
    [(('A', 'B', 'C'), (0, 1))]
    >>> cube_routes(links, {"A": "red", "B": "blue", "C": "red"}, "A", "blue", 2)
    [(('A', 'B'), (0,))]
    """
    return list(_walk_routes(links, colours, origin, cube, level))


def has_cube_route(links, colours, origin: str, cube: str, level: int) -> bool:
    """Whether :func:`cube_routes` finds any route (it stops at the first).

    >>> links = {"A": (("B", 0),), "B": (("A", 0), ("C", 1)), "C": (("B", 1),)}
    >>> has_cube_route(links, {"A": "red", "B": "blue", "C": "red"}, "A", "red", 1)
    False
    """
    return next(_walk_routes(links, colours, origin, cube, level), None) is not None


def _walk_routes(links, colours, origin: str, cube: str, level: int):
    stack = [((origin,), ())]
    while stack:
        route, steps = stack.pop()
        if len(steps) >= level:
            continue
        for other, key in links[route[-1]]:
            if other in route:
                continue
            if colours.get(other) == cube:
                yield route + (other,), steps + (key,)
            else:
                stack.append((route + (other,), steps + (key,)))


def unjoinable_ruin(island: Island) -> str:
    """Why some ruin of *island* can never be joined to the others, or ``""`` when every ruin can.

    Relaxed, so a ruin named here is out of reach whatever the plan: track runs from a node
    over land hexes (plain or mountain) and hexes with track to another node, and a link
    has one tile at least, so two nodes side by side are no link (S2). Any node (a ruin, another
    city, a town) may be a junction of the network. The ruins the most of them share such a
    chain with are the network; the first ruin outside it is named.

    >>> island = Island.build(plain=[(1, 0)], cities=[City("Red 1", (0, 0), "red", True),
    ...                       City("Blue 2", (2, 0), "blue", True), City("Blue 3", (5, 0), "blue", True)])
    >>> unjoinable_ruin(island)
    'ruin at (5,0) (Blue 3) cannot be joined: no land hex touches it, and track leaves a city only onto land (S2)'
    """
    return _CACHE.get(island.hexmap, ("unjoinable", tuple(island.ruins())), lambda: _unjoinable_ruin(island))


def _unjoinable_ruin(island: Island) -> str:
    hexmap = island.hexmap
    nodes = {n.hex: n.name for n in hexmap.nodes}
    # the hexes track may cross: land, and the hexes of track already laid (a puzzle may build
    # track where it lists no land)
    land = ({h for h, _ in hexmap.terrain} | {h for t in hexmap.tracks for h in t.hexes}) - set(nodes)
    ruins = [c for c in island.cities if c.ruin]
    if len(ruins) <= 1:
        return ""
    part: dict = {}
    for ruin in ruins:
        if ruin.hex in part:
            continue
        part[ruin.hex] = ruin.hex
        todo = [ruin.hex]
        while todo:
            here = todo.pop()
            for n in neighbours(here):
                # a link has a tile: from a node only onto land, never straight to a node
                if n in part or (n not in land and (n not in nodes or here in nodes)):
                    continue
                part[n] = ruin.hex
                todo.append(n)
    groups: dict = {}
    for ruin in ruins:
        groups.setdefault(part[ruin.hex], []).append(ruin)
    if len(groups) == 1:
        return ""
    network = max(groups.values(), key=len)
    outside = next(r for r in ruins if part[r.hex] != part[network[0].hex])
    where = f"ruin at ({outside.hex[0]},{outside.hex[1]}) ({outside.name}) cannot be joined"
    if not any(n in land for n in neighbours(outside.hex)):
        return f"{where}: no land hex touches it, and track leaves a city only onto land (S2)"
    return (f"{where}: no chain of land hexes leads from it to {network[0].name}, so no track can "
            f"join them (S2)")


def _colours(island: Island) -> dict[str, str]:
    return {c.name: c.colour for c in island.cities}


@dataclass(frozen=True)
class MoaiGoods:
    """Cubes on ruins; clear when every ruin is joined and no cube is left (seed, Easter Island)."""

    clear_reason = "every ruin is joined and no statue is left"

    def shipments(self, island: Island, level: int, *, discount: bool) -> list[Ship]:
        return list(_CACHE.get(island, ("ships", level), lambda: self._shipments(island, level)))

    def _shipments(self, island: Island, level: int) -> tuple[Ship, ...]:
        links, colours = _links(island), _colours(island)
        found = []
        for city in island.cities:
            if city.cubes:
                for route, steps in cube_routes(links, colours, city.name, city.cubes[-1], level):
                    found += parallel_variants(_graph(island), Ship(route, steps))
        return tuple(sorted(found, key=lambda s: (s.route, s.steps)))

    def refusal(self, island: Island, ship: Ship, level: int, *, discount: bool) -> Refusal | None:
        colours = _colours(island)
        origin = ship.route[0]
        if origin not in colours:
            return Refusal(f"cubes ship from the ruins that hold them, and {origin} is not a ruin", "S-MOAI-1")
        cube = island.top_cube(origin)
        if cube is None:
            return Refusal(f"{origin} holds no cube to ship", "S-MOAI-1")
        if len(ship.route) < 2 or len(ship.steps) != len(ship.route) - 1:
            return Refusal("a shipment names two cities or more and one link between each pair", "S3")
        if len(set(ship.route)) != len(ship.route):
            return Refusal("a shipment visits no city twice", "S3")
        graph = _graph(island)
        for a, b, key in zip(ship.route, ship.route[1:], ship.steps):
            if key is None or not graph.has_edge(a, b, key):
                return Refusal(f"goods travel only on complete links, and there is no complete link {key} "
                               f"between {a} and {b}", "S-INCOMPLETE-1")
        if ship.route[-1] not in colours:
            return Refusal(f"cubes pass through towns and are delivered to cities: {ship.route[-1]} is a town",
                           "S-GOODS-4")
        if colours.get(ship.route[-1]) != cube:
            return Refusal(f"the top cube of {origin} is {cube}: it goes to a {cube} city, and "
                           f"{ship.route[-1]} is not one", "S-GOODS-3")
        passed = [n for n in ship.route[1:-1] if colours.get(n) == cube]
        if passed:
            return Refusal(f"a {cube} cube stops at the first {cube} city it reaches: here {passed[0]}",
                           "S-GOODS-3")
        if len(ship.steps) > level:
            return Refusal(f"a shipment of {len(ship.steps)} links needs locomotive level {len(ship.steps)} "
                           f"and yours is {level}", "S-GOODS-2")
        return None

    def ship(self, island: Island, ship: Ship, level: int, *, discount: bool) -> ShipEffect:
        return _CACHE.get(island, ("ship", ship), lambda: self._ship(island, ship))

    def _ship(self, island: Island, ship: Ship) -> ShipEffect:
        origin = ship.route[0]
        cubes = island.city(origin).cubes
        after = canonical(island.with_cubes({origin: cubes[:-1]}))
        return ShipEffect(after, ship.links, note=f"a {cubes[-1]} cube leaves the map at {ship.route[-1]}")

    def conditions(self, island: Island) -> list[tuple[str, bool]]:
        """The rulebook's two clear conditions."""
        left = island.cube_count()
        return [("every ruin joined", island.ruins_joined()),
                (f"no statue left ({left} cube{'s' if left != 1 else ''})", left == 0)]

    def cleared(self, island: Island) -> bool:
        return _CACHE.get(island, "cleared", island.cleared)

    def goods_left(self, island: Island) -> int:
        return _CACHE.get(island, "left", island.cube_count)

    def goods_word(self, left: int) -> str:
        return f"{left} cube{'s' if left != 1 else ''} still on the map"

    def level_needed(self, island: Island) -> int | None:
        """1, or None when the map can never be cleared: some ruin can never be joined
        (:func:`unjoinable_ruin`), or some cube can never reach a city of its colour: none is
        on the map and (for a black cube) no town is left for Urbanization to make a black city
        (S14)."""
        return None if unjoinable_ruin(island) or self._homeless(island) else 1

    def _homeless(self, island: Island) -> list[tuple[str, str]]:
        colours = _colours(island)
        can_be_black = bool(self.towns(island))
        out = []
        for city in island.cities:
            for cube in city.cubes:
                if any(c == cube and n != city.name for n, c in colours.items()):
                    continue
                if cube == "black" and can_be_black:
                    continue
                out.append((city.name, cube))
        return out

    def impossible_reason(self, island: Island) -> str:
        homeless = self._homeless(island)
        if not homeless:
            return unjoinable_ruin(island)
        name, cube = homeless[0]
        where = " and no town is left to urbanize into a black city" if cube == "black" else ""
        return (f"the {cube} cube on {name} has no other {cube} city to go to{where} "
                f"{cite('S9')}")

    def tiles_needed(self, island: Island) -> int:
        """A link (of one tile at least) for each split between the ruins."""
        graph = island.link_graph()
        ruins = set(island.ruins())
        parts = [c for c in nx.connected_components(graph) if c & ruins]
        return max(0, len(parts) - 1)

    # -- the map parts the engine changes ------------------------------------------------
    def hexmap(self, island: Island):
        return island.hexmap

    def with_tracks(self, island: Island, tracks) -> Island:
        return island.with_tracks(tracks)

    def towns(self, island: Island) -> list:
        return [n.hex for n in island.hexmap.nodes if n.type == TOWN]

    def urbanize(self, island: Island, town) -> Island:
        """"You can urbanize only on the 4 black new city tiles": a black city, no cube."""
        node = island.hexmap.node_at(town)
        hexmap = island.hexmap.with_node(Node(node.hex, node.name, "city"))
        return Island(hexmap, island.cities + (City(node.name, node.hex, "black"),))

    def flip(self, island: Island, target: str) -> Island:
        return rapa_nui(island, target)

    def flip_targets(self, island: Island) -> list[str]:
        """Every moai Rapa Nui may turn (S12a): a two-cube statue or a one-cube remnant."""
        return [c.name for c in island.cities if c.cubes]

    def stack_text(self, island: Island, name: str) -> str:
        cubes = island.city(name).cubes
        if len(cubes) == 1:  # S12a: a remnant may be turned; it stays as it is, the stunt pays
            return f"{cubes[0]}, a one-cube remnant (turning it changes nothing; the $5 is paid, S12a)"
        return f"top {cubes[-1]}, bottom {cubes[0]}" if len(cubes) == 2 else ", ".join(cubes)

    def node_label(self, island: Island, node) -> str:
        """A node's words on the map picture: a city's cubes (initials, bottom to top)."""
        if node.type == TOWN:
            return "town"
        cubes = "/".join(c[0].upper() for c in island.city(node.name).cubes)
        return f"{node.name}\n{cubes}" if cubes else node.name

    def describe(self, island: Island) -> list[str]:
        return [f"  {c.name} ({c.colour}{', ruin' if c.ruin else ''}): "
                f"{', '.join(c.cubes) if c.cubes else 'no cubes'}{' (bottom to top)' if len(c.cubes) > 1 else ''}"
                for c in island.cities]
