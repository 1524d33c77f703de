"""The toy game's rules: tiles with a weight; the question is the heaviest tile.

A toy puzzle lists tiles, each with a name, a weight (0-9) and the sides it has
walls on; ties go to the first in the file, and a puzzle with no tiles has no
solution. Small, but it has everything the loader must locate errors in: an
array of tables (``[[tile]]``) whose tables hold lists (``tile[3].walls[1]``).

>>> solve((ToyTile("a", 3), ToyTile("b", 7))).value
7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles import Solution, Table

__all__ = ["SIDES", "ToyTile", "parse", "solve", "dump"]

SIDES = ("N", "E", "S", "W")


@dataclass(frozen=True)
class ToyTile:
    name: str
    weight: int
    walls: tuple[str, ...] = ()


def _read_side(item: Any, key: str) -> str:
    if not isinstance(item, str) or item not in SIDES:
        raise PuzzleError(f"must be one of N, E, S, W, not {item!r}", key=key)
    return item


def parse(table: Table) -> tuple[ToyTile, ...]:
    tiles = []
    for tile in table.tables("tile"):
        tiles.append(ToyTile(tile.string("name"), tile.integer("weight", low=0, high=9),
                             tuple(tile.items("walls", _read_side, []))))
        tile.done()
    return tuple(tiles)


def solve(tiles: tuple[ToyTile, ...]) -> Solution:
    if not tiles:
        return Solution(None, None, ("There are no tiles, so no tile is the heaviest.",))
    best = max(tiles, key=lambda tile: tile.weight)  # max keeps the first of equals
    return Solution(best.weight, best.name,
                    (f"Tile {best.name} weighs {best.weight}.",
                     f"No tile of the {len(tiles)} weighs more."))


def dump(tiles: tuple[ToyTile, ...]) -> dict[str, Any]:
    return {"tile": [{"name": t.name, "weight": t.weight, "walls": list(t.walls)} for t in tiles]}
