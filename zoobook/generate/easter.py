"""Generators for the Easter Island kinds, ``steam-easter/connect`` and ``steam-easter/moai``:
random islands (the game's own :func:`~zoobook.steam.easter.generate.random_island`),
graded by solver facts.

``steam-easter/connect``
------------------------
* effort: relaxations the branch and bound solves times the track hexes each
  one searches (the exact solver's work);
* decoys: links of the first, relaxed tree (cheapest links that may share a
  hex) that no optimal network keeps: tempting links that collide;
* naive answer: the classic textbook 2-approximation, the minimum spanning
  tree of cheapest ruin-to-ruin paths (:func:`closure_mst`), which pays twice
  for shared hexes and cannot branch at a junction city;
* optima: the cheapest networks, counted as distinct **sets of links** (each
  link a city, its track hexes in order, a city: what a player lays), by
  :func:`~zoobook.steam.easter.connect.optimal_networks`. Sets of track hexes
  would be coarser, but a player who lays the same hexes with other turns of
  track has built another network. Not counted (None) when the enumeration
  passes :data:`MAX_NETWORK_NODES` partial networks.

``steam-easter/moai``
---------------------
The network is built for the puzzle: every city linked by cheap hex-disjoint
track (:func:`built_network`, so the ruins are joined as clear condition 1
asks), moai and single cubes placed on the ruins, and a starting level.

* effort: positions the clearing A* expands (:func:`fewest_turns`);
* decoys: first turns one turn worse (:func:`decoy_first_turns`): told apart
  by the cubes left and the level after them, those after which the fewest
  turns in all is the optimum + 1;
* naive answer: :func:`naive_turns`, a plausible plan that takes the
  Locomotive action when a top cube is out of reach, ships the nearest top
  cube each round, raises the locomotive only when nothing can ship, and never
  turns a moai (Rapa Nui) or selects an action just to move the blockers;
* optima: not counted. The optimal plans differ mostly in bookkeeping (which
  round raises, which spare action moves the blockers, which of two equal
  cubes goes first), so their number, easily in the hundreds, says nothing
  about the puzzle.
* themes: Rapa Nui used (and whether turning the statue saves a turn), near
  cube buried (a moai whose bottom cube could ship at the starting level but
  whose top cube cannot), Locomotive action, Locomotive held back (first taken
  after turn 1 although a route was too long from the start: the naive plan's
  mistake), raise in move goods, blockers moved, level binds. A purple
  stone (a cube with no city of its colour) makes a map unclearable, which a
  generated puzzle never is, so that theme stays with the hand-made puzzle.

Examples
--------
>>> import random
>>> from zoobook.steam.easter.kinds import solve_connect, solve_moai
>>> island = sample_connect(random.Random(3), 2)
>>> connect_facts(island, solve_connect(island)).effort > 0
True
>>> question = sample_moai(random.Random(3), 3)
>>> facts = moai_facts(question, solve_moai(question))
>>> facts.greedy_value >= solve_moai(question).value
True
"""

from __future__ import annotations

import functools
import heapq
import math
import random

import networkx as nx

from zoobook.generate.grading import Calibration, Facts
from zoobook.explain import join_words, plural
from zoobook.generate.registry import Generator
from zoobook.hexgrid import Hex, distance, neighbours
from zoobook.puzzles.solution import Solution
from zoobook.steam.easter.approximations import closure_mst, networkx_steiner
from zoobook.steam.easter.clearing import ACTIONS, ClearingPlan, fewest_turns, turn_successors
from zoobook.steam.easter.connect import SearchBudgetExceeded, optimal_networks
from zoobook.steam.easter.generate import random_island
from zoobook.steam.easter.island import TRACK_COST, Island
from zoobook.steam.easter.kinds import MoaiQuestion
from zoobook.steam.easter.moai import MAX_LEVEL, cube_needs

__all__ = ["sample_connect", "connect_facts", "count_optimal_networks", "CONNECT_GENERATOR", "sample_moai",
           "built_network", "naive_turns", "decoy_first_turns", "moai_facts", "MOAI_GENERATOR"]


