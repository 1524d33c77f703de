"""A two-level planner for Easter Island: plan the links, then lay the tiles.

The goods bound (:func:`zoobook.steam.game.bounds.goods_bound`) says a map with *n* cubes
cannot be cleared before turn ``ceil(n / 2)``: one delivery per move-goods round, two rounds a
turn. A plan at that bound delivers a cube in (nearly) every round from turn 1, so what a turn
must do is narrow: lay the few links the turn's two deliveries need, pay for them and nothing
more, and keep the links the next turns need within reach. This module searches that narrow
space on the **link graph** instead of on hexes:

1. **Abstract model** (:mod:`.links`). The nodes are the ruins and towns; a candidate link is
   one of the cheapest tile paths over free land between two nodes. An abstract turn is an
   action card, the links to add within the turn's tile limit (a longer link laid as a stub and
   finished the next turn), and the turn's deliveries, each a route of nodes over at most
   *level* links to a city of the cube's colour and through no city of it (S9).
2. **Realization** (:func:`~.links.realize_turn`). Each abstract turn becomes engine actions
   replayed through the engine's :func:`~.state.step`. The engine is the judge: a turn it
   refuses (tiles collide, a route it does not take, money short) is a bad abstract choice,
   and the search backtracks.

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
>>> from zoobook.steam.game.links import candidate_links
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
from collections.abc import Callable, Iterator
from itertools import product

from zoobook.assumed import assumed
from zoobook.errors import IllegalAction
from zoobook.steam.game.actions import Action
from zoobook.steam.game.bounds import goods_bound
from zoobook.steam.game.easter_goods import cube_routes, has_cube_route
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE
from zoobook.steam.game.links import (AbstractTurn, Link, Net, candidate_links, closure_tree_weight,
                                      colliding, economy_after, income_gain, level_after, realize_turn,
                                      shares_for)
from zoobook.steam.game.state import OVER, SHARES, Game, Position

__all__ = ["plan_links", "LinkPlanner"]


# -- the weights that rank a position's abstract turns (tuned on the three Easter set-ups) ------
#: A tile of the ruins' joining network the turns left cannot lay (at ``room_per_turn`` a turn)
#: is a plan at the bound lost: the heaviest term.
LATE_TILE_WEIGHT = 5.0
#: An income step pays every turn after it: worth more than a cube made deliverable.
INCOME_WEIGHT = 4.0
#: A share costs $1 of expenses every turn after it (S11): the dearest way to pay for a turn.
SHARE_WEIGHT = 3.0
#: A cube deliverable on the links after the turn is a round the next turns need not build for.
READY_WEIGHT = 1.5
#: More deliverable cubes than the next two turns' four rounds can ship are worth nothing more.
READY_CAP = 4
#: An action card costs money and blocks nothing useful unless its effect is used: a turn that
#: takes none ranks first when the two are otherwise equal.
CARD_WEIGHT = 2.0
#: Each $ of track this turn: a tie-break between turns doing the same (cheaper track leaves cash).
COST_WEIGHT = 0.2
#: The $ of track a turn of the rest of the game is expected to need (three tiles at about $3),
#: what the money slack of the scoring is measured against.
TRACK_PER_TURN = 9
#: The scoring weights (join weight, room per turn, money weight) that :meth:`LinkPlanner.turns`
#: uses outside :meth:`LinkPlanner.run`, which sets each of :data:`PORTFOLIO` in turn.
DEFAULT_WEIGHTS = (2.0, 3, 0.5)

# -- the quick score that shortlists turns before the full one ranks them -----------------------
#: Each $ the turn costs, in the quick score (income counts ``INCOME_WEIGHT`` there too).
QUICK_COST_WEIGHT = 0.25
#: A turn that lays more than its deliveries need (a link or a stub for later) is kept a little
#: ahead of one that lays nothing: the later turns need that track.
QUICK_EXTRA_BONUS = 1.0

# -- the links for a turn's spare tiles ------------------------------------------------------
#: A cube made deliverable at the current level counts twice one that needs the next level.
EXTRA_GAIN_WEIGHT = 2.0
#: A tile nearer one network joining the ruins (the join is what every plan must finish).
EXTRA_JOIN_WEIGHT = 2.0
#: Each tile the extra link lays: the shortest of equally useful links first.
EXTRA_TILE_WEIGHT = 0.3
#: Links kept besides the best ranked because they make cubes deliverable even if they join nothing.
EXTRA_DELIVERING = 4
#: A stub is worth half its link this turn: it delivers nothing until it is finished next turn.
STUB_SHARE = 0.5
#: The most tiles a stub leaves for the next turn (one build's three tiles).
STUB_REST = 3

# -- the search -----------------------------------------------------------------------------

class _OutOfTime(Exception):
    pass


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
        self.join_weight, self.room_per_turn, self.money_weight = DEFAULT_WEIGHTS
        self.hub_count = 1          # towns tried for Urbanization (the black cubes' best hubs first)
        self.late_levels = True     # the Locomotive only when the long routes cannot wait
        self.extra_links = 10       # links ranked for a turn's spare tiles
        self.extra_combos = 7       # two links, or a link and a stub, kept per turn
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

    def _start_net(self) -> Net:
        hexmap = self.goods.hexmap(self.start.board)
        if hexmap.incomplete_links():
            raise ValueError("the link planner starts from a map without incomplete track")
        built, used = {}, set()
        for link in hexmap.complete_links():
            pair = frozenset((link.start, link.end))
            built.setdefault(pair, Link(tuple(sorted(pair)), tuple(link.track_hexes), 0))
            used |= set(link.track_hexes)
        return Net(built, frozenset(used))

    def _free(self, net: Net, link: Link) -> bool:
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

    def _join_tiles(self, net: Net) -> int:
        """About how many tiles still join the ruins into one network: a minimum spanning tree of
        the ruin components, each edge the fewest tiles of free candidate links between them
        (towns and other ruins may lie on the way). It is at most twice the true need (a
        spanning tree of the metric closure is within 2 of the Steiner tree); 99 when no
        candidate links join them."""
        key = (net.pairs(), net.used, net.stub)
        if key not in self._join_memo:
            self._join_memo[key] = self._join_tiles_of(net)
        return self._join_memo[key]

    def _join_tiles_of(self, net: Net) -> int:
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
        tree = closure_tree_weight(weight, list(groups))
        return 99 if tree is None else tree + stub_left

    def _potential(self, net: Net, board, level: int, grown_from: Net | None = None) -> int:
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

    def _deliverable(self, net: Net, cubes: dict, colours: dict, level: int,
                     grown_from: Net | None = None, keys: tuple | None = None) -> int:
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
    def _choose_links(self, net: Net, pairs: list[frozenset], fixed: list[Link]) -> list[Link] | None:
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

    def turns(self, pos: Position, net: Net, keep: int = 24) -> list[AbstractTurn]:
        """The abstract turns from *pos* (a turn's start), best first (at most *keep*).

        The turns and what is measured of each are the same for every scoring of the portfolio
        (:attr:`PORTFOLIO`): they are made once per position, and only weighed again."""
        key = (self._key(pos, net), keep, self.late_levels, self.hub_count, self.extra_links, self.extra_combos)
        if key not in self._turns_memo:
            self._turns_memo[key] = [(self._features(pos, net, t), t) for t in self._shortlist(pos, net, keep)]
        scored = [(self._weigh(*features), i, t) for i, (features, t) in enumerate(self._turns_memo[key])]
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [t for _, _, t in scored[:keep]]

    def _shortlist(self, pos: Position, net: Net, keep: int) -> list[AbstractTurn]:
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
                            quick = (INCOME_WEIGHT * income_gain(turn) - QUICK_COST_WEIGHT * turn.cost
                                     - (CARD_WEIGHT if card_name else 0)
                                     + (QUICK_EXTRA_BONUS if extra_links or stub else 0))
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

    def _ranked_extras(self, net: Net, board, level: int) -> list[tuple[float, Link]]:
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
                more = Net(built, net.used.union(link.track), net.stub)
                self._free_links(more.used, grown_from=net.used)
                gain = self._potential(more, board, level, net) - base
                gain_up = self._potential(more, board, higher, net) - base_up
                closer = join - self._join_tiles(more)
                value = EXTRA_GAIN_WEIGHT * gain + gain_up + EXTRA_JOIN_WEIGHT * closer - EXTRA_TILE_WEIGHT * link.tiles
                if gain > 0 or gain_up > 0 or closer > 0:
                    ranked.append((value, gain + gain_up, link))
                break
        ranked.sort(key=lambda x: -x[0])
        # the best by value, and the links that make cubes deliverable even if they join nothing
        best = ranked[:self.extra_links]
        best += sorted((r for r in ranked[self.extra_links:] if r[1] > 0), key=lambda r: -r[1])[:EXTRA_DELIVERING]
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
            if tiles < 1 or link.tiles - tiles > STUB_REST or link.tiles <= tiles:
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
                        out += [(v1 + STUB_SHARE * v2, [l1], st) for st in stubs(l2, rest)]
            else:
                out += [(STUB_SHARE * v1, [], st) for st in stubs(l1, room)]
        # laying nothing more stays an option, and so does each single link
        singles = [o for o in out[1:] if len(o[1]) == 1 and o[2] is None][:self.extra_links]
        others = sorted((o for o in out[1:] if not (len(o[1]) == 1 and o[2] is None)),
                        key=lambda x: -x[0])[:self.extra_combos]
        out = out[:1] + singles + others
        return [(links, stub) for _, links, stub in out]

    def _features(self, pos: Position, net: Net, turn: AbstractTurn) -> tuple:
        """What the scoring weighs of *turn*: the tiles still joining the ruins after it, the
        turns left after it, its income gain, its shares, the cubes then deliverable, whether it
        takes an action card, its cost, and the money slack of the rest of the game (what can
        still be spent against about $9 of track a turn)."""
        after = net.after(turn)
        shares = shares_for(self.game, pos, turn)
        board = pos.board
        cubes = self._cubes(board)
        for route in turn.deliveries:
            cubes[route[0]] = cubes[route[0]][:-1]
        colours = self._colours(board)
        if turn.town:
            colours[turn.town] = "black"
        ready = self._deliverable(after, cubes, colours, level_after(self.game, pos, turn))
        rest = self.target - pos.turn
        money = economy_after(self.game, pos, turn, shares)
        flow = money.income - money.expenses
        slack = money.cash + flow + rest * flow + SHARE_PRICE * (MAX_SHARES - money.shares) - TRACK_PER_TURN * rest
        return (self._join_tiles(after), rest, income_gain(turn), shares, ready, bool(turn.card),
                turn.cost, slack)

    def _weigh(self, join, rest, gain, shares, ready, card, cost, slack) -> float:
        """The score of a turn's :meth:`_features` under the scoring weights in use."""
        late = max(0, join - self.room_per_turn * rest)
        return (-LATE_TILE_WEIGHT * late + INCOME_WEIGHT * gain - SHARE_WEIGHT * shares
                + READY_WEIGHT * min(ready, READY_CAP) - self.join_weight * join
                - (CARD_WEIGHT if card else 0) - COST_WEIGHT * cost + self.money_weight * min(0, slack))

    def _score(self, pos: Position, net: Net, turn: AbstractTurn) -> float:
        return self._weigh(*self._features(pos, net, turn))

    # -- the depth-first search -----------------------------------------------------------
    def _key(self, pos: Position, net: Net) -> tuple:
        cubes = tuple(sorted(self._cubes(pos.board).items()))
        black = tuple(sorted(name for name, colour in self._colours(pos.board).items() if colour == "black"))
        return (pos.turn, cubes, black, net.key(), pos.economy, pos.blocked)

    def _dfs(self, pos: Position, net: Net, allowance: int) -> list[Action] | None:
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
