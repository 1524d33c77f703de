"""Plans at the goods bound: a depth-first search over whole turns that deliver in every round.

On Easter Island each cube leaves the map by its own delivery, one per move-goods round, two
rounds a turn (the goods bound of :mod:`.bounds`). When that bound is the binding one, a plan
that meets it has almost no slack: with ``left`` cubes and ``rounds`` move-goods rounds up to the
target turn, at most ``rounds - left`` rounds may go without a delivery (none at all on the full
set-ups: 16, 18 and 20 cubes in 8, 9 and 10 turns). That turns a huge search into a narrow one:

* a **turn** is proposed as a *build set* for its deliveries, not lay by lay. The routes of the
  top cubes are searched over the links built and the links that could be built now (the
  cheapest tile paths over free land between two nodes, or from the end of a stub); the two
  deliveries of the turn pick their routes, and the links they need are built together, with
  the tiles and money left for one more lay (a link or a stub toward later routes). Routes over
  two links through a node between come first: each link shipped is +1 income (S11);
* the **shares** issued are the fewest that pay the turn's build and its expenses;
* every candidate turn is **played by the engine** (:func:`~zoobook.steam.game.state.step`):
  the action is one of the engine's legal selections, the shipments are taken from the engine's
  legal actions, and a turn the engine refuses at any step is dropped. The search's own route
  finding only proposes;
* the search goes **depth first** over turns, keeping only turns after which the lower bound
  (:func:`~zoobook.steam.game.bounds.lower_bound`) still allows the target turn, in order of a
  cheap estimate (income gained, money spent) with limited discrepancy (the k-th best turn of a
  position costs k of a budget that grows 0, 1, 2, ...), so a poor early choice is revisited
  before a deep subtree is exhausted;
* a **look-ahead** per cube (:mod:`.lookahead`) cuts a position where some cube left has no
  route within the links the locomotive can reach by the target turn (a Locomotive action a
  turn) or needs more new tiles than the builds left can lay; the estimate also weighs the new
  tiles every cube's cheapest route still needs, so the network is built for the far cubes
  too, not only for the next two deliveries;
* the turns of the actions that pay off later -- an **Urbanization** (a black city for the
  black cubes) and the **Locomotive** (a third link for the far cubes of the east) -- are
  tried at every position even when the best turns by the estimate leave them out, and the
  best turn of each action costs one discrepancy, not its rank among all turns;
* positions already searched are skipped: the key is the board as a *set* (track hexes, stubs,
  cubes, cities), the money and the level, never the order in which the track was laid.

Measured (CPU seconds of one process, :func:`plan_at_bound` alone): Easter Island Easy in
turn 8 after about 4 s, Normal in turn 9 after about 10-12 s, Hard in turn 10 after about 25-30 s,
each proved optimal by the goods bound. Without the look-ahead and the late-paying actions Hard
found nothing in 90 s: the yellow cube of Blue 6 was left in turn 10 with no route.

A plan it returns is a list of engine actions that clears the map in the target turn; it is
replayed through the engine before it is returned. It finds nothing (``None``) when the budget
runs out or every proposal is refused; that proves nothing (the proposals are not every legal
turn): :func:`plan_at_bound` is a plan finder, the bounds are the proof.

Examples
--------
>>> from zoobook.steam.easter.island import City, Island
>>> from zoobook.steam.game.state import Game
>>> island = Island.build(plain=[(1, 0), (3, 0)], cities=[
...     City("Red 1", (0, 0), "red", True, ("blue",)), City("Blue 1", (2, 0), "blue", True, ("red",)),
...     City("Red 2", (4, 0), "red", True)])
>>> game = Game.easter(island, turns=1)
>>> found = plan_at_bound(game, target=1)
>>> found.turns, [str(a) for a in found.actions if type(a).__name__ == "Ship"]
(1, ['ship Red 1 -> Blue 1', 'ship Blue 1 -> Red 2'])
>>> found.end.outcome.cleared
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from zoobook.errors import IllegalAction
from zoobook.hexgrid import DIRECTIONS
from zoobook.steam.game.actions import (Action, EndBuild, IssueShares, LayTrack, Pass,
                                        Ship, Urbanize)
from zoobook.steam.game.bounds import goods_bound, lower_bound
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE
from zoobook.steam.game.lookahead import cube_needs, free_land, shortest_free_paths, target_hexes
from zoobook.steam.game.memo import IdentityCache
from zoobook.steam.game.state import MOVE, OVER, SHARES, Game, Position, legal_actions, step

__all__ = ["TightPlan", "plan_at_bound", "rounds_to_spare"]

_RICH = 10 ** 6
#: Tiles of the longest link proposed whole (the Engineer's four) and of the links stubs head for.
_SHORT, _LONG = 4, 6
#: Path variants kept per pair of nodes (the cheapest first).
_VARIANTS = 3
#: Turns kept per position (the best by the estimate that the engine plays through).
_CHILDREN = 12
#: Pairs of deliveries per action kept before more lays are added to them.
_PAIRS = 150
#: Proposals tried for each action (and town urbanized) that the best turns leave out.
_KIND_TRIES = 2
#: In the last _FREE_TURNS turns, the first _FREE + 1 turns of a position cost no discrepancy.
_FREE_TURNS, _FREE = 3, 2
#: What a tile still needed to join the ruins weighs against the estimate of a turn.
_JOIN_WEIGHT = 3.0
#: What a tile of a cube's cheapest route weighs (summed over the cubes left, :func:`_far`).
_NEED_WEIGHT = 0.3
#: A black cube's route to a town (not a black city yet) counts these tiles more in the steer.
_TOWN_TILES = 3


@dataclass(frozen=True)
class TightPlan:
    """A plan found at the target turn: its engine ``actions`` and ``end`` position (cleared in
    ``turns``), and the search's ``stats`` (turns expanded, seconds)."""

    turns: int
    actions: tuple[Action, ...]
    end: Position
    stats: dict = field(default_factory=dict)


