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
* :func:`money_bound` -- those tiles (and an Urbanization for black cubes) must be paid:
  cash, every share left, the best income less the expenses;
* :func:`connection_bound` -- Easter Island: the exact cheapest network joining the ruins
  (:func:`zoobook.steam.easter.connect.cheapest_network`) in tiles, laid at the tile rate;
* :func:`first_delivery_bound` -- nothing ships before the first complete link a shipment can
  use exists: the turns needed to lay it;
* :func:`route_bound` -- the first delivery (or feeding) needs a route from goods to a place that
  takes them: the fewest new tiles of any such route, laid at the tile rate, and then the goods
  need their rounds.

:func:`lower_bound` is the largest of them. ``tests/steam/test_game_anytime.py`` checks each
one against the exact planner on the shipped small maps and on random ones;
``tests/steam/test_game_route_bound.py`` the route bound on maps where it bites.

On the full set-ups the goods bound is the one that counts, and it is met: the Zoo board in
turn 7, Easter Island Easy, Normal and Hard in turns 8, 9 and 10, by the plans stored in
``notebooks/data/full-plan-*.json`` (``tests/steam/test_game_bounds_met.py`` replays them through
the engine). A plan that meets it delivers in every move-goods round from turn 1 on and never
spends a round raising the locomotive; on Easter Island Hard such a plan exists, so no sound
bound can say that Hard cannot be cleared in 10 turns.

Examples
--------
>>> from zoobook.steam.game.maps import full_setup
>>> game = full_setup("easter", "hard")
>>> goods_bound(game, game.start)
Bound(turn=10, reason='20 cubes still on the map need 20 deliveries, one per move-goods round, two rounds a turn')
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from zoobook.hexgrid import DIRECTIONS
from zoobook.steam.game.economy import MAX_LEVEL, MAX_SHARES, SHARE_PRICE, income_reduction
from zoobook.steam.game.lookahead import free_land
from zoobook.steam.game.state import ACTION, BUILD, MOVE, OVER, SHARES, Game, Position

__all__ = ["Bound", "goods_bound", "locomotive_bound", "track_bound", "money_bound",
           "connection_bound", "first_delivery_bound", "route_bound", "lower_bound", "all_bounds",
           "IMPOSSIBLE"]

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
    terrains = set(game.land.values()) or {"plain"}
    return min(rules.tile_price(t, card) for card in (*rules.cards, rules.card(None)) for t in terrains)


_STEPS = tuple(DIRECTIONS.values())  # the six axial offsets, in hexgrid's order


def _area_tiles(game: Game, pos: Position) -> tuple[int, int]:
    """Zoo: (tiles, areas): the unfed areas with no complete link, and a lower bound on the new
    tiles of any set of links giving each of them one (see :func:`track_bound`)."""
    zoo = pos.board
    hexmap = zoo.hexmap
    graph = hexmap.link_graph()
    nodes = {tuple(n.hex): n.name for n in hexmap.nodes}
    free = free_land(game, hexmap)
    stub_ends = {tuple(link.hexes[-1]) for link in hexmap.incomplete_links()}
    stub_starts = {link.start for link in hexmap.incomplete_links()}
    total, count = 0, 0
    for area in zoo.areas:
        if area.fed or graph.degree(area.name) > 0:
            continue
        count += 1
        if area.name in stub_starts:
            total += 1
            continue
        cost = _fewest_new_tiles(tuple(area.hex), area.name, nodes, free, stub_ends)
        if cost is None:
            return IMPOSSIBLE, count
        total += cost
    return math.ceil(total / 2), count


