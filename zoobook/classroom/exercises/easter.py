"""Exercises of notebook 3, spanning and Steiner trees on Easter Island (rulings S2, S9).

A map is ``costs`` (hex -> track cost: plain $3, mountain $4), ``cities`` (hex ->
name) and the ``ruins`` to join. Track never branches outside a city, so a network
is a tree of links between cities: the **city graph** (one edge per pair of
cities, weighted by the cheapest link between them,
:func:`zoobook.steam.easter.connect.cheapest_links`) is where the spanning and
Steiner trees live.

* ``kruskal(graph)``: the edges of a minimum spanning tree. Reference: networkx.
* ``metric_closure(graph)``: the complete graph of shortest-path distances. Reference: networkx.
* ``steiner_cost(graph, terminals)``: the exact Steiner tree cost of the city graph.
  Reference: the lower bound of the library's exact connect solver
  (:func:`~zoobook.steam.easter.connect.cheapest_network`), which is exactly
  that (its Dreyfus-Wagner step).

The challenge asks for the true optimum, where links may not share a hex.

networkx's own spanning tree is what the check compares with, so handing it in fails:

>>> from zoobook.classroom.checking import check
>>> print(check(lambda g: list(nx.minimum_spanning_edges(g, data=False)), KRUSKAL, seed=0, random_cases=5).first.reason)
your function calls networkx's solver (networkx.minimum_spanning_edges); write your own
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import networkx as nx

from zoobook.classroom.checking import Case, Challenge, Exercise, show
from zoobook.classroom.drawing import hex_figure, new_figure
from zoobook.hexgrid import neighbours
from zoobook.steam.easter.connect import cheapest_links, cheapest_network, check_network, network_cost
from zoobook.steam.zoo.generate import rectangle

__all__ = ["EasterMap", "random_easter", "city_graph", "KRUSKAL", "METRIC_CLOSURE", "STEINER_COST",
           "CHALLENGE", "challenge_map", "draw_easter", "workbook_maps", "PLAIN", "MOUNTAIN"]

#: Track costs (ruling S9).
PLAIN, MOUNTAIN = 3, 4
_NAMES = ("Anakena", "Hanga Roa", "Tongariki", "Vinapu", "Akivi", "Rano Raraku", "Orongo", "Ovahe",
          "Tahai", "Vaihu", "Hekii", "Mataveri")


@dataclass(frozen=True)
class EasterMap:
    """A connect question: track costs per hex, the cities, the ruins to join."""

    costs: dict
    cities: dict
    ruins: tuple

    @property
    def hexes(self):
        return set(self.costs) | set(self.cities)


def random_easter(rng: random.Random, *, width: int = 7, height: int = 5, cities: int = 5,
                  ruins: int = 3, mountains: float = 0.3, holes: float = 0.1) -> EasterMap:
    """A random island whose ruins can be joined (plain and mountain hexes, cities apart)."""
    while True:
        cells = [tuple(h) for h in rectangle(width, height)]
        spots: list = []
        for h in rng.sample(cells, len(cells)):
            if all(tuple(n) not in spots for n in neighbours(h)):
                spots.append(h)
            if len(spots) == cities:
                break
        names = dict(zip(spots, rng.sample(_NAMES, len(spots))))
        costs = {h: MOUNTAIN if rng.random() < mountains else PLAIN for h in cells
                 if h not in names and rng.random() >= holes}
        chosen = tuple(sorted(rng.sample(sorted(names.values()), min(ruins, len(names)))))
        island = EasterMap(costs, names, chosen)
        if cheapest_network(costs, names, chosen).cost is not None:
            return island


def city_graph(island: EasterMap) -> nx.Graph:
    """Cities as nodes, one edge per pair joined by some link, weighted by the cheapest one.

    The island itself is kept as the graph attribute ``island``.
    """
    graph = nx.Graph(island=island)
    graph.add_nodes_from(island.cities.values())
    for (a, b), cost in cheapest_links(island.costs, island.cities).items():
        graph.add_edge(a, b, weight=cost)
    return graph


def draw_easter(island: EasterMap, links=(), title: str = ""):
    """The island: mountains grey, cities named (ruins starred, yellow), *links* green with their
    hex costs, and any hex two links share red."""
    fills = {h: "exit" for h, c in island.costs.items() if c == MOUNTAIN}
    uses: dict = {}
    edges = []
    for link in links:
        hexes = [tuple(h) for h in getattr(link, "hexes", link)]
        edges += [(a, b, "link") for a, b in zip(hexes, hexes[1:])]
        for h in hexes[1:-1]:
            uses[h] = uses.get(h, 0) + 1
    fills.update({h: "expected" if n == 1 else "wrong" for h, n in uses.items()})
    for h in island.cities:
        fills[h] = "start" if island.cities[h] in island.ruins else "node"
    labels = {h: name + (" *" if name in island.ruins else "") for h, name in island.cities.items()}
    labels.update({h: f"{island.costs[h]}" for h in uses})
    return hex_figure(island.hexes, fills=fills, labels=labels, title=title, edges=edges,
                      edge_styles={"link": "#33691e"})


@lru_cache(maxsize=1)
def workbook_maps() -> tuple[tuple[str, EasterMap], ...]:
    """Named islands for the workbook cases: seeded, from easy to harder."""
    out = []
    for seed, (w, h, c, r) in enumerate([(5, 4, 4, 3), (7, 5, 5, 3), (7, 5, 6, 4), (8, 6, 6, 4)]):
        out.append((f"island {seed + 1} ({c} cities, {r} ruins)",
                    random_easter(random.Random(300 + seed), width=w, height=h, cities=c, ruins=r)))
    return tuple(out)


# -- Kruskal --------------------------------------------------------------------------------

def _judge_tree(case, expected_weight, got) -> str | None:
    graph = case.args[0]
    try:
        edges = [tuple(e)[:2] for e in got]
    except TypeError:
        return f"expected a list of edges (u, v), got {show(got)}"
    for u, v in edges:
        if not graph.has_edge(u, v):
            return f"({u!r}, {v!r}) is not an edge of the graph"
    tree = nx.Graph(edges)
    tree.add_nodes_from(graph)
    if len(edges) != graph.number_of_nodes() - 1 or not nx.is_connected(tree):
        return (f"a spanning tree of {graph.number_of_nodes()} nodes has {graph.number_of_nodes() - 1} "
                f"edges joining them all; yours has {len(edges)} edges and "
                f"{nx.number_connected_components(tree)} separate part(s)")
    weight = sum(graph[u][v]["weight"] for u, v in edges)
    if weight != expected_weight:
        return f"your tree weighs {weight}, a minimum spanning tree weighs {expected_weight}"
    return None


def _random_weighted(rng: random.Random) -> Case:
    if rng.random() < 0.5:
        island = random_easter(rng)
        graph = city_graph(island)
        if nx.is_connected(graph):
            return Case("the city graph of a random island", (graph,))
    n = rng.randint(3, 9)
    graph = nx.gnp_random_graph(n, 0.5, seed=rng.randrange(10**6))
    for extra in range(1, n):  # keep it connected
        graph.add_edge(extra - 1, extra)
    for u, v in graph.edges:
        graph[u][v]["weight"] = rng.randint(1, 9)
    return Case(f"a random graph of {n} nodes with weights 1-9 (ties likely)", (graph,))


def _city_cases():
    return [Case(f"the city graph of {name}", (city_graph(island),))
            for name, island in workbook_maps() if nx.is_connected(city_graph(island))]


def _draw_graph(case, expected, got):
    graph = case.args[0]
    fig = new_figure((5, 4))
    ax = fig.subplots()
    pos = nx.circular_layout(graph)
    nx.draw_networkx(graph, pos, ax=ax, node_color="#ffd54f", font_size=7, edge_color="#bdbdbd")
    nx.draw_networkx_edge_labels(graph, pos, edge_labels=nx.get_edge_attributes(graph, "weight"), ax=ax,
                                 font_size=7)
    try:
        mine = [tuple(e)[:2] for e in got if graph.has_edge(*tuple(e)[:2])]
        nx.draw_networkx_edges(graph, pos, edgelist=mine, ax=ax, edge_color="#c62828", width=2.5)
    except (TypeError, ValueError):
        pass
    ax.set_title(f"red: your edges (a minimum spanning tree weighs {expected})", fontsize=8)
    ax.axis("off")
    return fig


KRUSKAL = Exercise(
    name="kruskal",
    task="the edges (u, v) of a minimum spanning tree of a connected weighted graph",
    reference=lambda graph: sum(d["weight"] for _, _, d in nx.minimum_spanning_edges(graph, data=True)),
    workbook=_city_cases,
    random_case=_random_weighted,
    judge=_judge_tree,
    draw=_draw_graph,
    random_cases=20,
    solvers=tuple(f"networkx.{name}" for name in (
        "minimum_spanning_edges", "minimum_spanning_tree", "maximum_spanning_edges", "maximum_spanning_tree",
        "algorithms.tree.mst.kruskal_mst_edges", "algorithms.tree.mst.prim_mst_edges",
        "algorithms.tree.mst.boruvka_mst_edges", "SpanningTreeIterator")),
)


# -- the metric closure -----------------------------------------------------------------------

def _closure(graph) -> dict:
    return {frozenset((a, b)): d for a, row in nx.all_pairs_dijkstra_path_length(graph) for b, d in row.items()
            if a != b}


def _judge_closure(case, expected: dict, got) -> str | None:
    if not isinstance(got, nx.Graph):
        return f"expected a networkx Graph, got {type(got).__name__}"
    if set(got.nodes) != set(case.args[0].nodes):
        return "the closure has the same nodes as the graph"
    for pair, dist in sorted(expected.items(), key=lambda kv: sorted(map(str, kv[0]))):
        a, b = tuple(pair)
        if not got.has_edge(a, b):
            return f"the edge ({a!r}, {b!r}) is missing: every pair of connected nodes gets one"
        if got[a][b].get("weight") != dist:
            return f"the edge ({a!r}, {b!r}) should weigh {dist} (the shortest path), not {got[a][b].get('weight')}"
    extra = [(a, b) for a, b in got.edges if a != b and frozenset((a, b)) not in expected]
    if extra:
        return f"{show(extra[0])} joins nodes with no path between them"
    return None


METRIC_CLOSURE = Exercise(
    name="metric_closure",
    task="the complete graph on the same nodes, each edge weighted by the shortest-path distance",
    reference=_closure,
    workbook=_city_cases,
    random_case=_random_weighted,
    judge=_judge_closure,
    random_cases=20,
    solvers=("networkx.algorithms.approximation.steinertree.metric_closure",),
)


# -- the exact Steiner tree of the city graph ---------------------------------------------------

def _steiner_from_graph(graph, terminals):
    """The exact Steiner cost of a city graph, by the library's connect solver on its island."""
    island = graph.graph["island"]
    if sorted(terminals) != sorted(island.ruins):
        raise ValueError("the terminals are the island's ruins")
    return cheapest_network(island.costs, island.cities, island.ruins).lower_bound


