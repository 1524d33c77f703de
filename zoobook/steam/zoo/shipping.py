"""The lowest locomotive level for a Zoo-map shipment, by search in a state graph (S3-S6).

The rule
--------
"You need a locomotive level at least equal to the number of links you pass
through (as usual), and also at least equal to the highest danger level up to the
square before the final destination (including the shipping origin)" (seed, Zoo).
So a shipment's **level** is

    max(number of links, highest danger among the origin and the nodes passed through)

where, with the Feeding action, one of those dangers counts 1 lower (S6); the
destination's danger never counts (S4). A shipment visits no node twice (S3) and
may once jump between two exits, which adds no link and no danger (S5).

The state graph
---------------
Fix a level ``k``. A locomotive of level ``k`` may enter a node of danger ``d``
when ``d <= k``, or when ``d == k + 1`` and the Feeding discount is still unused
(entering spends it). A **state** is ``(node, teleported, fed)``: where the food
is, whether the exit teleport was used and whether the Feeding discount was
spent. Its moves are: along a complete link to a neighbour the locomotive may
enter (weight 1), and, from an exit with ``teleported`` false, to any other exit
(weight 0, ``teleported`` becomes true). The destination may always be entered
(its danger does not count) and is never left. A level-``k`` shipment exists iff
the destination is reachable from ``(origin, False, fed0)`` within ``k`` link
steps, where ``fed0`` says whether the origin itself needs the discount.

Why a shortest walk is a legal simple route
-------------------------------------------
A walk in the state graph might, in principle, come back to a node it left
(with different flags). It never does when it is shortest in links: suppose node
``v`` is visited first in state ``(v, t1, f1)`` and later in ``(v, t2, f2)``.
Flags only switch on, so ``t1 <= t2`` and ``f1 <= f2``. Every move the walk makes
after the second visit is allowed from the first one too, because having used
*less* (no teleport yet, no discount yet) never forbids a move. Cutting out the
loop therefore gives a walk of the same kind. The loop holds at least one link:
two teleports cannot follow each other (only one is allowed) and a teleport joins
two different exits. So the cut walk is strictly shorter, and a shortest walk
visits every node once: it is a simple route, and its level is at most ``k``.
Conversely every legal route of level ``<= k`` is a walk in the level-``k`` state
graph (spend the discount on its one node of danger ``k + 1``, if any). The lowest
level is the least ``k`` whose state graph reaches the destination within ``k``
links; feasibility is monotone in ``k``, so the levels are tried upwards.

For the all-pairs table one search per origin and level serves every
destination at once: search with no destination (no node exempt), then enter each
destination by one link from any reached state. The best such walk is simple by
the same argument (a walk that passed the destination earlier would have a
shorter prefix ending there).

Examples
--------
The rulebook's example: food from a danger-3 area, through a danger-2 area, to a
danger-4 area over two links needs level 3.

>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> zoo = ZooMap.build(areas=[Area("bears", (0, 0), 3), Area("goats", (2, 0), 2), Area("wolves", (4, 0), 4)],
...                    tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
>>> min_locomotive(zoo, "bears", "wolves")
3
>>> best_shipment(zoo, "bears", "wolves").route
('bears', 'goats', 'wolves')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from zoobook.explain import join_words, plural
from zoobook.puzzles.solution import Solution
from zoobook.errors import Refusal
from zoobook.rulings import cite
from zoobook.steam.zoo.model import AREA, MAX_LEVEL, ZooMap

__all__ = ["RouteError", "Shipment", "Network", "state_graph", "min_locomotive", "best_shipment",
           "shipment_at_level", "explain_level",
           "level_table", "shipment_table", "explain_shipment", "shipment_solution", "route_level"]

State = tuple[str, bool, bool]
_FAR = float("inf")


@dataclass(frozen=True)
class Shipment:
    """A legal shipment at its lowest level: the witness of :func:`best_shipment`.

    Attributes
    ----------
    route : tuple of str
        Node names from the origin to the destination.
    steps : tuple of int or None
        For each consecutive pair of ``route``, the track index of the link used,
        or ``None`` for the exit teleport.
    level : int
        The lowest locomotive level that allows it (1-6).
    feeding : bool
        Whether the Feeding discount was available.
    """

    zoo: ZooMap
    route: tuple[str, ...]
    steps: tuple[int | None, ...]
    level: int
    feeding: bool

    @property
    def origin(self) -> str:
        return self.route[0]

    @property
    def destination(self) -> str:
        return self.route[-1]

    @property
    def links(self) -> int:
        """The shipment's length: its number of links (the teleport is not one, S5)."""
        return sum(step is not None for step in self.steps)

    @property
    def teleport(self) -> tuple[str, str] | None:
        """The two exits of the teleport, or None."""
        for i, step in enumerate(self.steps):
            if step is None:
                return (self.route[i], self.route[i + 1])
        return None

    @property
    def counted(self) -> tuple[str, ...]:
        """The nodes whose danger counts: the origin and every node passed (S4)."""
        return self.route[:-1]

    @property
    def highest_danger(self) -> int:
        """The highest danger that counts, before any Feeding discount."""
        return max(self.zoo.danger(n) for n in self.counted)

    @property
    def fed(self) -> str | None:
        """The node whose danger the Feeding action lowers, when that lowers the level."""
        if not self.feeding:
            return None
        dangers = sorted(((self.zoo.danger(n), n) for n in self.counted), reverse=True)
        top, name = dangers[0]
        second = dangers[1][0] if len(dangers) > 1 else 0
        return name if top > max(self.links, second) else None

    @property
    def danger_needed(self) -> int:
        """The danger requirement after the Feeding discount, if used."""
        return self.highest_danger - (1 if self.fed else 0)

    def witness(self) -> dict:
        """The JSON witness: route, teleport, links, level and the fed node."""
        teleport = self.teleport
        return {"route": list(self.route), "teleport": list(teleport) if teleport else None,
                "links": self.links, "level": self.level, "feeding": self.fed}