def _fewest_new_tiles(start, name, nodes, free, stub_ends) -> int | None:
    """Breadth first from a node over free land: the fewest new tiles (at least 1) of a track
    from it that ends on another node or reaches the end of an incomplete track."""
    frontier, seen, depth = [start], {start}, 0
    while frontier:
        nxt = []
        for q, r in frontier:
            for dq, dr in _STEPS:
                n = (q + dq, r + dr)
                if depth >= 1 and ((n in nodes and nodes[n] != name) or n in stub_ends):
                    return depth
                if n not in seen and n in free:
                    seen.add(n)
                    nxt.append(n)
        frontier, depth = nxt, depth + 1
    return None


def _tiles_to_turn(game: Game, pos: Position, tiles: int, what: str) -> Bound:
    """The first turn by whose build *tiles* new tiles can be down: the current build's room,
    then the largest tile limit each turn, plus the tiles in hand and (Zoo, S7) one bonus
    tile per turn-end at most."""
    if tiles <= 0:
        return Bound(pos.turn, what)
    per_turn = _tiles_per_turn(game)
    bonus = game.rules.exit_bonus
    if pos.phase in (SHARES, ACTION):
        turn, laid = pos.turn, per_turn + pos.hand
    elif pos.phase == BUILD:
        turn, laid = pos.turn, max(0, per_turn - pos.tiles_laid) + pos.hand
    else:
        turn, laid = pos.turn + 1, per_turn + pos.hand + bonus
    while laid < tiles:
        turn += 1
        laid += per_turn + bonus
    extra = " plus one bonus tile a turn (S7)" if bonus else ""
    return Bound(turn, f"{what}, and a build lays at most {per_turn} tiles{extra}")


def track_bound(game: Game, pos: Position) -> Bound:
    """Zoo: every unfed area without a link needs one; those links need tiles, laid at the tile rate.

    Admissible: food reaches an area only along a complete link ending there (S2, S3; the
    teleport of S5 ends at an exit, never in an area). Give each unfed area ``a`` with no link
    the value ``c(a)``: 1 if an incomplete track starts at it, else the fewest free-land hexes
    of a track from it to another node or to the end of an incomplete track (at least 1: a lay
    puts down a tile). A new link ending at ``a`` has at least ``c(a)`` new tiles (its new
    tiles run from ``a`` to its other end or to the stub it extends), and a link has two ends,
    so the new tiles are at least half the sum of ``c``. A build counts at most the largest
    tile limit (4, Engineer), and the hand gains at most one bonus tile a turn (S7).
    """
    if game.rules.name != "zoo":
        return Bound(pos.turn, "Easter Island's track is bounded by the connection bound")
    tiles, areas = _area_tiles(game, pos)
    if tiles >= IMPOSSIBLE:
        return Bound(IMPOSSIBLE, "some unfed area can never get a link: no free land reaches it")
    return _tiles_to_turn(game, pos, tiles,
                          f"{areas} unfed area{'s' if areas != 1 else ''} without a link need "
                          f"{tiles} new tile{'s' if tiles != 1 else ''} at least")


_CONNECT: dict = {}


def _easter_tiles(game: Game, pos: Position) -> tuple[int, int]:
    """Easter Island: (tiles, cost) lower bounds for the new track that joins the ruins.

    With no track on the board: the exact fewest-tiles network of
    :func:`~zoobook.steam.easter.connect.cheapest_network` (every hex priced 1) and its exact
    cheapest cost. With track: one tile per group of joined ruins left to join (a link joins two
    groups at most and has a tile), and that many cheapest tiles.
    """
    import networkx as nx

    island = pos.board
    hexmap = island.hexmap
    ruins = island.ruins()
    if not hexmap.tracks:
        key = (frozenset(game.land.items()), frozenset(island.node_names().items()), frozenset(ruins))
        if key not in _CONNECT:
            from zoobook.steam.easter.connect import cheapest_network
            from zoobook.steam.easter.island import TRACK_COST

            land = {h: TRACK_COST.get(t, 3) for h, t in game.land.items()}
            names = island.node_names()
            tiles = cheapest_network({h: 1 for h in land}, names, ruins).lower_bound
            cost = cheapest_network(land, names, ruins).lower_bound
            # no network at all: some ruin can never be joined (the goods part says which)
            _CONNECT[key] = ((IMPOSSIBLE, IMPOSSIBLE) if tiles is None or cost is None else
                             (int(tiles), int(cost)))
        return _CONNECT[key]
    graph = island.link_graph()
    groups = {frozenset(nx.node_connected_component(graph, r)) for r in ruins}
    left = len(groups) - 1
    return left, left * _cheapest_tile(game)