def rounds_to_spare(game: Game, pos: Position, target: int) -> int:
    """Move-goods rounds up to the end of turn *target* that need not deliver: the rounds left
    less the goods left (negative: the target is below the goods bound).

    >>> from zoobook.steam.game.maps import full_setup
    >>> hard = full_setup("easter-hard")
    >>> rounds_to_spare(hard, hard.start, 10), rounds_to_spare(hard, hard.start, 11)
    (0, 2)
    """
    left = game.rules.goods.goods_left(pos.board)
    rounds = 2 * (target - pos.turn + 1) - (pos.moves if pos.phase == MOVE else 0)
    return rounds - left


# -- the links that could be built now ---------------------------------------------------------

@dataclass(frozen=True, eq=False)
class _Lay:
    """A lay the search may propose: engine ``hexes`` (start, new tiles, node end or not), the
    new ``tiles``, the link's two node names (``b`` None for a stub) and its price. Two lays
    are the same only if they are the same object (they are made once per position)."""

    hexes: tuple
    tiles: frozenset
    a: str
    b: str | None
    cost: int
    size: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.tiles))


_STEPS = tuple(DIRECTIONS.values())  # the six axial offsets, in hexgrid's order
_PRICES = IdentityCache(limit=64)   # per game: each land hex's price with no card


def _near(h) -> list:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in _STEPS]


def _price(game: Game, h) -> int:
    def table() -> dict:
        none = game.rules.card(None)
        return {tuple(x): game.rules.tile_price(t, none) for x, t in game.land.items()}
    return _PRICES.get(game, None, table)[h]


_LAYS_OF: dict = {}


def _possible_lays(game: Game, board) -> tuple[list[_Lay], list[_Lay]]:
    hit = _LAYS_OF.get(id(board))
    if hit is None or hit[0] is not board or hit[1] is not game:
        if len(_LAYS_OF) > 2000:
            _LAYS_OF.clear()
        hit = (board, game, _lays_on(game, board))
        _LAYS_OF[id(board)] = hit
    return hit[2]


