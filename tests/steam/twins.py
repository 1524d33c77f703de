"""Brute-force twins of the whole-game planner, written from the rules, sharing nothing with the engine.

The planner (:mod:`zoobook.steam.game.planner`) plays the engine's moves; a twin that called
the engine would only check the planner against itself. So this module re-states the solo
rules on plain tuples -- hexes, track as hex paths, food, cubes and money as integers -- and
searches **every** legal move of them exhaustively, memoised on the state:

* shares: every count; actions: none or each card (Easter Island: $8 first, blockers);
* build: tile by tile from any node or any end of incomplete track (S15: it stays and can be
  extended later), into any free land hex, ending there or on any neighbouring node other than
  the track's own; a bonus tile from hand (Zoo, S7) on any tile; Urbanization once, at any time
  of the build;
* move goods: each round a shipment (every simple route the rules allow), a raise or a pass;
* the end of the turn: bonus tile, income, expenses, shortfall, income reduction, bankruptcy.

A map is cleared the moment its last condition is met (S13). Cleared games rank by turns,
then the base game's score, then cash (S10a); :func:`solve_zoo` and :func:`solve_easter`
return ``(turns, score, cash)`` or None. Only tiny maps finish: a few land hexes, one or two
turns, few shares left to issue.

:func:`random_zoo_instance` and :func:`random_easter_instance` draw such maps: two rows or
more, with land that leaves a detour (a second path between two nodes), sometimes an exit
pair or a town. :func:`has_detour` and :func:`rows` say whether a map has those shapes (the
tests check that the generator draws them).

:func:`zoo_instance` and :func:`easter_instance` restate a shipped puzzle file's game (its map,
land, turns and start: data only) as an instance; :func:`fewest_turns` proves turn limits 1, 2,
... clear nothing until one does (``first=True`` stops a search at the first clearing plan), so
the twins check the shipped whole-game answers (tests/puzzles/test_shipped_game_answers.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
REDUCTION = ((50, 10), (41, 8), (31, 6), (21, 4), (11, 2))
URBANIZE_COST = 10  # S15, assumed: the base game's price of a new city
MAX_SHARES, SHARE, MAX_LEVEL = 15, 5, 6


def near(h):
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def reduce_income(income: int) -> int:
    for low, cut in REDUCTION:
        if income >= low:
            return income - cut
    return income


def end_money(cash: int, income: int, shares: int, level: int) -> tuple[int, int]:
    """Collect income, pay expenses (a shortfall lowers income), reduce income."""
    cash += income
    due = shares + level
    if cash >= due:
        cash -= due
    else:
        income -= due - cash
        cash = 0
    return cash, reduce_income(income)


# -- the Zoo ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ZooInstance:
    """A tiny Zoo game: areas (name, hex, danger), exits, towns, land hexes, the start."""

    areas: tuple
    land: tuple
    exits: tuple = ()
    towns: tuple = ()
    turns: int = 1
    cash: int = 0
    income: int = 0
    shares: int = 0
    level: int = 1
    food: int = 2
    tracks: tuple = ()   # complete links built before the start: node hex, track hexes, node hex

    def node_kinds(self) -> dict:
        kinds = {tuple(a[1]): "area" for a in self.areas}
        kinds.update({tuple(h): "exit" for h in self.exits})
        kinds.update({tuple(h): "town" for h in self.towns})
        return kinds


def _links(tracks, kinds, urban):
    """Complete links (a, b, tiles): track node to node; an exit counts only with an area or a
    new city at the other end (S2a)."""
    out = []
    for t in tracks:
        a, b = t[0], t[-1]
        if b not in kinds:
            continue
        ka = "new" if a in urban else kinds[a]
        kb = "new" if b in urban else kinds[b]
        if "exit" in (ka, kb):
            other = kb if ka == "exit" else ka
            if ka == kb or other not in ("area", "new"):
                continue
        out.append((a, b, len(t) - 2))
    return out


def _builds(tracks, hand, cash, limit, price, land, kinds, urban, can_urbanize, towns):
    """Every (tracks, hand, cash, urban) a build can end with."""
    seen = set()
    ends = set()
    stack = [(tracks, hand, cash, 0, urban, not can_urbanize)]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        tracks, hand, cash, laid, urban, urbanized = state
        ends.add((tracks, hand, cash, urban))
        if not urbanized:
            for town in towns:
                if town not in urban and cash >= URBANIZE_COST:
                    stack.append((tracks, hand, cash - URBANIZE_COST, laid, urban | {town}, True))
        used = {h for t in tracks for h in t[1:] if h not in kinds}
        starts = [(n, None) for n in kinds] + [(t[-1], t) for t in tracks if t[-1] not in kinds]
        for start, base in starts:
            origin = start if base is None else base[0]
            for h in near(start):
                if h not in land or h in used or h in kinds:
                    continue
                pays = []
                if laid < limit and cash >= price(h):
                    pays.append((hand, cash - price(h), laid + 1))
                if hand > 0:
                    pays.append((hand - 1, cash, laid))
                path = (start, h) if base is None else base + (h,)
                rest = tracks if base is None else tracks - {base}
                ends_at = [path] + [path + (n,) for n in near(h) if n in kinds and n != origin]
                for new in ends_at:
                    for left, money, count in pays:
                        stack.append((rest | {new}, left, money, count, urban, urbanized))
    return ends


def _zoo_routes(links, kinds, urban, dangers, food, level, feeding):
    """Every shipment: (origin, destination, links, exit entered, feeding used)."""
    adj: dict = {}
    for a, b, _ in links:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    exits = [h for h, k in kinds.items() if k == "exit"]

    def danger(h):
        if h in urban:
            return 1
        return dangers.get(h, 0)

    out = set()

    def walk(route, length, teleported):
        here = route[-1]
        moves = [(n, 1) for n in adj.get(here, [])]
        if kinds[here] == "exit" and not teleported:
            moves += [(e, 0) for e in exits if e != here]
        for n, step in moves:
            if n in route:
                continue
            new, new_len = route + (n,), length + step
            if new_len > level:
                continue
            passed = sorted((danger(x) for x in new[:-1]), reverse=True)
            plain_need = max(new_len, passed[0])
            fed_need = max(new_len, passed[0] - 1, passed[1] if len(passed) > 1 else 0)
            if kinds[n] == "area" and n not in urban:
                entered = any(kinds[x] == "exit" for x in new)
                if plain_need <= level:
                    out.add((new[0], n, new_len, entered, False))
                elif feeding and fed_need <= level:
                    out.add((new[0], n, new_len, entered, True))
            walk(new, new_len, teleported or step == 0)

    for origin, count in food.items():
        if count > 0:
            walk((origin,), 0, False)
    return out


class _Cleared(Exception):
    """The first plan found that clears the map (``first=True``): its (turns, score, cash)."""


def _found(result, first: bool):
    """*result*, a plan that clears the map; with *first* the search ends with it."""
    if first:
        raise _Cleared(result)
    return result


def _built(inst) -> frozenset:
    return frozenset(tuple(tuple(h) for h in t) for t in inst.tracks)


def _best_or_first(search, inst, first: bool):
    """*search*'s answer; with *first*, the first clearing plan it meets (raised as _Cleared)."""
    try:
        return search(inst, first)
    except _Cleared as found:
        turns, score, cash = found.args[0]
        return -turns, score, cash


