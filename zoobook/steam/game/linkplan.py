"""A two-level planner for Easter Island: plan the links, then lay the tiles.

The goods bound (:func:`zoobook.steam.game.bounds.goods_bound`) says a map with *n* cubes
cannot be cleared before turn ``ceil(n / 2)``: one delivery per move-goods round, two rounds a
turn. A plan at that bound delivers a cube in (nearly) every round from turn 1, so what a turn
must do is narrow: lay the few links the turn's two deliveries need, pay for them and nothing
more, and keep the links the next turns need within reach. This module searches that narrow
space on the **link graph** instead of on hexes:

1. **Abstract model.** The nodes are the ruins and towns; a *candidate link*
   (:class:`Link`) is one of the cheapest tile paths over free land between two nodes, with
   its tile count and its price (the engine's prices, ``MapRules.tile_price``). Links whose
   paths share a hex never both get built. An abstract turn is: an action card (none, the
   Engineer for a fourth tile, Urbanization for a black city on a town, the Locomotive for a
   longer route), the links to add (within the turn's tile limit; a longer link is laid as a
   stub and finished the next turn), and the turn's deliveries (each a route of nodes over
   built or newly added links, at most *level* links, to a city of the cube's colour and
   through no city of it, S9).
2. **Realization.** Each abstract turn becomes engine actions -- :class:`~.actions.IssueShares`
   for exactly the cash the turn needs, :class:`~.actions.Select`, :class:`~.actions.Urbanize`,
   one :class:`~.actions.LayTrack` per link or stub, :class:`~.actions.EndBuild`, two
   :class:`~.actions.Ship` -- replayed through the engine's :func:`~.state.step`. The engine
   is the judge: a turn it refuses (tiles collide, a route it does not take, money short) is
   a bad abstract choice, and the search backtracks.

The long routes are planned ahead (:meth:`LinkPlanner._long_routes`): on the graph of every
candidate link, the fewest links each cube needs (the Hard set-up's Blue 6 yellow cube needs
three: one Locomotive action, one level), and the towns ranked by the links the black cubes would
need to reach each (the hub). Urbanization is offered on the hub only; the Locomotive only when
the cubes needing its level would not fit in the rounds of the turns after this one (a level
costs $1 every turn after it, so it is bought as late as it can be); and no position is searched
where the cubes waiting for a black city (the black ones and those under them) no longer fit in
the rounds left.

The search is a limited-discrepancy depth-first search over turns: the abstract turns of a
position are ranked (income earned, shares issued, what the new links make deliverable next,
how far the ruins are from one network), the first choice costs nothing and the *k*-th choice
*k - 1* discrepancies; the budget of discrepancies grows until a plan is found, the space is
exhausted (the answer is then "none in this model") or the time is up. Failed positions are
remembered. Rapa Nui is never chosen (the plans at the bound do not need it), nor a second town
to urbanize, so "none" is an answer about this model, not a proof.

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> from zoobook.steam.game.state import Game
>>> island = Island.build(plain=[(1, 0), (3, 0)],
...     cities=[City("Red 1", (0, 0), "red", True, ("blue",)),
...             City("Blue 1", (2, 0), "blue", True, ("red",)),
...             City("Red 2", (4, 0), "red", True)])
>>> game = Game.easter(island, 2)
>>> [(link.ends, link.tiles, link.cost) for link in candidate_links(game)]
[(('Blue 1', 'Red 1'), 1, 3), (('Blue 1', 'Red 2'), 1, 3)]
>>> actions = plan_links(game, 5)
>>> [str(a) for a in actions]      # doctest: +NORMALIZE_WHITESPACE
['issue 0 shares', 'select no action', 'lay track (2,0) (1,0) (0,0)', 'lay track (2,0) (3,0) (4,0)',
 'end build', 'ship Blue 1 -> Red 1', 'ship Red 1 -> Blue 1']
>>> state = game.new_state()
>>> for action in actions:
...     state.apply(action)
>>> state.result().cleared, state.result().turns
(True, 1)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import product

from zoobook.errors import IllegalAction
from zoobook.hexgrid import Hex, neighbours
from zoobook.assumed import assumed
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        RaiseLocomotive, Select, Ship, Urbanize)
from zoobook.steam.game.bounds import goods_bound
from zoobook.steam.game.easter_goods import cube_routes, has_cube_route
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE, Economy
from zoobook.steam.game.lookahead import free_land
from zoobook.steam.game.state import OVER, SHARES, Game, Position, step

__all__ = ["Link", "AbstractTurn", "candidate_links", "colliding", "realize_turn", "plan_links",
           "LinkPlanner"]


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
        shares = _shares_for(game, pos, turn)
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


def _income_gain(turn: AbstractTurn) -> int:
    return sum(len(r) - 1 for r in turn.deliveries)


def _level_after(game: Game, pos: Position, turn: AbstractTurn) -> int:
    """The locomotive level the turn ends with: the card's raise, then each ``"raise"`` round."""
    raises = int(bool(turn.card) and game.rules.card(turn.card).raises_locomotive) + turn.rounds.count("raise")
    return min(MAX_LEVEL, pos.economy.locomotive + raises)      # no effect at the top (S12)