def _lays_on(game: Game, board) -> tuple[list[_Lay], list[_Lay]]:
    """(links, stubs): links of at most :data:`_SHORT` new tiles between two nodes not joined
    directly, from a node or a stub's end (the cheapest few per pair); and the first tiles of the
    shortest longer links (up to :data:`_LONG` tiles), from either end."""
    hexmap = game.rules.goods.hexmap(board)
    node_at = {tuple(n.hex): n for n in hexmap.nodes}
    nodes = {h: n.name for h, n in node_at.items()}
    free = free_land(game, hexmap)
    joined = {frozenset((link.start, link.end)) for link in hexmap.complete_links()}
    starts = [(h, name) for h, name in nodes.items()]
    for link in hexmap.incomplete_links():
        end = tuple(link.hexes[-1])
        if end not in nodes and hexmap.tracks[hexmap.track_at(end)].end == link.hexes[-1]:
            starts.append((end, link.start))
    by_pair: dict = {}
    longest: dict = {}
    for start, origin in starts:
        from_stub = start not in nodes
        # every simple path of free land up to _SHORT tiles that reaches another node
        stack = [(start, (start,))]
        while stack:
            here, path = stack.pop()
            tiles = len(path) - 1
            for n in _near(here):
                name = nodes.get(n)
                if name is not None:
                    if tiles and name != origin and (from_stub or frozenset((origin, name)) not in joined):
                        new = path[1:]
                        cost = sum(_price(game, h) for h in new)
                        lay = _Lay(path + (n,), frozenset(new), origin, name, cost)
                        by_pair.setdefault((start, name), []).append(lay)
                    continue
                if n in free and n not in path and tiles < _SHORT:
                    stack.append((n, path + (n,)))
        # the shortest path to each node, up to _LONG - 1 tiles (the beams' breadth-first walk), for the stubs
        for name, (path, goal) in shortest_free_paths(nodes, free, start, origin, _LONG - 1).items():
            if frozenset((origin, name)) not in joined:
                longest[(start, name)] = (origin, path, goal)
    links, seen = [], set()
    for lays in by_pair.values():
        fewest = min(lay.size for lay in lays)
        best = sorted((lay for lay in lays if lay.size == fewest), key=lambda ly: (ly.cost, ly.hexes))
        for lay in best:
            if len([1 for ly in links if {ly.a, ly.b} == {lay.a, lay.b}]) >= _VARIANTS:
                break
            marker = (lay.tiles, frozenset((lay.a, lay.b)))
            if marker not in seen:
                seen.add(marker)
                links.append(lay)
    stubs = []
    for (start, name), (origin, path, goal) in longest.items():
        if start not in nodes:
            continue  # a stub's end is continued by a link or not at all
        for k in range(1, min(len(path), _SHORT)):
            for part in (path[:k],):
                stubs.append(_Lay((start,) + part, frozenset(part), origin, None,
                                  sum(_price(game, h) for h in part)))
    return links, stubs


def _join_tiles(game: Game, board) -> int:
    """An estimate of the new tiles still needed to join the ruins (S9): a spanning tree over the
    groups of joined ruins, each edge the fewest free-land tiles between two groups (nodes not
    in a group are passed through free). Not a bound (a tree may cost more than the best
    network); the search uses it to steer and to drop positions far out of reach."""
    import networkx as nx

    hexmap = game.rules.goods.hexmap(board)
    graph = hexmap.link_graph()
    ruins = board.ruins()
    groups = []
    for ruin in ruins:
        if not any(ruin in g for g in groups):
            groups.append(nx.node_connected_component(graph, ruin))
    if len(groups) <= 1:
        return 0
    where = {tuple(n.hex): i for i, g in enumerate(groups) for n in hexmap.nodes if n.name in g}
    loose = {tuple(n.hex) for n in hexmap.nodes} - set(where)
    free = free_land(game, hexmap) | loose
    tree = nx.Graph()
    for i in range(len(groups)):
        # breadth first (0-1: loose nodes cost nothing) from every node hex of group i
        best = {h: 0 for h, g in where.items() if g == i}
        frontier = sorted(best)
        found = {}
        while frontier:
            nxt = []
            for here in frontier:
                d = best[here]
                for n in _near(here):
                    g = where.get(n)
                    if g is not None:
                        if g != i and (g not in found or found[g] > d):
                            found[g] = d
                        continue
                    if n in free:
                        step_ = 0 if n in loose else 1
                        if n not in best or best[n] > d + step_:
                            best[n] = d + step_
                            (frontier if step_ == 0 else nxt).append(n)
            frontier = nxt
        for g, d in found.items():
            tree.add_edge(i, g, weight=max(d, 1))
    if tree.number_of_nodes() < len(groups) or not nx.is_connected(tree):
        return 10 ** 6
    return int(sum(d["weight"] for _, _, d in nx.minimum_spanning_edges(tree, data=True)))