def _random_island(rng: random.Random, hexes: int, ruins: int, fewest: int, most: int) -> Island | None:
    """A random island of this size (None when its cities cannot be spaced out)."""
    try:
        return random_island(hexes, ruins, rng.randint(fewest, most),
                             mountains=rng.choice((0.2, 0.3, 0.4)), seed=rng.randrange(2**32))
    except ValueError:
        return None


# -- steam-easter/connect -------------------------------------------------------------------

#: Islands whose exact solve needs more relaxations than this are redrawn (a few random
#: islands make the branch and bound explode; a puzzle should verify in a blink).
MAX_RELAXATIONS = 150

#: The optimal networks are not counted past this many partial networks (optima = None).
MAX_NETWORK_NODES = 2000

#: Island sizes by difficulty hint: (hexes, ruins, fewest and most junction cities). Junction
#: cities are where the textbook tree over the ruins alone goes wrong, so harder hints get more.
_SIZES = {1: (24, 3, 0, 1), 2: (32, 4, 0, 1), 3: (40, 4, 2, 3), 4: (48, 5, 2, 3), 5: (56, 5, 3, 4)}


def sample_connect(rng: random.Random, difficulty: int) -> Island:
    """A random island of the hinted size, redrawn when its cities cannot be spaced out
    or when its exact solve needs more than :data:`MAX_RELAXATIONS` relaxations."""
    hexes, ruins, fewest, most = _SIZES[difficulty]
    while True:
        island = _random_island(rng, hexes, ruins, fewest, most)
        if island is None:
            continue
        try:
            island.connect(max_relaxations=MAX_RELAXATIONS)
        except SearchBudgetExceeded:
            continue
        return island


def count_optimal_networks(island: Island, cost: int | None = None) -> int | None:
    """How many distinct sets of links reach the optimum *cost* (solved here when None);
    None when there are too many to enumerate."""
    costs = {h: TRACK_COST[t] for h, t in island.hexmap.terrain if t in TRACK_COST}
    try:
        found = optimal_networks(costs, {c.hex: c.name for c in island.cities}, island.ruins(),
                                 cost=cost, max_nodes=MAX_NETWORK_NODES)
    except SearchBudgetExceeded:
        return None
    return len(found) or None


def connect_facts(island: Island, solution: Solution) -> Facts:
    """Effort, decoys, naive gap, optima and themes of a solved connect question."""
    result = island.connect()
    costs = {h: TRACK_COST[t] for h, t in island.hexmap.terrain if t in TRACK_COST}
    effort = result.branches * len(costs)
    final = {link.hexes for link in result.links}
    decoys = sum(1 for link in result.textbook_links if link.hexes not in final)
    if result.cost is None:
        return Facts(effort, decoys, 0.0, None, None, ("no network",))
    try:
        naive = closure_mst(island)
    except ValueError:
        naive = None
    gap = 1.0 if naive is None else abs(naive - result.cost) / max(1, result.cost)
    ruins = set(island.ruins())
    themes = []
    if any(end not in ruins for link in result.links for end in link.ends):
        themes.append("junction city used")
    used = {h for link in result.links for h in link.track}
    if any(t == "mountain" for h, t in island.hexmap.terrain if h in used):
        themes.append("mountain track")
    if result.collisions:
        themes.append("cheapest links collide")
    if result.branches > 1:
        themes.append("branch and bound")
    if not networkx_steiner(island).legal:
        themes.append("textbook tree branches on track")
    themes.append("Steiner tree")
    return Facts(effort, decoys, gap, naive, count_optimal_networks(island, result.cost), tuple(themes))


def _problems(island: Island, solution: Solution, facts: Facts) -> list[str]:
    if len(island.ruins()) < 3:
        return ["two ruins are a shortest path, not a network"]
    return []


def _title(island: Island, solution: Solution, facts: Facts) -> str:
    return f"Join {len(island.ruins())} ruins"


