"""Puzzle kind ``steam-zoo/shipment``: the lowest locomotive level for one shipment.

The file format is the puzzle-file contract (``docs/puzzle-format.md``)::

    kind = "steam-zoo/shipment"
    from = "zebra"
    to = "lion"
    feeding = false
    [[area]]            # name, hex = [q, r], danger 1-6, food 0-2 (default 2), fed (default false)
    [[exit]]            # hex
    [[town]]            # hex, urbanized (default false)
    [[track]]           # hexes = [[q, r], ...]: a node hex, the track hexes in order, a node hex

As a shorthand, the hexes may instead come from an ASCII-art ``map`` (see
:mod:`zoobook.steam.ascii`): areas then give ``mark = "L"`` instead of ``hex``,
``E`` marks exits, ``T`` towns, ``U`` urbanized towns (new cities) and lower-case
labels mark each track's hexes.

Examples
--------
>>> from zoobook.puzzles.loading import parse_puzzle
>>> text = '''id = "x"
... kind = "steam-zoo/shipment"
... from = "zebra"
... to = "lion"
... [[area]]
... name = "zebra"
... hex = [0, 0]
... danger = 2
... [[area]]
... name = "lion"
... hex = [2, 0]
... danger = 6
... [[track]]
... hexes = [[0, 0], [1, 0], [2, 0]]
... '''
>>> parse_puzzle(text).solve().value
2
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from zoobook.errors import PuzzleError
from zoobook.puzzles.fields import Table, read_int
from zoobook.puzzles.registry import PuzzleKind
from zoobook.puzzles.solution import Solution
from zoobook.steam import ascii as ascii_map
from zoobook.steam.hexmap import Hex, MapError
from zoobook.steam.zoo.model import MAX_LEVEL, START_FOOD, Area, Town, ZooMap
from zoobook.steam.zoo.shipping import level_table, shipment_solution

__all__ = ["ShipmentQuestion", "parse", "solve", "dump", "dump_ascii", "format_level_table", "KINDS",
           "COMMANDS", "read_hex"]

#: The marks the Zoo shorthand reserves: exits, towns, urbanized towns (new cities).
EXIT_MARK, TOWN_MARK, NEW_CITY_MARK = "E", "T", "U"


@dataclass(frozen=True)
class ShipmentQuestion:
    """One ``steam-zoo/shipment`` puzzle: a map, the two areas and the Feeding flag."""

    zoo: ZooMap
    origin: str
    destination: str
    feeding: bool = False


def read_hex(value: Any, key: str) -> Hex:
    """An ``[q, r]`` pair from a file (for :meth:`Table.items`).

    >>> read_hex([3, -2], "hex")
    Hex(q=3, r=-2)
    >>> read_hex([3], "area[1].hex")
    Traceback (most recent call last):
    ...
    zoobook.errors.PuzzleError: area[1].hex: must be a pair [q, r] of integers
    """
    if not isinstance(value, list) or len(value) != 2:
        raise PuzzleError("must be a pair [q, r] of integers", key=key)
    return Hex(read_int(value[0], f"{key}[1]"), read_int(value[1], f"{key}[2]"))


def _hex_of(table: Table, marks: dict[str, list[Hex]] | None, what: str) -> Hex:
    """An area's hex: ``hex = [q, r]``, or ``mark = "L"`` found once on the ASCII map."""
    if "mark" in table:
        if marks is None:
            raise table.error("mark", "a mark needs an ASCII-art map (key 'map')")
        mark = table.string("mark")
        found = marks.get(mark, [])
        if len(found) != 1:
            where = "not on the map" if not found else f"on the map {len(found)} times"
            raise table.error("mark", f"{mark!r} is {where}; an area's mark appears once")
        if "hex" in table:
            raise table.error("hex", f"give either hex or mark for one {what}, not both")
        return found[0]
    value = table.raw("hex")
    return read_hex(value, table.key("hex"))


