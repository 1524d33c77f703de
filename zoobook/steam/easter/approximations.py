"""The textbook answers the exact connect solver is compared with.

* :func:`networkx_steiner`: ``networkx.algorithms.approximation.steiner_tree`` on
  the hex graph (a 2-approximation that knows nothing of "track branches only at
  cities"); its tree may branch on a track hex, which no network can do.
* :func:`closure_mst`: the minimum spanning tree of the metric closure over the
  ruins (cheapest paths between ruins, then Kruskal), the classic 2-approximation;
  its weight counts a hex twice when two of its paths share it.

Both costs are in dollars of track; a node-weighted hex graph becomes
edge-weighted by giving each edge half the cost of each end (cities cost 0), so
a path's weight is exactly the cost of its track hexes.

Examples
--------
>>> from zoobook.steam.easter.generate import random_island
>>> island = random_island(40, 4, 1, seed=3)
>>> exact = island.connect().cost
>>> textbook = networkx_steiner(island)
>>> exact, textbook.cost, textbook.legal, closure_mst(island)
(17, 17, True, 17)
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
from networkx.algorithms.approximation import steiner_tree

from zoobook.steam.easter.island import TRACK_COST, Island

__all__ = ["hex_graph", "TextbookTree", "networkx_steiner", "closure_mst", "compare"]


def hex_graph(island: Island) -> nx.Graph:
    """Track hexes and cities, edge weight = half of each end's track cost.

    Node attribute ``cost`` is the track cost (0 for a city). Two neighbouring
    cities are not joined: a link needs track.
    """
    costs = {h: TRACK_COST[t] for h, t in island.hexmap.terrain if t in TRACK_COST}
    cities = island.node_names()
    graph = nx.Graph()
    for h, c in costs.items():
        graph.add_node(h, cost=c)
    for h, name in cities.items():
        graph.add_node(h, cost=0, city=name)
    for a in graph:
        for b in graph:
            if a < b and _touch(a, b) and not (a in cities and b in cities):
                graph.add_edge(a, b, weight=(graph.nodes[a]["cost"] + graph.nodes[b]["cost"]) / 2)
    return graph


def _touch(a, b) -> bool:
    from zoobook.hexgrid import are_neighbours

    return are_neighbours(a, b)


@dataclass(frozen=True)
class TextbookTree:
    """A textbook Steiner tree on the hex graph: its track cost and whether it is a legal network."""

    cost: int
    branch_hexes: tuple  # track hexes where the tree branches (illegal: track branches only at cities)

    @property
    def legal(self) -> bool:
        return not self.branch_hexes


def networkx_steiner(island: Island, method: str | None = None) -> TextbookTree:
    """networkx's approximate Steiner tree over the ruins, costed as track."""
    graph = hex_graph(island)
    ruins = [c.hex for c in island.cities if c.ruin]
    tree = steiner_tree(graph, ruins, weight="weight", method=method) if method else \
        steiner_tree(graph, ruins, weight="weight")
    cost = sum(graph.nodes[h]["cost"] for h in tree)
    branches = tuple(sorted(h for h in tree if graph.nodes[h]["cost"] and tree.degree(h) > 2))
    return TextbookTree(int(cost), branches)


def closure_mst(island: Island) -> int:
    """The weight of the minimum spanning tree of the metric closure over the ruins."""
    graph = hex_graph(island)
    ruins = [c.hex for c in island.cities if c.ruin]
    closure = nx.Graph()
    for i, a in enumerate(ruins):
        lengths = nx.single_source_dijkstra_path_length(graph, a, weight="weight")
        for b in ruins[i + 1:]:
            if b in lengths:
                closure.add_edge(a, b, weight=lengths[b])
    closure.add_nodes_from(ruins)
    if not nx.is_connected(closure):
        raise ValueError("the ruins cannot all be joined")
    return int(sum(d["weight"] for _, _, d in nx.minimum_spanning_edges(closure, data=True)))


@dataclass(frozen=True)
class Comparison:
    exact: int
    networkx: TextbookTree
    mst: int


def compare(island: Island) -> Comparison:
    """The exact optimum next to both textbook answers (the ruins must be joinable)."""
    exact = island.connect().cost
    if exact is None:
        raise ValueError("the ruins cannot all be joined")
    return Comparison(exact, networkx_steiner(island), closure_mst(island))


__all__ += ["Comparison"]
