"""Easter Island on the link graph: candidate links between nodes, abstract turns, and their realization.

The link planner (:mod:`.linkplan`) plans a turn as links between nodes (ruins and towns) first
and tiles second. This module holds that model and its bridge to the engine:

* a :class:`Link` is one of the cheapest tile paths over free land between two nodes, with its
  tile count and its price (the engine's prices, ``MapRules.tile_price``);
  :func:`candidate_links` lists a few per pair of nodes, and :func:`colliding` says when two
  share a hex (a hex holds one track, S2);
* an :class:`AbstractTurn` is an action card, the links to add (and a stub to finish next
  turn), and the turn's deliveries as routes of nodes;
* :func:`realize_turn` turns one into engine actions (the fewest shares that pay, the card, one
  lay per link, two shipments) replayed through :func:`~.state.step`, so the engine judges it;
* :func:`closure_tree_weight` weighs a tree joining nodes (Mehlhorn's metric-closure tree), the
  planner's estimate of the tiles still joining the ruins.

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> from zoobook.steam.game.state import Game
>>> island = Island.build(plain=[(1, 0), (3, 0)],
...     cities=[City("Red 1", (0, 0), "red", True, ("blue",)),
...             City("Blue 1", (2, 0), "blue", True, ("red",)),
...             City("Red 2", (4, 0), "red", True)])
>>> game = Game.easter(island, 2)
>>> links = candidate_links(game)
>>> [(link.ends, link.tiles, link.cost) for link in links]
[(('Blue 1', 'Red 1'), 1, 3), (('Blue 1', 'Red 2'), 1, 3)]
>>> turn = AbstractTurn(None, (links[0],), (("Blue 1", "Red 1"),), rounds=("ship", "pass"), cost=3)
>>> actions, after = realize_turn(game, game.start, turn)      # turn 1 played: turn 2 starts
>>> [str(a) for a in actions[-3:]], after.turn
(['end build', 'ship Blue 1 -> Red 1', 'pass'], 2)
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from zoobook.errors import IllegalAction
from zoobook.hexgrid import Hex, neighbours
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        RaiseLocomotive, Select, Ship, Urbanize)
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE, Economy
from zoobook.steam.game.lookahead import free_land
from zoobook.steam.game.state import OVER, SHARES, Game, Position, step

__all__ = ["Link", "AbstractTurn", "Net", "candidate_links", "colliding", "realize_turn", "income_gain",
           "level_after", "economy_after", "shares_for", "closure_tree_weight"]


# -- 1. the abstract model ----------------------------------------------------------------------

@dataclass(frozen=True)
class Link:
    """A candidate link: a tile path over free land from node ``ends[0]`` to node ``ends[1]``.

    ``track`` lists the track hexes in order from the first end; ``cost`` is what the engine
    charges for them with no action card (Easter Island: $3 plain, $4 mountain, S9).
    """

    ends: tuple[str, str]
    track: tuple[Hex, ...]
    cost: int

    @property
    def tiles(self) -> int:
        return len(self.track)

    @cached_property
    def pair(self) -> frozenset:
        return frozenset(self.ends)

    def other(self, name: str) -> str:
        return self.ends[1] if name == self.ends[0] else self.ends[0]

    def collides(self, other: "Link") -> bool:
        """Whether the two paths share a hex (a hex holds one track, S2)."""
        return not set(self.track).isdisjoint(other.track)


def colliding(links: Sequence[Link]) -> tuple[Link, Link] | None:
    """The first two of *links* whose tile paths share a hex, or None.

    >>> a = Link(("A", "B"), (Hex(1, 0),), 3)
    >>> b = Link(("A", "C"), (Hex(1, 0), Hex(1, 1)), 6)
    >>> colliding([a, b]) == (a, b), colliding([a])
    (True, None)
    """
    for i, a in enumerate(links):
        for b in links[i + 1:]:
            if a.collides(b):
                return a, b
    return None


def candidate_links(game: Game, position: Position | None = None, *, most_tiles: int = 5,
                    per_pair: int = 3, slack: int = 3) -> list[Link]:
    """The candidate links of *game*: for each pair of nodes, the cheapest tile paths over free land.

    Paths run through land hexes without track (never through a node), from a neighbour of one
    node to a neighbour of the other, at most *most_tiles* tiles. Per pair the cheapest path is
    kept, then up to ``per_pair - 1`` alternatives costing at most *slack* more, the ones that
    share the fewest hexes with those kept first (so that a collision has a way round).
    Sorted by pair, then cost.
    """
    pos = position or game.start
    hexmap = game.rules.goods.hexmap(pos.board)
    card = game.rules.card(None)
    free = free_land(game, hexmap)
    price = {h: game.rules.tile_price(game.land[h], card) for h in free}
    node_at = {n.hex: n.name for n in hexmap.nodes}
    types = {n.name: n.type for n in hexmap.nodes}
    found: dict[tuple[str, str], list[tuple[int, tuple]]] = {}
    for node in hexmap.nodes:
        name = node.name

        def grow(path: list, seen: set, cost: int) -> None:
            here = path[-1]
            for m in neighbours(here):
                other = node_at.get(m)
                if other is not None and other > name and \
                        frozenset((node.type, types[other])) not in hexmap.open_pairs:
                    found.setdefault((name, other), []).append((cost, tuple(path)))
            if len(path) >= most_tiles:
                return
            for m in neighbours(here):
                if m in free and m not in seen:
                    path.append(m)
                    seen.add(m)
                    grow(path, seen, cost + price[m])
                    path.pop()
                    seen.discard(m)

        for m in neighbours(node.hex):
            if m in free:
                grow([m], {m}, price[m])
    out = []
    for (a, b), paths in sorted(found.items()):
        paths.sort(key=lambda p: (p[0], len(p[1]), p[1]))
        best = paths[0][0]
        kept = [paths[0]]
        rest = [p for p in paths[1:] if p[0] <= best + slack]
        while rest and len(kept) < per_pair:
            used = set().union(*(set(k[1]) for k in kept))
            rest.sort(key=lambda p: (len(used & set(p[1])), p[0], len(p[1]), p[1]))
            pick = rest.pop(0)
            if set(pick[1]) in [set(k[1]) for k in kept]:
                continue
            kept.append(pick)
        out += [Link((a, b), track, cost) for cost, track in kept]
    return out


@dataclass(frozen=True)
class AbstractTurn:
    """One turn on the link graph: a card, the links (and stub) to lay, the deliveries.

    ``deliveries`` are routes of node names (their first node the origin of the cube);
    ``finish`` a stub from the turn before completed now; ``stub`` ``(link, tiles)`` a long
    link of which ``tiles`` are laid now from its first end; ``rounds`` the move-goods rounds
    in order, each ``"ship"``, ``"raise"`` or ``"pass"``.
    """

    card: str | None
    links: tuple[Link, ...]
    deliveries: tuple[tuple[str, ...], ...]
    town: str | None = None
    finish: tuple[Link, int] | None = None
    stub: tuple[Link, int] | None = None
    rounds: tuple[str, ...] = ("ship", "ship")
    cost: int = 0
    score: float = 0.0

    def text(self) -> str:
        parts = [f"card {self.card or 'none'}" + (f" on {self.town}" if self.town else "")]
        if self.finish:
            parts.append("finish " + "-".join(self.finish[0].ends))
        parts += ["link " + "-".join(link.ends) for link in self.links]
        if self.stub:
            parts.append(f"stub {'-'.join(self.stub[0].ends)} ({self.stub[1]} tiles)")
        parts += ["deliver " + " -> ".join(r) for r in self.deliveries]
        return "; ".join(parts)


@dataclass
class Net:
    """The links built so far (one per pair of nodes), the hexes they hold, a stub to finish:
    what the link planner's search carries from turn to turn."""

    built: dict = field(default_factory=dict)       # pair -> Link
    used: frozenset = frozenset()
    stub: tuple[Link, int] | None = None
    _pairs: frozenset | None = field(default=None, compare=False, repr=False)

    def key(self) -> tuple:
        return (frozenset((p, lk.track) for p, lk in self.built.items()), self.stub)

    def pairs(self) -> frozenset:
        """The pairs of nodes joined by a link built or by the stub (made once: a net is not
        changed after it is made)."""
        if self._pairs is None:
            self._pairs = frozenset(self.built).union([self.stub[0].pair] if self.stub else ())
        return self._pairs

    def after(self, turn: AbstractTurn) -> "Net":
        built = dict(self.built)
        used = set(self.used)
        for link in turn.links + ((turn.finish[0],) if turn.finish else ()):
            built[link.pair] = link
            used |= set(link.track)
        if turn.stub:
            used |= set(turn.stub[0].track)
        return Net(built, frozenset(used), turn.stub)


