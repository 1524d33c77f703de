"""Proven lower bounds on the turn that clears a solo Age of Steam map, from relaxations.

Each bound relaxes the game (drops some rules, keeps others) so that a plan of the real game
is also a plan of the relaxed one; the relaxed game's fewest turns can then never be above the
real game's. Every function here returns a :class:`Bound`: the earliest turn in which the map
could be cleared (``turn``), and the reason in plain words. ``turn`` is a turn number of the
game (the current turn counts), so "no plan clears it before turn 7" reads ``Bound(7, ...)``.
A bound above the game's turn limit proves the map cannot be cleared in time.

The bounds
----------
* :func:`goods_bound` -- two move-goods rounds a turn, one shipment each;
* :func:`locomotive_bound` -- the level a shipment needs, and how fast the level can rise;
* :func:`track_bound` -- the tiles the goods still need, and how many a turn can lay;
* :func:`money_bound` -- those tiles must be paid: cash, every share left, the best income;
* :func:`connection_bound` -- Easter Island: the exact cheapest network joining the ruins
  (:func:`zoobook.steam.easter.connect.cheapest_network`) in tiles, laid at the tile rate;
* :func:`first_delivery_bound` -- nothing ships before the first complete link a shipment can
  use exists: the turns needed to lay it.

:func:`lower_bound` is the largest of them. ``tests/steam/test_game_anytime.py`` checks each
one against the exact planner on the shipped small maps and on random ones.

Examples
--------
>>> from zoobook.steam.game.maps import full_setup
>>> game = full_setup("easter", "hard")
>>> goods_bound(game, game.start)
Bound(turn=10, reason='20 cubes still on the map need 20 deliveries, one per move-goods round, two rounds a turn')
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

from zoobook.hexgrid import neighbours
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE
from zoobook.steam.game.state import ACTION, BUILD, MOVE, OVER, SHARES, Game, Position

__all__ = ["Bound", "goods_bound", "locomotive_bound", "track_bound", "money_bound",
           "connection_bound", "first_delivery_bound", "lower_bound", "all_bounds", "IMPOSSIBLE"]

#: A turn no plan reaches: the map can never be cleared.
IMPOSSIBLE = 10 ** 6


@dataclass(frozen=True)
class Bound:
    """No plan clears the map before ``turn``; ``reason`` says why."""

    turn: int
    reason: str


def _rounds_left_now(pos: Position) -> int:
    """Move-goods rounds still to come in the current turn."""
    if pos.phase in (SHARES, ACTION, BUILD):
        return 2
    if pos.phase == MOVE:
        return 2 - pos.moves
    return 0


def _builds_left_now(pos: Position) -> bool:
    """Whether the current turn still has (some of) its build."""
    return pos.phase in (SHARES, ACTION, BUILD)


def goods_bound(game: Game, pos: Position) -> Bound:
    """Two move-goods rounds a turn, one shipment each.

    Admissible: each unfed area (Zoo) is fed only by a shipment arriving there, and each cube
    (Easter Island) leaves the map only by its own delivery (S8, S9); a move-goods round makes at
    most one shipment and a turn has two rounds (S11). So ``left`` shipments need at least
    ``left`` rounds, whatever else the plan does.
    """
    goods = game.rules.goods
    left = goods.goods_left(pos.board)
    if pos.phase == OVER:
        return Bound(pos.turn, "the game is over")
    now = _rounds_left_now(pos)
    if left <= now:
        return Bound(pos.turn, f"{goods.goods_word(left)}, and this turn has {now} move-goods "
                               f"round{'s' if now != 1 else ''} left")
    turn = pos.turn + math.ceil((left - now) / 2)
    word = "shipment" if game.rules.name == "zoo" else "deliver" + "y"
    words = "shipments" if word == "shipment" else "deliveries"
    return Bound(turn, f"{goods.goods_word(left)} need {left} {words if left != 1 else word}, one per "
                       f"move-goods round, two rounds a turn")


def _level_rises_by(pos: Position, turn: int) -> int:
    """The most the locomotive can rise from *pos* to the move-goods phase of *turn*:
    the Locomotive action and one raise per move-goods phase (S11), each at most once a turn."""
    turns = turn - pos.turn
    card_now = 1 if pos.phase in (SHARES, ACTION) else 0
    raise_now = 0 if pos.raised or pos.phase == OVER else 1
    # a raise uses a round of the same phase, so it helps only the other round: count it anyway
    # (the bound stays a relaxation: it may only be lower).
    return card_now + raise_now + 2 * turns


def locomotive_bound(game: Game, pos: Position) -> Bound:
    """The locomotive must reach the level every plan needs, and rises at most twice a turn.

    Admissible: the goods part names a level every clearing plan must reach
    (``level_needed``: on the Zoo map some unfed area can only be fed from an area whose
    danger, less 1 with Feeding, counts (S4, S6); 1 on Easter Island). The level rises only by
    the Locomotive action (once a turn: one action a turn) and by one raise per move-goods phase
    (S11), so from level ``l`` it reaches ``l + 2k`` at most after ``k`` more turns.
    """
    goods = game.rules.goods
    need = goods.level_needed(pos.board)
    if need is None:
        return Bound(IMPOSSIBLE, goods.impossible_reason(pos.board))
    level = pos.economy.locomotive
    if need <= level:
        return Bound(pos.turn, f"the locomotive already reaches level {need}")
    turn = pos.turn
    while level + _level_rises_by(pos, turn) < need:
        turn += 1
    return Bound(turn, f"some area can only be fed with the locomotive at level {need} at least "
                       f"(yours is {level}), and it rises at most twice a turn (S4, S6, S11)")


def _tiles_per_turn(game: Game) -> int:
    """The most tiles a build may count toward its limit: the largest limit of any card."""
    rules = game.rules
    return max(rules.tile_limit(card) for card in (*rules.cards, rules.card(None)))


def _cheapest_tile(game: Game) -> int:
    rules = game.rules
    prices = {t for t in game.land.values()} or {"plain"}
    return min(rules.tile_price(t, card) for card in (*rules.cards, rules.card(None)) for t in prices)


def _free_land(game: Game, pos: Position) -> set:
    hexmap = game.rules.goods.hexmap(pos.board)
    return {h for h in game.land if hexmap.track_at(h) is None}


def _tiles_from(game: Game, pos: Position, start_hexes, free: set, goal) -> int | None:
    """The fewest new tiles of a track from one of *start_hexes* (nodes or ends of incomplete
    track, cost 0) over free land to a node for which ``goal(node)`` is true; None if none."""
    hexmap = game.rules.goods.hexmap(pos.board)
    best = None
    frontier = [(0, h) for h in start_hexes]
    seen: dict = {}
    heapq.heapify(frontier)
    while frontier:
        d, h = heapq.heappop(frontier)
        if seen.get(h, 10 ** 9) <= d:
            continue
        seen[h] = d
        if best is not None and d >= best:
            break
        for n in neighbours(h):
            node = hexmap.node_at(n)
            if node is not None:
                if d >= 1 and goal(node, h):
                    best = d if best is None else min(best, d)
                continue
            if n in free and d + 1 < seen.get(n, 10 ** 9):
                heapq.heappush(frontier, (d + 1, n))
    return best


def _area_tiles(game: Game, pos: Position) -> tuple[int, int]:
    """Zoo: (tiles, areas) -- the unfed areas with no complete link, and the fewest tiles any
    set of new links giving each one a link can have (half the sum of each one's cheapest link:
    a link serves at most its two ends)."""
    zoo = pos.board
    hexmap = zoo.hexmap
    graph = hexmap.link_graph()
    free = _free_land(game, pos)
    stub_ends = {}
    for link in hexmap.incomplete_links():
        stub_ends.setdefault(link.start, []).append(link.hexes[-1])
    total, count = 0, 0
    for area in zoo.areas:
        if area.fed or graph.degree(area.name) > 0:
            continue
        count += 1
        starts = [area.hex]
        # an incomplete track from this area already holds some tiles of its link
        near = [h for h in stub_ends.get(area.name, [])]
        cost = _tiles_from(game, pos, starts, free, lambda node, last: node.name != area.name)
        # a stub may also be extended; a stub ending next to an area is one tile at least
        for end in near:
            more = _tiles_from(game, pos, [end], free, lambda node, last: node.name != area.name)
            if more is not None:
                cost = more if cost is None else min(cost, more)
            cost = 0 if cost is None else cost
        # track of other tracks ending next to this area may finish into it with one tile or none:
        for link in hexmap.incomplete_links():
            if area.hex in neighbours(link.hexes[-1]) and link.start != area.name:
                cost = 0
        if cost is None:
            return IMPOSSIBLE, count
        total += cost
    return math.ceil(total / 2), count


def track_bound(game: Game, pos: Position) -> Bound:
    """The tiles the goods still need, laid at the most tiles a build allows.

    Admissible: on the Zoo map food reaches an area only along a complete link ending there
    (S2, S3, S5: the teleport ends at an exit, never in an area), so every unfed area with no
    link needs a new one; a new link to that area has at least as many new tiles as its cheapest
    possible link (shortest path over free land, or from a stub's end), and one link serves at
    most its two ends, so half the sum is a lower bound on the tiles. A build lays at most the
    largest tile limit of any action, plus the bonus tiles in hand and one more per later turn
    (S7: at most one bonus tile a turn). Easter Island: see :func:`connection_bound`.
    """
    if game.rules.name != "zoo":
        return Bound(pos.turn, "the track bound of Easter Island is the connection bound")
    tiles, areas = _area_tiles(game, pos)
    if tiles >= IMPOSSIBLE:
        return Bound(IMPOSSIBLE, "some unfed area can never get a link: no free land reaches it")
    return _tiles_to_turn(game, pos, tiles,
                          f"{areas} unfed area{'s' if areas != 1 else ''} without a link need "
                          f"{tiles} new tile{'s' if tiles != 1 else ''} at least")


def _tiles_to_turn(game: Game, pos: Position, tiles: int, what: str, *, engineer_every: int = 1) -> Bound:
    """The first turn by whose build *tiles* tiles can be down (the tile rate of *game*)."""
    if tiles <= 0:
        return Bound(pos.turn, what)
    per_turn = _tiles_per_turn(game)
    bonus = game.rules.exit_bonus
    turn = pos.turn if _builds_left_now(pos) else pos.turn + 1
    laid_now = 0 if pos.phase in (SHARES, ACTION) else max(0, per_turn - pos.tiles_laid)
    hand = pos.hand
    laid = 0
    first = True
    while True:
        if first and pos.phase == BUILD:
            laid += laid_now + hand
        else:
            laid += per_turn + (hand if first else 0)
        if bonus:
            hand = bonus  # a later build may use the bonus tile of the turn before
        first = False
        if laid >= tiles:
            break
        turn += 1
        if turn > IMPOSSIBLE:
            break
        if not first and bonus:
            laid += 0
    return Bound(turn, f"{what}, and a build lays at most {per_turn} tile{'s' if per_turn != 1 else ''}"
                       + (" plus a bonus tile" if bonus else "") + " (S8, S9)")


def _easter_tiles(game: Game, pos: Position) -> tuple[int, int]:
    """Easter Island: (tiles, cost) of the cheapest network of new links joining the ruins,
    where a link may also use a city or town already joined (exact, cached per board)."""
    from zoobook.steam.easter.connect import cheapest_network
    from zoobook.steam.easter.island import TRACK_COST

    island = pos.board
    cached = _CONNECT.get(id(island))
    if cached is not None and cached[0] is island:
        return cached[1]
    hexmap = island.hexmap
    graph = island.link_graph()
    ruins = island.ruins()
    # contract every joined group of nodes into one: a new network needs one link per
    # component left to join; the relaxation forgets which hexes the existing track holds
    # beyond the free land.
    free = _free_land(game, pos)
    costs = {h: TRACK_COST.get(game.land[h], 3) for h in free}
    components = []
    seen = set()
    for ruin in ruins:
        if ruin in seen:
            continue
        import networkx as nx
        comp = nx.node_connected_component(graph, ruin) if graph.degree(ruin) else {ruin}
        seen |= comp
        components.append(comp)
    if len(components) <= 1:
        result = (0, 0)
    else:
        # every node of a component may serve as that component's terminal: give the
        # component one representative name for all its hexes
        cities = {}
        terminals = []
        for i, comp in enumerate(components):
            name = f"group {i}"
            terminals.append(name)
            for node in comp:
                cities[hexmap.node(node).hex] = name
        for node in hexmap.nodes:
            if node.hex not in cities:
                cities[node.hex] = node.name
        # stubs: an incomplete track's end is land the relaxation may start from for free
        tiles = _min_tiles_network(costs, cities, terminals)
        result = tiles
    _CONNECT[id(island)] = (island, result)
    return result


_CONNECT: dict = {}


def _min_tiles_network(costs, cities, terminals) -> tuple[int, int]:
    """(tiles, cost) of the cheapest network of *terminals* where every tile costs 1 (fewest
    tiles) -- a Steiner tree over the city graph, whose value never exceeds the tiles of any
    real network; and the cost with real prices."""
    from zoobook.steam.easter.connect import cheapest_network

    ones = {h: 1 for h in costs}
    names = _group_names(cities)
    tiles = cheapest_network(ones, names, terminals).lower_bound
    cost = cheapest_network(costs, names, terminals).lower_bound
    return int(tiles), int(cost)


def _group_names(cities):
    """Hex -> name, where several hexes may share a name (a joined group)."""
    return dict(cities)


def connection_bound(game: Game, pos: Position) -> Bound:
    """Easter Island: the ruins must be joined; the fewest tiles of such a network, at the tile rate.

    Admissible: the first clear condition joins every ruin by complete links (seed; S9). Any
    network doing so, together with the links already built, contains new links joining the
    groups of ruins already joined; its new tiles are at least those of the fewest-tiles Steiner
    tree of those groups over the free land (the exact cheapest network of
    :mod:`zoobook.steam.easter.connect`, every tile priced 1, whose lower bound is proven). A build
    lays at most 4 tiles (Engineer), 3 otherwise (S9).
    """
    if game.rules.name != "easter":
        return Bound(pos.turn, "only Easter Island asks for the ruins to be joined")
    tiles, cost = _easter_tiles(game, pos)
    if tiles <= 0:
        return Bound(pos.turn, "the ruins are joined already")
    return _tiles_to_turn(game, pos, tiles, f"joining the ruins needs {tiles} more tiles at least")


def money_bound(game: Game, pos: Position) -> Bound:
    """The tiles the goods need must be paid for by the turn they are laid.

    Admissible: every tile costs at least the cheapest price of the map (S8, S9). By the end of
    the build of turn ``t`` the player can have paid at most: the cash now, $5 for every share
    still unissued (S11), and the income of every turn-end before it, where income grows by at
    most the links of two shipments a turn (each at most 6 links, the highest level) and no
    expense or reduction is subtracted (a relaxation: they only lower it).
    """
    if game.rules.name == "zoo":
        tiles, _ = _area_tiles(game, pos)
    else:
        tiles, _ = _easter_tiles(game, pos)
    if tiles <= 0 or tiles >= IMPOSSIBLE:
        return Bound(pos.turn, "no track is needed, or the track bound says it all")
    price = _cheapest_tile(game)
    need = tiles * price
    eco = pos.economy
    money = eco.cash + SHARE_PRICE * (MAX_SHARES - eco.shares)
    income = eco.income
    turn = pos.turn if _builds_left_now(pos) else pos.turn + 1
    if turn > pos.turn:
        money += income
        income += 2 * MAX_LEVEL
    while money < need:
        money += income
        income += 2 * MAX_LEVEL
        turn += 1
        if turn > pos.turn + 100:
            return Bound(IMPOSSIBLE, f"{tiles} tiles at ${price} cost ${need}, more than any plan can raise")
    return Bound(turn, f"{tiles} tiles at ${price} at least cost ${need}: cash, every share left "
                       f"and the best income reach it in turn {turn} at the earliest")


def first_delivery_bound(game: Game, pos: Position) -> Bound:
    """No cube or food can move before some shipment has a complete link to use.

    Admissible: every shipment uses complete links (S2, S3); the first goods leave with the
    first usable link, and if none exists yet it must be laid in a build. Then the goods left
    need their rounds from that turn on: ``left`` rounds, two a turn (as :func:`goods_bound`).
    Here only: if no shipment is legal now at any level and the current turn has no build left,
    the next build is the earliest.
    """
    goods = game.rules.goods
    left = goods.goods_left(pos.board)
    if left == 0 or pos.phase == OVER:
        return Bound(pos.turn, "nothing left to ship")
    if _builds_left_now(pos):
        return Bound(pos.turn, "a link can still be built this turn")
    if goods.shipments(pos.board, MAX_LEVEL, discount=True):
        return Bound(pos.turn, "a shipment is possible now")
    turn = pos.turn + 1 + max(0, math.ceil((left - 2) / 2))
    return Bound(turn, "no shipment is possible before the next build, and the goods then need "
                       "their rounds")


_BOUNDS = (goods_bound, locomotive_bound, track_bound, connection_bound, money_bound,
           first_delivery_bound)


def all_bounds(game: Game, pos: Position | None = None) -> list[tuple[str, Bound]]:
    """Every bound by name, from *pos* (default: the start)."""
    pos = pos or game.start
    return [(f.__name__, f(game, pos)) for f in _BOUNDS]


def lower_bound(game: Game, pos: Position | None = None) -> Bound:
    """The largest of the bounds: no plan clears the map before this turn.

    >>> from zoobook.steam.game.maps import full_setup
    >>> lower_bound(full_setup("easter", "hard")).turn
    10
    """
    pos = pos or game.start
    best = None
    for _, bound in all_bounds(game, pos):
        if best is None or bound.turn > best.turn:
            best = bound
    return best
