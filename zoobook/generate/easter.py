"""Generator for ``steam-easter/connect``: random islands (the game's own
:func:`~zoobook.steam.easter.generate.random_island`), graded by solver facts.

Facts
-----
* effort: relaxations the branch and bound solves times the track hexes each
  one searches (the exact solver's work);
* decoys: links of the first, relaxed tree (cheapest links that may share a
  hex) that no optimal network keeps: tempting links that collide;
* naive answer: the classic textbook 2-approximation, the minimum spanning
  tree of cheapest ruin-to-ruin paths (:func:`closure_mst`), which pays twice
  for shared hexes and cannot branch at a junction city;
* optima: not counted for this kind (the solver proves one optimum).

Examples
--------
>>> import random
>>> from zoobook.steam.easter.kinds import solve_connect
>>> island = sample(random.Random(3), 2)
>>> connect_facts(island, solve_connect(island)).effort > 0
True
"""

from __future__ import annotations

import random

from zoobook.generate.grading import Calibration, Facts
from zoobook.generate.registry import Generator, register_generator
from zoobook.puzzles.solution import Solution
from zoobook.steam.easter.connect import SearchBudgetExceeded
from zoobook.steam.easter.approximations import closure_mst, networkx_steiner
from zoobook.steam.easter.generate import random_island
from zoobook.steam.easter.island import TRACK_COST, Island

__all__ = ["sample", "connect_facts", "GENERATOR"]

#: Islands whose exact solve needs more relaxations than this are redrawn (a few random
#: islands make the branch and bound explode; a puzzle should verify in a blink).
MAX_RELAXATIONS = 150

#: Island sizes by difficulty hint: (hexes, ruins, fewest and most junction cities). Junction
#: cities are where the textbook tree over the ruins alone goes wrong, so harder hints get more.
_SIZES = {1: (24, 3, 0, 1), 2: (32, 4, 0, 1), 3: (40, 4, 2, 3), 4: (48, 5, 2, 3), 5: (56, 5, 3, 4)}


def sample(rng: random.Random, difficulty: int) -> Island:
    """A random island of the hinted size, redrawn when its cities cannot be spaced out
    or when its exact solve needs more than :data:`MAX_RELAXATIONS` relaxations."""
    hexes, ruins, fewest, most = _SIZES[difficulty]
    while True:
        try:
            island = random_island(hexes, ruins, rng.randint(fewest, most),
                                   mountains=rng.choice((0.2, 0.3, 0.4)), seed=rng.randrange(2**32))
        except ValueError:
            continue
        try:
            island.connect(max_relaxations=MAX_RELAXATIONS)
        except SearchBudgetExceeded:
            continue
        return island


def connect_facts(island: Island, solution: Solution) -> Facts:
    """Effort, decoys, naive gap and themes of a solved connect question."""
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
    return Facts(effort, decoys, gap, naive, None, tuple(themes))


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
CALIBRATION = Calibration(effort_scale=100, decoy_scale=2, gap_scale=0.15,
                          thresholds=(0.193, 0.336, 0.505, 0.641))

GENERATOR = register_generator(Generator("steam-easter/connect", sample, connect_facts, CALIBRATION,
                                         _title, _problems, _describe), replace=True)
