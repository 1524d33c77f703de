"""A toy kind with a toy generator: the framework's filters tested without a game."""

from __future__ import annotations

import random

import pytest

from zoobook.generate import Calibration, Facts, Generator, register_generator
from zoobook.generate import registry as generator_registry
from zoobook.puzzles import PuzzleKind, Solution, register, unregister


def _parse(table):
    return tuple(table.items("numbers", lambda v, key: int(v), min_len=1))


def _solve(numbers):
    return Solution(max(numbers), numbers.index(max(numbers)), ("The largest number.",))


TOY = PuzzleKind("toy/largest", "the largest number", _parse, _solve, lambda n: {"numbers": list(n)})


def toy_facts(numbers, solution):
    """Greedy takes the first number; effort is the list's length, decoys the values one short."""
    gap = (solution.value - numbers[0]) / max(1, solution.value)
    return Facts(len(numbers), sum(n == solution.value - 1 for n in numbers), gap, numbers[0],
                 numbers.count(solution.value), ("scan",))


def toy_sample(rng: random.Random, difficulty: int):
    return tuple(rng.randint(1, 9) for _ in range(rng.randint(2, 2 + 2 * difficulty)))


TOY_GENERATOR = Generator("toy/largest", toy_sample, toy_facts,
                          Calibration(effort_scale=12, decoy_scale=3, gap_scale=0.5,
                                      thresholds=(0.15, 0.3, 0.45, 0.6)),
                          lambda n, s, f: f"{len(n)} numbers")


@pytest.fixture()
def toy_generator():
    register(TOY, replace=True)
    register_generator(TOY_GENERATOR, replace=True)
    yield TOY_GENERATOR
    generator_registry._GENERATORS.pop("toy/largest", None)
    unregister("toy/largest")
