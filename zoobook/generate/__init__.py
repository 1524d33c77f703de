"""Puzzle generators and difficulty grading for every puzzle kind (``zoobook generate``).

* :mod:`~zoobook.generate.grading`: solver facts, the difficulty formula and calibration;
* :mod:`~zoobook.generate.registry`: one generator per kind, registered from this package;
* :mod:`~zoobook.generate.pipeline`: sample, solve, measure, filter, grade, certify, write;
* one module per game (``zoo``, ``lineup``, ``easter``, ``zooloretto``);
* :mod:`~zoobook.generate.kinds`: the ``zoobook generate`` command.
"""

from __future__ import annotations

import random

from zoobook.generate.grading import Calibration, Facts, grade, score, thresholds_from
from zoobook.generate.pipeline import (GeneratedPuzzle, GenerationError, candidate, generate,
                                       generate_one, quality_problems, write_generated)
from zoobook.generate.registry import Generator, generator_kinds, get_generator, register_generator

__all__ = ["Calibration", "Facts", "grade", "score", "thresholds_from", "GeneratedPuzzle",
           "GenerationError", "generate", "generate_one", "quality_problems", "write_generated",
           "Generator", "generator_kinds", "get_generator", "register_generator", "calibrate",
           "survey"]


def survey(kind: str, samples: int, *, seed: int = 0, progress=None) -> list:
    """*samples* random candidates of *kind* (any size hint), solved and graded, unfiltered.

    The raw material of calibration and of the difficulty distribution.
    """
    generator = get_generator(kind)
    rng = random.Random(f"zoobook-survey:{kind}:{seed}")
    out = []
    for i in range(samples):
        out.append(candidate(generator, rng, rng.randint(1, 5)))
        if progress is not None:
            progress(i + 1, samples)
    return out


def calibrate(kind: str, samples: int = 400, *, seed: int = 0) -> tuple[float, float, float, float]:
    """Thresholds for *kind* from *samples* random candidates, those that are puzzles at all
    (solvable, passing the kind's own checks); see :func:`thresholds_from`."""
    generator = get_generator(kind)
    found = [c for c in survey(kind, samples, seed=seed)
             if c.solution.value is not None and not generator.problems(c.model, c.solution, c.facts)]
    return thresholds_from([c.score for c in found if c.facts.greedy_right],
                           [c.score for c in found if not c.facts.greedy_right])