def connection_bound(game: Game, pos: Position) -> Bound:
    """Easter Island: the ruins must be joined; the fewest tiles of such a network, at the tile rate.

    Admissible: the first clear condition joins every ruin by complete links (seed; S9). On an
    empty board any such network has at least the tiles of the fewest-tiles network joining the
    ruins, which :mod:`zoobook.steam.easter.connect` finds exactly (its proven lower bound, every
    hex priced 1; towns and other cities may be junctions, as in the real game). With track on
    the board, each group of joined ruins left to join needs a link, and a link has a tile and
    joins two groups. A build lays at most 4 tiles (Engineer), 3 otherwise (S9).
    """
    if game.rules.name != "easter":
        return Bound(pos.turn, "only Easter Island asks for the ruins to be joined")
    tiles, _ = _easter_tiles(game, pos)
    if tiles >= IMPOSSIBLE:
        return Bound(IMPOSSIBLE, game.rules.goods.impossible_reason(pos.board)
                     or "no network of track can join the ruins")
    if tiles <= 0:
        return Bound(pos.turn, "the ruins are joined already")
    return _tiles_to_turn(game, pos, tiles, f"joining the ruins needs {tiles} new tiles at least")


def _income_cap(value: int) -> int:
    """The most income a turn-end can leave from an income of at most *value* before the
    reduction: ``max(x - reduction(x) for x <= value)`` (the reduction table is not monotone:
    11 falls to 9 while 10 stays 10, so the cap takes the best of every lower income)."""
    if value <= 0:
        return max(value, 0)
    return max(x - income_reduction(x) for x in range(max(0, value - 12), value + 1))


def _urbanization_needed(game: Game, pos: Position) -> int:
    """Easter Island: the money an Urbanization still costs when a black cube is on the map and
    no black new city exists (black cubes go only to black new cities, S9, S14): the action's
    price (unless it is this turn's action already) and the new city's price (S15)."""
    if game.rules.name != "easter":
        return 0
    island = pos.board
    if not any("black" in city.cubes for city in island.cities):
        return 0
    if any(city.colour == "black" for city in island.cities):
        return 0
    from zoobook.assumed import assumed

    price = 0 if pos.card == "urbanization" else game.rules.selection.price
    return price + int(assumed("steam.urbanize_cost"))


