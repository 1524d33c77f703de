"""The cheapest network of complete links that joins every ruin (Easter Island).

"Connect all of the ruins (cities) on Rapa Nui into a single network." Track
costs $3 on plain and $4 on mountain (ruling S9); a hex holds one track joining
two of its sides and track never lies on a city hex (ruling S2). So track can
branch only *at* a city, and a network is a set of **links**: hex paths from a
city to a city whose track hexes no other link uses. The ruins are joined when
they are connected in the graph of links over cities.

The method, in three steps:

1. **Cheapest links.** Dijkstra from every city over track hexes (never through
   another city) gives the cheapest link between each pair of cities.
2. **A tree over cities.** A cheapest network is a tree of links (a cycle could
   lose a link), so ignoring that links must not share a hex, the cheapest
   network is a Steiner tree of the *city graph* whose edge weights are the
   cheapest link costs. The Dreyfus-Wagner dynamic programme finds it exactly;
   it branches only at cities, as track must. Its cost is a **lower bound**.
3. **Collisions.** When the cheapest links of that tree share a hex, the bound
   is not reachable. Branch and bound then splits on the track of one shared
   hex: "this hex joins exactly these two sides" against "any other two sides".
   Each branch re-runs steps 1-2 on the restricted hexes (a lower bound for that
   branch); the first collision-free relaxation taken best-first is optimal,
   because every branch left open has a bound at least as high.
4. **Crowded small maps.** Where that split explodes (many shared hexes, or no
   network at all), a small map switches to growing networks link by link from a
   ruin, every hex-disjoint link tried, each branch cut by the same bound: also
   exact, and much smaller when the hexes are few.

Examples
--------
Three ruins: one plain hex joins A to B ($3) and one mountain hex joins B
to C ($4); A to C would cost $7 on its own.

>>> costs = {(1, 0): 3, (0, 1): 3, (1, 1): 4, (2, -1): 3}
>>> cities = {(0, 0): "A", (2, 0): "B", (1, 2): "C"}
>>> result = cheapest_network(costs, cities, ruins={"A", "B", "C"})
>>> result.cost, [link.ends for link in result.links]
(7, [('A', 'B'), ('B', 'C')])
>>> result.lower_bound == result.cost
True
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from zoobook.hexgrid import Hex, neighbours
from zoobook.progress import SearchBudgetExceeded

__all__ = ["SearchBudgetExceeded", "Link", "ConnectResult", "cheapest_network", "cheapest_links", "network_cost",
           "check_network"]

INF = float("inf")
Pair = frozenset  # the two neighbouring hexes a track hex joins


@dataclass(frozen=True)
class Link:
    """One complete link: a city hex, the track hexes in order, a city hex."""

    ends: tuple[str, str]
    hexes: tuple[Hex, ...]
    cost: int

    @property
    def track(self) -> tuple[Hex, ...]:
        """The track hexes (the hexes between the two cities)."""
        return self.hexes[1:-1]


@dataclass(frozen=True)
class ConnectResult:
    """The cheapest network and the evidence that nothing cheaper exists.

    Attributes
    ----------
    cost : int or None
        The least total track cost; ``None`` when the ruins cannot be joined.
    links : tuple of Link
        A network reaching *cost*.
    lower_bound : int or None
        The cost of the city-graph Steiner tree that may share hexes (step 2).
    collisions : tuple of Hex
        Hexes the cheapest links of that first tree shared (empty: bound reached).
    branches : int
        Relaxations solved by the branch and bound (1 when nothing collided).
    textbook_links : tuple of Link
        The cheapest links of the first tree (step 2), colliding or not: what a
        solver that forgot "one track per hex" would build.
    exhaustive : bool
        Whether the search finished by growing networks link by link (crowded
        small maps) rather than by splitting on the sides of shared hexes.
    """

    cost: int | None
    links: tuple[Link, ...]
    lower_bound: int | None
    collisions: tuple[Hex, ...] = ()
    branches: int = 1
    textbook_links: tuple[Link, ...] = field(default=(), compare=False)
    exhaustive: bool = False


# -- the hex graph ---------------------------------------------------------------

class _Graph:
    """Track hexes and cities as a node-weighted graph, with optional track restrictions.

    A restricted hex is split into one node per allowed pair of sides: the node
    ``(h, pair)`` touches only the two hexes of *pair*, so any path through it
    enters by one side and leaves by the other, exactly as a track tile does.
    """

    def __init__(self, costs: Mapping[Hex, int], cities: Mapping[Hex, str]) -> None:
        self.costs = costs
        self.cities = cities
        usable = set(costs) | set(cities)
        self.near = {h: [n for n in neighbours(h) if n in usable] for h in usable}
        self.all_pairs = {h: frozenset(Pair(p) for p in itertools.combinations(self.near[h], 2))
                          for h in costs}

    def adjacency(self, allowed: Mapping[Hex, frozenset]) -> dict:
        """Node -> list of nodes, with restricted hexes split into pair nodes."""
        def nodes_of(hex_: Hex, via: Hex) -> list:
            if hex_ in allowed:
                return [(hex_, pair) for pair in allowed[hex_] if via in pair]
            return [(hex_, None)]

        adj: dict = {}
        for h in self.near:
            if h in allowed:
                for pair in allowed[h]:
                    adj[(h, pair)] = [node for other in pair for node in nodes_of(other, h)]
            else:
                adj[(h, None)] = [node for other in self.near[h]
                                  if not (h in self.cities and other in self.cities)
                                  for node in nodes_of(other, h)]
        return adj

    def links_from(self, source: Hex, adj: dict) -> tuple[dict, dict]:
        """Dijkstra from city *source*: cheapest cost and predecessor of every node.

        Paths never pass through a city: a city other than *source* is reached
        but not expanded.
        """
        start = (source, None)
        dist = {start: 0}
        prev: dict = {}
        heap = [(0, 0, start)]
        tie = itertools.count(1)
        while heap:
            d, _, node = heapq.heappop(heap)
            if d > dist[node]:
                continue
            if node[0] in self.cities and node != start:
                continue
            for nxt in adj.get(node, ()):
                nd = d + self.costs.get(nxt[0], 0)
                if nd < dist.get(nxt, INF):
                    dist[nxt] = nd
                    prev[nxt] = node
                    heapq.heappush(heap, (nd, next(tie), nxt))
        return dist, prev


def _path(prev: dict, end) -> list:
    nodes = [end]
    while nodes[-1] in prev:
        nodes.append(prev[nodes[-1]])
    return nodes[::-1]


# -- step 2: Dreyfus-Wagner over the city graph ------------------------------------

def _steiner_over_cities(weights: list[list[float]], terminals: list[int]) -> tuple[float, list]:
    """Exact Steiner tree of a small complete graph; returns (cost, edges).

    ``weights[u][v]`` is the cheapest direct link (INF if none). Merges happen
    only at graph nodes, which here are cities: track never branches elsewhere.
    """
    n = len(weights)
    root, others = terminals[-1], terminals[:-1]
    k = len(others)
    if k == 0:
        return 0, []
    full = (1 << k) - 1
    dp = [[INF] * n for _ in range(full + 1)]
    how: list[list] = [[None] * n for _ in range(full + 1)]
    for mask in range(1, full + 1):
        row, choice = dp[mask], how[mask]
        if mask & (mask - 1) == 0:
            t = others[mask.bit_length() - 1]
            row[t], choice[t] = 0, ("leaf",)
        else:
            low = mask & -mask
            sub = (mask - 1) & mask
            while sub:
                if sub & low:  # each split once
                    rest = mask ^ sub
                    a, b = dp[sub], dp[rest]
                    for v in range(n):
                        c = a[v] + b[v]
                        if c < row[v]:
                            row[v], choice[v] = c, ("merge", sub)
                sub = (sub - 1) & mask
        # extend along direct links (dense Dijkstra over the few cities)
        done = [False] * n
        for _ in range(n):
            u, best = -1, INF
            for v in range(n):
                if not done[v] and row[v] < best:
                    u, best = v, row[v]
            if u < 0:
                break
            done[u] = True
            wu = weights[u]
            for v in range(n):
                c = best + wu[v]
                if c < row[v]:
                    row[v], choice[v] = c, ("edge", u)
    if dp[full][root] == INF:
        return INF, []
    edges: list = []
    stack = [(full, root)]
    while stack:
        mask, v = stack.pop()
        step = how[mask][v]
        if step[0] == "merge":
            stack += [(step[1], v), (mask ^ step[1], v)]
        elif step[0] == "edge":
            edges.append((step[1], v))
            stack.append((mask, step[1]))
    return dp[full][root], edges


# -- one relaxation ---------------------------------------------------------------------

@dataclass
class _Relaxed:
    bound: float
    paths: list  # one node path per link (city node ... city node)
    conflict: tuple | None  # (hex, pair) to split on, or None when collision-free
    shared: tuple = ()


def _relax(graph: _Graph, city_hexes: list[Hex], terminals: list[int],
           allowed: Mapping[Hex, frozenset]) -> _Relaxed:
    adj = graph.adjacency(allowed)
    n = len(city_hexes)
    weights = [[INF] * n for _ in range(n)]
    searches = []
    index = {h: i for i, h in enumerate(city_hexes)}
    for i, h in enumerate(city_hexes):
        dist, prev = graph.links_from(h, adj)
        searches.append(prev)
        for node, d in dist.items():
            j = index.get(node[0])
            if j is not None and j != i:
                weights[i][j] = d
    bound, edges = _steiner_over_cities(weights, terminals)
    if bound == INF:
        return _Relaxed(INF, [], None)
    paths = [_path(searches[u], (city_hexes[v], None)) for u, v in edges]
    uses: dict[Hex, list] = {}
    for path in paths:
        for before, node, after in zip(path, path[1:], path[2:]):
            uses.setdefault(node[0], []).append(Pair((before[0], after[0])))
    shared = tuple(sorted(h for h, pairs in uses.items() if len(pairs) > 1))
    for h in shared:
        if len(set(uses[h])) > 1:  # two different pairs of sides: split on the first
            return _Relaxed(bound, paths, (h, uses[h][0]), shared)
    # Two distinct links that share a hex differ in the sides of some shared hex,
    # so reaching here with a shared hex would be a bug, not a valid network.
    assert not shared, f"links share {shared} on identical sides"
    return _Relaxed(bound, paths, None)


# -- the solver ------------------------------------------------------------------------------

def cheapest_network(costs: Mapping[tuple[int, int], int], cities: Mapping[tuple[int, int], str],
                     ruins: Iterable[str], *, max_relaxations: int | None = None) -> ConnectResult:
    """The cheapest network of complete links joining every ruin, proved optimal.

    Parameters
    ----------
    costs : mapping
        Hex -> track cost, for every hex where track may be laid (never a city hex).
    cities : mapping
        Hex -> city name, for every city (ruins and possible junctions).
    ruins : iterable of str
        The names of the cities to join.
    max_relaxations : int, optional
        Give up with :class:`SearchBudgetExceeded` after this many relaxations of the
        branch and bound (a count, not seconds, so the outcome never depends on the
        machine's load; puzzle generators use it to skip islands that are slow to solve).

    Returns
    -------
    ConnectResult
        ``cost`` is ``None`` when no network joins the ruins.
    """
    costs = {Hex(*h): int(c) for h, c in costs.items()}
    cities = {Hex(*h): name for h, name in cities.items()}
    if set(costs) & set(cities):
        raise ValueError(f"track cannot be laid on city hexes {sorted(set(costs) & set(cities))}")
    if any(c <= 0 for c in costs.values()):
        raise ValueError("track costs must be positive")
    by_name = {name: h for h, name in cities.items()}
    ruins = sorted(set(ruins))
    missing = [r for r in ruins if r not in by_name]
    if missing:
        raise ValueError(f"ruins {missing} are not cities")
    city_hexes = sorted(cities, key=lambda h: (cities[h], h))
    index = {h: i for i, h in enumerate(city_hexes)}
    terminals = [index[by_name[r]] for r in ruins]
    if len(terminals) <= 1:
        return ConnectResult(0, (), 0)

    graph = _Graph(costs, cities)
    root = _relax(graph, city_hexes, terminals, {})
    if root.bound == INF:
        return ConnectResult(None, (), None)
    textbook = tuple(_links(root.paths, cities, costs))
    counter = itertools.count()
    heap = [(root.bound, next(counter), {}, root)]
    branches = 1
    while heap:
        bound, _, allowed, relaxed = heapq.heappop(heap)
        if relaxed.conflict is None:
            links = tuple(_links(relaxed.paths, cities, costs))
            return ConnectResult(int(bound), links, int(root.bound), root.shared, branches, textbook)
        if branches > PAIR_BRANCH_BUDGET and len(costs) <= LINK_SEARCH_MAX_HEXES:
            # Crowded small maps make the split on pairs of sides explode (worst of all when no
            # network exists); growing the network link by link is then the smaller search.
            cost, paths, nodes = _link_search(graph, city_hexes, terminals)
            links = tuple(_links(paths, cities, costs)) if paths is not None else ()
            return ConnectResult(None if cost == INF else int(cost), links, int(root.bound), root.shared,
                                 branches + nodes, textbook, exhaustive=True)
        h, pair = relaxed.conflict
        options = allowed.get(h, graph.all_pairs[h])
        for subset in (frozenset({pair}), options - {pair}):
            child = {**allowed, h: subset}
            if max_relaxations is not None and branches >= max_relaxations:
                raise SearchBudgetExceeded(f"more than {max_relaxations} relaxations")
            result = _relax(graph, city_hexes, terminals, child)
            branches += 1
            if result.bound < INF:
                heapq.heappush(heap, (result.bound, next(counter), child, result))
    return ConnectResult(None, (), int(root.bound), root.shared, branches, textbook)


#: Relaxations of the split on track sides before a small map switches to growing links.
PAIR_BRANCH_BUDGET = 200
#: Maps up to this many track hexes may switch to the link-by-link search.
LINK_SEARCH_MAX_HEXES = 60


def _contracted_bound(graph: _Graph, city_hexes: list[Hex], terminals: list[int],
                      component: set[Hex], used: set[Hex]) -> float:
    """The city-graph Steiner bound on the hexes left, with the joined cities as one."""
    rest = _Graph({h: c for h, c in graph.costs.items() if h not in used}, graph.cities)
    adj = rest.adjacency({})
    n = len(city_hexes)
    index = {h: i for i, h in enumerate(city_hexes)}
    weights = [[INF] * n for _ in range(n)]
    for i, h in enumerate(city_hexes):
        dist, _ = rest.links_from(h, adj)
        for node, d in dist.items():
            j = index.get(node[0])
            if j is not None and j != i:
                weights[i][j] = d
    inside = [index[h] for h in component]
    for i in inside:
        for j in inside:
            if i != j:
                weights[i][j] = 0
    wanted = sorted({t for t in terminals if city_hexes[t] not in component} | {inside[0]})
    return _steiner_over_cities(weights, wanted)[0]


def _link_search(graph: _Graph, city_hexes: list[Hex], terminals: list[int]) -> tuple[float, list | None, int]:
    """Exact search growing the network one hex-disjoint link at a time from one ruin.

    Any tree of links can be grown from a ruin by adding, each time, a link from a
    city already joined to a city not yet joined; every such link is tried, cheapest
    first, and a branch is cut when its cost plus the Steiner bound of what is left
    reaches the best network found. Returns (cost, node paths, nodes searched).
    """
    ruins = {city_hexes[t] for t in terminals}
    start = city_hexes[terminals[0]]
    best: list = [INF, None]
    nodes = [0]

    def links_leaving(component: set[Hex], used: set[Hex], budget: float) -> list:
        found = []

        def walk(path: list, cost: int) -> None:
            for n in graph.near[path[-1]]:
                if n in graph.cities:
                    if len(path) > 1 and n not in component:
                        found.append((cost, path + [n]))
                elif n not in used and n not in path and cost + graph.costs[n] < budget:
                    walk(path + [n], cost + graph.costs[n])

        for city in component:
            walk([city], 0)
        return sorted(found)

    def search(component: set[Hex], used: set[Hex], cost: int, chosen: list) -> None:
        nodes[0] += 1
        if ruins <= component:
            if cost < best[0]:
                best[0], best[1] = cost, list(chosen)
            return
        if cost + _contracted_bound(graph, city_hexes, terminals, component, used) >= best[0]:
            return
        for link_cost, path in links_leaving(component, used, best[0] - cost):
            if cost + link_cost >= best[0]:
                break
            search(component | {path[-1]}, used | set(path[1:-1]), cost + link_cost, chosen + [path])

    search({start}, set(), 0, [])
    paths = None if best[1] is None else [[(h, None) for h in path] for path in best[1]]
    return best[0], paths, nodes[0]


def _links(paths: list, cities: Mapping[Hex, str], costs: Mapping[Hex, int]) -> list[Link]:
    out = []
    for path in paths:
        hexes = tuple(node[0] for node in path)
        ends = (cities[hexes[0]], cities[hexes[-1]])
        if ends[1] < ends[0]:
            ends, hexes = ends[::-1], hexes[::-1]
        out.append(Link(ends, hexes, sum(costs[h] for h in hexes[1:-1])))
    return sorted(out, key=lambda link: (link.ends, link.hexes))


def cheapest_links(costs: Mapping[tuple[int, int], int],
                   cities: Mapping[tuple[int, int], str]) -> dict[tuple[str, str], int]:
    """The cheapest single link between each pair of cities that has one.

    >>> cheapest_links({(1, 0): 3}, {(0, 0): "A", (2, 0): "B"})
    {('A', 'B'): 3}
    """
    costs = {Hex(*h): c for h, c in costs.items()}
    cities = {Hex(*h): name for h, name in cities.items()}
    graph = _Graph(costs, cities)
    adj = graph.adjacency({})
    out = {}
    for h, name in sorted(cities.items(), key=lambda item: item[1]):
        dist, _ = graph.links_from(h, adj)
        for node, d in dist.items():
            other = cities.get(node[0])
            if other is not None and other > name:
                out[(name, other)] = d
    return dict(sorted(out.items()))


def network_cost(links: Iterable[Link | Iterable[tuple[int, int]]], costs: Mapping) -> int:
    """The track cost of a network given as links (or as hex lists, cities at both ends)."""
    total = 0
    for link in links:
        hexes = link.hexes if isinstance(link, Link) else [tuple(h) for h in link]
        total += sum(costs[tuple(h)] for h in list(hexes)[1:-1])
    return total


def check_network(links: Iterable[Iterable[tuple[int, int]]], costs: Mapping, cities: Mapping,
                  ruins: Iterable[str]) -> list[str]:
    """What is wrong with a proposed network (an empty list when it is valid and joins the ruins).

    >>> costs, cities = {(1, 0): 3}, {(0, 0): "A", (2, 0): "B"}
    >>> check_network([[(0, 0), (1, 0), (2, 0)]], costs, cities, ["A", "B"])
    []
    >>> check_network([[(0, 0), (1, 0)]], costs, cities, ["A", "B"])
    ['link 1 does not end at a city', 'the ruins are not all joined: A | B']
    """
    import networkx as nx

    from zoobook.hexgrid import are_neighbours

    costs = {Hex(*h): c for h, c in costs.items()}
    cities = {Hex(*h): name for h, name in cities.items()}
    problems: list[str] = []
    used: dict[Hex, int] = {}
    graph = nx.MultiGraph()
    graph.add_nodes_from(cities.values())
    for number, link in enumerate(links, start=1):
        hexes = [Hex(*h) for h in link]
        if len(hexes) < 3 or hexes[0] not in cities or hexes[-1] not in cities:
            problems.append(f"link {number} does not end at a city")
            continue
        if any(not are_neighbours(a, b) for a, b in zip(hexes, hexes[1:])):
            problems.append(f"link {number} jumps between hexes that are not neighbours")
            continue
        bad = False
        for h in hexes[1:-1]:
            if h not in costs:
                problems.append(f"link {number} lays track on {tuple(h)}, where track cannot go")
                bad = True
            elif h in used:
                problems.append(f"links {used[h]} and {number} both use hex {tuple(h)}")
                bad = True
            used[h] = number
        if not bad:
            graph.add_edge(cities[hexes[0]], cities[hexes[-1]])
    ruins = sorted(set(ruins))
    parts = [sorted(set(c) & set(ruins)) for c in nx.connected_components(graph)]
    parts = [p for p in parts if p]
    if len(parts) > 1:
        problems.append("the ruins are not all joined: " + " | ".join(", ".join(p) for p in parts))
    return problems


def explain(result: ConnectResult, cities: Mapping[tuple[int, int], str], ruins: Iterable[str],
            costs: Mapping[tuple[int, int], int] | None = None) -> tuple[str, ...]:
    """Plain sentences: what the cheapest network is and why nothing cheaper exists.

    >>> costs, cities = {(1, 0): 3}, {(0, 0): "A", (2, 0): "B"}
    >>> for line in explain(cheapest_network(costs, cities, "AB"), cities, "AB"):
    ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
    Track can branch only at a city, so a network is a set of links between cities, and the cheapest
    network is a tree of links (ruling S2: Track and links).
    The cheapest tree over cities, letting links share hexes, costs $3 (a Steiner tree of the city
    graph whose edges are the cheapest links, found exactly by the Dreyfus-Wagner programme); no
    network can cost less.
    Its links share no hex, so it is a real network and $3 is the optimum.
    The network: A-B $3 (1 hex).
    """
    from zoobook.explain import join_words, plural
    from zoobook.rulings import cite

    ruins = sorted(set(ruins))
    if result.cost is None and result.lower_bound is None:
        unreachable = _unreachable(cities, ruins, costs)
        return (f"No network joins every ruin: {join_words(unreachable)} cannot be reached from "
                f"{'the other ruins' if len(unreachable) > 1 else 'the rest'} by any chain of track "
                f"hexes {cite('S2')}.",)
    if len(ruins) <= 1:
        return ("With at most one ruin there is nothing to join: the cheapest network is no track at all.",)
    lines = [f"Track can branch only at a city, so a network is a set of links between cities, and the "
             f"cheapest network is a tree of links {cite('S2')}.",
             f"The cheapest tree over cities, letting links share hexes, costs ${result.lower_bound} (a "
             f"Steiner tree of the city graph whose edges are the cheapest links, found exactly by the "
             f"Dreyfus-Wagner programme); no network can cost less."]
    if not result.collisions:
        lines.append(f"Its links share no hex, so it is a real network and ${result.cost} is the optimum.")
    else:
        shared = join_words(str(tuple(h)) for h in result.collisions)
        lines.append(f"But its cheapest links would share {plural(len(result.collisions), 'hex', 'hexes')} "
                     f"({shared}), and a hex holds one track {cite('S2')}.")
        if result.exhaustive:
            lines.append(f"On this crowded map the solver searched exhaustively, growing networks one "
                         f"hex-disjoint link at a time from a ruin and cutting every branch whose cost plus "
                         f"the bound of what is left reached the best network found "
                         f"({plural(result.branches, 'search node')} in all).")
            if result.cost is None:
                lines.append("No way of separating the links joins every ruin: no network exists.")
                return tuple(lines)
            lines.append(f"The best network it found costs ${result.cost}, "
                         f"${result.cost - result.lower_bound} above the shared-hex bound.")
        elif result.cost is None:
            lines.append(f"Branch and bound over the track of the shared hexes "
                         f"({plural(result.branches, 'relaxation')}) "
                         "finds that every way of separating the links leaves a ruin cut off: no network joins them.")
            return tuple(lines)
        else:
            lines.append(f"Branch and bound splits on the track of a shared hex (these two sides, or any "
                         f"other two) and re-solves each branch's tree as a lower bound; after "
                         f"{plural(result.branches, 'relaxation')}, the network below costs ${result.cost} and "
                         f"every open branch is bounded by at least that, so ${result.cost} is the optimum "
                         f"(${result.cost - result.lower_bound} above the shared-hex bound).")
    parts = [f"{a}-{b} ${link.cost} ({plural(len(link.track), 'hex', 'hexes')})"
             for link in result.links for a, b in [link.ends]]
    lines.append(f"The network: {join_words(parts)}.")
    junctions = sorted({name for link in result.links for name in link.ends} - set(ruins))
    if junctions:
        lines.append(f"It uses {join_words(junctions)} as {'a junction' if len(junctions) == 1 else 'junctions'}: "
                     "other cities may join links, since track branches only at cities.")
    return tuple(lines)


def _unreachable(cities: Mapping, ruins: list[str], costs: Mapping | None) -> list[str]:
    if costs is None:
        return ruins
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(cities.values())
    graph.add_edges_from(cheapest_links(costs, cities))
    parts = sorted((sorted(set(part) & set(ruins)) for part in nx.connected_components(graph)),
                   key=lambda p: (-len(p), p))
    parts = [p for p in parts if p]
    return [r for p in parts[1:] for r in p]


__all__ += ["explain"]


# -- every cheapest network ----------------------------------------------------------------------

def optimal_networks(costs: Mapping[tuple[int, int], int], cities: Mapping[tuple[int, int], str],
                     ruins: Iterable[str], *, cost: int | None = None,
                     max_nodes: int | None = None) -> tuple[tuple[Link, ...], ...]:
    """Every cheapest network joining the ruins, each as its links (distinct sets of links).

    Two networks differ when their sets of links differ (a link is a city, the
    track hexes in order, a city), which is what a player lays. A cheapest network
    is a tree of links whose leaves are ruins, so each one can be grown from the
    first ruin a link at a time; every set of links is visited once, and a link to a
    new city is tried only when the cost so far, the link and the city-graph bound
    of what is still to join (cheapest links, joined cities as one) stay within the
    optimum. Links are walked hex by hex over free track, cut by the cheapest way on
    to their end. *cost* is the optimum when the caller has solved already
    (:func:`cheapest_network` otherwise). With *max_nodes*, give up with
    :class:`SearchBudgetExceeded` after visiting that many partial networks.

    A-B costs $3 through (1, 0); B-C $3 through (1, 1) or through (2, 1); A-C $6:
    two cheapest networks.

    >>> costs = {(1, 0): 3, (0, 1): 3, (1, 1): 3, (2, 1): 3}
    >>> cities = {(0, 0): "A", (2, 0): "B", (1, 2): "C"}
    >>> for net in optimal_networks(costs, cities, "ABC"):
    ...     print([(link.ends, [tuple(h) for h in link.track]) for link in net])
    [(('A', 'B'), [(1, 0)]), (('B', 'C'), [(1, 1)])]
    [(('A', 'B'), [(1, 0)]), (('B', 'C'), [(2, 1)])]
    """
    costs = {Hex(*h): int(c) for h, c in costs.items()}
    cities = {Hex(*h): name for h, name in cities.items()}
    ruins = sorted(set(ruins))
    best = cheapest_network(costs, cities, ruins).cost if cost is None else cost
    by_name = {name: h for h, name in cities.items()}
    wanted = sorted({by_name[r] for r in ruins})
    if best is None:
        return ()
    if len(wanted) <= 1:
        return ((),)
    graph = _Graph(costs, cities)
    city_hexes = sorted(cities)
    index = {h: i for i, h in enumerate(city_hexes)}
    weights = [[INF] * len(city_hexes) for _ in city_hexes]
    adj = graph.adjacency({})
    for i, h in enumerate(city_hexes):
        for node, d in graph.links_from(h, adj)[0].items():
            j = index.get(node[0])
            if j is not None and j != i:
                weights[i][j] = d
    bounds: dict[frozenset, float] = {}

    def bound(component: frozenset) -> float:
        """The cheapest tree joining *component* (as one city) to the ruins not in it."""
        if component not in bounds:
            inside = sorted(index[h] for h in component)
            w = [row[:] for row in weights]
            for i in inside:
                for j in inside:
                    w[i][j] = 0 if i != j else w[i][j]
            terminals = sorted({index[h] for h in wanted if h not in component} | {inside[0]})
            bounds[component] = _steiner_over_cities(w, terminals)[0]
        return bounds[component]

    def onward(target: Hex, used: frozenset) -> dict:
        """Free track hex -> cheapest cost of it and the hexes on to *target*."""
        dist = {h: costs[h] for h in graph.near[target] if h in costs and h not in used}
        heap = [(d, h) for h, d in dist.items()]
        heapq.heapify(heap)
        while heap:
            d, h = heapq.heappop(heap)
            if d > dist[h]:
                continue
            for n in graph.near[h]:
                if n in costs and n not in used and d + costs[n] < dist.get(n, INF):
                    dist[n] = d + costs[n]
                    heapq.heappush(heap, (dist[n], n))
        return dist

    def links_to(component: frozenset, target: Hex, used: frozenset, budget: float):
        dist = onward(target, used)

        def walk(path: list, spent: int):
            for n in graph.near[path[-1]]:
                if n == target and len(path) > 1:
                    yield path + [n]
                elif n in dist and n not in path and spent + dist[n] <= budget:
                    yield from walk(path + [n], spent + costs[n])

        for city in sorted(component):
            yield from walk([city], 0)

    found: set[frozenset] = set()
    seen: set[frozenset] = set()
    visits = 0

    def grow(component: frozenset, used: frozenset, links: frozenset, cost: int) -> None:
        nonlocal visits
        visits += 1
        if max_nodes is not None and visits > max_nodes:
            raise SearchBudgetExceeded(f"more than {max_nodes} partial networks")
        if all(h in component for h in wanted):
            if cost == best:
                found.add(links)
            return
        for target in city_hexes:
            if target in component:
                continue
            budget = best - cost - bound(component | {target})
            # No link fits when even the cheapest one on the whole map (used hexes free) does not.
            if budget < min(weights[index[c]][index[target]] for c in component):
                continue
            for path in links_to(component, target, used, budget):
                key = tuple(path) if path[0] < path[-1] else tuple(reversed(path))
                more = links | {key}
                if more not in seen:
                    seen.add(more)
                    grow(component | {target}, used | set(path[1:-1]),
                         more, cost + sum(costs[h] for h in path[1:-1]))

    grow(frozenset({wanted[0]}), frozenset(), frozenset(), 0)
    nets = [tuple(_links([[(h, None) for h in key] for key in links], cities, costs)) for links in found]
    return tuple(sorted(nets, key=lambda net: [(link.ends, link.hexes) for link in net]))


__all__ += ["optimal_networks"]