def solve_zoo(inst: ZooInstance, *, first: bool = False):
    """(turns, score, cash) of the best plan of *inst* (S10a), or None when none clears in time.

    With *first* the search stops at the first plan that clears the map and returns it: its
    turns are the fewest when no plan clears in fewer (see :func:`fewest_turns`), its score
    and cash need not be the best."""
    return _best_or_first(_solve_zoo, inst, first)


def _solve_zoo(inst: ZooInstance, first: bool):
    kinds = inst.node_kinds()
    land = frozenset(tuple(h) for h in inst.land)
    areas = [tuple(a[1]) for a in inst.areas]
    dangers = {tuple(a[1]): a[2] for a in inst.areas}
    towns = tuple(tuple(h) for h in inst.towns)

    def score(tracks, urban, income, shares):
        return 3 * income - 3 * shares + sum(t for _, _, t in _links(tracks, kinds, urban))

    @lru_cache(maxsize=None)
    def turn(t, cash, income, shares, level, hand, tracks, food, fed, urban):
        """Best (-turn, score, cash) from the start of turn *t*, or None."""
        best = None

        def keep(result):
            nonlocal best
            if result is not None and (best is None or result > best):
                best = result

        for n in range(MAX_SHARES - shares + 1):
            money, owned = cash + SHARE * n, shares + n
            for card in (None, "engineer", "locomotive", "urbanization", "feeding"):
                lvl = min(MAX_LEVEL, level + 1) if card == "locomotive" else level
                limit, price = (4, 2) if card == "engineer" else (3, 4)
                for new_tracks, new_hand, left, new_urban in _builds(
                        tracks, hand, money, limit, lambda h: price, land, kinds, urban,
                        card == "urbanization", towns):
                    keep(moves(t, left, income, owned, lvl, new_hand, new_tracks, food, fed,
                               new_urban, card == "feeding"))
        return best

    def moves(t, cash, income, shares, level, hand, tracks, food, fed, urban, feeding):
        links = _links(tracks, kinds, urban)
        best = None
        # each round: ship / raise / pass; rounds = (level, income, food, fed, feeding, raised, exit)
        frontier = [(0, level, income, food, fed, feeding, False, False)]
        while frontier:
            rounds, lvl, inc, fd, fe, disc, raised, entered = frontier.pop()
            if rounds == 2:
                result = end_turn(t, cash, inc, shares, lvl, hand + (1 if entered else 0), tracks,
                                  fd, fe, urban)
                if result is not None and (best is None or result > best):
                    best = result
                continue
            frontier.append((rounds + 1, lvl, inc, fd, fe, disc, raised, entered))
            if not raised and lvl < MAX_LEVEL:
                frontier.append((rounds + 1, lvl + 1, inc, fd, fe, disc, True, entered))
            food_at = dict(zip(areas, fd))
            for origin, dest, length, ent, used in _zoo_routes(links, kinds, urban, dangers, food_at,
                                                               lvl, disc):
                nfood = tuple(c - (a == origin) for a, c in zip(areas, fd))
                nfed = tuple(f or a == dest for a, f in zip(areas, fe))
                if all(nfed):  # S13: cleared at once
                    result = _found((-t, score(tracks, urban, inc + length, shares), cash), first)
                    if best is None or result > best:
                        best = result
                    continue
                frontier.append((rounds + 1, lvl, inc + length, nfood, nfed, disc and not used,
                                 raised, entered or ent))
        return best

    def end_turn(t, cash, income, shares, level, hand, tracks, food, fed, urban):
        cash, income = end_money(cash, income, shares, level)
        if income < 0 or t >= inst.turns:
            return None
        return turn(t + 1, cash, income, shares, level, hand, tracks, food, fed, urban)

    start = turn(1, inst.cash, inst.income, inst.shares, inst.level, 0, _built(inst),
                 tuple(inst.food for _ in areas), tuple(False for _ in areas), frozenset())
    return None if start is None else (-start[0], start[1], start[2])


