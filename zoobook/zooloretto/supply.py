"""The box of a Zooloretto game: which tiles are in play for a player count and expansions.

The base game (rulings Z1, Z5) puts into the supply, by player count:

* 11 animal tiles (7 plain, 2 fertile males, 2 fertile females) of each species in play
  (2 players 5 species, 3 players 6, 4 players 7, 5 players 8);
* 12 vending stalls (4 types x 3) and 12 coin tiles;
* with Construction Sites, the markers: :data:`~zoobook.zooloretto.model.SITES_PER_KIND` of each
  kind (9 in all; the count is ASSUMED by ruling Z10).

Offspring tiles (2 per species in play) wait beside the supply, and Three Additional
Buildings puts its 4 tiles (restaurant, souvenir shop, 2 pavilions) in the middle of the table.
A delivery truck holds 3 tiles; a 2-player game uses 3 trucks of capacity 3, 2 and 1.

A tile of the supply is written as a *code*: the :class:`~zoobook.zooloretto.model.Tile`
text (``"zebra"``, ``"zebra-male"``, ``"kiosk"``, ``"coin"``) or, for a marker, ``"site:enclosure"``,
``"site:stall"`` or ``"site:barn"``.

Examples
--------
>>> box = box_counts(2, ("panda", "zebra"), sites=True)
>>> box["zebra"], box["zebra-male"], box["kiosk"], box["coin"], box["site:barn"]
(7, 2, 3, 12, 3)
>>> sum(box.values()) == 2 * 11 + 12 + 12 + 9
True
>>> truck_capacities(2), truck_capacities(4)
((3, 2, 1), (3, 3, 3, 3))
>>> marker_kind("site:stall"), marker_kind("zebra")
('stall', None)
"""

from __future__ import annotations

from collections import Counter

from zoobook.assumed import assumed
from zoobook.zooloretto.model import (
    ANIMALS_PER_SPECIES, FERTILE_PER_SEX, OFFSPRING_PER_SPECIES, SITES_PER_KIND, SPECIES,
    SPECIES_IN_PLAY, STALL_TYPES, STALLS_PER_TYPE,
)

__all__ = ["COIN_TILES", "END_STACK", "TRUCK_CAPACITY", "SITE_PREFIX", "MARKER_KINDS",
           "box_counts", "truck_capacities", "species_count", "marker_kind", "marker_code",
           "offspring_in_box", "markers_in_box"]

#: Base game: 12 coin tiles.
COIN_TILES = 12
#: The last 15 tiles of the supply: the round in which the first of them is drawn is the last.
END_STACK = 15
#: A delivery truck holds 3 tiles (2 players: 3, 2 and 1).
TRUCK_CAPACITY = 3
SITE_PREFIX = "site:"
MARKER_KINDS = ("enclosure", "stall", "barn")


def species_count(players: int) -> int:
    """Species in play: 2 players 5, 3 players 6, 4 players 7, 5 players 8."""
    if players not in SPECIES_IN_PLAY:
        raise ValueError(f"Zooloretto is played by 2 to 5 players, not {players}")
    return SPECIES_IN_PLAY[players]


def truck_capacities(players: int) -> tuple[int, ...]:
    """One truck of 3 per player; with 2 players three trucks of 3, 2 and 1."""
    species_count(players)
    return (3, 2, 1) if players == 2 else (TRUCK_CAPACITY,) * players


def marker_code(kind: str) -> str:
    return SITE_PREFIX + kind


def marker_kind(code: str) -> str | None:
    """The kind of a marker code (``"site:barn"`` -> ``"barn"``), None for any other tile."""
    return code[len(SITE_PREFIX):] if code.startswith(SITE_PREFIX) else None


def box_counts(players: int, species, *, sites: bool) -> Counter:
    """Every tile that goes into the supply (codes -> counts) for *species* in play."""
    species_count(players)
    plain = ANIMALS_PER_SPECIES - 2 * FERTILE_PER_SEX
    box: Counter = Counter()
    for name in species:
        if name not in SPECIES:
            raise ValueError(f"{name!r} is not a species")
        box[name] = plain
        box[f"{name}-male"] = FERTILE_PER_SEX
        box[f"{name}-female"] = FERTILE_PER_SEX
    for stall in STALL_TYPES:
        box[stall] = STALLS_PER_TYPE
    box["coin"] = COIN_TILES
    if sites:
        for kind, count in markers_in_box().items():
            box[marker_code(kind)] = count
    return box


def markers_in_box() -> dict[str, int]:
    """Construction-site markers by kind: the assumed count (ruling Z10) where the assumed-values
    file gives it, else the model's 3 of each kind.

    >>> sum(markers_in_box().values())
    9
    """
    try:
        counts = assumed("zooloretto.construction_site_markers")
    except KeyError:
        return {kind: SITES_PER_KIND for kind in MARKER_KINDS}
    return {kind: int(counts[kind]) for kind in MARKER_KINDS}


def offspring_in_box(species) -> int:
    """Offspring tiles beside the supply: 2 per species in play."""
    return OFFSPRING_PER_SPECIES * len(tuple(species))
