"""Whole-game puzzle files: a map, its land, the turn limit and the start (kinds ``*/clear``).

A whole-game file is the map of the map's one-shipment or connect kind, plus:

* ``plain`` / ``mountain``: the hexes where track may be laid (lists of ``[q, r]``); a
  ``map`` drawn in the ASCII shorthand adds every drawn hex that is not a node;
* ``turns``: the turn limit (ruling S10: 10 when absent, from ``zoobook/data/assumed.toml``);
* ``[start]``: ``turn``, ``cash``, ``income``, ``shares``, ``locomotive``, ``hand`` (Zoo bonus
  tiles), ``blocked`` (Easter Island's blocked actions), all optional, for puzzles that start
  mid-game; absent keys take the map's start (ruling S11b: the Zoo $10, 2 shares, income 0,
  locomotive 1; Easter Island $10, 2 shares, income 0, locomotive 2; turn 1). A start the
  map's rules rule out is refused, naming the key: a hand on Easter Island (only the Zoo's exits
  give bonus tiles, S7), ``blocked`` on the Zoo (it has no blockers, S8) or more actions blocked
  than Easter Island's three blockers (never all four: S12), a turn past the turn limit.

This module holds what both whole-game kinds share; :mod:`.kinds` has the kinds.
"""

from __future__ import annotations

from typing import Any

from zoobook.assumed import assumed
from zoobook.errors import PuzzleError
from zoobook.hexgrid import Hex
from zoobook.puzzles.fields import Table
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, Economy
from zoobook.steam.game.map_rules import MapRules
from zoobook.steam.game.state import Game
from zoobook.steam.zoo.kinds import read_hex

__all__ = ["read_land", "read_start", "read_turns", "check_not_cleared", "dump_start", "dump_land"]


def read_land(table: Table, drawn: dict[Hex, str] | None = None) -> dict[Hex, str]:
    """``plain`` and ``mountain`` hex lists (plus drawn terrain) as hex -> terrain.

    A hex has one terrain: one listed twice, or listed and drawn, is refused (as Easter Island's
    island reader refuses it), rather than the later list silently winning.

    >>> read_land(Table({"plain": [[1, 0]], "mountain": [[2, 0]]}))
    {Hex(q=1, r=0): 'plain', Hex(q=2, r=0): 'mountain'}
    >>> read_land(Table({"plain": [[1, 0]], "mountain": [[1, 0]]}))
    Traceback (most recent call last):
    ...
    zoobook.errors.PuzzleError: mountain[1]: (1, 0) is listed twice (plain and mountain, or twice)
    """
    land: dict[Hex, str] = dict(drawn or {})
    listed: set[Hex] = set()
    for name in ("plain", "mountain"):
        for index, h in enumerate(table.items(name, read_hex, []), start=1):
            if h in land:
                where = "drawn in the map already (a hex has one terrain)" if h not in listed else \
                    "listed twice (plain and mountain, or twice)"
                raise table.error(f"{name}[{index}]", f"{tuple(h)} is {where}")
            land[h] = name
            listed.add(h)
    return land


def read_turns(table: Table) -> int:
    return table.integer("turns", assumed("steam.turns"), low=1, high=30)


def read_start(table: Table, rules: MapRules, turns: int) -> dict[str, Any]:
    """The ``[start]`` table as keyword arguments of :meth:`Game.make`; absent keys take the
    map's start (*rules*.start, S11b).

    Only what the map's rules allow is read: a ``hand`` of bonus tiles only where exits give
    them (the Zoo, S7), ``blocked`` actions only where blockers exist (Easter Island, S9), never
    more than its blockers (so never all four actions: no rule locks an action out for good,
    S12), and a ``turn`` within the turn limit *turns*.
    """
    if "start" not in table:
        return {}
    t = table.table("start")
    default = rules.start
    economy = Economy(cash=t.integer("cash", default.cash, low=0),
                      income=t.integer("income", default.income, low=0),
                      shares=t.integer("shares", default.shares, low=0, high=MAX_SHARES),
                      locomotive=t.integer("locomotive", default.locomotive, low=1, high=MAX_LEVEL))
    turn = t.integer("turn", 1, low=1)
    if turn > turns:
        raise t.error("turn", f"must be at most the turn limit, {turns} (turns), not {turn}: "
                              f"the game would be over before it starts (S10)")
    out: dict[str, Any] = {"economy": economy, "turn": turn}
    if "hand" in t and not rules.exit_bonus:
        raise t.error("hand", f"{rules.title} gives no bonus track tiles: a hand is the Zoo's "
                              f"exit bonus (S7)")
    out["hand"] = t.integer("hand", 0, low=0)
    if "blocked" in t:
        out.update(_read_blocked(t, rules))
    t.done()
    return out


def _read_blocked(t: Table, rules: MapRules) -> dict[str, Any]:
    """``blocked``: the actions under a blocker at the start (S9), at most the map's blockers."""
    most = getattr(rules.selection, "blockers", 0)
    if not most:
        raise t.error("blocked", f"{rules.title} has no action blockers: choosing an action is "
                                 f"free there ({rules.rule})")
    cards = tuple(c.name for c in rules.cards)
    blocked = t.items("blocked", lambda v, k: _card_name(v, k, cards), [])
    for index, name in enumerate(blocked, start=1):
        if name in blocked[:index - 1]:
            raise t.error(f"blocked[{index}]", f"{name!r} is listed twice")
    if len(blocked) > most:
        raise t.error("blocked", f"at most {most} actions carry a blocker (there are {most} "
                                 f"blockers, S9), not {len(blocked)}: no rule locks every action "
                                 f"out (S12)")
    return {"blocked": frozenset(blocked)} if blocked else {}


def _card_name(value: Any, key: str, cards: tuple[str, ...]) -> str:
    if value not in cards:
        raise PuzzleError(f"must be one of {', '.join(cards)}, not {value!r}", key=key)
    return value


def check_not_cleared(table: Table, game: Game, key: str) -> None:
    """Refuse a game whose start already meets every clear condition.

    The map is cleared the moment its last condition is met and the game ends there (S13), so
    such a file describes a game that is over before its first turn: there is no turn to
    count and nothing to plan (the planners would answer "no plan", which is wrong too).
    """
    goods = game.rules.goods
    if goods.cleared(game.start.board):
        raise table.error(key, f"the map is cleared already ({goods.clear_reason}): the game ends "
                               f"the moment its last condition is met (S13), so it would be over "
                               f"before its first turn")


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
