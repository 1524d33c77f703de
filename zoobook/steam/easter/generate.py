"""Random Easter-like islands, for puzzles, the lesson's experiments and the benchmark.

Examples
--------
>>> island = random_island(hexes=40, ruins=4, junctions=1, seed=7)
>>> len(island.hexmap.hexes()), len(island.ruins()), len(island.cities)
(40, 4, 5)
"""

from __future__ import annotations

import random

from zoobook.hexgrid import Hex, neighbours
from zoobook.steam.easter.island import City, Island

__all__ = ["random_island", "COLOUR_NAMES"]

COLOUR_NAMES = ("red", "blue", "yellow")


def random_island(hexes: int = 60, ruins: int = 5, junctions: int = 1, *, mountains: float = 0.3,
                  seed: int | None = None) -> Island:
    """A random blob of *hexes* hexes with *ruins* ruins and *junctions* other cities.

    Cities are never neighbours (so every link needs track), about *mountains* of the
    other hexes are mountains, and the rest plain. No cubes, no track.
    """
    if ruins + junctions > hexes // 3:
        raise ValueError("too many cities for the island: keep them under a third of the hexes")
    rng = random.Random(seed)
    blob = [Hex(0, 0)]
    inside = {Hex(0, 0)}
    while len(blob) < hexes:
        h = rng.choice(neighbours(rng.choice(blob)))
        if h not in inside:
            inside.add(h)
            blob.append(h)
    cities: list[City] = []
    taken: set[Hex] = set()
    order = blob[:]
    rng.shuffle(order)
    for h in order:
        if len(cities) == ruins + junctions:
            break
        if h in taken or any(n in taken for n in neighbours(h)):
            continue
        index = len(cities)
        ruin = index < ruins
        colour = rng.choice(COLOUR_NAMES)
        name = f"{colour.title()} {index + 1}" if ruin else f"Town {index + 1 - ruins}"
        cities.append(City(name, h, colour if ruin else "black", ruin))
        taken.add(h)
    if len(cities) < ruins + junctions:
        raise ValueError("could not space the cities out on this island; try another seed")
    plain = [h for h in blob if h not in taken and rng.random() >= mountains]
    mountain = [h for h in blob if h not in taken and h not in set(plain)]
    return Island.build(plain=plain, mountain=mountain, cities=cities)
