"""Exercises of notebook 1, hex grids as graphs: neighbours, distance, the map's graph, BFS.

The references are :mod:`zoobook.hexgrid` (ruling S1) and networkx; the workbook
cases are the hexes of the Zoo-map puzzles.

>>> from zoobook.classroom.checking import check
>>> check(lambda a, b: (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2,
...       HEX_DISTANCE, seed=0).passed
True

The library's own answer, handed in as the student's, fails:

>>> from zoobook.hexgrid import distance
>>> print(check(distance, HEX_DISTANCE, seed=0).first.reason)
your function calls zoobook's solver (zoobook.hexgrid.distance); write your own
"""

from __future__ import annotations

import random
from functools import lru_cache

import networkx as nx

from zoobook.classroom.checking import Case, Challenge, Exercise, judge_same_set, show
from zoobook.classroom.drawing import hex_figure
from zoobook.classroom.exercises import workbook_puzzles
from zoobook.hexgrid import Hex, iter_pairs, spiral
# Private names: the student's notebook holds this module, and must not find the answers in it.
from zoobook.hexgrid import distance as _distance
from zoobook.hexgrid import neighbours as _neighbours

__all__ = ["HEX_NEIGHBOURS", "HEX_DISTANCE", "MAP_GRAPH", "BFS_DISTANCES", "CHALLENGE",
           "random_blob", "zoo_maps", "challenge_map"]


@lru_cache(maxsize=1)
def zoo_maps() -> tuple:
    """``(title, ZooMap, origin)`` of every Zoo-map puzzle in the workbook."""
    return tuple((p.title or p.id, p.model.zoo, p.model.origin) for p in workbook_puzzles("steam-zoo"))


def _random_hex(rng: random.Random, reach: int = 12) -> Hex:
    return Hex(rng.randint(-reach, reach), rng.randint(-reach, reach))


def random_blob(rng: random.Random, size: int | None = None) -> list[Hex]:
    """A random connected-ish patch of hexes (a spiral with holes), for map-graph cases."""
    centre = _random_hex(rng, 6)
    radius = rng.randint(1, 4)
    hexes = [h for h in spiral(centre, radius) if rng.random() < 0.75] or [centre]
    return hexes[:size] if size else hexes


# -- neighbours ------------------------------------------------------------------

def _neighbour_cases():
    cases = [Case("the origin (0, 0)", ((0, 0),)), Case("(3, -1)", ((3, -1),))]
    for title, zoo, origin in zoo_maps()[:3]:
        h = zoo.hexmap.node(origin).hex
        cases.append(Case(f"{origin}'s hex {tuple(h)} in '{title}'", (tuple(h),)))
    return cases


def _draw_neighbours(case, expected, got):
    centre = case.args[0]
    fills = {tuple(h): "expected" for h in expected}
    try:
        for h in got:
            fills[tuple(h)] = "both" if tuple(h) in fills else "extra"
        fills.update({tuple(h): "missing" for h in expected if tuple(h) not in {tuple(g) for g in got}})
    except TypeError:
        pass
    fills[tuple(centre)] = "start"
    return hex_figure(spiral(centre, 2), fills=fills,
                      labels={h: f"{h[0]},{h[1]}" for h in spiral(centre, 1)},
                      title=f"neighbours of {tuple(centre)}", legend=("start", "both", "missing", "extra"))


HEX_NEIGHBOURS = Exercise(
    name="hex_neighbours",
    task="the six hexes next to h = (q, r), as (q, r) tuples in any order",
    reference=lambda h: {tuple(n) for n in _neighbours(h)},
    workbook=_neighbour_cases,
    random_case=lambda rng: Case("a random hex", (tuple(_random_hex(rng, 20)),)),
    judge=lambda case, expected, got: judge_same_set(case, expected, [tuple(h) for h in got]),
    draw=_draw_neighbours,
    solvers=("zoobook.hexgrid.neighbours", "zoobook.hexgrid.neighbour", "zoobook.hexgrid.ring",
             "zoobook.hexgrid.spiral"),
)


# -- distance ------------------------------------------------------------------

