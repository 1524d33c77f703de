"""Laying track, the build phase's rules: where a lay may start, every check of a lay, what it does.

A lay starts at a node (city, town or exit) or at the end of an incomplete track (the player's,
or one that lost its owner: extending it takes it back, S15), runs over free land hexes that are
neighbours (S1, S2: a hex holds one track), and ends there (a stub, S2a) or on another node (a
link). The tiles count toward the turn's limit (3, 4 with the Engineer) but those from hand
(S7), and cost the map's price (S8, S9). :func:`plan_lay` makes every check without building
the new board; :func:`lay_track` plays it; :func:`candidate_lays` lists every legal lay. The
engine (:mod:`.state`) dispatches to them.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> game = Game.zoo(zoo, land=[(1, 0)], turns=3)
>>> build = game.start.with_(phase="build")
>>> lay_starts(game, build)
[Hex(q=0, r=0), Hex(q=2, r=0)]
>>> plan_lay(game, build, LayTrack(((0, 0), (1, 0), (2, 0)))).cost      # one tile, $4 on the Zoo map
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from zoobook.errors import IllegalAction, Refusal
from zoobook.hexgrid import Hex, neighbours
from zoobook.steam.game.actions import LayTrack, hex_text
from zoobook.steam.game.map_rules import EASTER
from zoobook.steam.hexmap import MapError, Track

if TYPE_CHECKING:
    from zoobook.steam.game.state import Game, Position

__all__ = ["LayPlan", "last_tile", "extendable", "lay_starts", "plan_lay", "lay_track", "candidate_lays"]


@dataclass(frozen=True)
class LayPlan:
    """What a legal lay does, worked out without building the new board (:func:`plan_lay`)."""

    index: int | None          # the incomplete track it extends, or None for new track
    base: tuple                # that track's hexes (or the start node alone)
    new: tuple                 # the new track hexes
    ends_at_node: bool
    cost: int
    counted: int               # tiles that count toward the limit (the rest come from hand)


def _refuse(reason: str, rule: str) -> IllegalAction:
    """The refusal of a lay, built here so that it is the lay rules that wrote it (the rules index
    names :func:`plan_lay` as the engine of the rules it cites)."""
    return IllegalAction(Refusal(reason, rule))


def last_tile(hexmap, hexes: tuple) -> Hex:
    """The last hex of a track that holds track (the end, or the hex before a node end)."""
    return hexes[-2] if hexmap.is_node(hexes[-1]) else hexes[-1]


def extendable(hexmap, h: Hex) -> int | None:
    """The incomplete track whose last hex (not a node) is *h*, owned or not (S15)."""
    if hexmap.is_node(h):
        return None
    index = hexmap.track_at(h)
    if index is not None and hexmap.tracks[index].end == h:
        return index
    return None


def lay_starts(game: Game, pos: Position) -> list[Hex]:
    """Every hex a lay may start from: the nodes, and the last hex of each incomplete track,
    the player's own or one that lost its owner (extending it takes it back, S15)."""
    hexmap = game.rules.goods.hexmap(pos.board)
    ends = [t.end for t in hexmap.tracks if extendable(hexmap, t.end) is not None]
    return sorted({n.hex for n in hexmap.nodes} | set(ends))


def plan_lay(game: Game, pos: Position, action: LayTrack, hexmap=None) -> LayPlan:
    """Every check of a lay (S2, S2a, S7, S8/S9, S15); :class:`IllegalAction` when one fails."""
    rules = game.rules
    hexmap = hexmap or rules.goods.hexmap(pos.board)
    hexes = action.hexes
    if len(hexes) < 2:
        raise _refuse("a lay names its start (a city, town or exit, or the end of an incomplete track) "
                      "and at least one new hex", "S-TRACK-1")
    start = hexes[0]
    index = extendable(hexmap, start)
    if index is not None:
        base = hexmap.tracks[index].hexes
    elif hexmap.is_node(start):
        base = (start,)
    else:
        raise _refuse(f"new track starts at a city, town or exit, or at the end of an incomplete track, "
                      f"and {hex_text(start)} is neither", "S-TRACK-1")
    ends_at_node = hexmap.is_node(hexes[-1])
    new = hexes[1:-1] if ends_at_node else hexes[1:]
    if not new:
        raise _refuse("a lay puts down at least one tile: track joins nodes through track hexes",
                      "S2")
    for a, b in zip(hexes, hexes[1:]):
        if b not in neighbours(a):
            raise _refuse(f"track runs from a hex to a neighbouring hex, and {hex_text(b)} does not touch "
                          f"{hex_text(a)}", "S1")
    seen = set(base)
    for h in new:
        if hexmap.is_node(h):
            raise _refuse(f"{hex_text(h)} is a node: a track's inner hexes are never nodes", "S2")
        if h not in game.land:
            if rules.name == EASTER.name:   # the island's terrains are the two it prices
                raise _refuse(f"track goes on plain ($3) and mountain ($4) hexes only, and {hex_text(h)} "
                              "is neither", "S-TRACK-3")
            raise _refuse(f"track goes only on the land hexes of the map, and {hex_text(h)} is not one", "S2")
        if h in seen or hexmap.track_at(h) is not None:
            raise _refuse(f"{hex_text(h)} already holds track: a hex holds one track here "
                          f"(the workbook's simplification)", "S2")
        seen.add(h)
    if ends_at_node and hexes[-1] == base[0]:
        raise _refuse("a link must join two different nodes", "S2")
    if not isinstance(action.hand, int) or not 0 <= action.hand <= len(new):
        raise _refuse(f"{action.hand} tiles from hand for a lay of {len(new)}", "S7")
    if action.hand > pos.hand:
        raise _refuse(f"you hold {pos.hand} bonus tile{'s' if pos.hand != 1 else ''}, not "
                      f"{action.hand}: bonus tiles come from shipments through exits", "S7")
    card = rules.card(pos.card)
    limit = rules.tile_limit(card)
    counted = len(new) - action.hand
    if pos.tiles_laid + counted > limit:
        raise _refuse(f"a build lays at most {limit} tiles"
                      f"{' with the Engineer' if limit > rules.tiles else ' (4 with the Engineer)'}: "
                      f"{pos.tiles_laid} laid already and {counted} more is {pos.tiles_laid + counted}",
                      "S-TRACK-1")
    # Tiles from hand are the free ones; the most expensive tiles take them.
    prices = sorted((rules.tile_price(game.land[h], card) for h in new), reverse=True)
    cost = sum(prices[action.hand:])
    if cost > pos.cash:
        engineer = "; engineer $" + str(card.price) if getattr(card, "price", None) else ""
        raise _refuse(f"these tiles cost ${cost} ({rules.price.describe()}{engineer}) and you have "
                      f"${pos.cash}", "S-TRACK-4")
    return LayPlan(index, tuple(base), tuple(new), ends_at_node, cost, counted)