class Network:
    """The link graph of a Zoo map, prepared for fast searches.

    Built once per map; :func:`min_locomotive` and friends accept a
    :class:`ZooMap` and build it for you, a table builder reuses one.
    """

    def __init__(self, zoo: ZooMap) -> None:
        self.zoo = zoo
        self.graph: nx.MultiGraph = zoo.hexmap.link_graph()
        neighbours: dict[str, dict[str, int]] = {name: {} for name in self.graph}
        for a, b, key in sorted(self.graph.edges(keys=True), key=lambda e: e[2]):
            # Parallel links are interchangeable for a node-simple route: keep the first.
            neighbours[a].setdefault(b, key)
            neighbours[b].setdefault(a, key)
        self.neighbours = {name: tuple(links.items()) for name, links in neighbours.items()}
        self.exits = tuple(zoo.exit_names())
        self.exit_set = frozenset(self.exits)
        self.danger = {name: zoo.danger(name) for name in self.graph}

    # -- the state graph --------------------------------------------------------------
    def start(self, origin: str, level: int, feeding: bool) -> State | None:
        """The start state, or None when the origin's own danger is too high (S4)."""
        d = self.danger[origin]
        if d <= level:
            return (origin, False, False)
        if feeding and d == level + 1:
            return (origin, False, True)
        return None

    def lowest_start(self, origin: str, feeding: bool) -> int:
        """The lowest level at which food can leave *origin* at all (S4, S6): levels
        below it need no search."""
        return max(1, self.danger[origin] - (1 if feeding else 0))

    def moves(self, state: State, level: int, feeding: bool,
              destination: str | None) -> Iterable[tuple[State, int | None, int]]:
        """The moves out of *state*: ``(next state, track index or None, weight)``.

        The destination is entered whatever its danger and never left. With
        ``destination=None`` no node is exempt: the all-pairs table searches that
        way once per origin and level, then adds the free last step into each
        destination itself (:meth:`table`).
        """
        node, teleported, fed = state
        if node == destination:
            return
        for other, key in self.neighbours[node]:
            if other == destination:
                yield (other, teleported, fed), key, 1
                continue
            d = self.danger[other]
            if d <= level:
                yield (other, teleported, fed), key, 1
            elif feeding and not fed and d == level + 1:
                yield (other, teleported, True), key, 1
        if not teleported and node in self.exits:
            for other in self.exits:
                if other != node:
                    yield (other, True, fed), None, 0

    def search(self, origin: str, level: int, feeding: bool, destination: str | None,
               limit: int | None = None
               ) -> tuple[dict[State, int], dict[State, tuple[State, int | None]]]:
        """0-1 breadth-first search of the level-*level* state graph from *origin*.

        Returns the distance (in links) of every reachable state and each state's
        predecessor on a shortest walk; with *limit*, states farther than *limit*
        links are not explored (a level-k search needs no walk over k links).
        """
        start = self.start(origin, level, feeding)
        if start is None:
            return {}, {}
        # The loop is :meth:`moves` written out for speed (the all-pairs table runs it
        # dozens of times); tests check it against the networkx state graph built from
        # :meth:`moves`.
        dist = {start: 0}
        parent: dict[State, tuple[State, int | None]] = {}
        queue = deque([start])
        neighbours, danger, exits = self.neighbours, self.danger, self.exits
        exit_set = self.exit_set
        far = _FAR if limit is None else limit
        while queue:
            state = queue.popleft()
            node, teleported, fed = state
            if node == destination:
                continue
            base = dist[state]
            if not teleported and node in exit_set:
                for other in exits:
                    if other != node and other != origin:
                        nxt = (other, True, fed)
                        if base < dist.get(nxt, _FAR):
                            dist[nxt] = base
                            parent[nxt] = (state, None)
                            queue.appendleft(nxt)
            new = base + 1
            if new > far:
                continue
            for other, key in neighbours[node]:
                if other == origin:
                    continue
                if other == destination or danger[other] <= level:
                    nxt = (other, teleported, fed)
                elif feeding and not fed and danger[other] == level + 1:
                    nxt = (other, teleported, True)
                else:
                    continue
                if new < dist.get(nxt, _FAR):
                    dist[nxt] = new
                    parent[nxt] = (state, key)
                    queue.append(nxt)
        return dist, parent

    def route_to(self, destination: str, dist: dict[State, int],
                 parent: dict[State, tuple[State, int | None]]) -> tuple[int, tuple, tuple] | None:
        """The shortest walk to *destination* found by :meth:`search`, as (links, route, steps)."""
        ends = [s for s in dist if s[0] == destination]
        if not ends:
            return None
        end = min(ends, key=lambda s: (dist[s], s[1], s[2]))
        route, steps = [end[0]], []
        state = end
        while state in parent:
            state, key = parent[state]
            route.append(state[0])
            steps.append(key)
        return dist[end], tuple(reversed(route)), tuple(reversed(steps))

    @cached_property
    def areas(self) -> tuple[str, ...]:
        return tuple(self.zoo.area_names())

    def check_pair(self, origin: str, destination: str) -> None:
        """Validate a shipment's ends up front (precise ValueError/KeyError)."""
        for name, role in ((origin, "origin"), (destination, "destination")):
            self.zoo.area(name)  # KeyError naming the areas
        if origin == destination:
            raise ValueError(f"a shipment goes to another animal area, not back to {origin!r}")

    def best(self, origin: str, destination: str, feeding: bool = False) -> Shipment | None:
        """The lowest-level shipment from *origin* to *destination*, or None above level 6."""
        self.check_pair(origin, destination)
        if self.zoo.area(origin).food == 0:
            return None
        for level in range(self.lowest_start(origin, feeding), MAX_LEVEL + 1):
            dist, parent = self.search(origin, level, feeding, destination, level)
            found = self.route_to(destination, dist, parent)
            if found and found[0] <= level:
                _, route, steps = found
                return Shipment(self.zoo, route, steps, level, feeding)
        return None

    def at_level(self, origin: str, destination: str, level: int, feeding: bool = False
                 ) -> Shipment | None:
        """The fewest-links shipment a level-*level* locomotive can make, or None."""
        self.check_pair(origin, destination)
        if not 1 <= level <= MAX_LEVEL:
            raise ValueError(f"level must be between 1 and {MAX_LEVEL}, not {level}")
        if self.zoo.area(origin).food == 0:
            return None
        dist, parent = self.search(origin, level, feeding, destination, level)
        found = self.route_to(destination, dist, parent)
        if not found:
            return None
        route, steps = found[1], found[2]
        # Its own level may be lower than the locomotive's: report the route's need.
        return Shipment(self.zoo, route, steps, route_level(self, list(route), list(steps),
                                                            feeding=feeding), feeding)

    def table(self, feeding: bool = False) -> dict[tuple[str, str], Shipment | None]:
        """The best shipment for every ordered pair of distinct areas."""
        out: dict[tuple[str, str], Shipment | None] = {}
        for origin in self.areas:
            todo = [d for d in self.areas if d != origin]
            if self.zoo.area(origin).food == 0:
                out.update({(origin, d): None for d in todo})
                continue
            for level in range(self.lowest_start(origin, feeding), MAX_LEVEL + 1):
                if not todo:
                    break
                dist, parent = self.search(origin, level, feeding, None, level - 1)
                if not dist:
                    continue
                left = []
                for destination in todo:
                    found = self._exempt_route(destination, level, feeding, dist, parent)
                    if found and found[0] <= level:
                        out[(origin, destination)] = Shipment(self.zoo, found[1], found[2], level, feeding)
                    else:
                        left.append(destination)
                todo = left
            out.update({(origin, d): None for d in todo})
        return out

    def _exempt_route(self, destination: str, level: int, feeding: bool, dist, parent):
        """Best walk to *destination* when its danger is exempt, from a destination-free search.

        The last step enters the destination along a link from a reached state
        other than the destination itself (whose own state, if any, was reached as
        a passable node). By the shortcut argument the best such walk is simple.
        """
        best = None
        for other, key in self.neighbours[destination]:
            for t in (False, True):
                for f in (False, True):
                    state = (other, t, f)
                    if state in dist and (best is None or dist[state] + 1 < best[0]):
                        best = (dist[state] + 1, state, key)
        if best is None:
            return None
        links, state, key = best
        route, steps = [destination, state[0]], [key]
        while state in parent:
            state, step = parent[state]
            route.append(state[0])
            steps.append(step)
        return links, tuple(reversed(route)), tuple(reversed(steps))