def _far(game: Game, pos: Position, target: int) -> float | None:
    """None when some cube left cannot be delivered by turn *target* (:mod:`.lookahead`): no
    route within the links the locomotive can reach by then (a Locomotive action each turn left,
    a raise in each spare round), or one that needs more tiles than the builds left can lay.
    Else the new tiles the cubes' routes need at one level more than now, summed (the search's
    steer toward a network that serves every cube)."""
    turns = target - pos.turn + 1
    level = pos.economy.locomotive
    most = min(MAX_LEVEL, level + turns + max(0, rounds_to_spare(game, pos, target)))
    room = _tiles_left(game, pos, target)
    for need in cube_needs(game, pos.board, most):
        if need.tiles is None or need.tiles > room:
            return None
    steer = cube_needs(game, pos.board, min(MAX_LEVEL, level + 1), _TOWN_TILES)
    return _NEED_WEIGHT * sum(n.tiles if n.tiles is not None else 2 * _LONG for n in steer)


def _tiles_left(game: Game, pos: Position, target: int) -> int:
    """The most tiles the builds from *pos* to turn *target* can lay (an Engineer every other
    turn at most: three blockers cycle, S9)."""
    turns = target - pos.turn + 1
    return 3 * turns + (turns + 1) // 2


# -- routes over built and buildable links -----------------------------------------------------

def _routes(adj: dict, colours: dict, origin: str, cube: str, level: int, room: int,
            taken: frozenset = frozenset(), built: tuple = ()):
    """Routes of a *cube* from *origin*: (route, new lays) over built links (lay None) and
    buildable ones, at most *level* links, never through a city of the cube's colour (S9), new
    lays hex-disjoint from each other and from *taken*, their tiles at most *room*."""
    out = []
    stack = [((origin,), (), frozenset(), 0)]
    while stack:
        route, lays, hexes, tiles = stack.pop()
        if len(route) - 1 >= level:
            continue
        for other, lay in adj.get(route[-1], ()):
            if other in route:
                continue
            new_lays, new_hexes, new_tiles = lays, hexes, tiles
            if lay is not None and lay not in built:
                if lay in lays:
                    continue
                if new_tiles + lay.size > room or lay.tiles & (hexes | taken):
                    continue
                new_lays, new_hexes, new_tiles = lays + (lay,), hexes | lay.tiles, tiles + lay.size
            if colours.get(other) == cube:
                out.append((route + (other,), new_lays, new_hexes, new_tiles))
            else:
                stack.append((route + (other,), new_lays, new_hexes, new_tiles))
    return out


def _adjacency(game: Game, board, links: list[_Lay]) -> dict:
    hexmap = game.rules.goods.hexmap(board)
    adj: dict = {}
    pairs = set()
    for link in hexmap.complete_links():
        if frozenset((link.start, link.end)) not in pairs:
            pairs.add(frozenset((link.start, link.end)))
            adj.setdefault(link.start, []).append((link.end, None))
            adj.setdefault(link.end, []).append((link.start, None))
    for lay in links:
        adj.setdefault(lay.a, []).append((lay.b, lay))
        adj.setdefault(lay.b, []).append((lay.a, lay))
    return adj


# -- one turn: proposals, then the engine ------------------------------------------------------

def _try(game: Game, pos: Position, action: Action) -> Position | None:
    try:
        return step(game, pos, action)[0]
    except IllegalAction:
        return None


@dataclass(frozen=True)
class _Proposal:
    value: float
    head: tuple            # Select (and Urbanize)
    lays: tuple            # _Lay objects, in order
    ships: tuple           # routes (tuples of names) or "raise" / "pass"


def _useful(adj: dict, colours: dict, cubes: dict, level: int, room: int) -> dict:
    """How many cubes (any in a stack, not only the tops) each buildable link serves: it lies on
    one of the cube's routes that need the fewest new tiles."""
    count: dict = {}
    for name, stack in cubes.items():
        for cube in set(stack):
            routes = _routes(adj, colours, name, cube, level, room)
            if not routes:
                continue
            fewest = min(r[3] for r in routes)
            for lay in {lay for r in routes if r[3] == fewest for lay in r[1]}:
                count[lay] = count.get(lay, 0) + 1
    return count