def money_bound(game: Game, pos: Position) -> Bound:
    """What must still be paid (the track the goods need, an Urbanization for black cubes) is
    paid by the build that lays the last of it; the money flow bounds when that can be.

    Admissible. The money still to be spent is at least ``need``: the new tiles needed
    (:func:`track_bound`, :func:`connection_bound`) at the cheapest price of the map each (S8,
    S9; the exact cheapest network's price on an empty Easter Island), plus on Easter Island the
    $8 and the $10 new city of an Urbanization while a black cube is on the map and no black
    city exists (S9, S14, S15). By the build of turn ``T`` the player has at most:

    * the cash now and $5 for every share still unissued (S11);
    * an action's cash bonus less its price, once a turn (Rapa Nui's $5 is less than its $8 on
      Easter Island, so nothing there);
    * at each turn-end before ``T``, the income collected less what the expenses take.
      Income grows only by shipments: at most two a turn, each of at most as many links as the
      locomotive level, and the level rises at most twice a turn (:func:`locomotive_bound`);
      after a turn-end it is at most the best income the reduction table leaves from any lower
      value (:func:`_income_cap`; a shortfall lowers it, never raises it). Expenses are at least
      the shares and level of now (both only rise); a shortfall may be paid by lowering the
      income instead of cash, but never below 0 (bankruptcy, S11), so each turn-end takes at
      least ``expenses - income`` of the cash when that is positive.

    On the Zoo map the tiles in hand and the bonus tile of each turn-end (S7) are laid free, so
    each counts as that much more money.

    Every quantity is an upper bound of what a real plan has, so no plan pays ``need`` before
    the first turn whose upper bound reaches it.
    """
    cheapest = _cheapest_tile(game)
    if game.rules.name == "zoo":
        tiles, _ = _area_tiles(game, pos)
        need = tiles * cheapest
    else:
        tiles, need = _easter_tiles(game, pos)
    if tiles >= IMPOSSIBLE:
        return Bound(pos.turn, "the track bound says it all")
    urban = _urbanization_needed(game, pos)
    need = (need if tiles > 0 else 0) + urban
    if need <= 0 or pos.phase == OVER:
        return Bound(pos.turn, "no new track or city is needed")
    # tiles in hand, and the Zoo's bonus tile of each turn-end (S7), are laid free
    free_now = min(tiles, pos.hand) * cheapest
    free_per_turn = game.rules.exit_bonus * cheapest
    rules = game.rules
    price = getattr(rules.selection, "price", 0)
    bonus = max([card.cash_bonus - price for card in rules.cards] + [0])
    eco = pos.economy
    money = eco.cash + SHARE_PRICE * (MAX_SHARES - eco.shares)
    expenses = eco.shares + eco.locomotive
    income = eco.income
    turn = pos.turn
    if _builds_left_now(pos):
        money += bonus if pos.phase in (SHARES, ACTION) else 0
        if money + free_now >= need:
            return Bound(turn, _money_reason(need, turn, urban))
    rounds = _rounds_left_now(pos)
    while True:
        # the turn-end of *turn*: its shipments, the income collected, the expenses
        level = min(MAX_LEVEL, eco.locomotive + _level_rises_by(pos, turn))
        collected = income + rounds * level
        money += collected - max(0, expenses - collected)
        income = _income_cap(collected)
        turn, rounds = turn + 1, 2
        money += bonus
        if money + free_now + free_per_turn * (turn - pos.turn) >= need:
            return Bound(turn, _money_reason(need, turn, urban))
        if turn > pos.turn + 1000:
            return Bound(IMPOSSIBLE, f"the track and cities needed cost ${need}, more than any "
                                     f"plan can raise")


def _money_reason(need: int, turn: int, urban: int) -> str:
    what = "the track needed" if need > urban else "an Urbanization for the black cubes"
    if urban and need > urban:
        what = "the track needed and an Urbanization for the black cubes"
    return (f"{what} cost ${need} at least; cash, every share left and the best income less "
            f"expenses reach it in turn {turn} at the earliest")


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


def _goods_pairs(game: Game, board) -> list[tuple]:
    """(origin hex, destination hexes) of every shipment that could make progress, relaxed:
    Easter Island: each city holding cubes, with the cities of the colour of *any* of its cubes
    (Rapa Nui may flip a stack, S9) other than itself, and every town for a black cube (an
    Urbanization may make it a black city, S14); the Zoo: each area holding food, with the unfed
    areas other than itself (S8)."""
    if game.rules.name == "zoo":
        unfed = [a for a in board.areas if not a.fed]
        return [(tuple(a.hex), {tuple(b.hex) for b in unfed if b.name != a.name})
                for a in board.areas if a.food > 0]
    towns = {tuple(h) for h in game.rules.goods.towns(board)}
    out = []
    for city in board.cities:
        if not city.cubes:
            continue
        goals = {tuple(c.hex) for c in board.cities if c.name != city.name and c.colour in city.cubes}
        if "black" in city.cubes:
            goals |= towns
        out.append((tuple(city.hex), goals))
    return out


