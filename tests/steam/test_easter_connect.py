"""The exact connect solver against a brute-force twin that enumerates hex-disjoint link sets."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings, strategies as st

from zoobook.hexgrid import Hex, neighbours
from zoobook.steam.easter.connect import (check_network, cheapest_links,
                                          cheapest_network, network_cost)


# -- the brute-force twin ------------------------------------------------------------------

def all_links(costs, cities):
    """Every simple hex path city -> track hexes -> another city (each once, by its ends' order)."""
    out = []

    def extend(path):
        for n in neighbours(path[-1]):
            if n in cities and n != path[0] and len(path) >= 2:
                if path[0] < n:
                    out.append((path[0], n, tuple(path[1:]), sum(costs[h] for h in path[1:])))
            elif n in costs and n not in path:
                extend(path + [n])

    for c in cities:
        extend([c])
    return out


def brute_force(costs, cities, ruins):
    """The least cost of any set of pairwise hex-disjoint links joining the ruins, by exhaustion."""
    ruin_hexes = {h for h, name in cities.items() if name in ruins}
    if len(ruin_hexes) <= 1:
        return 0
    links = sorted(all_links(costs, cities), key=lambda link: link[3])
    best = [None]

    def joined(chosen):
        g = nx.Graph()
        g.add_nodes_from(ruin_hexes)
        g.add_edges_from((a, b) for a, b, _, _ in chosen)
        return ruin_hexes <= nx.node_connected_component(g, next(iter(ruin_hexes)))

    def search(start, chosen, used, cost):
        if best[0] is not None and cost >= best[0]:
            return
        if joined(chosen):
            best[0] = cost
            return
        for i in range(start, len(links)):
            a, b, track, c = links[i]
            if used.isdisjoint(track):
                search(i + 1, chosen + [links[i]], used | set(track), cost + c)

    search(0, [], frozenset(), 0)
    return best[0]


# -- random tiny maps -------------------------------------------------------------------------

@st.composite
def tiny_maps(draw, width=4, height=3):
    cells = [Hex(q, r) for r in range(height) for q in range(width)]
    kinds = draw(st.lists(st.sampled_from(["plain", "plain", "mountain", "hole"]),
                          min_size=len(cells), max_size=len(cells)))
    n_cities = draw(st.integers(2, 5))
    city_cells = draw(st.lists(st.sampled_from(cells), min_size=n_cities, max_size=n_cities, unique=True))
    cities = {h: f"C{i}" for i, h in enumerate(city_cells)}
    costs = {h: (3 if k == "plain" else 4) for h, k in zip(cells, kinds)
             if k != "hole" and h not in cities}
    n_ruins = draw(st.integers(2, n_cities))
    ruins = {f"C{i}" for i in range(n_ruins)}
    return costs, cities, ruins


@settings(max_examples=300, deadline=None)
@given(tiny_maps())
def test_exact_solver_agrees_with_brute_force(instance):
    costs, cities, ruins = instance
    result = cheapest_network(costs, cities, ruins)
    assert result.cost == brute_force(costs, cities, ruins)
    if result.cost is not None:
        hexes = [link.hexes for link in result.links]
        assert check_network(hexes, costs, cities, ruins) == []
        assert network_cost(result.links, costs) == result.cost
        assert result.lower_bound <= result.cost


@settings(max_examples=60, deadline=None)
@given(tiny_maps(width=6, height=2))
def test_exact_solver_agrees_on_long_thin_maps(instance):
    costs, cities, ruins = instance
    assert cheapest_network(costs, cities, ruins).cost == brute_force(costs, cities, ruins)


def corridor():
    """Three ruins and one narrow corridor (2,1)-(3,1): the cheapest links collide.

    A(2,0) and B(1,2) both touch the plain hex (2,1); C(4,1) is reached through
    (3,1). Cheapest links: A-B $3 (through (2,1)), A-C $6 and B-C $6 (both through
    (2,1) and (3,1)). The city-graph tree A-B + A-C costs $9 but uses (2,1) twice.
    By hand: A-B takes (2,1) for $3, so C must be reached without it; the
    cheapest way is A, mountain (3,0), plain (3,1), C for $7: $10 in all (the
    other detours cost $8).
    """
    costs = {(2, 1): 3, (3, 1): 3, (3, 0): 4, (4, 0): 4, (2, 2): 4, (3, 2): 4}
    cities = {(2, 0): "A", (1, 2): "B", (4, 1): "C"}
    return costs, cities, {"A", "B", "C"}


def test_hand_checked_collision_is_resolved():
    costs, cities, ruins = corridor()
    result = cheapest_network(costs, cities, ruins)
    assert (result.lower_bound, result.cost) == (9, 10)
    assert Hex(2, 1) in result.collisions and result.branches > 1
    assert result.cost == brute_force(costs, cities, ruins)
    assert check_network([link.hexes for link in result.links], costs, cities, ruins) == []


def test_unreachable_ruin_has_no_solution():
    costs = {(1, 0): 3}
    cities = {(0, 0): "A", (2, 0): "B", (5, 5): "Z"}
    assert cheapest_network(costs, cities, {"A", "B", "Z"}).cost is None
    assert cheapest_network(costs, cities, {"A", "B"}).cost == 3


def test_adjacent_cities_still_need_track():
    """'A link is a chain of track hexes between two nodes' (S2): two touching cities are not linked."""
    assert cheapest_network({}, {(0, 0): "A", (1, 0): "B"}, {"A", "B"}).cost is None


def test_cheapest_links_is_the_single_link_table():
    costs, cities, _ = corridor()
    table = cheapest_links(costs, cities)
    assert table == {("A", "B"): 3, ("A", "C"): 6, ("B", "C"): 6}


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="city hexes"):
        cheapest_network({(0, 0): 3}, {(0, 0): "A"}, {"A"})
    with pytest.raises(ValueError, match="not cities"):
        cheapest_network({}, {(0, 0): "A"}, {"Q"})


@settings(max_examples=120, deadline=None)
@given(tiny_maps())
def test_link_by_link_search_agrees_with_brute_force(instance):
    """The second exact method (used on crowded small maps) on its own, forced from the first split."""
    import zoobook.steam.easter.connect as connect

    costs, cities, ruins = instance
    saved = connect.PAIR_BRANCH_BUDGET
    connect.PAIR_BRANCH_BUDGET = 0
    try:
        result = connect.cheapest_network(costs, cities, ruins)
    finally:
        connect.PAIR_BRANCH_BUDGET = saved
    assert result.cost == brute_force(costs, cities, ruins)
    if result.cost is not None:
        assert check_network([link.hexes for link in result.links], costs, cities, ruins) == []
        assert network_cost(result.links, costs) == result.cost


def test_a_crowded_map_with_no_network_is_settled_quickly():
    """Five ruins packed around three narrow passages: no network joins them (brute force agrees)."""
    costs = {(0, 0): 3, (0, 1): 3, (2, 1): 3, (3, 1): 3, (1, 2): 4, (2, 2): 4, (3, 2): 4,
             (1, 3): 3, (2, 3): 3, (3, 3): 3}
    cities = {(1, 1): "C0", (1, 0): "C1", (0, 3): "C2", (0, 2): "C3", (2, 0): "C4"}
    ruins = set(cities.values())
    result = cheapest_network(costs, cities, ruins)
    assert result.cost is None is brute_force(costs, cities, ruins)
    assert result.exhaustive and result.lower_bound == 13
