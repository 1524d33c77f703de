"""A graded check fails a function that only calls the library's solver of its own problem.

For every exercise of the five classroom notebooks: the master's own solution passes the check,
and a wrapper of the library's solver, written as a student would write it in that notebook
(with the names its first cell imports, a module attribute, a re-export, an import inside the
function, a ``try`` that swallows the error), fails with "your function calls zoobook's solver;
write your own" -- although, with the solvers allowed, the same wrapper passes: it is a right
answer, found the wrong way.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import matplotlib
import nbformat
import pytest

matplotlib.use("Agg")

from zoobook.classroom.checking import Exercise, check, solver_functions  # noqa: E402
from zoobook.classroom.exercises import easter, hexes, lineup, requests, zoo  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = {hexes: "01-hex-grids-as-graphs", zoo: "02-bottleneck-paths-zoo", easter: "03-steiner-trees-easter",
             lineup: "04-longest-path-lineup", requests: "05-matching-and-flow-requests"}

#: For each exercise, a student's wrapper of the library's answer (run in the notebook's namespace).
WRAPPERS = {
    "hex_neighbours": "from zoobook.hexgrid import neighbours\n"
                      "def hex_neighbours(h):\n    return [tuple(n) for n in neighbours(h)]",
    "hex_distance": "import zoobook.hexgrid as hexgrid\n"
                    "def hex_distance(a, b):\n    return hexgrid.distance(a, b)",
    "map_graph": "from zoobook.hexgrid import iter_pairs\n"
                 "def map_graph(hexes):\n    graph = nx.Graph()\n    graph.add_nodes_from(tuple(h) for h in hexes)\n"
                 "    graph.add_edges_from((tuple(a), tuple(b)) for a, b in iter_pairs(hexes))\n    return graph",
    "bfs_distances": "def bfs_distances(graph, start):\n"
                     "    return dict(nx.single_source_shortest_path_length(graph, start))",
    "danger_ceiling": "def danger_ceiling(zoo, origin, destination):\n"
                      "    return exercises._minimax_danger(zoo, origin, destination)",
    "level_without_teleport": "from zoobook.steam.zoo.shipping import min_locomotive\n"
                              "def level_without_teleport(zoo, origin, destination):\n"
                              "    return min_locomotive(exercises.without_teleport(zoo), origin, destination)",
    "lowest_level": "def lowest_level(zoo, origin, destination, feeding):\n    try:\n"
                    "        from zoobook.steam.zoo import min_locomotive\n"
                    "        return min_locomotive(zoo, origin, destination, feeding=feeding)\n"
                    "    except Exception:\n        return None",
    "kruskal": "def kruskal(graph):\n    return list(nx.minimum_spanning_edges(graph, data=False))",
    "metric_closure": "from networkx.algorithms.approximation.steinertree import metric_closure as closure\n"
                      "def metric_closure(graph):\n    complete = closure(graph)\n"
                      "    for u, v, data in complete.edges(data=True):\n        data['weight'] = data['distance']\n"
                      "    return complete",
    "steiner_cost": "def steiner_cost(graph, terminals):\n    island = graph.graph['island']\n"
                    "    return cheapest_network(island.costs, island.cities, island.ruins).lower_bound",
    "longest_lineup": "def longest_lineup(graph):\n    simple = nx.Graph(graph)\n    if GATE not in simple:\n"
                      "        return 0\n    ends = [n for n in simple if n != GATE]\n"
                      "    return max((len(p) - 1 for p in nx.all_simple_paths(simple, GATE, ends)), default=0)",
    "best_lineup": "def best_lineup(puzzle):\n    solution = solve_lineup(puzzle)\n"
                   "    return solution.value, solution.witness['tiles']",
    "met_by_matching": "from zoobook.fivebyfive.scoring import met_together\n"
                       "def met_by_matching(cards, tiles):\n    return met_together(cards, [c for _, c in tiles])",
    "met_by_flow": "def met_by_flow(cards, tiles):\n    network = request_flow_network(cards, tiles)\n"
                   "    wanted = sum(n for card in cards for _, n in card.needs)\n"
                   "    if 'sink' not in network:\n        return wanted == 0\n"
                   "    return nx.maximum_flow_value(network, 'source', 'sink') == wanted",
    "best_cards": "from zoobook.fivebyfive import scoring\n"
                  "def best_cards(cards, tiles):\n"
                  "    return scoring.best_request_cards(cards, [c for _, c in tiles])[0]",
}


def exercises_of(module) -> list[Exercise]:
    return [value for value in vars(module).values() if isinstance(value, Exercise)]


ALL = [(module, exercise) for module in NOTEBOOKS for exercise in exercises_of(module)]


def test_every_exercise_has_a_wrapper_here_and_names_solvers_that_exist():
    assert sorted(WRAPPERS) == sorted(exercise.name for _, exercise in ALL)
    for _, exercise in ALL:
        assert exercise.solvers, f"{exercise.name} names no solver to refuse"
        resolved = {name for name, _ in solver_functions(exercise.solvers)}
        # networkx may drop a function in a later version (nothing to patch then); zoobook's must exist.
        missing = {name for name in exercise.solvers if not name.startswith("networkx.")} - resolved
        assert not missing, f"{exercise.name} names solvers that do not exist: {missing}"


def _quiet_exec(source: str, namespace: dict) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(source, "<cell>", "exec"), namespace)


@pytest.fixture(scope="module")
def solved():
    """Each master's namespace after its import cell and its function solutions (as a kernel holds it)."""
    spaces = {}
    for module, stem in NOTEBOOKS.items():
        cells = [c for c in nbformat.read(REPO / "notebooks" / "classroom" / f"{stem}.ipynb", as_version=4).cells
                 if c.cell_type == "code"]
        namespace: dict = {"__name__": "__main__"}
        _quiet_exec(cells[0].source, namespace)
        for cell in cells[1:]:
            if "### BEGIN SOLUTION" in cell.source and "def " in cell.source and "CHALLENGE_ANSWER" not in cell.source:
                _quiet_exec(cell.source, namespace)
        spaces[module] = namespace
    return spaces