def _distance_cases():
    cases = [Case("(0, 0) to (3, -1)", ((0, 0), (3, -1))), Case("a hex to itself", ((2, 5), (2, 5)))]
    for title, zoo, origin in zoo_maps():
        areas = zoo.area_names()
        a, b = zoo.hexmap.node(areas[0]).hex, zoo.hexmap.node(areas[-1]).hex
        cases.append(Case(f"{areas[0]} to {areas[-1]} in '{title}'", (tuple(a), tuple(b))))
    return cases


def _draw_distance(case, expected, got):
    from zoobook.hexgrid import hex_line

    a, b = case.args
    line = hex_line(a, b)
    hexes = {h for x in line for h in spiral(x, 1)}
    fills = {h: "expected" for h in line}
    fills[Hex(*a)] = fills[Hex(*b)] = "start"
    labels = {h: str(i) for i, h in enumerate(line)}
    return hex_figure(hexes, fills=fills, labels=labels,
                      title=f"a shortest line from {tuple(a)} to {tuple(b)}: {expected} steps, not {got}")


HEX_DISTANCE = Exercise(
    name="hex_distance",
    task="the number of steps between hexes a and b",
    reference=_distance,
    workbook=_distance_cases,
    random_case=lambda rng: Case("two random hexes", (tuple(_random_hex(rng)), tuple(_random_hex(rng)))),
    draw=_draw_distance,
    solvers=("zoobook.hexgrid.distance", "zoobook.hexgrid.hex_line"),
)


# -- the graph of a map ----------------------------------------------------------------

def _reference_graph(hexes) -> nx.Graph:
    """One node per hex (a ``(q, r)`` tuple), one edge per pair of neighbours."""
    graph = nx.Graph()
    graph.add_nodes_from(tuple(h) for h in hexes)
    graph.add_edges_from((tuple(a), tuple(b)) for a, b in iter_pairs(hexes))
    return graph


def _edge_set(graph) -> set:
    return {frozenset((tuple(a), tuple(b))) for a, b in graph.edges()}


def _judge_graph(case, expected: nx.Graph, got) -> str | None:
    if not isinstance(got, nx.Graph) or got.is_directed() or got.is_multigraph():
        return f"expected a networkx Graph, got {type(got).__name__}"
    nodes = {tuple(n) if isinstance(n, tuple) else n for n in got.nodes}
    want = set(expected.nodes)
    if nodes != want:
        missing, extra = want - nodes, nodes - want
        return ("the nodes are wrong: " + "; ".join(
            part for part in (f"missing {show(missing)}" if missing else "",
                              f"not map hexes {show(extra)}" if extra else "") if part))
    mine, theirs = _edge_set(got), _edge_set(expected)
    if mine != theirs:
        missing = [tuple(e) for e in theirs - mine]
        extra = [tuple(e) for e in mine - theirs]
        parts = []
        if missing:
            parts.append(f"{len(missing)} missing edge(s), e.g. {show(missing[0])}")
        if extra:
            parts.append(f"{len(extra)} edge(s) between hexes that are not neighbours, e.g. {show(extra[0])}")
        return "the nodes are right but " + " and ".join(parts)
    return None


def _draw_graph(case, expected, got):
    hexes = case.args[0]
    edges = [(a, b, "expected") for a, b in expected.edges()]
    if isinstance(got, nx.Graph):
        theirs = _edge_set(expected)
        edges += [(*tuple(e), "extra") for e in _edge_set(got) - theirs if len(e) == 2]
        edges += [(*tuple(e), "missing") for e in theirs - _edge_set(got)]
    return hex_figure(hexes, edges=edges, edge_styles={"expected": "#9ccc65", "missing": "#e53935",
                                                       "extra": "#1e88e5"},
                      title="green: edges, red: edges you missed, blue dashed: edges that should not be there")


def _graph_cases():
    return [Case(f"the hexes of '{title}'", (sorted(zoo.hexmap.hexes()),)) for title, zoo, _ in zoo_maps()[:6]]


MAP_GRAPH = Exercise(
    name="map_graph",
    task="a networkx Graph with one node per hex of the list and an edge between neighbours",
    reference=_reference_graph,
    workbook=_graph_cases,
    random_case=lambda rng: Case("a random patch of hexes", ([tuple(h) for h in random_blob(rng)],)),
    judge=_judge_graph,
    draw=_draw_graph,
    random_cases=15,
    solvers=("zoobook.hexgrid.iter_pairs",),
)


