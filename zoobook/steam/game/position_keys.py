"""Positions up to the order of their tracks, and engine steps that may be refused.

Two positions whose boards hold the same tracks in another order have the same future: the
exact planner memoises on :func:`position_key`, and its last-turn shortcut on
:func:`rests_key`. :func:`try_step` plays one action through the engine (None when refused),
charging it to the caller's budget (:mod:`.budget`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields

from zoobook.errors import IllegalAction
from zoobook.steam.game import state as engine
from zoobook.steam.game.actions import Action
from zoobook.steam.game.budget import spend
from zoobook.steam.game.memo import IdentityCache
from zoobook.steam.game.state import Game, Position, step

__all__ = ["board_key", "position_key", "links_of", "rests_key", "try_step", "try_steps", "RICH",
           "clear_caches"]


_KEYS = IdentityCache()


def board_key(game: Game, board):
    """What identifies *board*: its tracks as a set (their order only labels the links) and the
    rest of its fields (goods, nodes)."""
    def compute():
        hexmap = game.rules.goods.hexmap(board)
        rest = tuple(getattr(board, f.name) for f in fields(board)
                     if f.compare and f.name not in ("tracks", "hexmap", "terrain"))
        return (frozenset(hexmap.tracks), hexmap.nodes, rest)
    return _KEYS.get(board, "key", compute)


_OTHER_FIELDS = tuple(f for f in engine.FIELDS if f != "board")


def position_key(game: Game, pos: Position) -> tuple:
    """*pos* up to the order of its tracks: equal keys have equal futures."""
    return (board_key(game, pos.board),) + tuple(getattr(pos, f) for f in _OTHER_FIELDS)


RICH = 10 ** 9


def links_of(game: Game, board) -> tuple:
    """*board*'s complete links as ``(their two nodes, track index)`` (cached per board)."""
    def compute():
        return tuple((tuple(sorted((link.start, link.end))), link.index)
                     for link in game.rules.goods.hexmap(board).complete_links())
    return _KEYS.get(board, "links", compute)


def rests_key(game: Game, pos: Position) -> tuple:
    """What the move-goods rounds of *pos* (MOVE phase) depend on, up to the labelling of its
    track: the nodes and goods, the complete links as a multiset of node pairs, each owned or
    not (S15), and the locomotive, Feeding discount, rounds and raise. See dominance 4 of the
    notes of :mod:`.planner`: equal keys have the same clearing rests, shipping the same income."""
    board = pos.board
    hexmap = game.rules.goods.hexmap(board)
    rest = board_key(game, board)[2]
    links = tuple(sorted((pair, index in pos.unowned) for pair, index in links_of(game, board)))
    eco = pos.economy
    return (hexmap.nodes, rest, links, eco.locomotive, engine.has_discount(game, pos),
            pos.discount_used, pos.raised, pos.moves, pos.entered_exit)


def try_step(game: Game, pos: Position | None, action: Action) -> Position | None:
    if pos is None:
        return None
    spend()  # every engine step is charged to the caller's budget (budget.py), if any
    try:
        return step(game, pos, action)[0]
    except IllegalAction:
        return None


def try_steps(game: Game, pos: Position, actions: Iterable[Action]) -> Position | None:
    for action in actions:
        pos = try_step(game, pos, action)
        if pos is None:
            return None
    return pos


def clear_caches() -> None:
    """Forget every board's key and links (the benchmarks time a search from a cold start)."""
    _KEYS._store.clear()