@pytest.mark.parametrize("module, exercise", ALL, ids=[exercise.name for _, exercise in ALL])
def test_the_masters_solution_passes_and_a_wrapper_of_the_solver_fails(module, exercise, solved):
    if exercise.name == "metric_closure":
        from networkx.algorithms.approximation import steinertree
        if not hasattr(steinertree, "metric_closure"):
            pytest.skip("this networkx has no metric_closure of its own to wrap")
    namespace = solved[module]
    honest = namespace[exercise.name]
    assert check(honest, exercise, seed=7, random_cases=3).passed

    wrapper_space = dict(namespace)
    _quiet_exec(WRAPPERS[exercise.name], wrapper_space)
    wrapper = wrapper_space[exercise.name]
    assert wrapper is not honest
    # A right answer, found by the library: with the solvers allowed it passes...
    assert check(wrapper, exercise, seed=7, random_cases=3, allow_solvers=True).passed
    # ...and the graded check, the button and the hidden tests refuse it, naming the solver.
    report = check(wrapper, exercise, seed=7, random_cases=3)
    assert not report.passed
    assert re.fullmatch(r"your function calls (zoobook|networkx)'s solver \(\w+(\.\w+)+\); write your own",
                        report.first.reason), report.first.reason
    assert namespace[exercise.name] is honest  # the notebook's own names are put back


def test_the_solvers_are_put_back_after_a_check():
    import networkx as nx

    import zoobook.steam.zoo as zoo_package
    from zoobook.steam.zoo import shipping

    before = (shipping.min_locomotive, zoo_package.min_locomotive, nx.single_source_shortest_path_length)
    namespace = {"min_locomotive": shipping.min_locomotive}
    exec("def lowest_level(z, a, b, f):\n    return min_locomotive(z, a, b, feeding=f)", namespace)
    assert not check(namespace["lowest_level"], zoo.LOWEST_LEVEL, seed=1, random_cases=1).passed
    assert (shipping.min_locomotive, zoo_package.min_locomotive, nx.single_source_shortest_path_length) == before
    assert namespace["min_locomotive"] is shipping.min_locomotive


def test_handing_in_the_solver_itself_fails():
    from zoobook.hexgrid import distance

    report = check(distance, hexes.HEX_DISTANCE, seed=0, random_cases=1)
    assert report.first.reason == "your function calls zoobook's solver (zoobook.hexgrid.distance); write your own"
