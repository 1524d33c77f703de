"""Benchmark: puzzle generation rate per kind and difficulty.

For every kind with a generator and every difficulty 1-5, generate a few
graded, certified puzzles (fixed seeds) and report puzzles per second, the
median seconds per puzzle and the candidates tried per puzzle. Side by side in
the same run, the naive baseline for the hard grades: **blind** rejection
sampling, which ignores the difficulty hint and draws every candidate at a
random size, against the generator's **guided** sampling (sizes and shapes
chosen for the difficulty asked for). The ratio is blind time / guided time.

A puzzle that cannot be generated stops the run (exit status 1, :mod:`benchmarks.timing`).

``--distributions`` instead surveys 500 random puzzles of every kind and writes their grades
to ``notebooks/data/grade-distributions.json``, which notebook 90 draws (a survey of minutes,
too long for a notebook that runs in the test suite).
Run: ``python -m benchmarks.bench_generate [--quick] [PUZZLES_PER_CELL]`` (``--quick``: one
puzzle of difficulty 1 of the first kind).
"""

from __future__ import annotations

import dataclasses
import json
import statistics
import sys
import time

from pathlib import Path

from benchmarks.timing import options, verdict
from zoobook.generate import generate_one, generator_kinds, get_generator, grade_distributions, register_generator

PER_CELL = 3
BASELINE_DIFFICULTIES = (3, 5)
SURVEY = 500   # random puzzles per kind
DISTRIBUTIONS = Path(__file__).resolve().parents[1] / "notebooks" / "data" / "grade-distributions.json"


def write_distributions(puzzles: int = SURVEY, seed: int = 0) -> Path:
    """Survey *puzzles* random puzzles of every kind and write their grades for notebook 90."""
    grades = grade_distributions(generator_kinds(), puzzles, seed=seed, workers=2)
    data = {"puzzles": puzzles, "seed": seed, "made_by": "python -m benchmarks.bench_generate --distributions",
            "grades": {kind: {str(d): counts[d] for d in range(1, 6)} for kind, counts in grades.items()}}
    DISTRIBUTIONS.parent.mkdir(parents=True, exist_ok=True)
    DISTRIBUTIONS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return DISTRIBUTIONS


def timed(kind: str, difficulty: int, count: int) -> tuple[list[float], list[int]]:
    seconds, tries = [], []
    for index in range(count):
        start = time.perf_counter()
        made = generate_one(kind, difficulty=difficulty, seed=100, index=index)
        seconds.append(time.perf_counter() - start)
        tries.append(made.tries)
    return seconds, tries


def blind(kind: str):
    """The kind's generator with its difficulty hint thrown away (the baseline)."""
    guided = get_generator(kind)
    return dataclasses.replace(guided, sample=lambda rng, hint: guided.sample(rng, rng.randint(1, 5)))


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if "--distributions" in argv:
        print(f"wrote {write_distributions()}")
        return 0
    args = options(argv, __doc__, count=PER_CELL, what="puzzles per kind and difficulty")
    kinds = generator_kinds()[:1] if args.quick else generator_kinds()
    print(f"{'kind':22} {'d':>2} {'puzzles/s':>9} {'median s':>9} {'tries':>6}   blind/guided")
    for kind in kinds:
        guided = get_generator(kind)
        for difficulty in range(1, 2 if args.quick else 6):
            seconds, tries = timed(kind, difficulty, 1 if args.quick else args.count)
            line = (f"{kind:22} {difficulty:>2} {len(seconds) / sum(seconds):9.1f} "
                    f"{statistics.median(seconds):9.3f} {statistics.median(tries):6.0f}")
            if difficulty in BASELINE_DIFFICULTIES and not args.quick:
                register_generator(blind(kind), replace=True)
                try:
                    base, _ = timed(kind, difficulty, args.count)
                finally:
                    register_generator(guided, replace=True)
                line += f"   {sum(base) / sum(seconds):5.1f}x"
            print(line, flush=True)
    return verdict([], args.quick)   # no speed target: every puzzle generated is the check


if __name__ == "__main__":
    sys.exit(main())