def lay_track(game: Game, pos: Position, action: LayTrack) -> tuple[Position, list[str]]:
    """Play a lay (checked by :func:`plan_lay`): the new board, the cash, the stubs and owners (S15)."""
    goods = game.rules.goods
    hexmap = goods.hexmap(pos.board)
    plan = plan_lay(game, pos, action, hexmap)
    tracks = list(hexmap.tracks)
    track = Track(plan.base + action.hexes[1:])
    if plan.index is None:
        index = len(tracks)
        tracks.append(track)
    else:
        index = plan.index
        tracks[index] = track
    try:
        board = goods.with_tracks(pos.board, tracks)
    except MapError as exc:  # plan_lay checks every rule the map checks; kept as a safety net
        raise _refuse(f"{exc.reason}", "S2") from None
    link = goods.hexmap(board).links()[index]
    stubs, unowned = dict(pos.stubs), set(pos.unowned)
    if plan.index is not None:
        stubs.pop(plan.base[-1], None)
    notes = []
    if index in unowned:
        unowned.discard(index)
        notes.append("takes back the track that had lost its owner (S15)")
    if link.complete:
        what = "completes a link"
    else:
        stubs[last_tile(hexmap, track.hexes)] = pos.turn
        what = (f"reaches {link.end} but makes no link (S2a)" if link.end is not None else "incomplete")
    eco = pos.economy.with_(cash=pos.cash - plan.cost)
    free = f", {action.hand} from hand" if action.hand else ""
    n = len(plan.new)
    lines = [f"lay {n} tile{'s' if n != 1 else ''} {' '.join(hex_text(h) for h in action.hexes)}"
             f" ({what}{free}): -${plan.cost} -> ${eco.cash}"] + [f"  {note}" for note in notes]
    return pos.with_(board=board, economy=eco, tiles_laid=pos.tiles_laid + plan.counted,
                     hand=pos.hand - action.hand, stubs=tuple(sorted(stubs.items())),
                     unowned=frozenset(unowned)), lines


def candidate_lays(game: Game, pos: Position, longest: int | None = None) -> list[LayTrack]:
    """Every legal lay: from a node or an incomplete track's end, along free land hexes (each
    simple path of up to the tiles left, bonus tiles included, and at most *longest* tiles),
    ending there or on a node."""
    hexmap = game.rules.goods.hexmap(pos.board)
    card = game.rules.card(pos.card)
    most = game.rules.tile_limit(card) - pos.tiles_laid + pos.hand
    if longest is not None:
        most = min(most, longest)
    if most <= 0:
        return []
    paths: list[tuple] = []
    for start in lay_starts(game, pos):
        index = extendable(hexmap, start)
        origin = hexmap.tracks[index].start if index is not None else start

        def grow(path: tuple) -> None:
            here = path[-1]
            if len(path) > 1:
                paths.append(path)
                paths.extend(path + (n,) for n in neighbours(here)
                             if hexmap.is_node(n) and n != origin)
            if len(path) - 1 >= most:
                return
            for n in neighbours(here):
                if n in game.land and n not in path and hexmap.track_at(n) is None:
                    grow(path + (n,))

        grow((start,))
    out = []
    for path in paths:
        inner = len(path) - (2 if hexmap.is_node(path[-1]) else 1)
        for hand in range(0, min(pos.hand, inner) + 1):
            lay = LayTrack(path, hand)
            try:
                plan_lay(game, pos, lay, hexmap)
            except IllegalAction:
                continue
            out.append(lay)
    return out