# -- breadth-first search --------------------------------------------------------------

#: networkx's own shortest paths and searches: the exercise is to write breadth-first search.
_NETWORKX_SHORTEST_PATHS = tuple(f"networkx.{name}" for name in (
    "single_source_shortest_path_length", "single_source_shortest_path", "shortest_path_length",
    "shortest_path", "all_pairs_shortest_path_length", "all_pairs_shortest_path", "single_source_dijkstra",
    "single_source_dijkstra_path_length", "single_source_bellman_ford_path_length", "bfs_layers", "bfs_edges",
    "bfs_tree", "bfs_predecessors", "bfs_successors", "descendants_at_distance"))

def _judge_distances(case, expected: dict, got) -> str | None:
    if not isinstance(got, dict):
        return f"expected a dict node -> steps, got {type(got).__name__}"
    missing = [n for n in expected if n not in got]
    if missing:
        return f"{len(missing)} reachable node(s) are missing, e.g. {show(missing[0])} ({expected[missing[0]]} steps)"
    extra = [n for n in got if n not in expected]
    if extra:
        return f"{show(extra[0])} cannot be reached from the start, but your dict has it"
    wrong = sorted((n for n in expected if got[n] != expected[n]), key=lambda n: expected[n])
    if wrong:
        n = wrong[0]
        return f"{show(n)} is {expected[n]} steps from the start, not {got[n]}"
    return None


def _draw_distances(case, expected, got):
    graph, start = case.args
    hexes = [n for n in graph.nodes if isinstance(n, tuple) and len(n) == 2]
    fills = {start: "start"}
    labels = {}
    for n, d in expected.items():
        if isinstance(got, dict) and got.get(n) != d:
            fills[n] = "wrong"
            labels[n] = f"{d} (not {got.get(n, '-')})"
        else:
            labels[n] = str(d)
    return hex_figure(hexes, fills=fills, labels=labels,
                      title="steps from the start (red: your answer differs)", legend=("start", "wrong"))


def _bfs_cases():
    cases = []
    for title, zoo, origin in zoo_maps()[:6]:
        hexes = sorted(zoo.hexmap.hexes())
        cases.append(Case(f"from {origin} over the hexes of '{title}'",
                          (_reference_graph(hexes), tuple(zoo.hexmap.node(origin).hex))))
    return cases


def _random_bfs(rng: random.Random) -> Case:
    hexes = random_blob(rng)
    return Case("a random patch of hexes", (_reference_graph(hexes), tuple(rng.choice(hexes))))


BFS_DISTANCES = Exercise(
    name="bfs_distances",
    task="a dict: every node reachable from start -> its number of steps (breadth-first search)",
    reference=lambda graph, start: dict(nx.single_source_shortest_path_length(graph, start)),
    workbook=_bfs_cases,
    random_case=_random_bfs,
    judge=_judge_distances,
    draw=_draw_distances,
    random_cases=15,
    solvers=_NETWORKX_SHORTEST_PATHS,
)


# -- the challenge ------------------------------------------------------------------

def challenge_map():
    """The challenge's map: the seeded random Zoo map, its walkable hexes and the start hex.

    Walkable: every hex of the map that holds no node, plus the start area's own hex.
    """
    from zoobook.steam.zoo.generate import random_zoo

    zoo = random_zoo(random.Random(2024), width=16, height=11, areas=8, exits=3, towns=3)
    start = zoo.area_names()[0]
    start_hex = tuple(zoo.hexmap.node(start).hex)
    walkable = [tuple(h) for h in sorted(zoo.hexmap.hexes()) if not zoo.hexmap.is_node(h)] + [start_hex]
    return zoo, walkable, start, start_hex


def _challenge_answer() -> int:
    _, walkable, _, start_hex = challenge_map()
    return max(nx.single_source_shortest_path_length(_reference_graph(walkable), start_hex).values())


CHALLENGE = Challenge(
    name="challenge: the farthest hex",
    question=("On the challenge map, walking only over hexes that hold no area, town or exit, how many "
              "steps from the start area is the farthest hex you can reach?"),
    solve=_challenge_answer,
)
