"""The Zoo-map shipment solver against a brute-force twin that enumerates simple routes.

The twin reads the rules straight from the rulebook: "you need a locomotive level at
least equal to the number of links you pass through (as usual), and also at least
equal to the highest danger level up to the square before the final destination
(including the shipping origin)", one danger may count 1 lower with Feeding, exits
teleport once at no cost, and no node is visited twice (rulings S3-S6).
"""

from __future__ import annotations

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zoobook.hexgrid import Hex, distance, neighbours, spiral
from zoobook.steam.hexmap import MapError, hex_name
from zoobook.steam.zoo.model import Area, Town, ZooMap
from zoobook.steam.zoo.shipping import (Network, best_shipment, level_table, min_locomotive,
                                        route_level, shipment_table, state_graph)

# -- the twin ---------------------------------------------------------------------------------------


def twin_nodes(zoo: ZooMap) -> dict[Hex, tuple[str, str, int]]:
    """hex -> (name, type, danger), straight from the map's lists."""
    out = {a.hex: (a.name, "area", a.danger) for a in zoo.areas}
    out.update({t.hex: (hex_name(t.hex), "town", 1 if t.urbanized else 0) for t in zoo.towns})
    out.update({h: (hex_name(h), "exit", 0) for h in zoo.exits})
    return out


def twin_links(zoo: ZooMap) -> dict[str, set[str]]:
    """name -> names one complete link away (read from the track's end hexes).

    Ruling S2a: track from an exit is a link only when its other end is an animal area or a
    new city (an urbanized town, danger 1 in the twin's table).
    """
    nodes = twin_nodes(zoo)
    out: dict[str, set[str]] = {info[0]: set() for info in nodes.values()}
    for track in zoo.tracks:
        ends = [nodes.get(track.hexes[0]), nodes.get(track.hexes[-1])]
        if ends[1] is None:
            continue
        kinds = [kind if kind != "town" or danger == 0 else "new city" for _, kind, danger in ends]
        if "exit" in kinds and not {"area", "new city"} & set(kinds):
            continue
        if True:
            a, b = nodes[track.hexes[0]][0], nodes[track.hexes[-1]][0]
            out[a].add(b)
            out[b].add(a)
    return out


def twin_routes(zoo: ZooMap, origin: str, destination: str):
    """Every simple route of at most 6 links: (node names, links, teleported)."""
    links = twin_links(zoo)
    exits = [hex_name(h) for h in zoo.exits]

    def walk(path, count, teleported):
        here = path[-1]
        if here == destination:
            yield list(path), count, teleported
            return
        if count == 6:
            return
        for other in links[here]:
            if other not in path:
                yield from walk(path + [other], count + 1, teleported)
        if here in exits and not teleported:
            for other in exits:
                if other not in path:
                    yield from walk(path + [other], count, True)

    yield from walk([origin], 0, False)


def twin_level(zoo: ZooMap, route: list[str], links: int, feeding: bool) -> int:
    danger = {info[0]: info[2] for info in twin_nodes(zoo).values()}
    counted = sorted((danger[n] for n in route[:-1]), reverse=True)  # not the destination
    if feeding:
        counted[0] -= 1
    return max([links] + counted)


def twin_min_level(zoo: ZooMap, origin: str, destination: str, feeding: bool) -> int | None:
    if zoo.area(origin).food == 0:
        return None
    levels = [twin_level(zoo, route, links, feeding)
              for route, links, _ in twin_routes(zoo, origin, destination)]
    best = min(levels, default=None)
    return best if best is not None and best <= 6 else None


# -- random maps ------------------------------------------------------------------------------------

REGION = spiral((0, 0), 3)


