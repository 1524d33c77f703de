"""The tests' own puzzle kind, ``toy/heaviest``: proves the machinery without a game.

A toy puzzle lists tiles, each with a name, a weight (0-9) and the sides it has
walls on; the question is the heaviest tile (ties go to the first in the file),
and a puzzle with no tiles has no solution. Small, but it has everything the
loader must locate errors in: an array of tables (``[[tile]]``) whose tables hold
lists (``tile[3].walls[1]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles import PuzzleKind, Solution, Table

__all__ = ["ToyTile", "TOY", "TOY_KINDS", "VALID_TOY", "toy_file"]

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


TOY = PuzzleKind("toy/heaviest", "the heaviest tile", parse, solve, dump)
TOY_KINDS = (TOY,)

VALID_TOY = '''\
id = "three-tiles"
kind = "toy/heaviest"
title = "Three tiles"
difficulty = 2
themes = ["maximum", "reading files"]
description = "Which tile is heaviest?"

[[tile]]
name = "a"
weight = 3
walls = ["N"]

[[tile]]
name = "b"
weight = 7

[[tile]]
name = "c"
weight = 5
walls = ["E", "S"]

[answer]
value = 7
'''


def toy_file(directory, name: str = "three-tiles.toml", text: str = VALID_TOY):
    """Write *text* as ``directory/name`` and return its path."""
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
