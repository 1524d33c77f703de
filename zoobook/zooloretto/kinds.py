"""The Zooloretto puzzle kinds: final score, truck placement, sabotage, investment."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles.fields import Table, parsed
from zoobook.puzzles.registry import PuzzleKind
from zoobook.puzzles.solution import Solution
from zoobook.rulings import cite
from zoobook.zooloretto.actions import SITE_KINDS
from zoobook.zooloretto.decision_kind import DECISION_KIND
from zoobook.zooloretto.files import check_box, read_zoo, zoo_dict
from zoobook.zooloretto.invest import solve_invest
from zoobook.zooloretto.model import CONSTRUCTION_SITES, THREE_BUILDINGS, Tile, Zoo
from zoobook.zooloretto.sabotage import solve_sabotage
from zoobook.zooloretto.scoring import score
from zoobook.zooloretto.truck import solve_truck

__all__ = ["KINDS", "TruckPuzzle", "SabotagePuzzle", "InvestPuzzle", "solve_score"]

#: A delivery truck holds at most 3 tiles. The look-ahead kinds search every placement of the tiles
#: to come (once per purchase or marker placement), so they are kept to a size that solves in seconds.
TRUCK_TILES = 3
SABOTAGE_TILES = 3
TILES_TO_COME = 4


@dataclass(frozen=True)
class TruckPuzzle:
    zoo: Zoo
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class SabotagePuzzle:
    zoo: Zoo
    markers: tuple[str, ...]
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class InvestPuzzle:
    zoo: Zoo
    tiles: tuple[Tile, ...]


_tile = parsed(Tile.parse, '"zebra-male"')


def _marker(value: Any, key: str) -> str:
    if value not in SITE_KINDS:
        raise PuzzleError(f"a construction-site marker is one of {', '.join(SITE_KINDS)}, not {value!r}", key=key)
    return value


# -- zooloretto/score ------------------------------------------------------------------------
def solve_score(zoo: Zoo) -> Solution:
    """The final score; the witness is the breakdown line by line."""
    result = score(zoo)
    explanation = list(result.flags)
    sums = " ".join(f"{'-' if line.points < 0 else '+'} {abs(line.points)}" for line in result.lines)
    explanation.append(f"The zoo scores {result.total}: {sums.removeprefix('+ ')}.")
    rules = sorted({line.rule for line in result.lines} - {"Z1"})
    if rules:
        explanation.append("Expansion rules used: " + "; ".join(cite(r) for r in rules) + ".")
    explanation.append(f"Enclosures score full, one space short, or 1 per animal beside a vending stall; "
                       f"stalls and barn as in the base game {cite('Z1')}.")
    return Solution(result.total, result.breakdown(), tuple(explanation))


# -- the decision kinds -------------------------------------------------------------------------
def _parse_truck(table: Table) -> TruckPuzzle:
    zoo = read_zoo(table)
    tiles = tuple(table.items("truck", _tile, min_len=1, max_len=TRUCK_TILES))
    zoo = check_box(table, zoo, tiles, tiles_key="truck")
    return TruckPuzzle(zoo, tiles)


def _parse_sabotage(table: Table) -> SabotagePuzzle:
    zoo = read_zoo(table)
    if CONSTRUCTION_SITES not in zoo.expansions:
        raise table.error("expansions", "a sabotage puzzle needs \"construction-sites\" in expansions")
    markers = tuple(table.items("markers", _marker, min_len=1, max_len=TRUCK_TILES))
    tiles = tuple(table.items("tiles", _tile, [], max_len=SABOTAGE_TILES))
    zoo = check_box(table, zoo, tiles, markers)
    return SabotagePuzzle(zoo, markers, tiles)


def _parse_invest(table: Table) -> InvestPuzzle:
    zoo = read_zoo(table)
    if THREE_BUILDINGS not in zoo.expansions:
        raise table.error("expansions", "an investment puzzle needs \"three-buildings\" in expansions")
    tiles = tuple(table.items("tiles", _tile, [], max_len=TILES_TO_COME))
    zoo = check_box(table, zoo, tiles)
    return InvestPuzzle(zoo, tiles)


def _dump_tiles(tiles) -> list[str]:
    return [str(t) for t in tiles]


KINDS = (
    PuzzleKind("zooloretto/score", "the final score of one zoo, line by line",
               read_zoo, solve_score, zoo_dict),
    PuzzleKind("zooloretto/truck", "the best place for each tile of a truck if the game ended now",
               _parse_truck, lambda p: solve_truck(p.zoo, p.tiles),
               lambda p: {**zoo_dict(p.zoo), "truck": _dump_tiles(p.tiles)}),
    PuzzleKind("zooloretto/sabotage", "where construction-site markers cost an opponent the most points",
               _parse_sabotage, lambda p: solve_sabotage(p.zoo, p.markers, p.tiles),
               lambda p: {**zoo_dict(p.zoo), "markers": list(p.markers), "tiles": _dump_tiles(p.tiles)}),
    PuzzleKind("zooloretto/invest", "whether buying the restaurant or a pavilion now raises the best final score",
               _parse_invest, lambda p: solve_invest(p.zoo, p.tiles),
               lambda p: {**zoo_dict(p.zoo), "tiles": _dump_tiles(p.tiles)}),
    DECISION_KIND,     # "find a better move" at a position of a recorded game (zoobook review --puzzles)
)

# Hooks found by the registry, imported only when used (zoobook.puzzles.registry).
VIEWS = {f"zooloretto/{question}": f"zoobook.widgets.kind_views:{question.upper()}_VIEW"
         for question in ("score", "truck", "sabotage", "invest")} | {
         "zooloretto/decision": "zoobook.widgets.kind_views:ZOOLORETTO_DECISION_VIEW"}
GENERATORS = {f"zooloretto/{question}": f"zoobook.generate.zooloretto:{question.upper()}_GENERATOR"
              for question in ("score", "truck", "sabotage", "invest")}