def parse(table: Table) -> ShipmentQuestion:
    """The rules model of a ``steam-zoo/shipment`` file (strict; see the module docstring)."""
    origin = table.string("from")
    destination = table.string("to")
    feeding = table.boolean("feeding", False)
    drawn = None
    if "map" in table:
        try:
            drawn = ascii_map.parse_ascii(table.string("map"))
        except PuzzleError as exc:
            raise exc.at(prefix="map") from None
    marks = drawn.marks if drawn else None
    areas, towns, exits = [], [], []
    seen: dict[Hex, str] = {}

    def claim(h: Hex, key: str) -> None:
        if h in seen:
            raise PuzzleError(f"{tuple(h)} is already {seen[h]}", key=key)
        seen[h] = key

    for t in table.tables("area"):
        name = t.string("name")
        if not name.strip():
            raise t.error("name", "must not be empty")
        if re.fullmatch(r"-?\d+,-?\d+", name):
            raise t.error("name", f"{name!r} looks like a hex; 'q,r' names are kept for exits and towns")
        h = _hex_of(t, marks, "area")
        danger = t.integer("danger", low=1, high=MAX_LEVEL)
        food = t.integer("food", START_FOOD, low=0, high=START_FOOD)
        fed = t.boolean("fed", False)
        t.done()
        if name in (a.name for a in areas):
            raise t.error("name", f"another area is already called {name!r}")
        claim(h, t.key("hex"))
        areas.append(Area(name, h, danger, food, fed))
    for t in table.tables("exit"):
        h = read_hex(t.raw("hex"), t.key("hex"))
        t.done()
        claim(h, t.key("hex"))
        exits.append(h)
    for t in table.tables("town"):
        h = read_hex(t.raw("hex"), t.key("hex"))
        urbanized = t.boolean("urbanized", False)
        t.done()
        claim(h, t.key("hex"))
        towns.append(Town(h, urbanized))
    tracks = []
    for t in table.tables("track"):
        tracks.append(t.items("hexes", read_hex, min_len=2))
        t.done()
    if drawn is not None:
        for mark, hexes in drawn.marks.items():
            for h in hexes:
                if mark == EXIT_MARK:
                    claim(h, "map"), exits.append(h)
                elif mark in (TOWN_MARK, NEW_CITY_MARK):
                    claim(h, "map"), towns.append(Town(h, mark == NEW_CITY_MARK))
                elif h not in seen:
                    raise PuzzleError(f"the mark {mark!r} at {tuple(h)} is no area's mark "
                                      f"(E exit, T town, U new city)", key="map")
    _check_box(table, areas, exits, towns)
    names = [a.name for a in areas]
    for key, name in (("from", origin), ("to", destination)):
        if name not in names:
            raise table.error(key, f"{name!r} is not an animal area (areas: {', '.join(names) or 'none'})")
    if origin == destination:
        raise table.error("to", "a shipment goes to another animal area than the one it starts from")
    try:
        drawn_tracks = drawn.tracks(set(seen)) if drawn is not None else []
    except PuzzleError as exc:
        raise exc.at(prefix="map") from None
    try:
        zoo = ZooMap.build(areas, towns, exits, tracks + drawn_tracks,
                           terrain=drawn.terrain if drawn is not None else {})
    except MapError as exc:
        if exc.key.startswith("track[") and int(exc.key[6:].split("]")[0]) > len(tracks):
            raise PuzzleError(exc.reason, key="map") from None
        raise
    return ShipmentQuestion(zoo, origin, destination, feeding)


def _check_box(table: Table, areas, exits, towns) -> None:
    """Refuse a map holding more exits, towns or food than the box has (rule S-BOX-1, F20)."""
    from zoobook.steam.box import RULE, box_excess

    excess = box_excess("zoo", exits=len(exits), towns=len(towns), food=sum(a.food for a in areas))
    if excess is not None:
        key, reason = excess
        raise table.error(key if key in table else "map", f"{reason} ({RULE})")


def solve(question: ShipmentQuestion) -> Solution:
    """The lowest locomotive level, the route as witness, and why nothing lower works."""
    return shipment_solution(question.zoo, question.origin, question.destination,
                             feeding=question.feeding)


def dump(question: ShipmentQuestion) -> dict[str, Any]:
    """The kind's keys for *question*, in the explicit form of the contract."""
    zoo = question.zoo
    body: dict[str, Any] = {"from": question.origin, "to": question.destination,
                            "feeding": question.feeding}
    body["area"] = [_area_row(a, hex=list(a.hex)) for a in zoo.areas]
    if zoo.exits:
        body["exit"] = [{"hex": list(h)} for h in zoo.exits]
    if zoo.towns:
        body["town"] = [{"hex": list(t.hex), "urbanized": t.urbanized} for t in zoo.towns]
    if zoo.tracks:
        body["track"] = [{"hexes": [list(h) for h in t.hexes]} for t in zoo.tracks]
    return body


def _area_row(area: Area, **where: Any) -> dict[str, Any]:
    """An ``[[area]]`` table: its name, *where* it is (``hex`` or ``mark``), danger, and food and
    fed only when they differ from the start."""
    row: dict[str, Any] = {"name": area.name, **where, "danger": area.danger}
    if area.food != START_FOOD:
        row["food"] = area.food
    if area.fed:
        row["fed"] = True
    return row


