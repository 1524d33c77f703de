"""The toy game's generator: random tiles, graded by how many tiles a reader must weigh."""

from __future__ import annotations

import random

from zoobook.generate import Calibration, Facts, Generator

from .model import ToyTile

__all__ = ["sample_heaviest", "heaviest_facts", "HEAVIEST_GENERATOR"]


def sample_heaviest(rng: random.Random, difficulty: int) -> tuple[ToyTile, ...]:
    return tuple(ToyTile(f"t{i}", rng.randint(1, 9)) for i in range(rng.randint(2, 2 + 2 * difficulty)))


def heaviest_facts(tiles, solution) -> Facts:
    """Greedy takes the first tile; effort is the number of tiles, decoys the tiles one lighter."""
    best = solution.value
    return Facts(len(tiles), sum(t.weight == best - 1 for t in tiles), (best - tiles[0].weight) / best,
                 tiles[0].weight, sum(t.weight == best for t in tiles), ("scan",))


HEAVIEST_GENERATOR = Generator("toy/heaviest", sample_heaviest, heaviest_facts,
                               Calibration(effort_scale=12, decoy_scale=3, gap_scale=0.5,
                                           thresholds=(0.15, 0.3, 0.45, 0.6)),
                               lambda tiles, solution, facts: f"{len(tiles)} tiles")