# -- 2. the realization ----------------------------------------------------------------------

def _node_hexes(game: Game, pos: Position) -> dict[str, Hex]:
    return {n.name: n.hex for n in game.rules.goods.hexmap(pos.board).nodes}


def _lay_actions(game: Game, pos: Position, turn: AbstractTurn) -> list[LayTrack]:
    where = _node_hexes(game, pos)
    lays = []
    if turn.finish:
        link, laid = turn.finish
        lays.append(LayTrack((link.track[laid - 1],) + link.track[laid:] + (where[link.ends[1]],)))
    for link in turn.links:
        lays.append(LayTrack((where[link.ends[0]],) + link.track + (where[link.ends[1]],)))
    if turn.stub:
        link, laid = turn.stub
        lays.append(LayTrack((where[link.ends[0]],) + link.track[:laid]))
    return lays


def realize_turn(game: Game, pos: Position, turn: AbstractTurn,
                 shares: int | None = None) -> tuple[list[Action], Position]:
    """The engine actions of *turn* from *pos* (a turn's start), replayed through :func:`step`.

    *shares* defaults to the fewest that pay the turn's costs (and its expenses, when the
    shares left allow). Returns the actions and the position after them;
    :class:`~zoobook.errors.IllegalAction` when the engine refuses one, or
    :class:`ValueError` when two of the turn's links collide (checked before any step).
    """
    links = list(turn.links) + [s[0] for s in (turn.finish, turn.stub) if s]
    clash = colliding(links)
    if clash:
        a, b = clash
        raise ValueError(f"the links {'-'.join(a.ends)} and {'-'.join(b.ends)} share a hex")
    if pos.phase != SHARES:
        raise ValueError("a turn is realized from its start (the shares phase)")
    if shares is None:
        shares = shares_for(game, pos, turn)
    actions: list[Action] = [IssueShares(shares), Select(turn.card)]
    if turn.town is not None:
        actions.append(Urbanize(_node_hexes(game, pos)[turn.town]))
    actions += _lay_actions(game, pos, turn)
    actions.append(EndBuild())
    for done, action in enumerate(actions, start=1):
        pos = step(game, pos, action)[0]
        if pos.phase == OVER:
            # a lay that joins the last ruin with no cube left clears the map at once (S13a):
            # the turn's actions end with it (the engine refuses anything after)
            return actions[:done], pos
    # the track is laid: the first complete link of each pair of nodes, looked up once a turn
    first_link: dict[frozenset, int] = {}
    for link in game.rules.goods.hexmap(pos.board).complete_links():
        first_link.setdefault(frozenset((link.start, link.end)), link.index)
    routes = iter(turn.deliveries)
    for kind in turn.rounds:
        if kind == "ship":
            route = next(routes)
            steps = []
            for a, b in zip(route, route[1:]):
                key = first_link.get(frozenset((a, b)))
                if key is None:
                    raise IllegalAction(f"no complete link between {a} and {b}", "S2")
                steps.append(key)
            action: Action = Ship(route, tuple(steps))
        else:
            action = RaiseLocomotive() if kind == "raise" else Pass()
        actions.append(action)
        pos = step(game, pos, action)[0]
        if pos.phase == OVER:
            break
    return actions, pos