def _economy_after(game: Game, pos: Position, turn: AbstractTurn, shares: int) -> Economy:
    """The money tracks just before the turn's income phase: *shares* issued, the build paid,
    the level raised, one income step per link shipped (S11)."""
    eco = pos.economy.issue(shares)
    return eco.with_(cash=eco.cash - turn.cost, income=eco.income + _income_gain(turn),
                     locomotive=_level_after(game, pos, turn))


def _shares_for(game: Game, pos: Position, turn: AbstractTurn) -> int:
    """The fewest shares that pay the turn's build, and its expenses when shares are left."""
    eco = pos.economy
    pay = max(0, math.ceil((turn.cost - eco.cash) / SHARE_PRICE))
    most = max(pay, MAX_SHARES - eco.shares)
    for count in range(pay, most + 1):
        after = _economy_after(game, pos, turn, count)
        if after.cash + after.income >= after.expenses:
            return count
    return most


# -- 3. the search -----------------------------------------------------------------------------

@dataclass
class _Net:
    """The links built so far (one per pair of nodes), the hexes they hold, a stub to finish."""

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

    def after(self, turn: AbstractTurn) -> "_Net":
        built = dict(self.built)
        used = set(self.used)
        for link in turn.links + ((turn.finish[0],) if turn.finish else ()):
            built[link.pair] = link
            used |= set(link.track)
        if turn.stub:
            used |= set(turn.stub[0].track)
        return _Net(built, frozenset(used), turn.stub)


class _OutOfTime(Exception):
    pass


def _closure_tree_weight(weight: dict, terminals: list) -> int | None:
    """The weight of a minimum spanning tree of the metric closure of *terminals* in the graph
    *weight* (node -> {neighbour: weight}), or None when they are not all connected.

    Mehlhorn's construction: one Dijkstra from all terminals at once splits the graph into
    their regions; each edge between two regions is a path between their terminals, and a
    minimum spanning tree of those paths weighs exactly what one of the whole metric closure
    does (K. Mehlhorn, "A faster approximation algorithm for the Steiner problem in graphs",
    1988), at the cost of one shortest-path search instead of one per terminal.

    >>> path = {"a": {"x": 2}, "x": {"a": 2, "b": 1, "c": 4}, "b": {"x": 1}, "c": {"x": 4}}
    >>> _closure_tree_weight(path, ["a", "b", "c"]), _closure_tree_weight(path, ["a", "z"])
    (8, None)
    """
    import heapq

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


