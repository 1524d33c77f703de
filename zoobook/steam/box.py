"""What the Age of Steam box holds, and the check that no map holds more (rule S-BOX-1, F20).

A map painted in the editor or read from a puzzle file is made of the box's components:
the Zoo map's exit hexes, the new city tiles that Urbanization lays on towns, and the goods
cubes (the Zoo's food, Easter Island's moai). No map may hold more of one than the box has:

* exits: the Zoo map has 4 exit hexes (the Zoo rulebook, stated; a smaller map may have fewer);
* towns: each town takes one new city tile when urbanized. Easter Island uses only its
  4 black new city tiles (the Easter Island rulebook, stated); the Zoo map may use any new
  city tile, and the box's count of those is ASSUMED (``steam.box.new_city_tiles``);
* goods cubes by colour: ASSUMED (``steam.box.goods_cubes``; no text here gives the split
  of the base game's cubes). Easter Island's moai cubes count against their colour; the
  Zoo's food is 2 cubes of any colour on each animal area, so it counts against the total.

The base game's track tiles are not counted: the engine lays track hex by hex with no
supply (one track per hex, ruling S2), so no map comes near the box's tiles.

Examples
--------
>>> box_excess("zoo", exits=5)
('exit', 'the map has 5 exits, but the Zoo map has only 4 exit hexes')
>>> box_excess("easter", towns=4, cubes={"red": 3, "black": 2}) is None
True
>>> box_excess("easter", towns=5)[1]
'the island has 5 towns, but the box has only 4 black new city tiles for Easter Island'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from zoobook.assumed import assumed

__all__ = ["ZOO_EXITS", "EASTER_NEW_CITIES", "RULE", "goods_cubes", "new_city_tiles", "box_excess"]

#: The Zoo map's exit hexes (Zoo rulebook: "This map has 4 exit hexes").
ZOO_EXITS = 4
#: Easter Island urbanizes "only on the 4 black new city tiles" (Easter Island rulebook).
EASTER_NEW_CITIES = 4
#: The rules index entry every refusal of this module cites.
RULE = "S-BOX-1"


def goods_cubes() -> dict[str, int]:
    """The box's goods cubes by colour (ASSUMED, ``steam.box.goods_cubes``)."""
    return {colour: int(n) for colour, n in assumed("steam.box.goods_cubes").items()}


def new_city_tiles() -> int:
    """The box's new city tiles of every colour (ASSUMED, ``steam.box.new_city_tiles``)."""
    return int(assumed("steam.box.new_city_tiles"))


def box_excess(map: str, *, exits: int = 0, towns: int = 0, food: int = 0,
               cubes: Mapping[str, int] | None = None) -> tuple[str, str] | None:
    """The first component a map holds more of than the box has, as ``(file key, reason)``
    (the reason without the rule: callers cite :data:`RULE`); None when everything fits.
    *map* is ``"zoo"`` or ``"easter"``; *food* is the Zoo's food cubes, *cubes* Easter
    Island's cubes by colour."""
    where = "the map" if map == "zoo" else "the island"
    if exits > ZOO_EXITS:
        return "exit", f"{where} has {exits} exits, but the Zoo map has only {ZOO_EXITS} exit hexes"
    limit = new_city_tiles() if map == "zoo" else EASTER_NEW_CITIES
    if towns > limit:
        tiles = "new city tiles" if map == "zoo" else "black new city tiles for Easter Island"
        return "town", f"{where} has {towns} towns, but the box has only {limit} {tiles}"
    box = goods_cubes()
    total = sum(box.values())
    if food > total:
        return "area", f"{where} has {food} food cubes, but the box has only {total} goods cubes"
    for colour, n in sorted(Counter(cubes or {}).items()):
        if n > box.get(colour, 0):
            return "city", (f"{where} has {n} {colour} cubes, but the box has only "
                            f"{box.get(colour, 0)} {colour} cubes")
    return None
