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

In a full run, then the Dask speed-up: the grade distributions of four kinds, in one process
against two Dask workers (a LocalCluster; the time with and without starting it). The results
must be equal (exit 1 otherwise).
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


#: Four kinds of similar cost, so that two workers can share them evenly.
DASK_KINDS = ("zooloretto/score", "steam-zoo/shipment", "5x5/lineup", "zooloretto/truck")


def dask_speedup(puzzles: int) -> int:
    """Print one process against two Dask workers on DASK_KINDS; 1 if the results differ."""
    from zoobook.generate.survey import dask_client, grade_distributions

    start = time.perf_counter()
    alone = grade_distributions(DASK_KINDS, puzzles, seed=0, workers=1)
    one = time.perf_counter() - start
    start = time.perf_counter()
    with dask_client(2) as client:
        if client is None:
            print("dask: not installed (pip install 'zoobook[parallel]'); no speed-up measured")
            return 0
        from zoobook.generate import generator_kinds as load_generators

        client.run(load_generators)  # each worker imports the games once, as this process did
        up = time.perf_counter()
        spread = grade_distributions(DASK_KINDS, puzzles, seed=0,
                                     scheduler=client.scheduler.address)
        done = time.perf_counter()
    print(f"dask, {len(DASK_KINDS)} kinds x {puzzles} puzzles: 1 process {one:.1f} s; 2 workers "
          f"{done - up:.1f} s ({one / (done - up):.2f}x), {done - start:.1f} s with the cluster's start and imports "
          f"({one / (done - start):.2f}x)")
    if spread != alone:
        print("dask: the two-worker distributions differ from the single-process ones")
        return 1
    return 0


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
    if args.quick:
        return verdict([], True)
    if dask_speedup(20 * args.count):
        return 1
    return verdict([], False)   # no speed target: every puzzle generated is the check


if __name__ == "__main__":
    sys.exit(main())
