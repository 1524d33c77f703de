"""The walks over free land the Age of Steam planners share, and the links they steer by.

Every planner that lays track asks the same two questions of a board: which land hexes hold no
track yet (:func:`free_land`; S2: a hex holds one track), and what the shortest walk over them
from a node (or from the end of a stub) to each other node is (:func:`shortest_free_paths`).
On Easter Island the planners also steer new track along the exact cheapest network joining
the ruins (:func:`target_links`, :func:`target_hexes`).

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> from zoobook.steam.game.state import Game
>>> island = Island.build(plain=[(1, 0), (2, 0), (4, 0)], cities=[
...     City("Red 1", (0, 0), "red", True, ("blue",)), City("Blue 1", (3, 0), "blue", True, ("red",)),
...     City("Red 2", (5, 0), "red", True)])
>>> game = Game.easter(island, turns=2)
>>> sorted(free_land(game, island.hexmap))
[(1, 0), (2, 0), (4, 0)]
>>> paths = shortest_free_paths({(0, 0): "Red 1", (3, 0): "Blue 1", (5, 0): "Red 2"},
...                             free_land(game, island.hexmap), (0, 0), "Red 1")
>>> paths["Blue 1"]
(((1, 0), (2, 0)), (3, 0))
"""

from __future__ import annotations

from zoobook.hexgrid import DIRECTIONS
from zoobook.steam.game.state import Game

__all__ = ["free_land", "shortest_free_paths", "target_links", "target_hexes"]

_STEPS = tuple(DIRECTIONS.values())  # the six axial offsets, in hexgrid's order


def free_land(game: Game, hexmap) -> set:
    """The hexes of *game*'s land with no track on *hexmap* yet: where new track may go (S2: a
    hex holds one track), as plain ``(q, r)`` tuples. Every planner's walks over free land
    (:mod:`.linkplan`, :mod:`.anytime`, :mod:`.bounds`) start from it.

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
    of the planners (the anytime planner's beams walk it).

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


# -- the links the planners steer by (Easter Island) ---------------------------------------------
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