# -- instances ----------------------------------------------------------------------------------

def rows(instance) -> int:
    """How many rows (values of r) the map's hexes span."""
    hexes = list(_land_hexes(instance)) + list(instance.node_kinds())
    return len({h[1] for h in hexes})


def has_detour(instance) -> bool:
    """Whether two nodes are joined by two different simple paths of land hexes (a detour)."""
    kinds = instance.node_kinds()
    land = _land_hexes(instance)
    for start in kinds:
        count = {}

        def walk(path):
            for h in near(path[-1]):
                if h in kinds and h != start and len(path) > 1:
                    count[h] = count.get(h, 0) + 1
                elif h in land and h not in path:
                    walk(path + [h])

        walk([start])
        if any(c >= 2 for c in count.values()):
            return True
    return False


def _land_hexes(instance) -> set:
    """The land hexes of a Zoo instance (hexes) or an Easter one ((hex, terrain) pairs)."""
    return {tuple(h[0]) if isinstance(h[1], str) else tuple(h) for h in instance.land}


def _patch(rng: random.Random, width: int, height: int):
    return [(q, r) for r in range(height) for q in range(width)]


def random_zoo_instance(rng: random.Random, *, turns: int = 1) -> ZooInstance:
    """A tiny Zoo map on a 3x2 or 4x2 patch: two areas (sometimes an exit pair or a town), a few
    land hexes, few shares left to issue (so the twin finishes)."""
    while True:
        width, height = rng.choice(((3, 2), (4, 2), (3, 3)))
        hexes = _patch(rng, width, height)
        rng.shuffle(hexes)
        a, b = hexes[0], hexes[1]
        if b in near(a):
            continue
        areas = (("a", a, rng.randint(1, 3)), ("b", b, rng.randint(1, 3)))
        rest = hexes[2:]
        exits, towns = (), ()
        extra = rng.random()
        if extra < 0.2 and len(rest) >= 5:
            exits, rest = (rest[0], rest[1]), rest[2:]
        elif extra < 0.35 and len(rest) >= 4:
            towns, rest = (rest[0],), rest[1:]
        land = tuple(sorted(rest[:rng.randint(2, min(4, len(rest)))]))
        inst = ZooInstance(areas, land, exits, towns, turns=turns, cash=rng.choice((0, 4, 8)),
                           shares=13, level=rng.choice((1, 2)))
        return inst