def _network(zoo: ZooMap | Network) -> Network:
    return zoo if isinstance(zoo, Network) else Network(zoo)


def state_graph(zoo: ZooMap | Network, level: int, destination: str, *, feeding: bool = False,
                origin: str | None = None) -> nx.DiGraph:
    """The level-*level* state graph as a networkx ``DiGraph`` a student can inspect.

    Vertices are states ``(node, teleported, fed)``; edges carry ``weight`` (1 for a
    link, 0 for the teleport) and ``track`` (the track index, None for the
    teleport). With *origin* only the states reachable from it are kept.

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build(areas=[Area("a", (0, 0), 2), Area("b", (2, 0), 5)], tracks=[[(0, 0), (1, 0), (2, 0)]])
    >>> sorted(state_graph(zoo, 2, "b", origin="a").edges())
    [(('a', False, False), ('b', False, False))]
    """
    net = _network(zoo)
    if not 1 <= level <= MAX_LEVEL:
        raise ValueError(f"level must be between 1 and {MAX_LEVEL}, not {level}")
    graph = nx.DiGraph(level=level, destination=destination, feeding=feeding)
    if origin is not None:
        dist, _ = net.search(origin, level, feeding, destination)
        states = set(dist)
    else:
        states = {(n, t, f) for n in net.graph for t in (False, True) for f in (False, True)
                  if f <= feeding and (n == destination or net.danger[n] <= level + (1 if f else 0))}
    for state in states:
        graph.add_node(state)
    for state in states:
        for nxt, key, weight in net.moves(state, level, feeding, destination):
            if nxt in states and nxt[0] != origin:
                graph.add_edge(state, nxt, weight=weight, track=key)
    return graph