def _fewest_route_tiles(game: Game, pos: Position) -> int | None:
    """The fewest free land hexes on any chain of hexes from goods to a place that takes them
    (:func:`_goods_pairs`): node hexes and hexes with track cost 0, free land 1, and on the Zoo
    map every exit reaches every other at no cost (S5). None when no such chain exists."""
    board = pos.board
    hexmap = game.rules.goods.hexmap(board)
    nodes = {tuple(n.hex) for n in hexmap.nodes}
    tracked = {tuple(h) for t in hexmap.tracks for h in t.hexes}
    land = {tuple(h) for h in game.land}
    exits = {tuple(h) for h in getattr(board, "exits", ())}
    best = None
    for origin, goals in _goods_pairs(game, board):
        if not goals:
            continue
        dist = {origin: 0}
        queue = deque([origin])
        while queue:
            here = queue.popleft()
            d = dist[here]
            if here in goals:
                best = d if best is None else min(best, d)
                break
            if best is not None and d >= best:
                break
            steps = [(here[0] + dq, here[1] + dr) for dq, dr in _STEPS]
            if here in exits:
                steps += [e for e in exits if e != here]
            for n in steps:
                if n in nodes or n in tracked:
                    cost = 0
                elif n in land:
                    cost = 1
                else:
                    continue
                if n not in dist or d + cost < dist[n]:
                    dist[n] = d + cost
                    (queue.appendleft if cost == 0 else queue.append)(n)
    return best


def route_bound(game: Game, pos: Position) -> Bound:
    """The first delivery needs a route; the fewest new tiles of any route, at the tile rate.

    Admissible. A shipment that makes progress (delivers a cube; feeds an unfed area) runs from
    goods to a place that takes them, along complete links: a chain of adjacent hexes, each a
    node or a track hex (S2, S3). Relaxed, the goods are any cube of a stack (Rapa Nui flips
    stacks, S9), a black cube may go to any town (an Urbanization may make it a black city,
    S14), the route may use any track and visit any node, and on the Zoo map any exit leads to
    any other (S5). Every free land hex on the chain must get a tile first, so the first such
    shipment waits until ``d`` new tiles are down, ``d`` the fewest free land hexes of any chain
    (a 0-1 breadth-first search). A build lays at most 4 tiles (the largest limit), plus the
    tiles in hand and on the Zoo map one bonus tile a turn (S7): that gives the first turn ``f``
    with a shipment that makes progress. All ``left`` goods move in turn ``f`` or later, two a
    turn (:func:`goods_bound`), so the last one not before turn
    ``f + ceil((left - 2) / 2)``. When no chain exists at all the goods never all move.
    """
    goods = game.rules.goods
    left = goods.goods_left(pos.board)
    if left == 0 or pos.phase == OVER:
        return Bound(pos.turn, "nothing left to ship")
    tiles = _fewest_route_tiles(game, pos)
    if tiles is None:
        what = "cube" if game.rules.name == "easter" else "food"
        return Bound(IMPOSSIBLE, f"no {what} can ever reach a place that takes it: no land joins them")
    if tiles == 0:
        return Bound(pos.turn, "some goods have a route to a place that takes them with no new tile")
    first = _tiles_to_turn(game, pos, tiles, "").turn
    turn = first + max(0, math.ceil((left - 2) / 2))
    goods_text = ("any cube and a city that takes it" if game.rules.name == "easter"
                  else "any area with food and an unfed area")
    per_turn = _tiles_per_turn(game)
    return Bound(turn, f"{goods_text} are {tiles} new tile{'s' if tiles != 1 else ''} apart at "
                       f"least, and a build lays at most {per_turn}: nothing is delivered before "
                       f"turn {first}, and the {left} left need their rounds from then on, two a turn")


_BOUNDS = (goods_bound, locomotive_bound, track_bound, connection_bound, money_bound,
           first_delivery_bound, route_bound)


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