def zoo_game(inst: ZooInstance):
    """The engine's Game for *inst* (the bridge the tests use; the twin never calls it)."""
    from zoobook.steam.game.economy import Economy
    from zoobook.steam.game.state import Game
    from zoobook.steam.zoo.model import Area, Town, ZooMap

    zoo = ZooMap.build(areas=[Area(name, h, d, food=inst.food) for name, h, d in inst.areas],
                       towns=[Town(h) for h in inst.towns], exits=list(inst.exits),
                       tracks=[list(t) for t in inst.tracks])
    economy = Economy(cash=inst.cash, income=inst.income, shares=inst.shares, locomotive=inst.level)
    return Game.zoo(zoo, list(inst.land), inst.turns, economy=economy)


# -- Easter Island --------------------------------------------------------------------------------

EASTER_CARD_PRICE, RAPA_NUI_BONUS, BLOCKERS = 8, 5, 3   # S9
EASTER_CARDS = ("engineer", "locomotive", "urbanization", "rapa-nui")
PLAIN, MOUNTAIN = 3, 4                                  # S9: track prices


@dataclass(frozen=True)
class EasterInstance:
    """A tiny Easter Island game: cities (name, hex, colour, ruin, cubes bottom to top), towns,
    land hexes with their terrain ('plain' or 'mountain'), the start (S11b by default)."""

    cities: tuple
    land: tuple          # ((hex, terrain), ...)
    towns: tuple = ()
    turns: int = 1
    cash: int = 10
    income: int = 0
    shares: int = 2
    level: int = 2
    tracks: tuple = ()   # complete links built before the start: node hex, track hexes, node hex

    def node_kinds(self) -> dict:
        kinds = {tuple(c[1]): "city" for c in self.cities}
        kinds.update({tuple(h): "town" for h in self.towns})
        return kinds


def _easter_links(tracks, nodes):
    """Complete links (a, b, tiles): track from a node to another node (a town is a node, S14)."""
    return [(t[0], t[-1], len(t) - 2) for t in tracks if t[-1] in nodes]


def _joined(links, ruins) -> bool:
    """Whether every ruin is in one network of complete links (clear condition 1)."""
    if len(ruins) <= 1:
        return True
    seen, todo = {ruins[0]}, [ruins[0]]
    while todo:
        here = todo.pop()
        for a, b, _ in links:
            for x, y in ((a, b), (b, a)):
                if x == here and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return set(ruins) <= seen


def _easter_routes(links, colour_at, origin, cube, level):
    """Every delivery of *cube* from *origin*: (destination, links). Routes follow complete
    links, visit no node twice, have at most *level* links, never pass a city of the cube's
    colour and stop at the first one (S9); towns and other colours are passed through."""
    adj: dict = {}
    for a, b, _ in links:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    out = set()

    def walk(route):
        if len(route) - 1 >= level:
            return
        for n in adj.get(route[-1], ()):
            if n in route:
                continue
            if colour_at.get(n) == cube:
                out.add((n, len(route)))
            else:
                walk(route + (n,))

    walk((origin,))
    return out