def income_gain(turn: AbstractTurn) -> int:
    """The income steps *turn* earns: one per link each of its deliveries rides (S11)."""
    return sum(len(r) - 1 for r in turn.deliveries)


def level_after(game: Game, pos: Position, turn: AbstractTurn) -> int:
    """The locomotive level the turn ends with: the card's raise, then each ``"raise"`` round."""
    raises = int(bool(turn.card) and game.rules.card(turn.card).raises_locomotive) + turn.rounds.count("raise")
    return min(MAX_LEVEL, pos.economy.locomotive + raises)      # no effect at the top (S12)


def economy_after(game: Game, pos: Position, turn: AbstractTurn, shares: int) -> Economy:
    """The money tracks just before the turn's income phase: *shares* issued, the build paid,
    the level raised, one income step per link shipped (S11)."""
    eco = pos.economy.issue(shares)
    return eco.with_(cash=eco.cash - turn.cost, income=eco.income + income_gain(turn),
                     locomotive=level_after(game, pos, turn))


def shares_for(game: Game, pos: Position, turn: AbstractTurn) -> int:
    """The fewest shares that pay the turn's build, and its expenses when shares are left."""
    eco = pos.economy
    pay = max(0, math.ceil((turn.cost - eco.cash) / SHARE_PRICE))
    most = max(pay, MAX_SHARES - eco.shares)
    for count in range(pay, most + 1):
        after = economy_after(game, pos, turn, count)
        if after.cash + after.income >= after.expenses:
            return count
    return most


def closure_tree_weight(weight: dict, terminals: list) -> int | None:
    """The weight of a minimum spanning tree of the metric closure of *terminals* in the graph
    *weight* (node -> {neighbour: weight}), or None when they are not all connected.

    Mehlhorn's construction: one Dijkstra from all terminals at once splits the graph into
    their regions; each edge between two regions is a path between their terminals, and a
    minimum spanning tree of those paths weighs exactly what one of the whole metric closure
    does (K. Mehlhorn, "A faster approximation algorithm for the Steiner problem in graphs",
    1988), at the cost of one shortest-path search instead of one per terminal.

    Examples
    --------
    >>> path = {"a": {"x": 2}, "x": {"a": 2, "b": 1, "c": 4}, "b": {"x": 1}, "c": {"x": 4}}
    >>> closure_tree_weight(path, ["a", "b", "c"]), closure_tree_weight(path, ["a", "z"])
    (8, None)
    """
    dist = {t: 0 for t in terminals}
    region = {t: t for t in terminals}
    heap = [(0, t) for t in terminals]
    heapq.heapify(heap)
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        for other, w in weight.get(here, {}).items():
            if d + w < dist.get(other, 1 << 30):
                dist[other] = d + w
                region[other] = region[here]
                heapq.heappush(heap, (d + w, other))
    bridges = sorted((dist[a] + w + dist[b], region[a], region[b])
                     for a, row in weight.items() if a in dist
                     for b, w in row.items() if b in dist and region[a] != region[b])
    parent = {t: t for t in terminals}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    total, joined = 0, 1
    for w, a, b in bridges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            total += w
            joined += 1
    return total if joined == len(terminals) else None
