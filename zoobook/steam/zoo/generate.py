"""Random Zoo maps, for puzzles and benchmarks (a generator to go with the solver).

:func:`random_zoo` scatters animal areas, exits and towns over a rectangle of
hexes (drawn in the shape the ASCII shorthand shows, rows shifted half a hex)
and joins nearby nodes with track laid along shortest free paths, as a player
would, leaving a few links unfinished. Everything comes from one
:class:`random.Random`, so a seed gives the same map every time.

Examples
--------
>>> import random
>>> zoo = random_zoo(random.Random(1), width=8, height=6, areas=4, exits=2, towns=1)
>>> len(zoo.areas), len(zoo.exits), len(zoo.towns)
(4, 2, 1)
>>> zoo == random_zoo(random.Random(1), width=8, height=6, areas=4, exits=2, towns=1)
True
"""

from __future__ import annotations

import random
from collections import deque

from zoobook.hexgrid import Hex, distance, neighbours
from zoobook.steam.zoo.model import MAX_LEVEL, Area, Town, ZooMap

__all__ = ["rectangle", "random_zoo", "ANIMALS"]

#: Names for generated animal areas.
ANIMALS = ("zebras", "lions", "camels", "bears", "otters", "pandas", "gnus", "yaks", "wolves",
           "hippos", "koalas", "lemurs", "okapis", "rhinos", "tapirs", "seals", "storks", "tigers")


def rectangle(width: int, height: int) -> list[Hex]:
    """The hexes of a *width* x *height* block of rows, each row shifted as drawn.

    >>> len(rectangle(3, 2)), rectangle(3, 2)[3]
    (6, Hex(q=0, r=1))
    """
    return [Hex(col - r // 2, r) for r in range(height) for col in range(width)]


def _free_path(start: Hex, goal: Hex, free: set[Hex], limit: int) -> list[Hex] | None:
    """The shortest run of free hexes from next to *start* to next to *goal* (BFS)."""
    parent: dict[Hex, Hex | None] = {}
    queue = deque()
    for h in neighbours(start):
        if h in free:
            parent[h] = None
            queue.append((h, 1))
    while queue:
        h, n = queue.popleft()
        if goal in neighbours(h):
            path = [h]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1]
        if n == limit:
            continue
        for nxt in neighbours(h):
            if nxt in free and nxt not in parent:
                parent[nxt] = h
                queue.append((nxt, n + 1))
    return None


def random_zoo(rng: random.Random, *, width: int = 12, height: int = 10, areas: int = 6,
               exits: int = 2, towns: int = 1, links_per_node: int = 3, max_track: int = 4,
               stubs: int = 1) -> ZooMap:
    """A random Zoo map on a *width* x *height* rectangle.

    Nodes never touch each other. Each node is joined to up to *links_per_node* of
    its nearest nodes by track of at most *max_track* hexes (fewer where the
    hexes are taken); *stubs* tracks are left incomplete.
    """
    cells = rectangle(width, height)
    wanted = areas + exits + towns
    spots: list[Hex] = []
    for h in rng.sample(cells, len(cells)):
        if all(h not in neighbours(s) for s in spots):
            spots.append(h)
        if len(spots) == wanted:
            break
    if len(spots) < wanted:
        raise ValueError(f"a {width}x{height} map has no room for {wanted} separate nodes")
    area_list = [Area(name, h, rng.randint(1, MAX_LEVEL))
                 for name, h in zip(rng.sample(ANIMALS, areas) if areas <= len(ANIMALS)
                                    else [f"area{i}" for i in range(areas)], spots)]
    exit_list = spots[areas:areas + exits]
    town_list = [Town(h, rng.random() < 0.5) for h in spots[areas + exits:]]
    free = set(cells) - set(spots)
    tracks: list[list[Hex]] = []
    joined: set[frozenset[Hex]] = set()
    for a in spots:
        near = sorted((s for s in spots if s != a), key=lambda s: (distance(a, s), rng.random()))
        for b in near[:links_per_node]:
            pair = frozenset((a, b))
            if pair in joined:
                continue
            path = _free_path(a, b, free, max_track)
            if path is None:
                continue
            joined.add(pair)
            free -= set(path)
            tracks.append([a, *path, b])
    for _ in range(stubs):
        a = rng.choice(spots)
        options = [h for h in neighbours(a) if h in free]
        if options:
            stub = [a, rng.choice(options)]
            free.discard(stub[-1])
            tracks.append(stub)
    return ZooMap.build(area_list, town_list, exit_list, tracks,
                        terrain={h: "plain" for h in cells})