def _steiner_case(name: str, island: EasterMap) -> Case:
    return Case(name, (city_graph(island), list(island.ruins)), island)


def _draw_steiner(case, expected, got):
    island = case.context
    result = cheapest_network(island.costs, island.cities, island.ruins)
    return draw_easter(island, result.textbook_links or result.links,
                       title=f"ruins *: a cheapest tree over cities costs {expected}, you said {got}")


STEINER_COST = Exercise(
    name="steiner_cost",
    task="the least total weight of a tree in the graph that joins every terminal (other nodes optional)",
    reference=_steiner_from_graph,
    workbook=lambda: [_steiner_case(f"the ruins of {name}", island) for name, island in workbook_maps()],
    random_case=lambda rng: _steiner_case("a random island",
                                          random_easter(rng, cities=rng.randint(4, 6), ruins=rng.randint(2, 4))),
    draw=_draw_steiner,
    random_cases=15,
    solvers=("zoobook.steam.easter.connect.cheapest_network", "zoobook.steam.easter.connect.optimal_networks",
             "networkx.algorithms.approximation.steiner_tree"),
)


# -- the challenge -------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def challenge_map() -> EasterMap:
    """The challenge's island: the first seeded island whose cheapest links collide.

    There the textbook tree over cities shares hexes, so the true optimum costs more
    than the Steiner tree of the city graph.
    """
    for seed in range(1000):
        island = random_easter(random.Random(seed), width=8, height=6, cities=7, ruins=4)
        result = cheapest_network(island.costs, island.cities, island.ruins)
        if result.cost is not None and result.cost > result.lower_bound:
            return island
    raise RuntimeError("no colliding island among the seeds")  # pragma: no cover


def _judge_network(case, expected: int, got) -> str | None:
    island = challenge_map()
    if isinstance(got, (int, float)) and not isinstance(got, bool):
        if got == expected:
            return None
        return f"{got} is not it: too {'high' if got > expected else 'low'}"
    links = [[tuple(h) for h in (getattr(link, "hexes", link))] for link in got]
    problems = check_network(links, island.costs, island.cities, island.ruins)
    if problems:
        return "that network breaks the rules: " + "; ".join(problems)
    cost = network_cost(links, island.costs)
    if cost > expected:
        return f"a valid network, but it costs ${cost}: a cheaper one exists"
    return None


def _challenge_solve() -> int:
    island = challenge_map()
    return cheapest_network(island.costs, island.cities, island.ruins).cost


CHALLENGE = Challenge(
    name="challenge: the true optimum",
    question=("On the challenge island, what is the least total cost of complete links joining every ruin, "
              "when no two links may share a hex? Answer a number, or a list of links (each a list of hexes "
              "from city to city)."),
    solve=_challenge_solve,
    judge=_judge_network,
)