@st.composite
def zoo_maps(draw) -> ZooMap:
    """Small maps dense in links: random nodes, tracks grown by random walks."""
    cells = draw(st.lists(st.sampled_from(REGION), min_size=3, max_size=10, unique=True))
    kinds = draw(st.lists(st.sampled_from("aaaaxxxtu"), min_size=len(cells), max_size=len(cells)))
    kinds[0] = kinds[1] = "a"
    areas, towns, exits = [], [], []
    for i, (h, kind) in enumerate(zip(cells, kinds)):
        if kind == "a":
            areas.append(Area(f"area{i}", h, draw(st.integers(1, 6)), draw(st.sampled_from([2, 2, 2, 1, 0]))))
        elif kind == "x":
            exits.append(h)
        else:
            towns.append(Town(h, kind == "u"))
    zoo = ZooMap.build(areas, towns, exits)
    # Tracks: from one node towards another along shortest hex paths (after an optional
    # first step aside, so parallel links appear), sometimes cut short (incomplete).
    attempts = draw(st.lists(st.tuples(st.integers(0, len(cells) - 1), st.integers(0, len(cells) - 1),
                                       st.integers(-1, 5), st.lists(st.integers(0, 5), min_size=6, max_size=6),
                                       st.booleans(), st.integers(1, 3)),
                             min_size=3, max_size=16))
    node_hexes = set(cells)
    for a, b, aside, choices, cut, keep in attempts:
        start, goal = cells[a], cells[b]
        if start == goal:
            continue
        track = [start]
        if aside >= 0:
            track.append(neighbours(start)[aside])
        for choice in choices:
            here = track[-1]
            if here in node_hexes and here != start or distance(here, goal) <= 1:
                break
            closer = [n for n in neighbours(here) if distance(n, goal) < distance(here, goal)]
            free = [n for n in closer if zoo.hexmap.track_at(n) is None and n not in track]
            closer = free or closer
            track.append(closer[choice % len(closer)])
        if track[-1] not in node_hexes and distance(track[-1], goal) == 1:
            track.append(goal)
        if cut and len(track) > 2:
            track = track[:1 + keep]
        try:
            zoo = zoo.with_track(track)
        except MapError:
            continue
    return zoo


SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def pairs(zoo):
    names = zoo.area_names()
    return [(a, b) for a in names for b in names if a != b]


def test_random_maps_are_interesting():
    """The generator makes teleports, parallel links, incomplete track and exit track that is no
    link (S2a), or the twin proves little."""
    seen = {"teleport": 0, "parallel": 0, "incomplete": 0, "null": 0, "level>=3": 0, "open": 0}

    @settings(max_examples=150, deadline=None, database=None, derandomize=True)
    @given(zoo_maps(), st.booleans())
    def probe(zoo, feeding):
        g = zoo.hexmap.link_graph()
        seen["parallel"] += any(g.number_of_edges(a, b) > 1 for a, b in g.edges())
        seen["incomplete"] += bool(zoo.hexmap.incomplete_links())
        seen["open"] += any(link.open for link in zoo.hexmap.links())
        for (a, b), s in shipment_table(zoo, feeding=feeding).items():
            seen["null"] += s is None
            if s:
                seen["teleport"] += s.teleport is not None
                seen["level>=3"] += s.level >= 3

    probe()
    assert all(count >= 3 for count in seen.values()), seen


@SETTINGS
@given(zoo_maps(), st.booleans())
def test_min_locomotive_agrees_with_the_brute_force_twin(zoo, feeding):
    network = Network(zoo)
    for origin, destination in pairs(zoo):
        expected = twin_min_level(zoo, origin, destination, feeding)
        shipment = best_shipment(network, origin, destination, feeding=feeding)
        assert (shipment.level if shipment else None) == expected, (origin, destination)
        if shipment:
            # The witness is a legal simple route of exactly that level, checked by the twin's rules.
            route = list(shipment.route)
            assert len(set(route)) == len(route)
            assert route[0] == origin and route[-1] == destination
            links = twin_links(zoo)
            for a, b, step in zip(route, route[1:], shipment.steps):
                assert (b in links[a]) if step is not None else (a in zoo.exit_names() and b in zoo.exit_names())
            assert list(shipment.steps).count(None) <= 1
            assert twin_level(zoo, route, shipment.links, feeding) == expected
            assert route_level(zoo, route, list(shipment.steps), feeding=feeding) == expected