def solve_easter(inst: EasterInstance, *, first: bool = False):
    """(turns, score, cash) of the best plan of *inst* (S10a), or None when none clears in time;
    *first* as in :func:`solve_zoo`."""
    return _best_or_first(_solve_easter, inst, first)


def _solve_easter(inst: EasterInstance, first: bool):
    kinds = inst.node_kinds()
    nodes = frozenset(kinds)
    terrain = {tuple(h): t for h, t in inst.land}
    land = frozenset(terrain)
    cities = [tuple(c[1]) for c in inst.cities]
    colours = {tuple(c[1]): c[2] for c in inst.cities}
    ruins = [tuple(c[1]) for c in inst.cities if c[3]]
    towns = tuple(tuple(h) for h in inst.towns)

    def score(tracks, income, shares):
        return 3 * income - 3 * shares + sum(t for _, _, t in _easter_links(tracks, nodes))

    def cleared(tracks, cubes):
        return not any(cubes) and _joined(_easter_links(tracks, nodes), ruins)

    def builds(tracks, cash, limit, cubes, urban, can_urbanize):
        """Every (tracks, cash, urban) a build ends with, or ('clear', cash) when a tile or the
        new city clears the map (S13)."""
        seen, ends = set(), set()
        stack = [(tracks, cash, 0, urban, not can_urbanize)]
        while stack:
            state = stack.pop()
            if state in seen:
                continue
            seen.add(state)
            tracks, cash, laid, urban, urbanized = state
            if cleared(tracks, cubes):
                ends.add(("clear", tracks, cash))
                continue
            ends.add((tracks, cash, urban))
            if not urbanized:
                for town in towns:
                    if town not in urban and cash >= URBANIZE_COST:
                        stack.append((tracks, cash - URBANIZE_COST, laid, urban | {town}, True))
            if laid >= limit:
                continue
            used = {h for t in tracks for h in t[1:] if h not in nodes}
            starts = [(n, None) for n in sorted(nodes)] + [(t[-1], t) for t in tracks if t[-1] not in nodes]
            for start, base in starts:
                origin = start if base is None else base[0]
                for h in near(start):
                    if h not in land or h in used:
                        continue
                    price = PLAIN if terrain[h] == "plain" else MOUNTAIN
                    if cash < price:
                        continue
                    path = (start, h) if base is None else base + (h,)
                    rest = tracks if base is None else tracks - {base}
                    for new in [path] + [path + (n,) for n in near(h) if n in nodes and n != origin]:
                        stack.append((rest | {new}, cash - price, laid + 1, urban, urbanized))
        return ends

    @lru_cache(maxsize=None)
    def turn(t, cash, income, shares, level, tracks, cubes, urban, blocked):
        best = None

        def keep(result):
            nonlocal best
            if result is not None and (best is None or result > best):
                best = result

        for n in range(MAX_SHARES - shares + 1):
            money, owned = cash + SHARE * n, shares + n
            for card in (None,) + EASTER_CARDS:
                if card is not None and (card in blocked or money < EASTER_CARD_PRICE):
                    continue
                after_blocked = blocked if card is None else (
                    frozenset() if len(blocked) >= BLOCKERS else blocked | {card})
                pay = money - (EASTER_CARD_PRICE if card else 0)
                lvl = min(MAX_LEVEL, level + 1) if card == "locomotive" else level
                stacks = [cubes]
                if card == "rapa-nui":
                    # S12a: any moai, a two-cube statue or a one-cube remnant (turning a remnant
                    # changes nothing but still pays); void only with no cube left (S12)
                    moai = [i for i, c in enumerate(cubes) if c]
                    stacks = [tuple(c[::-1] if i == j else c for i, c in enumerate(cubes)) for j in moai]
                    pay += RAPA_NUI_BONUS if moai else 0     # void: no stunt, no $5 (S12)
                    stacks = stacks or [cubes]
                for cb in stacks:
                    for end in builds(tracks, pay, 4 if card == "engineer" else 3, cb, urban,
                                      card == "urbanization"):
                        if end[0] == "clear":
                            keep(_found((-t, score(end[1], income, owned), end[2]), first))
                            continue
                        new_tracks, left, new_urban = end
                        keep(moves(t, left, income, owned, lvl, new_tracks, cb, new_urban, after_blocked))
        return best

    def moves(t, cash, income, shares, level, tracks, cubes, urban, blocked):
        links = _easter_links(tracks, nodes)
        colour_at = dict(colours)
        colour_at.update({h: "black" for h in urban})
        best = None
        frontier = [(0, level, income, cubes, False)]
        while frontier:
            rounds, lvl, inc, cb, raised = frontier.pop()
            if rounds == 2:
                cash2, inc2 = end_money(cash, inc, shares, lvl)
                if inc2 >= 0 and t < inst.turns:
                    result = turn(t + 1, cash2, inc2, shares, lvl, tracks, cb, urban, blocked)
                    if result is not None and (best is None or result > best):
                        best = result
                continue
            frontier.append((rounds + 1, lvl, inc, cb, raised))
            if not raised and lvl < MAX_LEVEL:
                frontier.append((rounds + 1, lvl + 1, inc, cb, True))
            for i, stack in enumerate(cb):
                if not stack:
                    continue
                for dest, length in _easter_routes(links, colour_at, cities[i], stack[-1], lvl):
                    new = tuple(c[:-1] if j == i else c for j, c in enumerate(cb))
                    if cleared(tracks, new):  # S13: cleared at once
                        result = _found((-t, score(tracks, inc + length, shares), cash), first)
                        if best is None or result > best:
                            best = result
                        continue
                    frontier.append((rounds + 1, lvl, inc + length, new, raised))
        return best

    cubes = tuple(tuple(c[4]) for c in inst.cities)
    if cleared(_built(inst), cubes):
        raise ValueError("the map is cleared before the game starts")
    start = turn(1, inst.cash, inst.income, inst.shares, inst.level, _built(inst), cubes,
                 frozenset(), frozenset())
    return None if start is None else (-start[0], start[1], start[2])