def _describe(island: Island, solution: Solution, facts: Facts) -> str:
    return ("A generated island: the least track cost joining every ruin into one network of "
            "complete links.")


#: Calibrated with zoobook.generate.calibrate("steam-easter/connect", samples=400, seed=0).
CONNECT_CALIBRATION = Calibration(effort_scale=100, decoy_scale=2, gap_scale=0.15,
                                  thresholds=(0.193, 0.336, 0.505, 0.641))

CONNECT_GENERATOR = Generator("steam-easter/connect", sample_connect, connect_facts, CONNECT_CALIBRATION,
                              _title, _problems, _describe)


# -- steam-easter/moai ----------------------------------------------------------------------

#: Set-ups whose exact solve reaches more positions than this are redrawn (the few with many
#: stacks and a low locomotive make the search slow; a puzzle should verify in a blink).
MAX_POSITIONS = 400

#: Set-ups by difficulty hint: (hexes, ruins, fewest and most towns, moai, single cubes,
#: starting levels, chain, bias). *chain* is the chance that a city's link goes to the city
#: joined just before it (long chains make long routes); *bias* weights each cube's colour by
#: its route length to that power, long for top cubes and single cubes, short for the cube under
#: a top one: a low locomotive, long routes and buried near cubes are what fool the naive plan.
_MOAI_SIZES = {1: (24, 3, 0, 1, 2, 0, (2,), 0.5, 0), 2: (30, 4, 1, 2, 2, 1, (1, 2), 0.7, 1),
               3: (36, 4, 2, 3, 2, 1, (1,), 1.0, 3), 4: (40, 5, 2, 3, 2, 1, (1,), 1.0, 3),
               5: (44, 5, 3, 4, 2, 1, (1,), 1.0, 4)}


def _cheapest_link(costs: dict, used: set, a: Hex, b: Hex) -> list | None:
    """The cheapest track from city hex *a* to city hex *b* over the hexes of *costs* no link
    uses yet, as a list of hexes from *a* to *b* (Dijkstra; ties by hex order, so the same
    every time)."""
    heap = [(costs[h], h) for h in neighbours(a) if h in costs and h not in used]
    heapq.heapify(heap)
    dist = {h: d for d, h in heap}
    previous = {h: a for _, h in heap}
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        if b in neighbours(h):
            path = [b, h]
            while path[-1] != a:
                path.append(previous[path[-1]])
            return path[::-1]
        for n in neighbours(h):
            if n in costs and n not in used and d + costs[n] < dist.get(n, math.inf):
                dist[n], previous[n] = d + costs[n], h
                heapq.heappush(heap, (d + costs[n], n))
    return None


def built_network(island: Island, rng: random.Random, chain: float) -> Island | None:
    """*island* with a network joining every city by cheapest hex-disjoint track.

    From a random city, each step either extends the chain (chance *chain*): the
    nearest city not yet joined, linked to the city joined last; or branches: a random
    city not yet joined, linked to a random joined one. Long chains make long routes.
    None when a city cannot be reached without crossing track.
    """
    costs = island.track_costs()
    left = [c.hex for c in island.cities]
    rng.shuffle(left)
    joined, used, tracks = [left.pop()], set(), []
    while left:
        if rng.random() < chain:
            h = min(left, key=lambda c: distance(c, joined[-1]))
            targets = [joined[-1]]
        else:
            h = left[-1]
            targets = rng.sample(joined, len(joined))
        left.remove(h)
        for target in targets:
            path = _cheapest_link(costs, used, target, h)
            if path is not None:
                break
        else:
            return None
        used.update(path[1:-1])
        tracks.append(path)
        joined.append(h)
    return island.with_tracks(tracks)


def _weighted_colour(rng: random.Random, choices: list[tuple[str, int]], bias: float) -> str:
    return rng.choices([c for c, _ in choices], [need ** bias for _, need in choices])[0]


#: Networks tried on one island before drawing another (a chain can cut the island in two).
_NETWORK_TRIES = 3


