"""Easter Island generators: the moai facts on a hand-derived island, the count of cheapest
networks against a brute-force twin, seeded determinism and every grade reachable."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zoobook.generate import generate, generate_one
from zoobook.generate.easter import (built_network, count_optimal_networks, decoy_first_turns,
                                     moai_facts, naive_turns, sample_moai)
from zoobook.puzzles import parse_puzzle
from zoobook.steam.easter.clearing import fewest_turns
from zoobook.steam.easter.connect import optimal_networks
from zoobook.steam.easter.generate import random_island
from zoobook.steam.easter.island import TRACK_COST, City, Island
from zoobook.steam.easter.kinds import MoaiQuestion, solve_moai
from zoobook.steam.easter.moai import cube_needs


# -- the moai facts on a hand-derived island ---------------------------------------------------

def buried_blue() -> MoaiQuestion:
    """A chain Red 0 - Blue 1 - Yellow 2 - Yellow 3 - Red 4; on Red 0 a moai, blue under red; level 1.

    The blue needs 1 link but lies under the red, which needs 4 (the first other red city).
    By hand: one turn cannot reach level 4 (at most +1 by Locomotive and +1 by a raise).
    Two turns do it only by turning the moai over first: Rapa Nui, ship the blue, raise to 2;
    then Locomotive to 3, raise to 4, ship the red. Without the flip the blue waits for the red:
    3 turns. The naive plan takes Locomotive at once (level 2), raises to 3, waits; raises to 4
    and ships the red in turn 2; the blue in turn 3.

    First turns, told apart by (stacks left, level): without a flip the moai stays whole at
    level 1, 2 or 3 (no action or a spare one, a raise, Locomotive); with Rapa Nui the blue is on
    top and the level is 1 or 2, the blue shipped or not: 7 positions. Only "blue shipped, level
    2" finishes in one more turn (Locomotive, raise, ship the red); each of the 6 others needs two
    more (3 in all): 6 decoys.
    """
    colours = ["red", "blue", "yellow", "yellow", "red"]
    cities = [City(f"{c.title()} {i}", (2 * i, 0), c, True) for i, c in enumerate(colours)]
    cities[0] = City("Red 0", (0, 0), "red", True, ("blue", "red"))
    tracks = [[(2 * i, 0), (2 * i + 1, 0), (2 * i + 2, 0)] for i in range(4)]
    return MoaiQuestion(Island.build(cities=cities, tracks=tracks), 1)


def test_moai_facts_on_the_buried_blue():
    question = buried_blue()
    assert cube_needs(question.island) == {"Red 0": (1, 4)}
    solution = solve_moai(question)
    assert solution.value == 2
    without = fewest_turns(question.island, 1, allowed=("Engineer", "Locomotive", "Urbanization"))
    assert without.turns == 3
    assert naive_turns(question) == 3
    assert decoy_first_turns(question, 2) == 6
    facts = moai_facts(question, solution)
    assert (facts.greedy_value, facts.decoys, facts.optima) == (3, 6, None)
    assert facts.greedy_gap == 0.5
    assert facts.effort == fewest_turns(question.island, 1).expanded > 0
    for theme in ("Rapa Nui used", "statue turned saves a turn", "near cube buried",
                  "Locomotive action", "Locomotive held back", "level binds"):
        assert theme in facts.themes


def test_naive_plan_never_beats_the_optimum_and_networks_join_every_city():
    import random

    rng = random.Random(7)
    for hint in (1, 3, 5):
        question = sample_moai(rng, hint)
        assert nx.is_connected(nx.Graph(question.island.link_graph()))
        assert naive_turns(question) >= solve_moai(question).value
    island = random_island(30, 4, 1, seed=2)
    built = built_network(island, random.Random(1), chain=1.0)
    assert built is None or nx.is_connected(nx.Graph(built.link_graph()))


def test_the_solver_hooks_count_effort_and_respect_budgets():
    from zoobook.steam.easter.connect import SearchBudgetExceeded

    question = buried_blue()
    plan = fewest_turns(question.island, 1)
    # every expanded position was reached first; the goal is reached but never expanded
    assert 0 < plan.expanded < plan.states
    with pytest.raises(SearchBudgetExceeded):
        fewest_turns(question.island, 1, max_states=3)
    assert fewest_turns(question.island, 1, max_states=plan.states).turns == plan.turns
    costs = {(1, 0): 3, (0, 1): 3, (1, 1): 3, (2, 1): 3}
    cities = {(0, 0): "A", (2, 0): "B", (1, 2): "C"}
    with pytest.raises(SearchBudgetExceeded):
        optimal_networks(costs, cities, "ABC", max_nodes=1)


# -- the count of cheapest networks against a brute-force twin ---------------------------------

def brute_force_optima(island: Island) -> tuple[int | None, int]:
    """(least cost, how many sets of links reach it), from every simple hex path between two
    cities (networkx) and every set of pairwise hex-disjoint ones that joins the ruins."""
    costs = {h: TRACK_COST[t] for h, t in island.hexmap.terrain if t in TRACK_COST}
    cities = {c.hex: c.name for c in island.cities}
    graph = nx.Graph()
    graph.add_nodes_from(list(costs) + list(cities))
    for a, b in itertools.combinations(graph.nodes, 2):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1]) == 2 \
                and not (a in cities and b in cities):
            graph.add_edge(a, b)
    links = []
    for a, b in itertools.combinations(sorted(cities), 2):
        inner = graph.subgraph(set(costs) | {a, b})
        for path in nx.all_simple_paths(inner, a, b):
            links.append((frozenset(path[1:-1]), sum(costs[h] for h in path[1:-1]), cities[a], cities[b]))
    ruins = set(island.ruins())
    best = [None, 0]

    def joined(chosen) -> bool:
        g = nx.Graph()
        g.add_nodes_from(ruins)
        g.add_edges_from((a, b) for _, _, a, b in chosen)
        return nx.is_connected(g.subgraph(nx.node_connected_component(g, next(iter(ruins))) | ruins))

    def walk(start: int, chosen: list, used: frozenset, cost: int) -> None:
        if best[0] is not None and cost > best[0]:
            return
        if chosen and joined(chosen):
            if best[0] is None or cost < best[0]:
                best[0], best[1] = cost, 0
            best[1] += 1
            return
        for i in range(start, len(links)):
            hexes, c, _, _ = links[i]
            if not hexes & used:
                walk(i + 1, chosen + [links[i]], used | hexes, cost + c)

    walk(0, [], frozenset(), 0)
    return best[0], best[1]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(12, 15), st.integers(0, 1))
def test_optimal_network_count_matches_brute_force(seed, hexes, junctions):
    try:
        island = random_island(hexes, 3, junctions, seed=seed)
    except ValueError:
        return
    cost, count = brute_force_optima(island)
    costs = {h: TRACK_COST[t] for h, t in island.hexmap.terrain if t in TRACK_COST}
    found = optimal_networks(costs, {c.hex: c.name for c in island.cities}, island.ruins())
    assert len(found) == count
    assert island.connect().cost == cost
    assert count_optimal_networks(island) == (count or None)
    for net in found:                       # each one a valid network at the optimum, no repeats
        assert sum(link.cost for link in net) == cost
    assert len({frozenset(link.hexes for link in net) for net in found}) == len(found)


def test_two_equal_branches_make_two_optima():
    # A-B through (1, 0) costs $3; B-C through (1, 1) or (2, 1), $3 each; A-C costs $6.
    costs = {(1, 0): 3, (0, 1): 3, (1, 1): 3, (2, 1): 3}
    cities = {(0, 0): "A", (2, 0): "B", (1, 2): "C"}
    island = Island.build(plain=list(costs), cities=[City(n, h, "red", True) for h, n in cities.items()])
    assert brute_force_optima(island) == (6, 2)
    assert count_optimal_networks(island) == 2


# -- generation: determinism, grades ---------------------------------------------------------

def test_same_seed_same_moai_files():
    first = generate("steam-easter/moai", difficulty=3, seed=5, count=2)
    again = generate("steam-easter/moai", difficulty=3, seed=5)
    assert first[0].text == again[0].text and first[0].text != first[1].text
    for made in first:
        puzzle = parse_puzzle(made.text, file=made.filename)
        assert puzzle.answer.value == puzzle.solve().value == made.solution.value
        assert made.facts.greedy_value > made.solution.value          # difficulty 3: naive is wrong


@pytest.mark.parametrize("kind", ["steam-easter/moai", "steam-easter/connect"])
def test_every_grade_is_reachable(kind):
    for difficulty in range(1, 6):
        made = generate_one(kind, difficulty=difficulty, seed=1)
        assert made.difficulty == difficulty
        assert parse_puzzle(made.text).answer.optima == made.facts.optima