def _connected(a, b, land) -> bool:
    """Whether land hexes join node *a* to node *b* (track could link them)."""
    seen, todo = set(), [h for h in near(a) if h in land]
    while todo:
        here = todo.pop()
        if here in seen:
            continue
        seen.add(here)
        if b in near(here):
            return True
        todo += [h for h in near(here) if h in land]
    return False


def _free_path(a, b, land, avoid) -> tuple | None:
    """The hexes of a shortest chain of *land* hexes (none in *avoid*) from node *a* to node *b*
    (the two nodes included), or None."""
    previous = {h: None for h in near(a) if h in land and h not in avoid}
    frontier = list(previous)
    while frontier:
        here = frontier.pop(0)
        if b in near(here):
            path = [here]
            while previous[path[-1]] is not None:
                path.append(previous[path[-1]])
            return (a, *reversed(path), b)
        for h in near(here):
            if h in land and h not in avoid and h not in previous:
                previous[h] = here
                frontier.append(h)
    return None


def cube_free(inst: EasterInstance) -> bool:
    """Whether *inst* starts with no cube: only joining the ruins is left, and the lay that
    joins the last one clears the map (S13a)."""
    return not any(c[4] for c in inst.cities)


def cubes_first(inst: EasterInstance) -> bool:
    """Whether some cube of *inst* can be delivered at once over the links built before the start
    (at the level it starts with) while the ruins are not all joined yet: a plan may ship cubes
    first and clear with the lay that joins the last ruin (S13a)."""
    nodes = frozenset(inst.node_kinds())
    links = _easter_links(inst.tracks, nodes)
    ruins = [tuple(c[1]) for c in inst.cities if c[3]]
    colours = {tuple(c[1]): c[2] for c in inst.cities}
    return not _joined(links, ruins) and any(
        c[4] and _easter_routes(links, colours, tuple(c[1]), c[4][-1], inst.level) for c in inst.cities)


