"""Puzzle kinds of the Easter Island map: ``steam-easter/connect`` and ``steam-easter/moai``.

``steam-easter/connect`` (the puzzle-file contract, ``docs/puzzle-format.md``)::

    kind = "steam-easter/connect"
    plain = [[0, 0], [1, 0]]      # hexes where track may be laid
    mountain = [[2, 0]]
    [[city]]                      # name, hex = [q, r], colour, ruin (default false),
    name = "Red 3"                # cubes (bottom to top, at most 2; default none)
    hex = [3, 0]
    colour = "red"
    ruin = true
    cubes = ["red", "blue"]

``steam-easter/moai`` adds the network already built and the locomotive level::

    kind = "steam-easter/moai"
    locomotive = 2                # 1-6, the level at the start
    [[city]] ...                  # as above
    [[track]]                     # one complete link: a city hex, track hexes, a city hex
    hexes = [[0, 0], [1, 0], [2, 0]]

(``plain`` and ``mountain`` are optional there: they only draw the map.)

Examples
--------
>>> from zoobook.puzzles.loading import parse_puzzle
>>> text = '''id = "x"
... kind = "steam-easter/connect"
... plain = [[1, 0]]
... [[city]]
... name = "Red 3"
... hex = [0, 0]
... colour = "red"
... ruin = true
... [[city]]
... name = "Red 4"
... hex = [2, 0]
... colour = "red"
... ruin = true
... '''
>>> solution = parse_puzzle(text).solve()
>>> solution.value, solution.witness
(3, [[[0, 0], [1, 0], [2, 0]]])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles.fields import Table, read_int
from zoobook.puzzles.registry import PuzzleKind
from zoobook.puzzles.solution import Solution
from zoobook.steam.easter import connect as connect_solver
from zoobook.steam.easter.island import CUBE_COLOURS, MAX_STACK, TRACK_COST, City, Island
from zoobook.steam.hexmap import Hex

__all__ = ["parse_connect", "solve_connect", "dump_island", "parse_moai", "solve_moai", "dump_moai",
           "read_game_island", "MoaiQuestion", "KINDS"]


def _hex(value: Any, key: str) -> Hex:
    if not isinstance(value, list) or len(value) != 2:
        raise PuzzleError("must be a pair [q, r] of integers", key=key)
    return Hex(read_int(value[0], f"{key}[1]"), read_int(value[1], f"{key}[2]"))


def _colour(value: Any, key: str) -> str:
    if value not in CUBE_COLOURS:
        raise PuzzleError(f"must be one of {', '.join(CUBE_COLOURS)}, not {value!r}", key=key)
    return value


def _read_island(table: Table, *, with_tracks: bool, incomplete: bool = False) -> Island:
    plain = table.items("plain", _hex, [])
    mountain = table.items("mountain", _hex, [])
    cities = []
    names: set[str] = set()
    for t in table.tables("city"):
        name = t.string("name")
        if not name.strip():
            raise t.error("name", "must not be empty")
        if name in names:
            raise t.error("name", f"another city is already called {name!r}")
        names.add(name)
        h = _hex(t.raw("hex"), t.key("hex"))
        colour = t.choice("colour", CUBE_COLOURS)
        ruin = t.boolean("ruin", False)
        cubes = t.items("cubes", _colour, [], max_len=MAX_STACK)
        t.done()
        cities.append(City(name, h, colour, ruin, tuple(cubes)))
    _check_cubes(table, cities)
    tracks = []
    if with_tracks:
        for t in table.tables("track"):
            # a complete link has a city at each end; incomplete track, a city and a tile at least
            tracks.append(t.items("hexes", _hex, min_len=2 if incomplete else 3))
            t.done()
    island = Island.build(plain=plain, mountain=mountain, cities=cities, tracks=tracks)
    for index, link in enumerate(island.hexmap.links(), start=1):
        if not link.complete and not incomplete:
            raise PuzzleError("this track does not end at a city: only complete links carry cubes "
                              "(ruling S2)", key=f"track[{index}].hexes")
    return island


def _check_cubes(table: Table, cities: list[City]) -> None:
    """Refuse an island holding more cubes of a colour than the box has (rule S-BOX-1, F20)."""
    from collections import Counter

    from zoobook.steam.box import RULE, box_excess

    excess = box_excess("easter", cubes=Counter(c for city in cities for c in city.cubes))
    if excess is not None:
        raise table.error(excess[0], f"{excess[1]} ({RULE})")


def parse_connect(table: Table) -> Island:
    """The island of a ``steam-easter/connect`` file."""
    return _read_island(table, with_tracks=False)


def solve_connect(island: Island) -> Solution:
    """The cheapest network joining every ruin, its links as witness."""
    result = island.connect()
    costs = {h: TRACK_COST[t] for h, t in island.hexmap.terrain if t in TRACK_COST}
    cities = island.node_names()
    witness = [[list(h) for h in link.hexes] for link in result.links]
    return Solution(result.cost, witness,
                    connect_solver.explain(result, cities, island.ruins(), costs))


def dump_island(island: Island) -> dict:
    """The kind-specific keys of a file for *island* (the inverse of parsing)."""
    terrain = island.hexmap.terrain
    body: dict[str, Any] = {
        "plain": [list(h) for h, t in terrain if t == "plain"],
        "mountain": [list(h) for h, t in terrain if t == "mountain"],
        "city": [],
    }
    for city in island.cities:
        entry: dict[str, Any] = {"name": city.name, "hex": list(city.hex), "colour": city.colour,
                                 "ruin": city.ruin}
        if city.cubes:
            entry["cubes"] = list(city.cubes)
        body["city"].append(entry)
    if island.hexmap.tracks:
        body["track"] = [{"hexes": [list(h) for h in t.hexes]} for t in island.hexmap.tracks]
    return body


# -- the moai -----------------------------------------------------------------------------

@dataclass(frozen=True)
class MoaiQuestion:
    """A ``steam-easter/moai`` puzzle: an island with its network built, and the level."""

    island: Island
    locomotive: int


def read_game_island(table: Table) -> Island:
    """The island of a whole game (``steam-easter/clear``): the moai kind's keys, but its
    ``[[track]]`` may be incomplete, a city and one tile or more, as on the Zoo map: track
    written in a file was laid in a build before its first turn (S15, S15a)."""
    return _read_island(table, with_tracks=True, incomplete=True)


def parse_moai(table: Table) -> MoaiQuestion:
    """The question of a ``steam-easter/moai`` file."""
    from zoobook.steam.easter.moai import MAX_LEVEL

    locomotive = table.integer("locomotive", low=1, high=MAX_LEVEL)
    return MoaiQuestion(_read_island(table, with_tracks=True), locomotive)


def solve_moai(question: MoaiQuestion) -> Solution:
    """The fewest turns to remove every cube (see :mod:`zoobook.steam.easter.clearing`)."""
    from zoobook.steam.easter.clearing import clearing_solution

    return clearing_solution(question.island, question.locomotive)


def dump_moai(question: MoaiQuestion) -> dict:
    """The kind-specific keys of a file for *question*."""
    body = dump_island(question.island)
    if not body["plain"]:
        del body["plain"]
    if not body["mountain"]:
        del body["mountain"]
    return {"locomotive": question.locomotive, **body}


KINDS = (
    PuzzleKind("steam-easter/connect",
               "Easter Island: the cheapest network of complete links joining every ruin",
               parse_connect, solve_connect, dump_island),
    PuzzleKind("steam-easter/moai",
               "Easter Island: the fewest turns to ship every moai cube away on a built network",
               parse_moai, solve_moai, dump_moai),
)

# Hooks found by the registry, imported only when used (zoobook.puzzles.registry).
VIEWS = {"steam-easter/connect": "zoobook.widgets.kind_views:CONNECT_VIEW",
         "steam-easter/moai": "zoobook.widgets.kind_views:MOAI_VIEW"}
GENERATORS = {"steam-easter/connect": "zoobook.generate.easter:CONNECT_GENERATOR",
              "steam-easter/moai": "zoobook.generate.easter:MOAI_GENERATOR"}