@settings(max_examples=150, deadline=None)
@given(zoo_maps(), st.booleans())
def test_all_pairs_table_agrees_with_pairwise_twin(zoo, feeding):
    table = level_table(zoo, feeding=feeding)
    assert set(table) == set(pairs(zoo))
    for (origin, destination), level in table.items():
        assert level == twin_min_level(zoo, origin, destination, feeding), (origin, destination)
    for (origin, destination), s in shipment_table(zoo, feeding=feeding).items():
        if s:
            assert route_level(zoo, list(s.route), list(s.steps), feeding=feeding) == s.level


@settings(max_examples=80, deadline=None)
@given(zoo_maps(), st.booleans(), st.integers(1, 6))
def test_networkx_state_graph_gives_the_same_shortest_walks(zoo, feeding, level):
    """The drawn state graph is the searched one: nx's shortest paths match the search."""
    network = Network(zoo)
    for origin, destination in pairs(zoo)[:6]:
        start = network.start(origin, level, feeding)
        graph = state_graph(network, level, destination, feeding=feeding)
        if start is None:
            continue
        lengths = nx.single_source_dijkstra_path_length(graph, start, weight="weight")
        ends = [d for s, d in lengths.items() if s[0] == destination]
        route = network.route_to(destination, *network.search(origin, level, feeding, destination))
        assert (min(ends) if ends else None) == (route[0] if route else None)


@settings(max_examples=60, deadline=None)
@given(zoo_maps())
def test_feeding_never_hurts_and_lowers_by_at_most_one(zoo):
    plain, fed = level_table(zoo), level_table(zoo, feeding=True)
    for pair in plain:
        if plain[pair] is not None:
            assert fed[pair] is not None and plain[pair] - 1 <= fed[pair] <= plain[pair]


# -- the rulebook's worked examples and the shipped puzzles -------------------------------------------