def random_easter_instance(rng: random.Random, *, turns: int = 1) -> EasterInstance:
    """A tiny island on a 4x2, 3x3 or 5x2 patch: two or three ruins of different colours, one to
    three cubes (a stack of two sometimes, a black cube with a town sometimes), three to five land
    hexes (some mountain) that join the ruins, few shares left to issue (so the twin finishes).

    Some islands are drawn cube-free (:func:`cube_free`: the ruins to join and nothing else) and
    some cubes-first (:func:`cubes_first`: three ruins, a link built before the start that
    delivers a cube, the third ruin still to join), so that the map is cleared by a lay (S13a)."""
    palette = ["red", "blue", "yellow"]
    while True:
        width, height = rng.choice(((4, 2), (3, 3), (5, 2)))
        hexes = _patch(rng, width, height)
        rng.shuffle(hexes)
        count = rng.choice((2, 3, 3))
        spots, rest = hexes[:count], hexes[count:]
        if any(b in near(a) for i, a in enumerate(spots) for b in spots[i + 1:]):
            continue
        towns: tuple = ()
        if rng.random() < 0.3 and len(rest) >= 5:
            towns, rest = (rest[0],), rest[1:]
        land_hexes = rest[:rng.randint(3, min(5, len(rest)))]
        if not all(_connected(spots[0], b, set(land_hexes)) for b in spots[1:]):
            continue
        colours = rng.sample(palette, count)
        stacks = [[] for _ in spots]
        for _ in range(rng.choice((1, 2, 3))):
            i = rng.choice([j for j in range(count) if len(stacks[j]) < 2])
            others = [c for j, c in enumerate(colours) if j != i]
            cube = "black" if towns and rng.random() < 0.3 else rng.choice(others)
            stacks[i].append(cube)
        cities = tuple((f"{c.title()} {k + 1}", spot, c, True, tuple(s))
                       for k, (c, spot, s) in enumerate(zip(colours, spots, stacks)))
        land = tuple(sorted((h, "mountain" if rng.random() < 0.25 else "plain") for h in land_hexes))
        inst = EasterInstance(cities, land, towns, turns=turns, cash=rng.choice((10, 14)), shares=13,
                              level=rng.choice((1, 2)))
        style = rng.random()
        if style < 0.15:
            return replace(inst, cities=tuple(c[:4] + ((),) for c in cities))
        if count == 3 and style < 0.6:
            first = _cubes_first_variant(rng, inst, spots, rest)
            if first is None:
                continue
            return first
        return inst


def _cubes_first_variant(rng: random.Random, inst: EasterInstance, spots, rest) -> EasterInstance | None:
    """*inst* with a link built before the start from a city holding a cube to a city of its top
    cube's colour, and land (from the patch's *rest*) for a link that joins the third ruin later
    (None when the patch has no room)."""
    if len(spots) != 3:
        return None
    patch = set(rest) - {tuple(t) for t in inst.towns}
    for city in inst.cities:
        goal = next((c for c in inst.cities if city[4] and c[2] == city[4][-1]), None)
        if goal is None:
            continue
        built = _free_path(tuple(city[1]), tuple(goal[1]), patch, set(spots))
        if built is None:
            continue
        third = next(s for s in spots if s not in (city[1], goal[1]))
        left = patch - set(built)
        joins = [p for p in (_free_path(third, tuple(end), left, set(spots)) for end in (city[1], goal[1]))
                 if p is not None]
        if not joins:
            continue
        join = min(joins, key=len)
        spare = sorted(left - set(join))
        hexes = set(join[1:-1]) | set(rng.sample(spare, min(len(spare), rng.choice((0, 1)))))
        land = tuple(sorted((h, "mountain" if rng.random() < 0.2 else "plain") for h in hexes))
        return replace(inst, land=land, tracks=(built,), cash=inst.cash + rng.choice((0, 4)))
    return None


