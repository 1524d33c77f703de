"""How far each cube left on Easter Island is from a delivery: the fewest new tiles of a route.

The search at the goods bound (:mod:`.tight`) plays whole turns and must not strand a cube: a
cube far from every city of its colour (on the full set-ups the yellow cube of Blue 6 in the
east) needs track and, over more than two links, a locomotive level that only the Locomotive
action raises, one level a turn. This module measures, for every cube still on the map, the
fewest new tiles of a route that delivers it over at most a given number of links:

* a link already built costs nothing;
* a new link between two nodes costs the fewest tiles of free land between them (a path that
  passes no other node), from a node or from the end of a stub its owner may continue;
* a route never passes a city of the cube's colour (S9); a black cube may end at a black city
  or at a town that Urbanization can still make one (S14).

The new links of different cubes (and of one route) may share hexes here, and track is not
paid for: the numbers are estimates from below of each cube on its own, not a plan. The
search cuts a position where some cube needs more tiles than the turns left can lay, or more
links than the locomotive can reach by then, and steers by their sum toward a network that
serves every cube, not only the next two.

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> from zoobook.steam.game.state import Game
>>> island = Island.build(plain=[(1, 0), (2, 0), (4, 0)], cities=[
...     City("Red 1", (0, 0), "red", True, ("blue",)), City("Blue 1", (3, 0), "blue", True, ("red",)),
...     City("Red 2", (5, 0), "red", True)])
>>> game = Game.easter(island, turns=2)
>>> needs = cube_needs(game, game.start.board, links=1)
>>> [(n.city, n.cube, n.tiles) for n in needs]
[('Red 1', 'blue', 2), ('Blue 1', 'red', 1)]
>>> [n.tiles for n in cube_needs(game, game.start.board, links=2)]
[2, 1]
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from zoobook.hexgrid import DIRECTIONS
from zoobook.steam.game.memo import IdentityCache
from zoobook.steam.game.state import Game

__all__ = ["CubeNeed", "cube_needs", "link_costs", "free_land", "shortest_free_paths", "target_links", "target_hexes"]

_STEPS = tuple(DIRECTIONS.values())  # the six axial offsets, in hexgrid's order


@dataclass(frozen=True)
class CubeNeed:
    """The cube ``cube`` of ``city`` (``depth`` 0 the top of its stack) and the fewest new
    ``tiles`` of a route delivering it (None: no route within the links allowed)."""

    city: str
    cube: str
    depth: int
    tiles: int | None


_COSTS = IdentityCache(limit=4000)


def free_land(game: Game, hexmap) -> set:
    """The hexes of *game*'s land with no track on *hexmap* yet: where new track may go (S2: a
    hex holds one track), as plain ``(q, r)`` tuples. Every planner's walks over free land
    (here, :mod:`.linkplan`, :mod:`.anytime`, :mod:`.tight`, :mod:`.bounds`) start from it.

    >>> from zoobook.steam.easter.island import City, Island
    >>> island = Island.build(plain=[(1, 0), (2, 0)], cities=[City("Red 1", (0, 0), "red", True),
    ...     City("Blue 1", (3, 0), "blue", True)], tracks=[[(0, 0), (1, 0)]])
    >>> sorted(free_land(Game.easter(island, 1), island.hexmap))
    [(2, 0)]
    """
    used = {tuple(h) for t in hexmap.tracks for h in t.hexes}
    return {tuple(h) for h in game.land} - used


def shortest_free_paths(names: dict, free: set, start, origin: str | None = None,
                        most: int | None = None, *, from_start: bool = False) -> dict:
    """The shortest walk over *free* land from *start* (a node hex, or the end of a stub) to each
    node: ``{name: (new track hexes, node hex)}``, breadth first, at most *most* tiles long.

    *names* maps node hexes to node names; the node *origin* (the start's own) is never a goal. A
    node next to *start* counts (with no new tile) only *from_start*: from a stub's end, which a
    lay may join to it; from a node, a link lays one tile at least. The one walk over free land
    of the planners: the look-ahead's link costs here, and the beams' and tight.py's links.

    >>> names = {(0, 0): "A", (3, 0): "B", (1, 1): "C"}
    >>> paths = shortest_free_paths(names, {(1, 0), (2, 0)}, (0, 0), "A")
    >>> paths["B"]
    (((1, 0), (2, 0)), (3, 0))
    >>> paths["C"]
    (((1, 0),), (1, 1))
    """
    out: dict = {}
    start = tuple(start)
    parent = {start: None}
    frontier = [start]
    depth = 0

    def path_to(h):
        path = []
        while h != start:
            path.append(h)
            h = parent[h]
        return tuple(path[::-1])

    while frontier and (most is None or depth <= most):
        nxt = []
        for here in frontier:
            q, r = here
            for dq, dr in _STEPS:
                n = (q + dq, r + dr)
                name = names.get(n)
                if name is not None:
                    if (here != start or from_start) and name != origin and name not in out:
                        out[name] = (path_to(here), n)
                    continue
                if n not in parent and n in free:
                    parent[n] = here
                    nxt.append(n)
        frontier = nxt
        depth += 1
    return out


def link_costs(game: Game, board) -> dict:
    """``{(a, b): tiles}``: node pairs joined by a complete link (0) or that a new link could join,
    with the fewest tiles of free land between them (from *a*, or from the end of a stub of *a*).
    Keyed by both orders."""
    return _COSTS.get(board, id(game), lambda: _link_costs(game, board))


def _link_costs(game: Game, board) -> dict:
    hexmap = game.rules.goods.hexmap(board)
    nodes = {tuple(n.hex): n.name for n in hexmap.nodes}
    free = free_land(game, hexmap)
    costs: dict = {}

    def note(a, b, tiles):
        if a != b and tiles < costs.get((a, b), 10 ** 6):
            costs[(a, b)] = costs[(b, a)] = tiles

    for link in hexmap.complete_links():
        note(link.start, link.end, 0)
    starts = [(h, name, 0) for h, name in nodes.items()]
    for link in hexmap.incomplete_links():
        end = tuple(link.hexes[-1])
        if end not in nodes:
            # the stub's end is a tile already laid: a link from it costs the tiles after it
            starts.append((end, link.start, 0))
    for start, origin, base in starts:
        for name, (path, _) in shortest_free_paths(nodes, free, start, origin,
                                                   from_start=start not in nodes).items():
            note(origin, name, base + len(path))
    return costs


def cube_needs(game: Game, board, links: int, town_tiles: int = 0) -> list[CubeNeed]:
    """For every cube on *board*: the fewest new tiles of a route of at most *links* links that
    delivers it (see the module's notes), top of each stack first. A black cube's route to a town
    not urbanized yet counts *town_tiles* more (0: a relaxation; more: a steer that values the
    black city built)."""
    costs = link_costs(game, board)
    adj: dict = {}
    for (a, b), tiles in costs.items():
        adj.setdefault(a, []).append((b, tiles))
    colours = {c.name: c.colour for c in board.cities}
    hexmap = game.rules.goods.hexmap(board)
    towns = {n.name for n in hexmap.nodes if n.name not in colours}
    out = []
    memo: dict = {}
    for city in board.cities:
        for depth, cube in enumerate(reversed(city.cubes)):
            key = (city.name, cube)
            if key not in memo:
                memo[key] = _fewest(adj, colours, towns, city.name, cube, links, town_tiles)
            out.append(CubeNeed(city.name, cube, depth, memo[key]))
    return out


def _fewest(adj: dict, colours: dict, towns: set, origin: str, cube: str, links: int,
            town_tiles: int) -> int | None:
    """Dijkstra over (node, links used): the fewest tiles to a city taking *cube*."""
    best = {(origin, 0): 0}
    heap = [(0, 0, origin)]
    while heap:
        tiles, used, here = heapq.heappop(heap)
        if best.get((here, used), 10 ** 9) < tiles:
            continue
        if here == "(done)":
            return tiles
        if here != origin and colours.get(here) == cube:
            return tiles
        if cube == "black" and here in towns:
            # ending here needs an Urbanization first: a finish that costs town_tiles more
            if (("(done)", 0) not in best) or best[("(done)", 0)] > tiles + town_tiles:
                best[("(done)", 0)] = tiles + town_tiles
                heapq.heappush(heap, (tiles + town_tiles, 0, "(done)"))
        if used >= links or (here != origin and colours.get(here) == cube):
            continue
        for other, cost in adj.get(here, ()):
            if other == origin:
                continue
            state = (other, used + 1)
            if tiles + cost < best.get(state, 10 ** 9):
                best[state] = tiles + cost
                heapq.heappush(heap, (tiles + cost, used + 1, other))
    return None


# -- the links both planners steer by (Easter Island) ---------------------------------------------
_TARGET_LINKS: dict = {}
_TARGET_HEXES: dict = {}


def target_links(game: Game) -> tuple[tuple, ...]:
    """Easter Island: the links of the exact cheapest network joining the ruins on the start's
    free land (:func:`~zoobook.steam.easter.connect.cheapest_network`), each as its hexes from
    city to city; the plan search steers its track along them. Other maps: none."""
    if game.rules.name != "easter":
        return ()
    hit = _TARGET_LINKS.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    from zoobook.steam.easter.connect import cheapest_network
    from zoobook.steam.easter.island import TRACK_COST

    island = game.start.board
    hexmap = island.hexmap
    used = {tuple(h) for t in hexmap.tracks for h in t.hexes}
    costs = {h: TRACK_COST.get(t, 3) for h, t in game.land.items() if tuple(h) not in used}
    try:
        network = cheapest_network(costs, island.node_names(), island.ruins(), max_relaxations=2000)
        links = tuple(tuple(tuple(h) for h in link.hexes) for link in network.links)
    except Exception:  # no network or a budget exceeded: plan without targets
        links = ()
    _TARGET_LINKS[id(game)] = (game, links)
    return links


def target_hexes(game: Game) -> frozenset:
    """The hexes of :func:`target_links` between their cities: where the planners steer new track."""
    hit = _TARGET_HEXES.get(id(game))
    if hit is None or hit[0] is not game:
        hit = (game, frozenset(h for link in target_links(game) for h in link[1:-1]))
        _TARGET_HEXES[id(game)] = hit
    return hit[1]