def test_seed_example_danger_3_through_danger_2_to_danger_4_needs_level_3():
    """"You take 1 piece of food from a danger-3 area, pass through a danger-2 area, and feed it to a
    danger-4 animal area. Your locomotive level must be at least 3.\""""
    zoo = ZooMap.build([Area("three", (0, 0), 3), Area("two", (2, 0), 2), Area("four", (4, 0), 4)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
    assert min_locomotive(zoo, "three", "four") == 3
    assert twin_min_level(zoo, "three", "four", False) == 3
    # "Two links require locomotive level 2": with a danger-1 origin the links bind.
    calm = ZooMap.build([Area("one", (0, 0), 1), Area("two", (2, 0), 2), Area("four", (4, 0), 4)],
                        tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
    assert min_locomotive(calm, "one", "four") == 2


def test_seed_example_feeding_passes_a_danger_6_lion_at_level_5():
    """"Example: You can pass a danger-6 lion with a locomotive level of 5.\""""
    zoo = ZooMap.build([Area("zebra", (0, 0), 2), Area("lion", (2, 0), 6), Area("camel", (4, 0), 5)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
    assert min_locomotive(zoo, "zebra", "camel") == 6
    shipment = best_shipment(zoo, "zebra", "camel", feeding=True)
    assert shipment.level == 5 and shipment.fed == "lion"


def test_teleport_is_used_at_most_once_and_adds_no_link():
    # a -> exit1 => exit2 -> exit3?  No: the second jump would be a second teleport.
    zoo = ZooMap.build([Area("a", (0, 0), 1), Area("b", (10, 0), 1)], exits=[(2, 0), (5, 5), (8, 0)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(8, 0), (9, 0), (10, 0)]])
    s = best_shipment(zoo, "a", "b")
    assert s.level == 2 and s.links == 2 and s.teleport == ("2,0", "8,0")


def test_exit_track_is_a_link_only_to_an_animal_area_or_a_new_city():
    # a (0,0) - exit (2,0) - town (4,0) - b (6,0); exit (2,2) - b: only area/new-city ends count (S2a)
    tracks = [[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)], [(4, 0), (5, 0), (6, 0)],
              [(2, 2), (3, 2), (4, 2), (5, 1), (6, 0)]]
    zoo = ZooMap.build([Area("a", (0, 0), 1), Area("b", (6, 0), 1)], towns=[Town((4, 0))],
                       exits=[(2, 0), (2, 2)], tracks=tracks)
    # a -> exit 2,0 =teleport=> exit 2,2 -> b: the exit-town track is no link, the teleport is
    assert best_shipment(zoo, "a", "b").route == ("a", "2,0", "2,2", "b")
    without_teleport = ZooMap.build([Area("a", (0, 0), 1), Area("b", (6, 0), 1)], towns=[Town((4, 0))],
                                    exits=[(2, 0)], tracks=tracks[:3])
    assert min_locomotive(without_teleport, "a", "b") is None, "exit - town track carries nothing"
    assert min_locomotive(without_teleport.urbanized((4, 0)), "a", "b") == 3
    exits_only = ZooMap.build([Area("a", (0, 0), 1), Area("b", (6, 0), 1)], exits=[(2, 0), (4, 0)],
                              tracks=[tracks[0], [(2, 0), (3, 0), (4, 0)], tracks[2]])
    # exit - exit track is no link, but the two exits still teleport
    assert best_shipment(exits_only, "a", "b").steps == (0, None, 2)


def test_new_city_counts_danger_1_and_towns_none():
    zoo = ZooMap.build([Area("a", (0, 0), 1), Area("b", (4, 0), 1)], towns=[Town((2, 0), urbanized=True)],
                       tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])
    assert zoo.danger("2,0") == 1
    # With Feeding the origin's danger 1 counts as 0, but the new city's 1 and the 2 links remain.
    assert min_locomotive(zoo, "a", "b", feeding=True) == 2


def test_every_shipped_puzzle_matches_the_twin():
    from zoobook.puzzles import catalogue, load_puzzle
    from zoobook.puzzles.loading import default_puzzle_dir

    folder = default_puzzle_dir() / "steam-zoo"
    rows, errors = catalogue([folder])
    assert not errors and len(rows) >= 12
    for row in rows:
        puzzle = load_puzzle(row.path)
        q = puzzle.model
        assert puzzle.themes and puzzle.answer is not None, row.path
        assert puzzle.answer.value == twin_min_level(q.zoo, q.origin, q.destination, q.feeding), row.path


@settings(max_examples=60, deadline=None)
@given(zoo_maps(), st.booleans(), st.integers(1, 6))
def test_a_level_k_shipment_exists_exactly_when_the_twin_needs_at_most_k(zoo, feeding, level):
    from zoobook.steam.zoo.shipping import shipment_at_level

    for origin, destination in pairs(zoo)[:8]:
        expected = twin_min_level(zoo, origin, destination, feeding)
        found = shipment_at_level(zoo, origin, destination, level, feeding=feeding)
        assert (found is not None) == (expected is not None and expected <= level)
        if found:
            assert expected <= found.level <= level


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_generated_maps_agree_with_the_twin(seed, feeding):
    """Bigger, player-like maps from the generator (exits and towns linked like any node)."""
    import random

    from zoobook.steam.zoo.generate import random_zoo

    zoo = random_zoo(random.Random(seed), width=8, height=6, areas=5, exits=3, towns=2)
    table = level_table(zoo, feeding=feeding)
    for (origin, destination), level in table.items():
        assert level == twin_min_level(zoo, origin, destination, feeding), (seed, origin, destination)