def _route_lengths(island: Island, name: str) -> list[tuple[str, int]]:
    """(colour, links) for each ruin colour a cube on *name* can reach: the shortest route
    to the nearest other city of that colour, where the cube stops (ruling S9)."""
    lengths = nx.single_source_shortest_path_length(island.link_graph(), name)
    out = {}
    for city in island.cities:
        if city.ruin and city.name != name and city.name in lengths:
            out[city.colour] = min(out.get(city.colour, MAX_LEVEL + 1), lengths[city.name])
    return sorted((c, n) for c, n in out.items() if n <= MAX_LEVEL)


def sample_moai(rng: random.Random, difficulty: int) -> MoaiQuestion:
    """A random island with a built network, moai and single cubes on its ruins, and a level;
    redrawn until the solve stays within :data:`MAX_POSITIONS` positions."""
    hexes, ruins, fewest, most, moai, singles, levels, chain, bias = _MOAI_SIZES[difficulty]
    while True:
        island = _random_island(rng, hexes, ruins, fewest, most)
        if island is None:
            continue
        for _ in range(_NETWORK_TRIES):
            built = built_network(island, rng, chain)
            if built is not None:
                break
        else:
            continue
        names = built.ruins()
        stacks = {}
        for index, name in enumerate(rng.sample(names, min(len(names), moai + singles))):
            choices = _route_lengths(built, name)
            if not choices:  # no other ruin within reach of a level-6 locomotive
                break
            top = _weighted_colour(rng, choices, bias)
            stacks[name] = ((_weighted_colour(rng, choices, -bias), top) if index < moai else (top,))
        else:
            question = MoaiQuestion(built.with_cubes(stacks), rng.choice(levels))
            try:
                _plan(question.island, question.locomotive)
            except SearchBudgetExceeded:
                continue
            return question


@functools.lru_cache(maxsize=8)
def _plan(island: Island, level: int) -> ClearingPlan:
    # The sampler's budget check and the facts share one solve.
    return fewest_turns(island, level, max_states=MAX_POSITIONS)


def _start(question: MoaiQuestion) -> tuple:
    """The clearing search's position: stacks as sorted need tuples, level, no blockers."""
    return tuple(sorted(cube_needs(question.island).values())), question.locomotive, frozenset()


def naive_turns(question: MoaiQuestion) -> int | None:
    """The turns of the naive plan: select Locomotive whenever a top cube is out of reach and
    the action is free, no other action (so never Rapa Nui, and Locomotive stays blocked once
    taken); in each round ship the top cube with the shortest route, or raise the locomotive
    when nothing can ship. None when a cube can never be delivered."""
    stacks, level, _ = _start(question)
    if any(n is None for stack in stacks for n in stack):
        return None
    stacks, turns, locomotive_free = list(stacks), 0, True
    while stacks:
        turns += 1
        if locomotive_free and level < MAX_LEVEL and any(s[-1] > level for s in stacks):
            level, locomotive_free = level + 1, False
        raised = False
        for _ in range(2):
            ready = [s for s in stacks if s[-1] <= level]
            if ready:
                stack = min(ready, key=lambda s: (s[-1], s))
                stacks.remove(stack)
                if len(stack) > 1:
                    stacks.append(stack[:-1])
            elif not raised and level < MAX_LEVEL:
                level, raised = level + 1, True
    return turns


def _within(position: tuple, turns: int, failed: dict, successors: dict) -> bool:
    """Whether *position* can be cleared in at most *turns* turns (depth-first, cut by the
    two-cubes-a-turn bound; *failed* keeps the turns proved too few, shared between calls)."""
    stacks = position[0]
    if not stacks:
        return True
    if math.ceil(sum(map(len, stacks)) / 2) > turns or failed.get(position, -1) >= turns:
        return False
    if position not in successors:
        # Fewest cubes left first: a finish, if there is one, tends to be found soonest.
        successors[position] = sorted(dict.fromkeys(p for _, p in turn_successors(*position)),
                                      key=lambda p: sum(map(len, p[0])))
    if any(_within(p, turns - 1, failed, successors) for p in successors[position]):
        return True
    failed[position] = turns
    return False