def easter_game(inst: EasterInstance):
    """The engine's Game for *inst* (the bridge the tests use; the twin never calls it)."""
    from zoobook.steam.easter.island import City, Island
    from zoobook.steam.game.economy import Economy
    from zoobook.steam.game.state import Game

    island = Island.build(plain=[h for h, t in inst.land if t == "plain"],
                          mountain=[h for h, t in inst.land if t == "mountain"],
                          cities=[City(name, h, colour, ruin, cubes) for name, h, colour, ruin, cubes in inst.cities],
                          towns=[(f"{h[0]},{h[1]}", h) for h in inst.towns],
                          tracks=[list(t) for t in inst.tracks])
    economy = Economy(cash=inst.cash, income=inst.income, shares=inst.shares, locomotive=inst.level)
    return Game.easter(island, inst.turns, economy=economy)


# -- shipped puzzle files -> twin instances -------------------------------------------------------

class NotATwinInstance(ValueError):
    """A game the twin cannot state: something its plain tuples leave out (say what)."""


def _plain_start(game, kind: str) -> tuple:
    """The track built before the start (complete links, as hex tuples); refuse a start the
    instances cannot hold: a later turn, bonus tiles in hand, blocked actions, incomplete track."""
    pos = game.start
    if pos.turn != 1 or pos.hand or pos.blocked:
        raise NotATwinInstance(f"{kind}: the twin starts at turn 1 with no hand and no blocked action")
    hexmap = pos.board.hexmap
    if hexmap.incomplete_links():
        raise NotATwinInstance(f"{kind}: the twin takes only complete links built before the start")
    return tuple(tuple(tuple(h) for h in t.hexes) for t in hexmap.tracks)


def zoo_instance(game) -> ZooInstance:
    """The twin's :class:`ZooInstance` of a Zoo-map :class:`~zoobook.steam.game.state.Game` (the
    inverse of :func:`zoo_game`): only the map and the numbers are read, never a move."""
    tracks = _plain_start(game, "steam-zoo/clear")
    zoo, economy = game.start.board, game.start.economy
    foods = {a.food for a in zoo.areas}
    if len(foods) != 1 or any(a.fed for a in zoo.areas) or any(t.urbanized for t in zoo.towns):
        raise NotATwinInstance("steam-zoo/clear: the twin gives every area the same food, none fed")
    if any(t != "plain" for t in game.land.values()):
        raise NotATwinInstance("steam-zoo/clear: the twin's Zoo land is plain")
    return ZooInstance(areas=tuple((a.name, tuple(a.hex), a.danger) for a in zoo.areas),
                       land=tuple(sorted(tuple(h) for h in game.land)),
                       exits=tuple(tuple(h) for h in zoo.exits),
                       towns=tuple(tuple(t.hex) for t in zoo.towns),
                       turns=game.turns, cash=economy.cash, income=economy.income,
                       shares=economy.shares, level=economy.locomotive, food=foods.pop(),
                       tracks=tracks)


def easter_instance(game) -> EasterInstance:
    """The twin's :class:`EasterInstance` of an Easter Island game (the inverse of
    :func:`easter_game`)."""
    tracks = _plain_start(game, "steam-easter/clear")
    island, economy = game.start.board, game.start.economy
    if any(c.colour == "black" and not c.ruin for c in island.cities):
        raise NotATwinInstance("steam-easter/clear: the twin has no new city laid before the start")
    towns = tuple(sorted(tuple(n.hex) for n in island.hexmap.nodes if n.type == "town"))
    return EasterInstance(
        cities=tuple((c.name, tuple(c.hex), c.colour, c.ruin, tuple(c.cubes)) for c in island.cities),
        land=tuple(sorted((tuple(h), t) for h, t in game.land.items())),
        towns=towns, turns=game.turns, cash=economy.cash, income=economy.income,
        shares=economy.shares, level=economy.locomotive, tracks=tracks)


def fewest_turns(inst, solve):
    """The fewest turns in which a plan clears *inst* (``solve`` is :func:`solve_zoo` or
    :func:`solve_easter`), or None: the twin proves turn limits 1, 2, ... clear nothing until
    one does (then any plan it finds clears in exactly that many turns, so it stops at the
    first)."""
    for limit in range(1, inst.turns + 1):
        found = solve(replace(inst, turns=limit), first=True)
        if found is not None:
            assert found[0] == limit
            return limit
    return None