class LinkPlanner:
    """The search of :func:`plan_links`; ``stats`` counts what it did."""

    def __init__(self, game: Game, position: Position | None = None, *, target: int | None = None,
                 budget_seconds: float = 10.0, branch: int = 6,
                 tick: Callable[[], None] | None = None) -> None:
        if not game.rules.plans_by_links:
            raise ValueError(f"the link planner plans Easter Island games, not the {game.rules.name} map")
        self.game = game
        self.start = position or game.start
        if self.start.phase != SHARES:
            raise ValueError("the link planner starts at the beginning of a turn (the shares phase)")
        goods = game.rules.goods
        self.goods = goods
        self.target = goods_bound(game, self.start).turn if target is None else int(target)
        self.deadline = time.process_time() + float(budget_seconds)
        self.branch = branch
        self.tick = tick
        self.links = candidate_links(game, self.start)
        self.by_pair: dict[frozenset, list[Link]] = {}
        for link in self.links:
            self.by_pair.setdefault(link.pair, []).append(link)
        # each pair's links fewest tiles first (what the tile counts of the search ask for)
        self._by_tiles = [(pair, sorted(options, key=lambda lk: lk.tiles))
                          for pair, options in self.by_pair.items()]
        self._free_memo: dict = {}
        hexmap = goods.hexmap(self.start.board)
        self.ruins = [n.name for n in hexmap.nodes if n.type == "ruin"]
        self.nodes = [n.name for n in hexmap.nodes]
        self.urban_price = assumed("steam.urbanize_cost")
        self.needs, self.hubs = self._long_routes(hexmap.nodes)
        self._join_memo: dict = {}
        self._ready_memo: dict = {}
        self._reach_memo: dict = {}
        self._boards: dict = {}
        self._turns_memo: dict = {}
        self.join_weight = 2.0
        self.hub_count = 1          # towns tried for Urbanization (the black cubes' best hubs first)
        self.late_levels = True     # the Locomotive only when the long routes cannot wait
        self.extra_links = 10       # links ranked for a turn's spare tiles
        self.extra_combos = 7       # two links, or a link and a stub, kept per turn
        self.room_per_turn = 3
        self.money_weight = 0.5
        self.stats = {"turns tried": 0, "turns refused": 0, "positions failed": 0, "discrepancies": 0}

    # -- the abstract graph ---------------------------------------------------------------
    def _long_routes(self, nodes) -> tuple[dict, list]:
        """What the long routes ask for, on the graph of every candidate link: for each city, the
        fewest links each of its cubes (bottom to top) needs (any town may become black), and the
        towns in the order of the links the black cubes would need to reach each one alone."""
        adj: dict[str, list] = {n.name: [] for n in nodes}
        for pair in sorted(self.by_pair, key=sorted):
            a, b = sorted(pair)
            adj[a].append((b, pair))
            adj[b].append((a, pair))
        board = self.start.board
        colours = self._colours(board)
        towns = [n.name for n in nodes if n.name not in colours]

        def fewest(colouring, origin, cube):
            return next((level for level in range(1, MAX_LEVEL + 1)
                         if cube_routes(adj, colouring, origin, cube, level)), MAX_LEVEL + 1)

        every = dict(colours, **{t: "black" for t in towns})
        needs = {name: tuple(fewest(every, name, cube) for cube in stack)
                 for name, stack in self._cubes(board).items()}
        black = [(name, cube) for name, stack in self._cubes(board).items() for cube in stack if cube == "black"]
        hubs = sorted(towns, key=lambda t: (sum(fewest(dict(colours, **{t: "black"}), n, c) for n, c in black), t))
        return needs, hubs

    def _waiting_for_black(self, board) -> int:
        """While no city is black: the black cubes and the cubes under them, which wait for an
        Urbanization (one delivery a round, S11, so the turns left must hold them)."""
        if any(colour == "black" for colour in self._colours(board).values()):
            return 0
        return sum(len(stack) - stack.index("black") for stack in self._cubes(board).values()
                   if "black" in stack)

    def _long_cubes(self, board, level: int) -> int:
        """How many cubes left need more than *level* links at best (:meth:`_long_routes`)."""
        return sum(1 for name, stack in self._cubes(board).items()
                   for need in self.needs.get(name, ())[:len(stack)] if need > level)

    def _start_net(self) -> _Net:
        hexmap = self.goods.hexmap(self.start.board)
        if hexmap.incomplete_links():
            raise ValueError("the link planner starts from a map without incomplete track")
        built, used = {}, set()
        for link in hexmap.complete_links():
            pair = frozenset((link.start, link.end))
            built.setdefault(pair, Link(tuple(sorted(pair)), tuple(link.track_hexes), 0))
            used |= set(link.track_hexes)
        return _Net(built, frozenset(used))

    def _free(self, net: _Net, link: Link) -> bool:
        return net.used.isdisjoint(link.track)

    def _adjacency(self, pairs: frozenset) -> dict[str, list]:
        """Node -> its ``(other node, pair)`` over *pairs* (in the shape of
        :func:`~.easter_goods.cube_routes`; in no particular order: it answers whether a route
        exists, never which one comes first)."""
        adj: dict[str, list] = {n: [] for n in self.nodes}
        for pair in pairs:
            a, b = pair
            adj[a].append((b, pair))
            adj[b].append((a, pair))
        return adj

    def _free_links(self, used: frozenset, grown_from: frozenset | None = None) -> dict[frozenset, Link]:
        """Pair -> its candidate link of fewest tiles clear of the hexes *used* (pairs with none
        clear left out); once per set of used hexes. *grown_from*, a subset of *used* already
        asked about, lets only the pairs whose link the new hexes block be looked at again."""
        hit = self._free_memo.get(used)
        if hit is None:
            if len(self._free_memo) > 50_000:
                self._free_memo.clear()
            scan = self._by_tiles
            hit = {}
            base = self._free_memo.get(grown_from) if grown_from is not None else None
            if base is not None:
                added = used - grown_from
                hit = {pair: link for pair, link in base.items() if added.isdisjoint(link.track)}
                scan = [(pair, options) for pair, options in self._by_tiles
                        if pair in base and pair not in hit]
            isdisjoint = used.isdisjoint
            for pair, options in scan:
                for link in options:
                    if isdisjoint(link.track):
                        hit[pair] = link
                        break
            self._free_memo[used] = hit
        return hit

    @staticmethod
    def _routes(adj: dict, colours: dict, origin: str, cube: str, level: int) -> list[tuple]:
        """The legal routes of the goods rule (:func:`~.easter_goods.cube_routes`, S9) over *adj*."""
        return [route for route, _ in cube_routes(adj, colours, origin, cube, level)]

    def _cubes(self, board) -> dict[str, tuple]:
        return {c.name: c.cubes for c in board.cities if c.cubes}

    def _colours(self, board) -> dict[str, str]:
        return {c.name: c.colour for c in board.cities}

    def _components(self, pairs) -> dict[str, int]:
        parent = {n: n for n in self.nodes}

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for pair in pairs:
            a, b = tuple(pair)
            parent[find(a)] = find(b)
        return {n: find(n) for n in self.nodes}

    def _join_tiles(self, net: _Net) -> int:
        """About how many tiles still join the ruins into one network: a minimum spanning tree of
        the ruin components, each edge the fewest tiles of free candidate links between them
        (towns and other ruins may lie on the way). It is at most twice the true need (a
        spanning tree of the metric closure is within 2 of the Steiner tree); 99 when no
        candidate links join them."""
        key = (net.pairs(), net.used, net.stub)
        if key not in self._join_memo:
            self._join_memo[key] = self._join_tiles_of(net)
        return self._join_memo[key]

    def _join_tiles_of(self, net: _Net) -> int:
        comp = self._components(net.pairs())
        groups: dict = {}
        for r in self.ruins:
            groups.setdefault(comp[r], set()).add(r)
        if len(groups) <= 1:
            return 0
        stub_left = (net.stub[0].tiles - net.stub[1]) if net.stub else 0
        # the component graph: between two components, the fewest tiles of a free link
        weight: dict[str, dict] = {}
        for pair, link in self._free_links(net.used).items():
            tiles = len(link.track)
            a, b = pair
            ca, cb = comp[a], comp[b]
            if ca == cb:
                continue
            row = weight.setdefault(ca, {})
            if tiles < row.get(cb, 99):
                row[cb] = tiles
                weight.setdefault(cb, {})[ca] = tiles
        tree = _closure_tree_weight(weight, list(groups))
        return 99 if tree is None else tree + stub_left

    def _potential(self, net: _Net, board, level: int, grown_from: _Net | None = None) -> int:
        """How many cubes (each stack's top first) have a route on the links built."""
        _, cubes, colours, keys = self._board_view(board)
        return self._deliverable(net, cubes, colours, level, grown_from, keys)

    def _board_view(self, board) -> tuple:
        """*board*, its cubes and colours (not to be changed) and their keys, made once a board."""
        hit = self._boards.get(id(board))
        if hit is None or hit[0] is not board:
            if len(self._boards) > 50_000:
                self._boards.clear()
            cubes, colours = self._cubes(board), self._colours(board)
            hit = (board, cubes, colours, (frozenset(cubes.items()), frozenset(colours.items())))
            self._boards[id(board)] = hit
        return hit

    def _deliverable(self, net: _Net, cubes: dict, colours: dict, level: int,
                     grown_from: _Net | None = None, keys: tuple | None = None) -> int:
        """How many of *cubes* (each stack's top first) have a route (S9) on the links of *net*.

        *grown_from*, a net whose links are a subset of *net*'s (already asked about), lends the
        routes it found: a route stays legal when links are added (it keeps its nodes). *keys*:
        the frozen items of *cubes* and *colours*, when the caller has them."""
        pairs = net.pairs()
        cubes_key, colouring = keys or (frozenset(cubes.items()), frozenset(colours.items()))
        key = (pairs, cubes_key, colouring, level)
        count = self._ready_memo.get(key)
        if count is not None:
            return count
        # whether a cube of a colour has a route from a city: asked once per network and colouring
        reach = self._reach_memo.get((pairs, colouring, level))
        if reach is None:
            if len(self._reach_memo) > 100_000:
                self._reach_memo.clear()
            known = {}
            if grown_from is not None:
                lent = self._reach_memo.get((grown_from.pairs(), colouring, level))
                if lent is not None:
                    known = {where: True for where, ok in lent[1].items() if ok}
            reach = self._reach_memo[(pairs, colouring, level)] = (self._adjacency(pairs), known)
        adj, known = reach
        count = 0
        for name, stack in cubes.items():
            for cube in reversed(stack):
                ok = known.get((name, cube))
                if ok is None:
                    ok = known[(name, cube)] = has_cube_route(adj, colours, name, cube, level)
                if not ok:
                    break
                count += 1
        if len(self._ready_memo) > 200_000:
            self._ready_memo.clear()
        self._ready_memo[key] = count
        return count

    # -- the abstract turns ---------------------------------------------------------------
    def _choose_links(self, net: _Net, pairs: list[frozenset], fixed: list[Link]) -> list[Link] | None:
        """A cheapest non-colliding choice of one candidate link per pair."""
        options = []
        for pair in pairs:
            free = [lk for lk in self.by_pair.get(pair, ()) if self._free(net, lk)
                    and not any(lk.collides(f) for f in fixed)]
            if not free:
                return None
            options.append(free[:3])
        best = None
        for combo in product(*options):
            if colliding(list(combo)):
                continue
            cost = sum(lk.cost for lk in combo)
            if best is None or cost < best[0]:
                best = (cost, list(combo))
        return None if best is None else best[1]

    def turns(self, pos: Position, net: _Net, keep: int = 24) -> list[AbstractTurn]:
        """The abstract turns from *pos* (a turn's start), best first (at most *keep*).

        The turns and what is measured of each are the same for every scoring of the portfolio
        (:attr:`PORTFOLIO`): they are made once per position, and only weighed again."""
        key = (self._key(pos, net), keep, self.late_levels, self.hub_count, self.extra_links, self.extra_combos)
        if key not in self._turns_memo:
            self._turns_memo[key] = [(self._features(pos, net, t), t) for t in self._shortlist(pos, net, keep)]
        scored = [(self._weigh(*features), i, t) for i, (features, t) in enumerate(self._turns_memo[key])]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [t for _, _, t in scored[:keep]]

    def _shortlist(self, pos: Position, net: _Net, keep: int) -> list[AbstractTurn]:
        """The abstract turns from *pos*, the best ``4 * keep`` by a quick score."""
        game, rules = self.game, self.game.rules
        board = pos.board
        eco = pos.economy
        left = self.goods.goods_left(board)
        turns_left = self.target - pos.turn + 1
        spare = 2 * turns_left - left
        if spare < 0:
            return []
        want = min(2, left)
        counts = [want] + ([want - 1] if spare >= 1 and want >= 1 else [])
        cubes = self._cubes(board)
        base_colours = self._colours(board)
        # the tiles a pair costs this turn: 0 built, the rest of the stub, else its cheapest free link
        weight: dict[frozenset, int] = {pair: 0 for pair in net.built}
        free_links = self._free_links(net.used)
        for pair in self.by_pair:
            if pair not in weight and pair in free_links:
                weight[pair] = free_links[pair].tiles
        finish = None
        fixed: list[Link] = []
        finish_tiles = finish_cost = 0
        if net.stub:
            link, laid = net.stub
            finish = (link, laid)
            fixed = [link]
            finish_tiles = link.tiles - laid
            finish_cost = sum(rules.tile_price(game.land[h], rules.card(None)) for h in link.track[laid:])
            weight[link.pair] = 0
        adj: dict[str, list] = {n: [] for n in self.nodes}
        for pair in weight:
            a, b = tuple(pair)
            adj[a].append((b, pair))
            adj[b].append((a, pair))
        money = eco.cash + SHARE_PRICE * (MAX_SHARES - eco.shares)
        variants = [(None, None, 0)]
        black = any("black" in stack for stack in cubes.values())
        for card in rules.cards:
            if card.targeted or rules.selection.refusal(pos.blocked, 10 ** 6, card):
                continue
            if card.urbanizes:
                if not black:
                    continue
                hexmap = self.goods.hexmap(board)
                towns = {hexmap.node_at(town).name for town in self.goods.towns(board)}
                for name in [t for t in self.hubs if t in towns][:self.hub_count]:
                    variants.append((card.name, name, 0))
            elif card.raises_locomotive:
                # a level is bought as late as the cubes needing it allow: when the rounds of
                # the turns after this one are too few for them
                if self._long_cubes(board, eco.locomotive) > 2 * (turns_left - 1) or not self.late_levels:
                    variants.append((card.name, None, 1))
            else:
                variants.append((card.name, None, 0))
        chooser: dict = {}
        extras_of: dict = {}
        ranked = self._ranked_extras(net, board, eco.locomotive)
        found: list[tuple[float, int, AbstractTurn]] = []
        seen = set()
        for card_name, town, bonus in variants:
            self._tick()
            card = rules.card(card_name)
            limit = rules.tile_limit(card) - finish_tiles
            if limit < 0:
                continue
            colours = dict(base_colours)
            if town is not None:
                colours[town] = "black"
            price = (rules.selection.price if card_name else 0) + (self.urban_price if town else 0)
            for count in counts:
                for rounds in self._round_orders(count, want, eco.locomotive + bonus):
                    level = eco.locomotive + bonus + (1 if rounds[:1] == ("raise",) else 0)
                    for deliveries, pairs in self._delivery_sets(adj, weight, colours, cubes, level, count, limit):
                        if town is not None and not any(r[-1] == town for r in deliveries):
                            continue
                        if bonus and not any(len(r) - 1 > eco.locomotive for r in deliveries):
                            continue
                        new_pairs = tuple(sorted((p for p in pairs if weight[p] > 0 and p not in net.built
                                                  and not (net.stub and p == net.stub[0].pair)),
                                                 key=sorted))
                        if new_pairs not in chooser:
                            chooser[new_pairs] = self._choose_links(net, list(new_pairs), fixed)
                        chosen = chooser[new_pairs]
                        if chosen is None:
                            continue
                        tiles = sum(lk.tiles for lk in chosen)
                        if tiles > limit:
                            continue
                        cost = price + finish_cost + sum(lk.cost for lk in chosen)
                        if cost > money:
                            continue
                        ekey = (new_pairs, limit - tiles)
                        if ekey not in extras_of:
                            extras_of[ekey] = self._extras(ranked, chosen + fixed, limit - tiles)
                        for extra_links, stub in extras_of[ekey]:
                            links = chosen + extra_links
                            used = tiles + sum(lk.tiles for lk in extra_links) + (stub[1] if stub else 0)
                            if card_name == "engineer" and used + finish_tiles <= rules.tiles:
                                continue
                            extra_cost = (sum(lk.cost for lk in extra_links)
                                          + (sum(rules.tile_price(game.land[h], card) for h in
                                                 stub[0].track[:stub[1]]) if stub else 0))
                            if cost + extra_cost > money or (stub and pos.turn >= self.target):
                                continue
                            # deliveries from different cities commute: one order is enough
                            same = len({r[0] for r in deliveries}) < len(deliveries)
                            key = (card_name, town, frozenset(links), stub,
                                   deliveries if same else tuple(sorted(deliveries)), rounds)
                            if key in seen:
                                continue
                            seen.add(key)
                            turn = AbstractTurn(card_name, tuple(links), deliveries, town, finish,
                                                stub, rounds, cost + extra_cost)
                            quick = (4 * _income_gain(turn) - 0.25 * turn.cost
                                     - (2 if card_name else 0) + (1 if extra_links or stub else 0))
                            found.append((quick, len(found), turn))
        found.sort(key=lambda x: (-x[0], x[1]))
        return [t for _, _, t in found[:keep * 4]]

    def _tick(self) -> None:
        if time.process_time() > self.deadline:
            raise _OutOfTime

    @staticmethod
    def _round_orders(count: int, want: int, level: int) -> list[tuple[str, ...]]:
        if count == want:
            return [("ship",) * count]
        orders = [("ship",) * count + ("pass",)]
        if level < MAX_LEVEL:
            orders.insert(0, ("raise",) + ("ship",) * count)
        return orders

    @staticmethod
    def _tile_routes(adj, tiles_of, colours, origin, cube, level, limit, paid=frozenset(), memo=None):
        """The legal routes of the goods rule (:func:`~.easter_goods.cube_routes`, S9) over the
        built and buildable pairs *adj*, with the pairs they use and the tiles of those not in
        *paid* (laid this turn already), those fitting in *limit* tiles."""
        key = (origin, cube, level)    # *memo* serves one adjacency and one colouring
        if memo is None or key not in memo:
            walked = [(route, frozenset(pairs)) for route, pairs
                      in cube_routes(adj, colours, origin, cube, level)]
            if memo is None:
                memo = {}
            memo[key] = walked
        out = []
        for route, pairs in memo[key]:
            tiles = sum(tiles_of[p] for p in pairs if p not in paid)
            if tiles <= limit:
                out.append((route, pairs, tiles))
        return out

    def _delivery_sets(self, adj, tiles_of, colours, cubes, level, count, limit) -> Iterator[tuple]:
        if count == 0:
            yield (), frozenset()
            return
        memo: dict = {}
        for name, stack in sorted(cubes.items()):
            for r1, pairs1, tiles1 in self._tile_routes(adj, tiles_of, colours, name, stack[-1], level,
                                                        limit, memo=memo):
                if count == 1:
                    yield (r1,), pairs1
                    continue
                after = dict(cubes)
                after[name] = stack[:-1]
                for name2, stack2 in sorted(after.items()):
                    if not stack2:
                        continue
                    for r2, pairs2, _ in self._tile_routes(adj, tiles_of, colours, name2, stack2[-1], level,
                                                           limit - tiles1, pairs1, memo=memo):
                        yield (r1, r2), pairs1 | pairs2

    def _ranked_extras(self, net: _Net, board, level: int) -> list[tuple[float, Link]]:
        """Candidate links worth laying beyond a turn's deliveries, best first: those that make
        more cubes deliverable on the built links, or bring the ruins nearer one network."""
        higher = min(MAX_LEVEL, level + 1)     # what one Locomotive action would reach
        base = self._potential(net, board, level)
        base_up = self._potential(net, board, higher)
        join = self._join_tiles(net)
        ranked = []
        for pair, options in self.by_pair.items():
            if pair in net.built or (net.stub and pair == net.stub[0].pair):
                continue
            for link in options:
                if not self._free(net, link):
                    continue
                built = dict(net.built)
                built[pair] = link
                more = _Net(built, net.used.union(link.track), net.stub)
                self._free_links(more.used, grown_from=net.used)
                gain = self._potential(more, board, level, net) - base
                gain_up = self._potential(more, board, higher, net) - base_up
                closer = join - self._join_tiles(more)
                value = 2 * gain + gain_up + self.EXTRA_JOIN_WEIGHT * closer - 0.3 * link.tiles
                if gain > 0 or gain_up > 0 or closer > 0:
                    ranked.append((value, gain + gain_up, link))
                break
        ranked.sort(key=lambda x: -x[0])
        # the best by value, and the links that make cubes deliverable even if they join nothing
        best = ranked[:self.extra_links]
        best += sorted((r for r in ranked[self.extra_links:] if r[1] > 0), key=lambda r: -r[1])[:4]
        return [(value, link) for value, _, link in best]

    def _extras(self, ranked: list, taken: list[Link], room: int) -> list[tuple[list[Link], tuple | None]]:
        """What the tiles left this turn may lay besides the deliveries' links: nothing, one or
        two of the *ranked* links, or a stub of one (finished next turn), or a link and a stub."""
        out: list[tuple[float, list[Link], tuple | None]] = [(0.0, [], None)]
        if room <= 0:
            return [([], None)]
        usable = [(v, lk) for v, lk in ranked
                  if lk.pair not in {t.pair for t in taken} and not any(lk.collides(t) for t in taken)]

        def stubs(link: Link, tiles: int):
            if tiles < 1 or link.tiles - tiles > 3 or link.tiles <= tiles:
                return []
            flipped = Link((link.ends[1], link.ends[0]), tuple(reversed(link.track)), link.cost)
            return [(link, tiles), (flipped, tiles)]

        for i, (v1, l1) in enumerate(usable):
            if l1.tiles <= room:
                out.append((v1, [l1], None))
                rest = room - l1.tiles
                for v2, l2 in usable[i + 1:]:
                    if l2.collides(l1) or l2.pair == l1.pair:
                        continue
                    if l2.tiles <= rest:
                        out.append((v1 + v2, [l1, l2], None))
                    else:
                        out += [(v1 + 0.5 * v2, [l1], st) for st in stubs(l2, rest)]
            else:
                out += [(0.5 * v1, [], st) for st in stubs(l1, room)]
        # laying nothing more stays an option, and so does each single link
        singles = [o for o in out[1:] if len(o[1]) == 1 and o[2] is None][:self.extra_links]
        others = sorted((o for o in out[1:] if not (len(o[1]) == 1 and o[2] is None)),
                        key=lambda x: -x[0])[:self.extra_combos]
        out = out[:1] + singles + others
        return [(links, stub) for _, links, stub in out]

    def _features(self, pos: Position, net: _Net, turn: AbstractTurn) -> tuple:
        """What the scoring weighs of *turn*: the tiles still joining the ruins after it, the
        turns left after it, its income gain, its shares, the cubes then deliverable, whether it
        takes an action card, its cost, and the money slack of the rest of the game (what can
        still be spent against about $9 of track a turn)."""
        after = net.after(turn)
        shares = _shares_for(self.game, pos, turn)
        board = pos.board
        cubes = self._cubes(board)
        for route in turn.deliveries:
            cubes[route[0]] = cubes[route[0]][:-1]
        colours = self._colours(board)
        if turn.town:
            colours[turn.town] = "black"
        ready = self._deliverable(after, cubes, colours, _level_after(self.game, pos, turn))
        rest = self.target - pos.turn
        money = _economy_after(self.game, pos, turn, shares)
        flow = money.income - money.expenses
        slack = money.cash + flow + rest * flow + SHARE_PRICE * (MAX_SHARES - money.shares) - 9 * rest
        return (self._join_tiles(after), rest, _income_gain(turn), shares, ready, bool(turn.card),
                turn.cost, slack)

    def _weigh(self, join, rest, gain, shares, ready, card, cost, slack) -> float:
        """The score of a turn's :meth:`_features` under the scoring weights in use."""
        late = max(0, join - self.room_per_turn * rest)
        return (-5 * late + 4 * gain - 3 * shares + 1.5 * min(ready, 4) - self.join_weight * join
                - (2 if card else 0) - 0.2 * cost + self.money_weight * min(0, slack))

    def _score(self, pos: Position, net: _Net, turn: AbstractTurn) -> float:
        return self._weigh(*self._features(pos, net, turn))

    # -- the depth-first search -----------------------------------------------------------
    def _key(self, pos: Position, net: _Net) -> tuple:
        cubes = tuple(sorted(self._cubes(pos.board).items()))
        black = tuple(sorted(name for name, colour in self._colours(pos.board).items() if colour == "black"))
        return (pos.turn, cubes, black, net.key(), pos.economy, pos.blocked)

    def _dfs(self, pos: Position, net: _Net, allowance: int) -> list[Action] | None:
        if self.tick is not None:
            self.tick()
        if time.process_time() > self.deadline:
            raise _OutOfTime
        key = self._key(pos, net)
        if self.failed_at.get(key, -1) >= allowance:
            return None
        turns_left = self.target - pos.turn + 1
        if math.ceil(self._join_tiles(net) / 2) > 4 * turns_left or \
                self._waiting_for_black(pos.board) > 2 * turns_left:
            self.failed_at[key] = 10 ** 6
            return None
        choices = self.turns(pos, net)
        exhausted = len(choices) <= allowance + 1
        for rank, turn in enumerate(choices[:allowance + 1]):
            self.stats["turns tried"] += 1
            try:
                actions, after = realize_turn(self.game, pos, turn)
            except (IllegalAction, ValueError):
                self.stats["turns refused"] += 1
                continue
            if after.phase == OVER:
                if after.outcome.cleared and after.outcome.turns <= self.target:
                    return actions
                continue
            if after.turn > self.target:
                continue
            rest = self._dfs(after, net.after(turn), allowance - rank)
            if rest is not None:
                return actions + rest
        self.stats["positions failed"] += 1
        self.failed_at[key] = 10 ** 6 if exhausted else allowance
        return None

    #: The weight of a tile nearer one network when ranking the links for spare tiles.
    EXTRA_JOIN_WEIGHT = 2.0

    #: The scoring weights tried in turn (join weight, room per turn, money weight), each with
    #: the most discrepancies it is given (None: no limit): each ranks the abstract turns
    #: differently, and a plan missed by one is often found by another. At each discrepancy
    #: budget the first runs, then the second. The first weighs the ruins still to join (it
    #: finds Easy's and Normal's plans with at most one discrepancy, and Hard's only after many
    #: seconds, so it stops there); the second weighs the money the rest of the game needs
    #: (Hard: its plan ends with most of the 15 shares issued) and the join less. Chosen by
    #: measuring the three full set-ups over a grid of weights (first plan in CPU-s on a busy
    #: machine: Easy, Normal, Hard about 0.9, 0.8 and 8.5; the earlier pair of unlimited
    #: weightings (2.0, 3, 2.0), (3.0, 3, 0.5) took 2.3, 2.0 and 13.9 there).
    PORTFOLIO = ((3.0, 3, 0.5, 1), (1.5, 4, 2.0, None))

    def run(self) -> list[Action] | None:
        """A plan clearing the map by the target turn, or None (none in this model, or out of time)."""
        self.complete = False
        net = self._start_net()
        if self.target > self.game.turns:
            self.complete = True
            return None
        memos = [dict() for _ in self.PORTFOLIO]
        allowance = 0
        try:
            while True:
                self.stats["discrepancies"] = allowance
                done = 0
                for memo, (join, room, money, most) in zip(memos, self.PORTFOLIO):
                    if memo.get(self._key(self.start, net)) == 10 ** 6 or \
                            (most is not None and allowance > most):
                        done += most is not None or memo.get(self._key(self.start, net)) == 10 ** 6
                        continue
                    self.join_weight, self.room_per_turn, self.money_weight = join, room, money
                    self.failed_at = memo
                    found = self._dfs(self.start, net, allowance)
                    if found is not None:
                        return found
                    done += memo.get(self._key(self.start, net)) == 10 ** 6
                if done == len(self.PORTFOLIO):
                    self.complete = True
                    return None
                allowance += 1
        except _OutOfTime:
            return None


def plan_links(game: Game, budget_seconds: float = 10.0, *, position: Position | None = None,
               target: int | None = None, tick: Callable[[], None] | None = None) -> list[Action] | None:
    """Engine actions that clear an Easter Island *game* by the goods bound's turn, or None.

    Parameters
    ----------
    game : Game
        An Easter Island game (the Zoo map raises :class:`ValueError`).
    budget_seconds : float
        CPU seconds of this process to search.
    position : Position, optional
        Where to start (a turn's start; default: the game's start).
    target : int, optional
        The turn to clear by (default: the goods bound, :func:`~.bounds.goods_bound`).
    tick : callable, optional
        Called once per abstract position searched; it may raise to stop the search (the
        anytime planner's clock does, when its budget is spent or Ctrl-C is pressed).

    Returns
    -------
    list of actions or None
        Actions replayed through the engine from *position*: they clear the map in turn
        *target* or earlier. None when the search found none in the budget (or proved there
        is none in its model: no Rapa Nui, at most one stub a turn).
    """
    return LinkPlanner(game, position, target=target, budget_seconds=budget_seconds, tick=tick).run()