def _proposals(game: Game, pos: Position, target: int) -> list[_Proposal]:
    """Candidate turns from a SHARES-phase position, best estimate first.

    An action card is proposed only for a turn that uses it: the Engineer for a build of more
    than three tiles, the Locomotive for a route longer than the old level allowed,
    Urbanization for a delivery to the new city, Rapa Nui for a delivery from the flipped stack.
    """
    import networkx as nx

    rules = game.rules
    spare = rounds_to_spare(game, pos, target)
    rich = _try(game, pos.with_(economy=pos.economy.with_(cash=_RICH)), IssueShares(0))
    if rich is None:
        return []
    links, stubs = _possible_lays(game, pos.board)
    after_turns = max(0, target - pos.turn)
    share_cost = max(0, after_turns - SHARE_PRICE)
    board0 = pos.board
    level0 = pos.economy.locomotive
    colours0 = {c.name: c.colour for c in board0.cities}
    cubes0 = {c.name: c.cubes for c in board0.cities if c.cubes}
    adj = _adjacency(game, board0, links)
    useful = _useful(adj, colours0, cubes0, level0, _SHORT)
    # links that join two groups of ruins not joined yet serve the clear condition (S9)
    graph = game.rules.goods.hexmap(board0).link_graph()
    group = {}
    for i, comp in enumerate(nx.connected_components(graph)):
        for name in comp:
            group[name] = i
    ruins = set(board0.ruins())
    apart = len({group.get(r) for r in ruins}) > 1
    if apart:
        for lay in links:
            if group.get(lay.a) != group.get(lay.b) and {lay.a, lay.b} & ruins:
                useful[lay] = useful.get(lay, 0) + 2
    stub_worth = {}
    for stub in stubs:
        stub_worth[stub] = 0.5 * max((useful.get(ly, 0) for ly in links
                                      if stub.tiles < ly.tiles and stub.a in (ly.a, ly.b)), default=0)

    def future(lay):
        return useful.get(lay, 0) if lay.b is not None else stub_worth.get(lay, 0)

    targets = target_hexes(game)
    def worth(lays):
        """The money side of a build and what its links do for later turns."""
        cost = sum(ly.cost for ly in lays)
        shares = max(0, -(-(cost - pos.cash) // SHARE_PRICE))
        return (-cost - share_cost * shares + 2.0 * min(sum(future(ly) for ly in lays), 12)
                + 1.5 * sum(len(ly.tiles & targets) for ly in lays))

    ranked_extras = sorted((ly for ly in links + stubs if future(ly) > 0 or ly.tiles & targets),
                           key=lambda ly: -(future(ly) + 0.75 * len(ly.tiles & targets)))
    out = []
    for select in legal_actions(game, rich):
        chosen = _try(game, rich, select)
        if chosen is None:
            continue
        heads = [((select,), chosen, None)]
        card = rules.card(chosen.card)
        if card.urbanizes:
            heads = []
            for town in rules.goods.towns(chosen.board):
                urban = _try(game, chosen, Urbanize(town))
                if urban is not None:
                    name = rules.goods.hexmap(chosen.board).node_at(town).name
                    heads.append(((select, Urbanize(town)), urban, name))
        room = rules.tile_limit(card) - chosen.tiles_laid
        plain_room = rules.tile_limit(rules.card(None))
        for head, start, town in heads:
            board = start.board
            paid = _RICH - start.cash
            colours = {c.name: c.colour for c in board.cities}
            cubes = {c.name: c.cubes for c in board.cities if c.cubes}
            level = start.economy.locomotive
            flipped = {n for n, st in cubes.items() if cubes0.get(n) != st}
            memo: dict = {}

            def routes_of(name, cube):
                key = (name, cube)
                if key not in memo:
                    memo[key] = _routes(adj, colours, name, cube, level, room)
                return memo[key]

            def uses_card(route1, route2, used):
                if select.action is None:
                    return True
                routes = [r for r in (route1, route2) if r != "pass"]
                if card.urbanizes:
                    return any(town in r for r in routes)
                if card.targeted:
                    return any(r[0] in flipped for r in routes)
                if level > level0:
                    return any(len(r) - 1 > level0 for r in routes)
                if room > plain_room:
                    return used > plain_room
                return True

            firsts = []
            for name, stack in cubes.items():
                firsts += [(name,) + r for r in routes_of(name, stack[-1])]
            seen = set()
            pairs = []
            for origin, route1, lays1, hexes1, tiles1 in firsts:
                left = dict(cubes)
                left[origin] = left[origin][:-1]
                seconds = []
                for name, stack in left.items():
                    if not stack:
                        continue
                    for route2, lays2, hexes2, tiles2 in routes_of(name, stack[-1]):
                        new = tuple(ly for ly in lays2 if ly not in lays1)
                        tiles = sum(ly.size for ly in new)
                        if tiles1 + tiles > room or any(ly.tiles & hexes1 for ly in new):
                            continue
                        seconds.append((route2, new, tiles))
                if spare >= 1:
                    seconds.append(("pass", (), 0))
                for route2, lays2, tiles2 in seconds:
                    lays = lays1 + lays2
                    key = (frozenset(lays), frozenset((route1, route2)))
                    if key in seen:
                        continue
                    seen.add(key)
                    used = tiles1 + tiles2
                    gain = (len(route1) - 1) + (len(route2) - 1 if route2 != "pass" else 0)
                    base = gain * (after_turns + 1) - (0 if route2 != "pass" else 20) - paid
                    pairs.append((base + worth(lays), base, lays, (route1, route2), used))
            if not firsts and spare >= 2:
                # no cube can be delivered this turn: both rounds pass, and the build may still
                # lay links that join the ruins (with no cube left, the one that joins the last
                # ruin clears the map at once, S13a)
                pairs.append((-100.0, -100.0, (), ("pass", "pass"), 0))
            pairs.sort(key=lambda t: -t[0])
            for value, base, lays, ships, used in pairs[:_PAIRS]:
                # (with no delivery, the turn of no lay is proposed below, for every card)
                if firsts and uses_card(*ships, used):
                    out.append(_Proposal(value, head, lays, ships))
                # more lays with the tiles left: links or stubs toward later routes
                if used >= room or not (after_turns or apart):
                    continue
                taken = frozenset().union(*(ly.tiles for ly in lays)) if lays else frozenset()
                extras = [ly for ly in ranked_extras
                          if ly.size <= room - used and not (ly.tiles & taken)][:5]
                for i, extra in enumerate(extras[:4]):
                    if uses_card(*ships, used + extra.size):
                        out.append(_Proposal(base + worth(lays + (extra,)), head, lays + (extra,), ships))
                    for other in extras[i + 1:]:
                        size = used + extra.size + other.size
                        if size <= room and not (extra.tiles & other.tiles) and uses_card(*ships, size):
                            both = lays + (extra, other)
                            out.append(_Proposal(base + worth(both), head, both, ships))
            if not firsts and spare >= 2:
                out.append(_Proposal(-100.0, head, (), ("pass", "pass")))
    out.sort(key=lambda p: -p.value)
    return out


def _late_paying(game: Game, pos: Position) -> tuple:
    """The actions worth a turn that pays off later at *pos*: Urbanization while black cubes
    wait and no black city takes them; the Locomotive while a level more would shorten some cube's
    cheapest route (:mod:`.lookahead`)."""
    out = []
    board = pos.board
    cubes = {cube for c in board.cities for cube in c.cubes}
    if "black" in cubes and not any(c.colour == "black" for c in board.cities):
        out.append("urbanization")
    level = pos.economy.locomotive
    if level < MAX_LEVEL:
        now = cube_needs(game, board, level)
        more = cube_needs(game, board, level + 1)
        if any(a.tiles != b.tiles for a, b in zip(now, more)):
            out.append("locomotive")
    return tuple(out)


def _discounted(game: Game, proposal: _Proposal) -> bool:
    select = proposal.head[0]
    return bool(game.rules.card(getattr(select, "action", None)).discount)


def _discrepancies(hit: list) -> list:
    """(discrepancy, actions, end) in the order to try: a child's discrepancy is its rank among
    the children of its kind (its action, and town), plus 1 unless it is of the best child's kind.
    So at each turn the best turn of every other action costs one discrepancy, not its rank."""
    hit = sorted(hit, key=lambda t: -t[0])
    if not hit:
        return []
    top = hit[0][3]
    seen: dict = {}
    out = []
    for order, (_, actions, end, kind) in enumerate(hit):
        rank = seen.get(kind, 0)
        seen[kind] = rank + 1
        out.append((rank + (0 if kind == top else 1), order, actions, end))
    out.sort(key=lambda t: (t[0], t[1]))
    return [(cost, actions, end) for cost, _, actions, end in out]


def _play_turn(game: Game, pos: Position, proposal: _Proposal):
    """The turn *proposal* played by the engine from *pos*: the fewest shares that pay for the
    build and the expenses, the engine's own shipments; (actions, end) or None if refused."""
    build = proposal.head + tuple(LayTrack(ly.hexes) for ly in proposal.lays) + (EndBuild(),)
    rich = _play(game, pos.with_(economy=pos.economy.with_(cash=_RICH)), (IssueShares(0),) + build)
    if rich is None:
        # A lay that joins the last ruin with no cube left clears the map at once (S13a): the
        # build ends there, and the engine refuses the EndBuild (or any lay) after it.
        build = _clearing_build(game, pos.with_(economy=pos.economy.with_(cash=_RICH)), build)
        if build is None:
            return None
        rich = _play(game, pos.with_(economy=pos.economy.with_(cash=_RICH)), (IssueShares(0),) + build)
    spent = _RICH - rich.cash
    count = max(0, -(-(spent - pos.cash) // SHARE_PRICE))
    most = MAX_SHARES - pos.economy.shares
    kept = None
    for _ in range(3):
        if count > most:
            return None
        built = _play(game, pos, (IssueShares(count),) + build)
        if built is not None and built.phase == OVER and built.outcome.cleared:
            return (IssueShares(count),) + build, built  # cleared by a lay (S13a)
        if built is None or built.phase != MOVE:
            return None
        actions = (IssueShares(count),) + build
        here, short = built, 0
        for round_, route in enumerate(proposal.ships):
            move = _move(game, here, route)
            if move is None:
                return None
            if round_ == 1 and here.phase == MOVE:
                eco = here.economy
                income = eco.income + (move.links if isinstance(move, Ship) else 0)
                short = eco.expenses - eco.cash - income
            here = step(game, here, move)[0]
            actions += (move,)
            if here.phase == OVER:
                break
        if here.phase == OVER and here.outcome.cleared:
            return actions, here
        if here.phase != OVER:
            kept = (actions, here)
        if short > 0 and count < most:
            # expenses the cash cannot pay lower the income for good (S11): a share is cheaper
            count = min(most, count + -(-short // (SHARE_PRICE - 1)))
            continue
        break
    return kept


def _move(game: Game, pos: Position, route) -> Action | None:
    if pos.phase != MOVE:
        return None
    if route == "pass":
        return Pass()
    for action in legal_actions(game, pos):
        if isinstance(action, Ship) and action.route == route:
            return action
    return None


def _clearing_build(game: Game, pos: Position, build: tuple) -> tuple | None:
    """The part of *build* (played after no shares from SHARES-phase *pos*) up to the lay that
    clears the map (S13a), or None when no action of it clears the map."""
    here = _try(game, pos, IssueShares(0))
    for i, action in enumerate(build):
        here = None if here is None else _try(game, here, action)
        if here is None:
            return None
        if here.phase == OVER:
            return build[:i + 1] if here.outcome.cleared else None
    return None


def _play(game: Game, pos: Position, actions) -> Position | None:
    for action in actions:
        pos = _try(game, pos, action)
        if pos is None:
            return None
    return pos


def _key(game: Game, pos: Position) -> tuple:
    """The position as a set: track hexes (each track as a set), stubs, unowned track, cities
    and cubes, money, level, blockers, turn."""
    hexmap = game.rules.goods.hexmap(pos.board)
    tracks = frozenset(frozenset(t.hexes) for t in hexmap.tracks)
    cities = tuple(sorted((c.name, c.colour, c.cubes) for c in pos.board.cities))
    unowned = frozenset(frozenset(hexmap.tracks[i].hexes) for i in pos.unowned)
    return (pos.turn, tracks, frozenset(h for h, _ in pos.stubs), unowned, cities, pos.economy.cash,
            pos.economy.income, pos.economy.shares, pos.economy.locomotive, pos.blocked, pos.hand)


# -- the search --------------------------------------------------------------------------------

class _Out(Exception):
    """The budget is spent."""


def plan_at_bound(game: Game, position: Position | None = None, target: int | None = None, *,
                  budget_seconds: float = 10.0, max_turns: int = 200_000,
                  tick: Callable[[], None] | None = None) -> TightPlan | None:
    """A plan that clears the map by turn *target* (default: the goods bound), or None.

    Parameters
    ----------
    game : Game
        An Easter Island game (on the Zoo map, None: its goods are not cubes on ruins).
    position : Position, optional
        Where to plan from, at the start of a turn (default: the game's start).
    target : int, optional
        The turn to clear by (default: the goods bound's turn from *position*).
    budget_seconds : float
        CPU seconds of this process to search.
    max_turns : int
        The most turns the engine plays in the search (a second budget, machine-independent).
    tick : callable, optional
        Called once per turn expanded; it may raise to stop the search (the anytime planner's
        clock does, when its budget is spent or Ctrl-C is pressed).

    Returns
    -------
    TightPlan or None
        The plan, replayed through the engine, or None (nothing found within the budget).
    """
    pos = position or game.start
    if pos.phase != SHARES:
        raise ValueError(f"plan from the start of a turn (the shares phase), not the {pos.phase} phase")
    if not game.rules.plans_by_links:
        return None
    target = goods_bound(game, pos).turn if target is None else int(target)
    if target > game.turns or lower_bound(game, pos).turn > target or rounds_to_spare(game, pos, target) < 0:
        return None
    cpu0 = time.process_time()
    stats = {"turns played": 0, "turns expanded": 0, "seconds": 0.0, "discrepancies": 0}
    tried: dict = {}
    children: dict = {}

    def expand(here: Position) -> list:
        key = _key(game, here)
        hit = children.get(key)
        if hit is not None:
            return hit
        hit, seen, kinds = [], set(), set()
        most_money = here.cash + (MAX_SHARES - here.economy.shares) * SHARE_PRICE

        def consider(proposal) -> bool:
            """Play *proposal*; True when it clears the map (then it is the only child)."""
            if sum(ly.cost for ly in proposal.lays) > most_money and not _discounted(game, proposal):
                return False   # the shares left cannot pay its tiles: the engine would refuse it
            if time.process_time() - cpu0 > budget_seconds or stats["turns played"] >= max_turns:
                raise _Out
            stats["turns played"] += 1
            played = _play_turn(game, here, proposal)
            if played is None:
                return False
            actions, end = played
            if end.phase == OVER:
                hit[:] = [(float("inf"), actions, end, proposal.head)]
                return True
            k = _key(game, end)
            if k in seen:
                return False
            seen.add(k)
            if rounds_to_spare(game, end, target) < 0:
                return False
            join = _join_tiles(game, end.board)
            if join > _tiles_left(game, end, target):
                return False
            far = _far(game, end, target)
            if far is None:
                return False
            kinds.add(proposal.head)
            hit.append((proposal.value - _JOIN_WEIGHT * join - far, actions, end, proposal.head))
            return False

        proposals = _proposals(game, here, target)
        cleared = False
        for proposal in proposals:
            if len(hit) >= _CHILDREN:
                break
            if consider(proposal):
                cleared = True
                break
        if not cleared:
            # the best turn of every other action (and town urbanized) too, not only the best
            # turns overall: an Urbanization or a Locomotive pays off turns later
            tries: dict = {}
            late = _late_paying(game, here)
            for proposal in proposals:
                kind = proposal.head
                if kind in kinds or tries.get(kind, 0) >= _KIND_TRIES or \
                        getattr(kind[0], "action", None) not in late:
                    continue
                tries[kind] = tries.get(kind, 0) + 1
                if consider(proposal):
                    break
        hit = _discrepancies(hit)
        children[key] = hit
        return hit

    def dfs(here: Position, budget: int):
        if tick is not None:
            tick()
        if time.process_time() - cpu0 > budget_seconds:
            raise _Out
        key = _key(game, here)
        if tried.get(key, -1) >= budget:
            return None
        tried[key] = budget
        stats["turns expanded"] += 1
        if here.turn >= stats.get("deepest", 0):
            stats["deepest"] = here.turn
        # the last turns are cheap to vary and where a plan fails (a cube left with no route):
        # their first few alternatives cost no discrepancy
        free = _FREE if target - here.turn < _FREE_TURNS else 0
        for rank, actions, end in expand(here):
            cost = max(0, rank - free)
            if cost > budget:
                break
            if end.phase == OVER:
                return actions
            if lower_bound(game, end).turn > target:
                continue
            rest = dfs(end, budget - cost)
            if rest is not None:
                return actions + rest
        return None

    found = None
    try:
        for budget in range(0, 64):
            stats["discrepancies"] = budget
            found = dfs(pos, budget)
            if found is not None:
                break
    except _Out:
        found = None
    stats["seconds"] = round(time.process_time() - cpu0, 2)
    if found is None:
        return None
    end = _play(game, pos, found)
    if end is None or end.phase != OVER or not end.outcome.cleared or end.outcome.turns > target:
        return None
    return TightPlan(end.outcome.turns, tuple(found), end, stats)
