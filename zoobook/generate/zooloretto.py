"""Generator for ``zooloretto/score``: zoos filled by random legal play (the game's own
:func:`new_zoo`, :func:`legal_placements`, :func:`place_tile` and building actions).

Scoring a zoo is a computation, not a search, so the facts measure what a
player must get right when adding it up:

* effort: the score lines to add (enclosures, stalls, barn penalties ...);
* decoys: lines that subtract (barn penalties, construction sites), the ones
  players forget;
* naive answer: the zoo scored with the base-game lines only (rule Z1), as a
  player who forgets the expansions' rules would; without expansions it is right.

Examples
--------
>>> import random
>>> from zoobook.zooloretto.kinds import solve_score
>>> zoo = sample(random.Random(1), 3)
>>> score_facts(zoo, solve_score(zoo)).effort > 0
True
"""

from __future__ import annotations

import random

from zoobook.generate.grading import Calibration, Facts
from zoobook.generate.registry import Generator, register_generator
from zoobook.puzzles.solution import Solution
from zoobook.zooloretto.actions import (SITE_KINDS, IllegalAction, buy_pavilion, buy_restaurant,
                                        legal_placements, place_site, place_tile)
from zoobook.zooloretto.model import (CONSTRUCTION_SITES, EXPANSIONS, SPECIES, STALL_TYPES,
                                      THREE_BUILDINGS, Tile, Zoo, new_zoo)
from zoobook.zooloretto.scoring import score

__all__ = ["sample", "score_facts", "GENERATOR"]

#: Tiles played by difficulty hint (more tiles, fuller zoos, more lines).
_TILES = {1: (5, 9), 2: (8, 12), 3: (10, 15), 4: (12, 18), 5: (14, 22)}


def _random_tile(rng: random.Random, species: tuple[str, ...]) -> Tile:
    roll = rng.random()
    if roll < 0.2:
        return Tile("stall", rng.choice(STALL_TYPES))
    sex = rng.choice((None, None, None, "male", "female"))
    return Tile("animal", rng.choice(species), sex)


def sample(rng: random.Random, difficulty: int) -> Zoo:
    """A zoo after a random number of random tiles placed legally (and, with the
    expansions, random buildings and construction sites)."""
    players = rng.choice((2, 3, 4))
    expansions = tuple(e for e in EXPANSIONS if rng.random() < 0.25 + 0.12 * difficulty)
    zoo = new_zoo(players, rng.choice((0, 0, 1)), expansions=expansions, coins=6)
    species = tuple(rng.sample(SPECIES, 4))
    low, high = _TILES[difficulty]
    for _ in range(rng.randint(low, high)):
        tile = _random_tile(rng, species)
        options = legal_placements(zoo, tile)
        if not options:
            continue
        # A player puts most tiles into the zoo, few into the barn.
        inside = [o for o in options if o[0] != "barn"]
        to, shop = rng.choice(inside if inside and rng.random() < 0.85 else options)
        zoo = place_tile(zoo, tile, to, shop_to=shop).zoo
    actions = []
    if THREE_BUILDINGS in expansions:
        actions += [lambda z: buy_restaurant(z)] + [lambda z, k=k: buy_pavilion(z, k) for k in z_keys(zoo)]
    if CONSTRUCTION_SITES in expansions:
        actions += [lambda z, k=k: place_site(z, k) for k in SITE_KINDS]
    for action in rng.sample(actions, min(len(actions), rng.randint(0, 2))):
        try:
            zoo = action(zoo).zoo
        except (IllegalAction, ValueError):
            pass
    return zoo


def z_keys(zoo: Zoo) -> tuple[str, ...]:
    return tuple(zoo.keys)


def score_facts(zoo: Zoo, solution: Solution) -> Facts:
    """Lines to add, subtracting lines, and the base-rules-only total."""
    result = score(zoo)
    naive = sum(line.points for line in result.lines if line.rule == "Z1")
    gap = abs(result.total - naive) / max(1, abs(result.total))
    rules = sorted({line.rule for line in result.lines})
    themes = [f"rule {r}" for r in rules]
    if any(line.points < 0 for line in result.lines):
        themes.append("barn penalty")
    themes.append("scoring by hand")
    return Facts(len(result.lines), sum(line.points < 0 for line in result.lines), gap, naive, None,
                 tuple(themes))


def _problems(zoo: Zoo, solution: Solution, facts: Facts) -> list[str]:
    return [] if facts.effort >= 3 else ["fewer than three score lines is not a puzzle"]


def _title(zoo: Zoo, solution: Solution, facts: Facts) -> str:
    return f"Score a {zoo.players}-player zoo"


#: Calibrated with zoobook.generate.calibrate("zooloretto/score", samples=300, seed=0).
CALIBRATION = Calibration(effort_scale=12, decoy_scale=3, gap_scale=0.3,
                          thresholds=(0.258, 0.643, 0.773, 0.856))

GENERATOR = register_generator(Generator("zooloretto/score", sample, score_facts, CALIBRATION,
                                         _title, _problems), replace=True)
