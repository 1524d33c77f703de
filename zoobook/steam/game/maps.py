"""The full-size set-ups of both solo maps, as games ready to play.

The maps' rules are :mod:`.map_rules`; here they are laid out at full size: the assumed Zoo
board (S16) and Easter Island at each difficulty (S14), each a :class:`~.state.Game` whose
start is the set-up's.
"""

from __future__ import annotations

from zoobook.steam.game.state import Game

__all__ = ["FULL_SETUPS", "full_setup", "full_zoo_map", "setup_name"]


# -- the full-size set-ups ----------------------------------------------------------------------

#: The full set-ups by name: the assumed Zoo board (S16) and Easter Island at each difficulty (S14).
FULL_SETUPS = ("zoo", "easter-easy", "easter-normal", "easter-hard")


def setup_name(name: str, difficulty: str | None = None) -> tuple[str, str | None]:
    """``("easter", "hard")`` from ``"easter-hard"`` or ``("easter", "Hard")``; ``("zoo", None)``.

    >>> setup_name("easter-hard"), setup_name("Easter", "Normal"), setup_name("zoo")
    (('easter', 'hard'), ('easter', 'normal'), ('zoo', None))
    >>> setup_name("easter")
    Traceback (most recent call last):
    ...
    ValueError: Easter Island needs a difficulty: easy, normal or hard (for example 'easter-hard')
    """
    text = str(name).strip().lower()
    if difficulty is None and "-" in text:
        text, difficulty = text.split("-", 1)
    if text == "zoo":
        if difficulty is not None:
            raise ValueError("the Zoo map has no difficulty levels")
        return "zoo", None
    if text != "easter":
        raise ValueError(f"no full set-up called {name!r} (the set-ups: {', '.join(FULL_SETUPS)})")
    if difficulty is None:
        raise ValueError("Easter Island needs a difficulty: easy, normal or hard (for example 'easter-hard')")
    level = str(difficulty).strip().lower()
    if level not in ("easy", "normal", "hard"):
        raise ValueError(f"the difficulty is easy, normal or hard, not {difficulty!r}")
    return "easter", level


def full_zoo_map():
    """The assumed full-size Zoo board (S16) as a :class:`~zoobook.steam.zoo.model.ZooMap` and
    its land (the drawn hexes that are not nodes), every value read from ``assumed.toml``.

    >>> zoo, land = full_zoo_map()
    >>> len(zoo.areas), len(zoo.exits), len(zoo.towns), len(land) + len(zoo.hexmap.nodes)
    (13, 4, 3, 87)
    >>> sorted({a.danger for a in zoo.areas})
    [1, 2, 3, 4, 5, 6]
    """
    from zoobook.assumed import assumed
    from zoobook.steam.ascii import parse_ascii
    from zoobook.steam.zoo.model import Area, Town, ZooMap

    drawn = parse_ascii(assumed("steam.zoo.map"))
    marks = drawn.marks
    areas = []
    for entry in assumed("steam.zoo.areas"):
        (h,) = marks[entry["mark"]]
        areas.append(Area(entry["name"], h, int(entry["danger"])))
    exits = list(marks.get("E", []))
    towns = [Town(h) for h in marks.get("T", [])]
    nodes = {a.hex for a in areas} | set(exits) | {t.hex for t in towns}
    land = {h: t for h, t in drawn.terrain.items() if h not in nodes}
    return ZooMap.build(areas, towns, exits), land


def full_setup(name: str, difficulty: str | None = None, *, turns: int | None = None):
    """The game of a full set-up: ``full_setup("zoo")``, ``full_setup("easter", "normal")`` or
    ``full_setup("easter-hard")``; the map, the cubes and the turn limit come from
    ``zoobook/data/assumed.toml`` (S10, S14, S16), the start from ruling S11b.

    >>> game = full_setup("easter", "hard")
    >>> game.rules.name, game.turns, game.rules.goods.goods_left(game.start.board)
    ('easter', 10, 20)
    >>> [full_setup(f"easter-{d}").rules.goods.goods_left(full_setup(f"easter-{d}").start.board)
    ...  for d in ("easy", "normal")]
    [16, 18]
    >>> full_setup("zoo").start.economy
    Economy(cash=10, income=0, shares=2, locomotive=1)
    """
    from zoobook.assumed import assumed
    from zoobook.steam.easter.island import easter_island
    from zoobook.steam.easter.moai import setup

    kind, level = setup_name(name, difficulty)
    if kind == "zoo":
        zoo, land = full_zoo_map()
        return Game.zoo(zoo, land, turns)
    plan = assumed("steam.easter.setup")
    count = 2 * len(plan["moai"]) + len(plan[level])
    colours = list(assumed("steam.easter.draw.colours"))[:count]
    island = setup(easter_island(), level.capitalize(), colours=colours)
    return Game.easter(island, turns)