def _marks(names: list[str]) -> dict[str, str]:
    """A short mark for each area: its initial, else initial + digit; never E, T or U alone."""
    taken = {EXIT_MARK, TOWN_MARK, NEW_CITY_MARK}
    out = {}
    for name in names:
        initial = (name[:1].upper() if name[:1].isalpha() else "A")
        for mark in [initial] + [f"{initial}{i}" for i in range(1, 10)] + [
                f"{chr(c)}{i}" for c in range(65, 91) for i in range(10)]:
            if mark not in taken:
                break
        taken.add(mark)
        out[name] = mark
    return out


def dump_ascii(question: ShipmentQuestion) -> dict[str, Any]:
    """The kind's keys for *question* in the ASCII shorthand (areas by ``mark``).

    Tracks the shorthand would misread (an end hex touching two nodes) stay as
    explicit ``[[track]]`` tables.

    Raises ValueError when the map does not fit the shorthand (see
    :func:`zoobook.steam.ascii.render_ascii`); :func:`dump` always works.
    """
    zoo = question.zoo
    marks = _marks(zoo.area_names())
    at = {a.hex: marks[a.name] for a in zoo.areas}
    at.update({h: EXIT_MARK for h in zoo.exits})
    at.update({t.hex: NEW_CITY_MARK if t.urbanized else TOWN_MARK for t in zoo.towns})
    drawn, explicit = ascii_map.drawable_tracks(at, [t.hexes for t in zoo.tracks])
    text = ascii_map.render_ascii(dict(zoo.terrain), at, drawn)
    body: dict[str, Any] = {"from": question.origin, "to": question.destination,
                            "feeding": question.feeding, "map": "\n" + text + "\n"}
    body["area"] = [_area_row(a, mark=marks[a.name]) for a in zoo.areas]
    if explicit:
        body["track"] = [{"hexes": [list(h) for h in t]} for t in explicit]
    return body


def format_level_table(zoo: ZooMap, *, feeding: bool = False) -> str:
    """The all-pairs table of lowest levels as aligned text (rows: from; columns: to; "-" none).

    >>> zoo = ZooMap.build([Area("a", (0, 0), 2), Area("b", (2, 0), 5)], tracks=[[(0, 0), (1, 0), (2, 0)]])
    >>> print(format_level_table(zoo))
    from \\ to  a  b
    a          .  2
    b          5  .
    """
    table = level_table(zoo, feeding=feeding)
    names = zoo.area_names()
    rows = [["from \\ to", *names]]
    for a in names:
        rows.append([a] + ["." if a == b else ("-" if table[(a, b)] is None else str(table[(a, b)]))
                           for b in names])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                                for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
                      for row in rows)


def _run_levels(args, out, err) -> int:
    import json

    from zoobook.puzzles.loading import load_puzzle

    puzzle = load_puzzle(args.file)
    zoo = getattr(puzzle.model, "zoo", None)
    if not isinstance(zoo, ZooMap):
        raise PuzzleError(f"'zoobook zoo-levels' needs a Zoo map, not a {puzzle.kind.name} puzzle",
                          file=args.file)
    if args.json:
        table = level_table(zoo, feeding=args.feeding)
        print(json.dumps([{"from": a, "to": b, "level": v} for (a, b), v in table.items()]), file=out)
    else:
        print(format_level_table(zoo, feeding=args.feeding), file=out)
    return 0


def add_levels_command(commands) -> None:
    """``zoobook zoo-levels FILE [--feeding] [--json]``: the all-pairs table of a Zoo map."""
    parser = commands.add_parser("zoo-levels", help="the lowest locomotive level for every pair of "
                                 "animal areas on a Zoo map (steam-zoo puzzle file)")
    parser.add_argument("file")
    parser.add_argument("--feeding", action="store_true", help="with the Feeding discount")
    parser.add_argument("--json", action="store_true", help="print a JSON list of {from, to, level}")
    parser.set_defaults(run=_run_levels)


COMMANDS = (add_levels_command,)

KINDS = (
    PuzzleKind("steam-zoo/shipment",
               "Age of Steam Zoo map: the lowest locomotive level for one food shipment",
               parse, solve, dump),
)

# Hooks found by the registry, imported only when used (zoobook.puzzles.registry).
VIEWS = {"steam-zoo/shipment": "zoobook.widgets.kind_views:SHIPMENT_VIEW"}
GENERATORS = {"steam-zoo/shipment": "zoobook.generate.zoo:SHIPMENT_GENERATOR"}