def best_shipment(zoo: ZooMap | Network, origin: str, destination: str, *,
                  feeding: bool = False) -> Shipment | None:
    """The shipment needing the lowest locomotive level, or None if none up to 6.

    Among shipments of that level it has the fewest links.
    """
    return _network(zoo).best(origin, destination, feeding)


def shipment_at_level(zoo: ZooMap | Network, origin: str, destination: str, level: int, *,
                      feeding: bool = False) -> Shipment | None:
    """The fewest-links shipment possible with a level-*level* locomotive, or None.

    Its ``level`` is what the route itself needs (at most *level*).
    """
    return _network(zoo).at_level(origin, destination, level, feeding)


def explain_level(zoo: ZooMap | Network, origin: str, destination: str, level: int, *,
                  feeding: bool = False) -> tuple[Shipment | None, str]:
    """Whether a level-*level* locomotive can ship, and one sentence why (or why not)."""
    net = _network(zoo)
    found = net.at_level(origin, destination, level, feeding)
    if found:
        return found, (f"A level-{level} locomotive can ship from {origin} to {destination}: "
                       f"{_route_text(found)} ({plural(found.links, 'link')}).")
    if net.zoo.area(origin).food == 0:
        return None, f"{origin.capitalize()} holds no food {cite('S8')}."
    return None, f"A level-{level} locomotive cannot: " + _why_not(net, origin, destination, level, feeding) + "."


