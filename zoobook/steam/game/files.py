"""Whole-game puzzle files: a map, its land, the turn limit and the start (kinds ``*/clear``).

A whole-game file is the map of the map's one-shipment or connect kind, plus:

* ``plain`` / ``mountain``: the hexes where track may be laid (lists of ``[q, r]``); a
  ``map`` drawn in the ASCII shorthand adds every drawn hex that is not a node;
* ``turns``: the turn limit (ruling S10: 10 when absent, from ``zoobook/data/assumed.toml``);
* ``[start]``: ``turn``, ``cash``, ``income``, ``shares``, ``locomotive``, ``hand`` (Zoo bonus
  tiles), ``blocked`` (Easter Island's blocked actions), all optional, for puzzles that start
  mid-game; absent keys take the map's start (ruling S11b: the Zoo $10, 2 shares, income 0,
  locomotive 1; Easter Island $10, 2 shares, income 0, locomotive 2; turn 1).

This module holds what both whole-game kinds share; :mod:`.kinds` has the kinds.
"""

from __future__ import annotations

from typing import Any

from zoobook.assumed import assumed
from zoobook.errors import PuzzleError
from zoobook.hexgrid import Hex
from zoobook.puzzles.fields import Table
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, Economy
from zoobook.steam.game.state import Game
from zoobook.steam.zoo.kinds import read_hex

__all__ = ["read_land", "read_start", "read_turns", "dump_start", "dump_land"]

def read_land(table: Table, drawn: dict[Hex, str] | None = None) -> dict[Hex, str]:
    """``plain`` and ``mountain`` hex lists (plus drawn terrain) as hex -> terrain."""
    land: dict[Hex, str] = dict(drawn or {})
    for name in ("plain", "mountain"):
        for h in table.items(name, read_hex, []):
            land[h] = name
    return land


def read_turns(table: Table) -> int:
    return table.integer("turns", assumed("steam.turns"), low=1, high=30)


def read_start(table: Table, cards: tuple[str, ...], default: Economy) -> dict[str, Any]:
    """The ``[start]`` table as keyword arguments of :meth:`Game.make`; absent keys take
    *default*, the map's start (S11b)."""
    if "start" not in table:
        return {}
    t = table.table("start")
    economy = Economy(cash=t.integer("cash", default.cash, low=0),
                      income=t.integer("income", default.income, low=0),
                      shares=t.integer("shares", default.shares, low=0, high=MAX_SHARES),
                      locomotive=t.integer("locomotive", default.locomotive, low=1, high=MAX_LEVEL))
    out: dict[str, Any] = {"economy": economy, "turn": t.integer("turn", 1, low=1)}
    out["hand"] = t.integer("hand", 0, low=0)
    blocked = t.items("blocked", lambda v, k: _card_name(v, k, cards), [])
    if blocked:
        out["blocked"] = frozenset(blocked)
    t.done()
    return out


def _card_name(value: Any, key: str, cards: tuple[str, ...]) -> str:
    if value not in cards:
        raise PuzzleError(f"must be one of {', '.join(cards)}, not {value!r}", key=key)
    return value


def dump_land(game: Game, drawn: bool = False) -> dict[str, Any]:
    body: dict[str, Any] = {}
    for name in ("plain", "mountain"):
        hexes = [list(h) for h, t in game.land.items() if t == name]
        if hexes:
            body[name] = hexes
    return body


def dump_start(game: Game) -> dict[str, Any]:
    """The ``turns`` key and, when the start is not the map's (S11b), the ``[start]`` table."""
    pos = game.start
    body: dict[str, Any] = {"turns": game.turns}
    start: dict[str, Any] = {}
    for name in ("cash", "income", "shares", "locomotive"):
        if getattr(pos.economy, name) != getattr(game.rules.start, name):
            start[name] = getattr(pos.economy, name)
    if pos.turn != 1:
        start["turn"] = pos.turn
    if pos.hand:
        start["hand"] = pos.hand
    if pos.blocked:
        start["blocked"] = sorted(pos.blocked)
    if start:
        body["start"] = start
    return body
