"""Random puzzles in bulk: the raw material of calibration and of the grade distribution.

* :func:`survey`: random candidates of a kind, solved and graded, unfiltered;
* :func:`calibrate`: a kind's four thresholds from a survey (:func:`~zoobook.generate.grading.thresholds_from`);
* :func:`grade_distribution`: how the grades of *n* puzzles of a kind fall, each a random
  candidate that passes the kind's filters (what ``zoobook generate KIND`` without
  ``--difficulty`` makes);
* :func:`grade_distributions`: the same for several kinds, spread over worker processes.

Examples
--------
>>> counts = grade_distribution("zooloretto/score", 40, seed=1)
>>> sum(counts.values()), set(counts) <= {1, 2, 3, 4, 5}
(40, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed

from zoobook.generate.grading import thresholds_from
from zoobook.generate.pipeline import Candidate, candidate
from zoobook.generate.registry import get_generator

__all__ = ["survey", "calibrate", "is_puzzle", "grade_distribution", "grade_distributions"]

Progress = Callable[[int, int], None]


def survey(kind: str, samples: int, *, seed: int = 0, progress: Progress | None = None) -> list[Candidate]:
    """*samples* random candidates of *kind* (any size hint), solved and graded, unfiltered."""
    generator = get_generator(kind)
    rng = random.Random(f"zoobook-survey:{kind}:{seed}")
    out = []
    for i in range(samples):
        out.append(candidate(generator, rng, rng.randint(1, 5)))
        if progress is not None:
            progress(i + 1, samples)
    return out


def is_puzzle(kind: str, found: Candidate) -> bool:
    """Whether a candidate passes *kind*'s filters: it has an answer and the kind's own checks."""
    generator = get_generator(kind)
    return found.solution.value is not None and not generator.problems(found.model, found.solution,
                                                                       found.facts)


def calibrate(kind: str, samples: int = 400, *, seed: int = 0) -> tuple[float, float, float, float]:
    """Thresholds for *kind* from *samples* random candidates, those that are puzzles at all
    (solvable, passing the kind's own checks); see :func:`thresholds_from`."""
    found = [c for c in survey(kind, samples, seed=seed) if is_puzzle(kind, c)]
    return thresholds_from([c.score for c in found if c.facts.greedy_right],
                           [c.score for c in found if not c.facts.greedy_right])


def grade_distribution(kind: str, puzzles: int = 500, *, seed: int = 0,
                       progress: Progress | None = None) -> Counter:
    """The grades of *puzzles* random candidates of *kind* that pass its filters (drawn until
    that many pass); ``progress(done, puzzles)`` after each one kept.

    Raises ValueError when fewer than one candidate in 50 is a puzzle (a broken sampler).
    """
    generator = get_generator(kind)
    rng = random.Random(f"zoobook-survey:{kind}:{seed}")
    counts: Counter = Counter()
    kept = drawn = 0
    while kept < puzzles:
        drawn += 1
        if drawn > 50 * puzzles:
            raise ValueError(f"{kind}: only {kept} of {drawn} random candidates are puzzles")
        found = candidate(generator, rng, rng.randint(1, 5))
        if is_puzzle(kind, found):
            counts[found.difficulty] += 1
            kept += 1
            if progress is not None:
                progress(kept, puzzles)
    return counts


def _distribution_job(kind: str, puzzles: int, seed: int) -> tuple[str, Counter]:
    return kind, grade_distribution(kind, puzzles, seed=seed)


def grade_distributions(kinds: Iterable[str], puzzles: int = 500, *, seed: int = 0, workers: int = 2,
                        progress: Callable[[str, int, int], None] | None = None) -> dict[str, Counter]:
    """:func:`grade_distribution` of every kind in *kinds*, in that order, computed by *workers*
    processes (1: in this process); ``progress(kind, done, total)`` as each kind finishes.

    The result does not depend on *workers*: every kind draws from its own seeded stream.
    """
    kinds = list(kinds)
    results: dict[str, Counter] = {}

    def finished(kind: str, counts: Counter) -> None:
        results[kind] = counts
        if progress is not None:
            progress(kind, len(results), len(kinds))

    if workers <= 1:
        for kind in kinds:
            finished(*_distribution_job(kind, puzzles, seed))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = [pool.submit(_distribution_job, kind, puzzles, seed) for kind in kinds]
            for job in as_completed(jobs):
                finished(*job.result())
    return {kind: results[kind] for kind in kinds}