def min_locomotive(zoo: ZooMap | Network, origin: str, destination: str, *,
                   feeding: bool = False) -> int | None:
    """The lowest locomotive level (1-6) allowing a shipment, or None (rulings S3-S6)."""
    found = best_shipment(zoo, origin, destination, feeding=feeding)
    return found.level if found else None


def shipment_table(zoo: ZooMap | Network, *, feeding: bool = False
                   ) -> dict[tuple[str, str], Shipment | None]:
    """The best shipment (the witness) for every ordered pair of distinct areas."""
    return _network(zoo).table(feeding)


def level_table(zoo: ZooMap | Network, *, feeding: bool = False) -> dict[tuple[str, str], int | None]:
    """The lowest level for every ordered pair of distinct areas (None: impossible).

    >>> from zoobook.steam.zoo.model import Area, ZooMap
    >>> zoo = ZooMap.build(areas=[Area("a", (0, 0), 2), Area("b", (2, 0), 5)], tracks=[[(0, 0), (1, 0), (2, 0)]])
    >>> level_table(zoo)
    {('a', 'b'): 2, ('b', 'a'): 5}
    """
    return {pair: (s.level if s else None) for pair, s in shipment_table(zoo, feeding=feeding).items()}


class RouteError(ValueError):
    """An illegal route; ``refusal`` names the one rule it breaks, for the engine's answer."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.reason)
        self.refusal = refusal


def route_level(zoo: ZooMap | Network, route: list[str], steps: list[int | None], *,
                feeding: bool = False) -> int:
    """The level a given route needs (ignoring the 1-6 bound); :class:`RouteError` (a ValueError
    naming the rule broken) if it is illegal.

    Used to check witnesses; *steps* gives the track index of each link, None for
    the teleport.
    """
    net = _network(zoo)
    if len(route) < 2 or len(steps) != len(route) - 1:
        raise RouteError(Refusal("a shipment names two nodes or more and one link between each pair", "S3"))
    if len(set(route)) != len(route):
        raise RouteError(Refusal("a shipment visits no node twice", "S3"))
    if net.zoo.kind_of(route[0]) != AREA or net.zoo.kind_of(route[-1]) != AREA:
        raise RouteError(Refusal("food goes from one animal area to another animal area", "S-DANGER-2"))
    if steps.count(None) > 1:
        raise RouteError(Refusal("a shipment teleports at most once (one pair of exits)", "S5"))
    for a, b, step in zip(route, route[1:], steps):
        if step is None:
            if a not in net.exits or b not in net.exits:
                raise RouteError(Refusal(f"the teleport joins two exits, and {a} to {b} is not a pair of exits",
                                         "S5"))
        elif not net.graph.has_edge(a, b, step):
            raise RouteError(Refusal(f"food travels only on complete links, and track {step} is not a complete "
                                     f"link between {a} and {b}", "S-INCOMPLETE-1"))
    dangers = sorted((net.danger[n] for n in route[:-1]), reverse=True)
    need = dangers[0] - 1 if feeding else dangers[0]
    if len(dangers) > 1:
        need = max(need, dangers[1])
    return max(len(steps) - steps.count(None), need)


# -- explanations ---------------------------------------------------------------------------------

def _name(zoo: ZooMap, name: str) -> str:
    return zoo.describe(name)


def _route_text(shipment: Shipment) -> str:
    zoo = shipment.zoo
    parts = [_name(zoo, shipment.route[0])]
    for node, step in zip(shipment.route[1:], shipment.steps):
        parts.append(("=teleport=> " if step is None else "-> ") + _name(zoo, node))
    return " ".join(parts)


def _why_not(net: Network, origin: str, destination: str, level: int, feeding: bool) -> str:
    """Why no shipment exists at *level*: the origin, the cut, or the length.

    The cut is every node that a reached node links to but the search never
    entered. Every route passes one: follow any route in the state graph; its
    first unreached node is entered from a reached state, and not by the
    teleport (from a reached exit with the teleport unused every other exit is
    reached too), so by a link that the locomotive could not take.
    """
    zoo = net.zoo
    start = net.start(origin, level, feeding)
    if start is None:
        extra = " even with the Feeding discount" if feeding else ""
        return (f"at level {level} the food cannot even leave {origin}: its own danger "
                f"{net.danger[origin]} counts {cite('S4')} and is too high{extra}")
    dist, parent = net.search(origin, level, feeding, destination)
    found = net.route_to(destination, dist, parent)
    if found:
        return (f"at level {level} the shortest route open to the locomotive has "
                f"{plural(found[0], 'link')}, more than {level} {cite('S3')}")
    reached = {s[0] for s in dist}
    cut = sorted({other for node in reached for other, _ in net.neighbours[node]
                  if other not in reached}, key=lambda n: (-net.danger[n], n))
    if not cut:
        return (f"no complete track joins {origin} to {destination}, with or without the exit "
                f"teleport; incomplete track carries nothing {cite('S2')}")
    names = join_words([f"{_name(zoo, n)} (danger {net.danger[n]})" for n in cut], "or")
    extra = (" (the Feeding discount lowers only one danger by 1, which is not enough)"
             if feeding else "")
    return (f"at level {level} every route from {origin} to {destination} must pass {names}, "
            f"and a level-{level} locomotive cannot pass {'it' if len(cut) == 1 else 'them'}"
            f"{extra} {cite('S4')}")


def explain_shipment(zoo: ZooMap | Network, origin: str, destination: str, *,
                     feeding: bool = False, shipment: Shipment | None = None) -> tuple[str, ...]:
    """Plain sentences: the route, the binding constraint and why no lower level works."""
    net = _network(zoo)
    zoo = net.zoo
    if shipment is None:
        shipment = net.best(origin, destination, feeding)
    if shipment is None:
        if zoo.area(origin).food == 0:
            return (f"{origin.capitalize()} holds no food, so it cannot ship {cite('S8')}.",)
        reason = _why_not(net, origin, destination, MAX_LEVEL, feeding)
        return (f"No shipment from {origin} to {destination} is possible: {reason}.",
                f"Locomotives stop at level {MAX_LEVEL}.")
    s = shipment
    out = [f"Ship along {_route_text(s)}: {plural(s.links, 'link')}."]
    if s.teleport:
        a, b = s.teleport
        out.append(f"The jump from exit {a} to exit {b} is the teleport: no link, no danger "
                   f"{cite('S5')}.")
    top = s.highest_danger
    if s.fed:
        out.append(f"Feeding lowers the danger of {_name(zoo, s.fed)} from {top} to {top - 1} "
                   f"{cite('S6')}.")
    elif feeding:
        tied = [n for n in s.counted if zoo.danger(n) == top]
        if len(tied) > 1 and top > s.links:
            out.append(f"The Feeding discount does not help: {join_words(_name(zoo, n) for n in tied)} "
                       f"share the highest danger, {top}, and Feeding lowers only one of them "
                       f"{cite('S6')}.")
        else:
            out.append(f"The Feeding discount does not lower the level here {cite('S6')}.")
    need = s.danger_needed
    holder = s.fed or next(n for n in s.counted if zoo.danger(n) == need)
    is_origin = holder == s.origin
    danger_text = (f"the danger of {_name(zoo, holder)}{' (the origin)' if is_origin else ''} counts "
                   f"as {need} after Feeding" if s.fed else
                   f"the highest danger that counts is {need} ({_name(zoo, holder)}"
                   f"{', the origin' if is_origin else ''})")
    links_text = f"{plural(s.links, 'link')} need{'s' if s.links == 1 else ''} level {s.links}"
    if need > s.links:
        out.append(f"The {links_text}, but {danger_text}: danger binds, so the level is {need} "
                   f"{cite('S4')}.")
    elif need == s.links:
        out.append(f"The {links_text} and {danger_text}: both bind at level {need} {cite('S4')}.")
    else:
        out.append(f"The {links_text}: the number of links binds {cite('S3')}; {danger_text}.")
    dest_danger = zoo.danger(destination)
    if dest_danger > s.level:
        out.append(f"The danger of {destination}, {dest_danger}, does not count: {destination} is "
                   f"the destination {cite('S4')}.")
    if s.level == 1:
        out.append("Level 1 is the lowest there is.")
    else:
        out.append("No lower level works: " + _why_not(net, origin, destination, s.level - 1, feeding) + ".")
    return tuple(out)


def shipment_solution(zoo: ZooMap | Network, origin: str, destination: str, *,
                      feeding: bool = False) -> Solution:
    """:func:`best_shipment` as a :class:`~zoobook.puzzles.solution.Solution`."""
    net = _network(zoo)
    shipment = net.best(origin, destination, feeding)
    explanation = explain_shipment(net, origin, destination, feeding=feeding, shipment=shipment)
    if shipment is None:
        return Solution(None, None, explanation)
    return Solution(shipment.level, shipment.witness(), explanation)
