"""Per-kind solver facts on hand-derived cases and against brute-force twins."""

from __future__ import annotations

import itertools
import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from zoobook.fivebyfive.board import Board, Tile
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle
from zoobook.fivebyfive.solver import solve_lineup
from zoobook.generate.easter import connect_facts
from zoobook.generate.lineup import greedy_lineup, lineup_facts
from zoobook.generate.zoo import routes, sample_shipment, shipment_facts
from zoobook.steam.easter.generate import random_island
from zoobook.steam.easter.kinds import solve_connect
from zoobook.steam.zoo.kinds import ShipmentQuestion, solve
from zoobook.steam.zoo.model import Area, ZooMap
from zoobook.steam.zoo.shipping import Network, route_level


def _diamond() -> ShipmentQuestion:
    """bears (3) to wolves: short way through lions (6), long way through goats (2) and gnus (2).

    Routes: bears-lions-wolves needs level 6 (2 links, lions' danger); bears-goats-gnus-wolves
    needs level 3 (3 links, bears' danger 3). Optimum 3 with one route; the naive
    fewest-links route gives 6.
    """
    zoo = ZooMap.build(
        areas=[Area("bears", (0, 0), 3), Area("lions", (2, 0), 6), Area("wolves", (4, 0), 1),
               Area("goats", (0, 2), 2), Area("gnus", (4, 2), 2)],
        tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)], [(0, 0), (0, 1), (0, 2)],
                [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)], [(4, 2), (4, 1), (4, 0)]])
    return ShipmentQuestion(zoo, "bears", "wolves")


def test_zoo_facts_on_the_diamond():
    question = _diamond()
    solution = solve(question)
    facts = shipment_facts(question, solution)
    assert solution.value == 3
    assert facts.optima == 1 and facts.decoys == 0          # no route needs level 4
    assert facts.greedy_value == 6 and facts.greedy_gap == 1.0
    assert "detour around danger" in facts.themes and "links bind" in facts.themes


def _brute_routes(zoo: ZooMap, origin: str, destination: str):
    """Every simple route by networkx: link-graph paths, with the teleport as an extra edge."""
    graph = nx.Graph(Network(zoo).graph)
    exits = zoo.exit_names()
    found = set()
    for a, b in itertools.permutations(exits, 2):
        graph2 = graph.copy()
        graph2.add_edge(a, b, teleport=True)
        for path in nx.all_simple_paths(graph2, origin, destination):
            found.add(tuple(path))
    for path in nx.all_simple_paths(graph, origin, destination):
        found.add(tuple(path))
    return found


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000))
def test_route_enumeration_matches_networkx_simple_paths(seed):
    question = sample_shipment(random.Random(seed), 1)
    net = Network(question.zoo)
    mine = {tuple(r) for r, _ in routes(net, question.origin, question.destination, 99)}
    brute = _brute_routes(question.zoo, question.origin, question.destination)
    # networkx may use an exit-exit edge twice as both teleport and link; mine is the legal set
    assert mine <= brute
    assert {r for r in brute if all(
        not (a in question.zoo.exit_names() and b in question.zoo.exit_names()) for a, b in zip(r, r[1:]))} <= mine
    # the optimum is the least level over every route, the solver's answer
    levels = [route_level(net, r, s, feeding=question.feeding)
              for r, s in routes(net, question.origin, question.destination, 99)]
    best = solve(question).value
    if question.zoo.area(question.origin).food:
        assert (min(levels) if levels and min(levels) <= 6 else None) == best


def test_lineup_greedy_is_fooled_by_a_popular_dead_end():
    # Gate W at A3 (bird). East: B3, a park with a popularity token and nothing beyond (the bait).
    # North: A2, A1, B1, birds in a row. Hand: 4 yellow cubes, 2 players (no solo bonus).
    board = Board((Tile.make("A3", "bird"), Tile.make("B3", "park"), Tile.make("A2", "bird"),
                   Tile.make("A1", "bird"), Tile.make("B1", "bird"))).add_popularity("B3")
    puzzle = LineupPuzzle(board, "W", cubes="YYYY", players=2)
    solution = solve_lineup(puzzle)
    path, greedy = greedy_lineup(puzzle)
    assert path == ["A3", "B3"]                      # 2 tiles + 1 popularity beats A2's 2 points
    assert greedy == 3 and solution.value == 4       # A3, A2, A1, B1: 4 tiles
    facts = lineup_facts(puzzle, solution)
    # lineups: A3 | A3 B3 | A3 A2 | A3 A2 A1 | A3 A2 A1 B1; only the last scores 4;
    # A3 B3 scores 3 and does not start an optimal lineup (A3 A2 A1 does).
    assert (facts.effort, facts.optima, facts.decoys) == (5, 1, 1)
    assert facts.greedy_gap == 0.25


def test_easter_facts_count_relaxations_and_compare_the_textbook_tree():
    island = random_island(40, 4, 1, seed=3)
    facts = connect_facts(island, solve_connect(island))
    track = sum(1 for _, t in island.hexmap.terrain if t in ("plain", "mountain"))
    assert facts.effort == island.connect().branches * track
    assert facts.greedy_value == 17 and facts.greedy_gap == 0   # the doctest's island: textbook = exact
    assert "Steiner tree" in facts.themes
