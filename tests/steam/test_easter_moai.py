"""The moai: shipping the top cube, Rapa Nui, set-ups, and the fewest-turns search against a brute-force twin."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings, strategies as st

from zoobook.hexgrid import hex_line
from zoobook.steam.easter.clearing import ACTIONS, fewest_turns
from zoobook.steam.easter.island import City, Island, easter_island
from zoobook.steam.easter.moai import cube_needs, delivery, rapa_nui, setup, ship


# -- a brute-force twin: concrete states, shortest routes by enumerating simple paths ------------

def can_deliver(graph, colours, origin, colour, level):
    """Some simple path of at most *level* links to a *colour* city, passing no *colour* city."""
    targets = [c for c in graph if colours[c] == colour and c != origin]
    for target in targets:
        for path in nx.all_simple_paths(graph, origin, target, cutoff=level):
            if all(colours[c] != colour for c in path[1:-1]):
                return True
    return False


def brute_force_turns(island, level, limit=8):
    graph = nx.Graph(island.link_graph())
    colours = {c.name: c.colour for c in island.cities}
    names = [c.name for c in island.cities]
    known = {}

    def deliverable(origin, colour, lvl):
        key = (origin, colour, lvl)
        if key not in known:
            known[key] = can_deliver(graph, colours, origin, colour, lvl)
        return known[key]

    start = (tuple(c.cubes for c in island.cities), level, frozenset())
    frontier, seen = {start}, {start}
    for turns in range(limit + 1):
        if any(not any(stacks) for stacks, _, _ in frontier):
            return turns
        nxt = set()
        for stacks, lvl, blocked in frontier:
            choices = [(stacks, lvl, blocked)]
            for action in ACTIONS:
                if action in blocked:
                    continue
                after = blocked | {action}
                after = frozenset() if len(after) == 4 else frozenset(after)
                if action == "Locomotive":
                    choices.append((stacks, min(6, lvl + 1), after))
                elif action == "Rapa Nui":
                    # S12a: any moai, a one-cube remnant too (it stays as it is); S12: with no
                    # cube left it is void, selected only for its blocker
                    moai = [i for i, s in enumerate(stacks) if s]
                    for i in moai:
                        choices.append((stacks[:i] + (stacks[i][::-1],) + stacks[i + 1:], lvl, after))
                    if not moai:
                        choices.append((stacks, lvl, after))
                else:
                    choices.append((stacks, lvl, after))
            for stacks0, lvl0, blocked0 in choices:
                rounds = {(stacks0, lvl0, False)}
                for _ in range(2):
                    more = set(rounds)
                    for s, lv, raised in rounds:
                        if not raised and lv < 6:
                            more.add((s, lv + 1, True))
                        for i, stack in enumerate(s):
                            if stack and deliverable(names[i], stack[-1], lv):
                                more.add((s[:i] + (stack[:-1],) + s[i + 1:], lv, raised))
                    rounds = more
                for s, lv, _ in rounds:
                    state = (s, lv, blocked0)
                    if state not in seen:
                        seen.add(state)
                        nxt.add(state)
        frontier = nxt
    return None


# -- random small networks: cities on a lattice, links along straight hex lines --------------------

LATTICE = [(0, 0), (3, 0), (6, 0), (0, 3), (3, 3), (6, 3)]
EDGES = [(a, b) for a, b in itertools.combinations(range(6), 2)
         if LATTICE[b][0] - LATTICE[a][0] in (0, 3) and LATTICE[b][1] - LATTICE[a][1] in (0, 3)
         and LATTICE[a] != LATTICE[b] and abs(LATTICE[b][0] - LATTICE[a][0]) + abs(LATTICE[b][1] - LATTICE[a][1]) == 3]


@st.composite
def networks(draw):
    colours = draw(st.lists(st.sampled_from(["red", "blue", "yellow"]), min_size=6, max_size=6))
    edges = draw(st.lists(st.sampled_from(EDGES), min_size=2, max_size=len(EDGES), unique=True))
    stacks = draw(st.lists(st.lists(st.sampled_from(["red", "blue", "yellow"]), max_size=2),
                           min_size=6, max_size=6))
    total = 0
    cities = []
    for i, (h, colour, cubes) in enumerate(zip(LATTICE, colours, stacks)):
        cubes = cubes[: max(0, 4 - total)]
        total += len(cubes)
        cities.append(City(f"C{i}", h, colour, True, tuple(cubes)))
    tracks = [hex_line(LATTICE[a], LATTICE[b]) for a, b in edges]
    return Island.build(cities=cities, tracks=tracks), draw(st.integers(1, 3))


@settings(max_examples=60, deadline=None)
@given(networks())
def test_fewest_turns_agrees_with_brute_force(instance):
    island, level = instance
    plan = fewest_turns(island, level)
    assert plan.turns == brute_force_turns(island, level)


def test_only_the_top_cube_ships_and_stops_at_the_first_city_of_its_colour():
    # Red 3 -- Blue 1 -- Red 4 -- Red 5: a red cube from Red 3 stops at Red 4, never reaches Red 5.
    island = Island.build(
        cities=[City("Red 3", (0, 0), "red", True, ("red", "blue")), City("Blue 1", (2, 0), "blue", True),
                City("Red 4", (4, 0), "red", True), City("Red 5", (6, 0), "red", True)],
        tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)], [(4, 0), (5, 0), (6, 0)]])
    assert delivery(island, "Red 3").cube == "blue"          # the top cube, not the red below it
    flipped = rapa_nui(island, "Red 3")
    assert delivery(flipped, "Red 3").route == ("Red 3", "Blue 1", "Red 4")
    assert delivery(flipped, "Red 3", level=1) is None
    after, made = ship(flipped, "Red 3", level=2)
    assert after.city("Red 3").cubes == ("blue",) and made.destination == "Red 4"
    assert cube_needs(island)["Red 3"] == (2, 1)


def test_a_cube_with_no_city_of_its_colour_makes_the_map_unclearable():
    island = Island.build(cities=[City("A", (0, 0), "red", True, ("yellow",)), City("B", (2, 0), "red", True)],
                          tracks=[[(0, 0), (1, 0), (2, 0)]])
    assert fewest_turns(island, 2).turns is None


def test_setups_place_the_seed_cube_counts():
    island = easter_island()
    counts = {d: setup(island, d, seed=1).cube_count() for d in ("Easy", "Normal", "Hard")}
    assert counts == {"Easy": 16, "Normal": 18, "Hard": 20}
    hard = setup(island, "Hard", seed=3)
    assert all(len(hard.city(n).cubes) == 2 for n in ("Yellow 1", "Red 6", "Blue 2"))
    assert [len(hard.city(n).cubes) for n in ("Blue 3", "Blue 4", "Blue 5", "Blue 6")] == [1, 1, 1, 1]
    with pytest.raises(ValueError, match="places 16 cubes"):
        setup(island, "Easy", colours=["red"])


def test_clear_condition_needs_joined_ruins_and_no_cube():
    island = Island.build(cities=[City("A", (0, 0), "red", True), City("B", (2, 0), "red", True)])
    assert not island.cleared()
    joined = island.with_track([(0, 0), (1, 0), (2, 0)])
    assert joined.cleared()
    assert not joined.with_cubes({"A": ("red",)}).cleared()


def test_turning_the_statue_saves_a_turn_hand_checked():
    """Red 2 holds blue under red; the red needs 6 links, the blue 1; level 2, one yellow elsewhere.

    By hand, without Rapa Nui the blue waits for the red: the level reaches 6 at the earliest in turn 4
    (one raise per move-goods phase, Locomotive once per cycle of four selections), so red and blue ship
    in turn 4. Turning the moai over ships the blue in turn 2 and the red in turn 3.
    """
    from zoobook.puzzles.loading import load_puzzle
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "puzzles" / "steam-easter" / "moai-turn-the-statue.toml"
    question = load_puzzle(path).model
    assert cube_needs(question.island)["Red 2"] == (1, 6)
    assert fewest_turns(question.island, 2).turns == 3
    assert fewest_turns(question.island, 2, allowed=("Engineer", "Locomotive", "Urbanization")).turns == 4


def test_blockers_free_every_action_after_four_selections():
    from zoobook.steam.easter.clearing import _after_selection, turn_successors

    blocked = frozenset()
    for action in ("Rapa Nui", "Engineer", "Locomotive"):
        blocked = _after_selection(blocked, action)
        assert action in blocked
    assert _after_selection(blocked, "Urbanization") == frozenset()
    stacks = ((1, 3),)
    moves = [move for move, _ in turn_successors(stacks, 1, frozenset({"Rapa Nui"}))]
    assert all(action != "Rapa Nui" for action, _, _ in moves)
    assert any(action == "Rapa Nui" for action, _, _ in (m for m, _ in turn_successors(stacks, 1, frozenset())))


def test_rapa_nui_on_a_remnant_moves_the_blockers_and_changes_no_stack():
    # S12a: a one-cube remnant may be turned; the search offers it as a move that only moves
    # the blockers (the statue (1, 3) may still be turned for real)
    from zoobook.steam.easter.clearing import turn_successors

    moves = {move[:2] for move, _ in turn_successors(((2,), (1, 3)), 1, frozenset())}
    assert ("Rapa Nui", None) in moves and ("Rapa Nui", (1, 3)) in moves
    only_statues = {move[:2] for move, _ in turn_successors(((1, 3),), 1, frozenset())}
    assert ("Rapa Nui", None) not in only_statues   # a statue turned is a changed statue