def decoy_first_turns(question: MoaiQuestion, best: int) -> int:
    """First turns, told apart by the cubes left and the level after them (not by which action
    only moved the blockers), after which the fewest turns in all is *best* + 1."""
    failed: dict = {}
    successors: dict = {}
    after: dict = {}
    for _, position in turn_successors(*_start(question)):
        after.setdefault(position[:2], []).append(position)
    decoys = 0
    for positions in after.values():
        if any(_within(p, best - 1, failed, successors) for p in positions):
            continue
        decoys += any(_within(p, best, failed, successors) for p in positions)
    return decoys


def moai_facts(question: MoaiQuestion, solution: Solution) -> Facts:
    """Effort, decoys, naive gap and themes of a solved moai question."""
    best = solution.value
    try:
        plan = _plan(question.island, question.locomotive)
    except SearchBudgetExceeded:
        plan = fewest_turns(question.island, question.locomotive)
    naive = naive_turns(question)
    if best is None:
        return Facts(plan.expanded, 0, 0.0, None, None, ("no solution",))
    gap = (naive - best) / best
    decoys = decoy_first_turns(question, best)
    return Facts(plan.expanded, decoys, gap, naive, None, _moai_themes(question, solution, plan))


def _moai_themes(question: MoaiQuestion, solution: Solution, plan: ClearingPlan) -> tuple[str, ...]:
    needs = cube_needs(question.island)
    lines = " ".join(solution.witness)
    out = []
    if plan.flips:
        out.append("Rapa Nui used")
        without = fewest_turns(question.island, question.locomotive,
                               allowed=tuple(a for a in ACTIONS if a != "Rapa Nui"))
        if without.turns != plan.turns:
            out.append("statue turned saves a turn")
    level = question.locomotive
    if any(len(stack) == 2 and stack[0] <= level < stack[1] for stack in needs.values()):
        out.append("near cube buried")
    selected = [number for number, line in enumerate(solution.witness) if "Locomotive to level" in line]
    if selected:
        out.append("Locomotive action")
        if selected[0] > 0 and max(n for stack in needs.values() for n in stack) > level:
            out.append("Locomotive held back")
    if "raise the locomotive" in lines:
        out.append("raise in move goods")
    if "only to move the blockers" in lines:
        out.append("blockers moved")
    if max(n for stack in needs.values() for n in stack) > level:
        out.append("level binds")
    out.append("A* search over turns")
    return tuple(out)


def _moai_problems(question: MoaiQuestion, solution: Solution, facts: Facts) -> list[str]:
    if question.island.cube_count() < 3:
        return ["fewer than three cubes is not a puzzle"]
    if solution.value is not None and solution.value < 2:
        return ["a one-turn clearing is not a puzzle"]
    return []


def _moai_title(question: MoaiQuestion, solution: Solution, facts: Facts) -> str:
    stacks = [c.cubes for c in question.island.cities if c.cubes]
    moai = sum(len(s) == 2 for s in stacks)
    parts = [plural(moai, "moai", "moai")] if moai else []
    if len(stacks) > moai:
        parts.append(plural(len(stacks) - moai, "single cube"))
    return f"Clear {join_words(parts)} from level {question.locomotive}"


def _moai_describe(question: MoaiQuestion, solution: Solution, facts: Facts) -> str:
    return ("A generated island with its network built: the fewest turns to ship every moai cube "
            f"away, starting with the locomotive at level {question.locomotive}.")


#: Calibrated with zoobook.generate.calibrate("steam-easter/moai", samples=400, seed=0).
MOAI_CALIBRATION = Calibration(effort_scale=150, decoy_scale=12, gap_scale=0.34,
                               thresholds=(0.256, 0.581, 0.702, 0.76))

MOAI_GENERATOR = Generator("steam-easter/moai", sample_moai, moai_facts, MOAI_CALIBRATION,
                           _moai_title, _moai_problems, _moai_describe)
