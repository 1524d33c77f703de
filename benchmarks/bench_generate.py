"""Benchmark: puzzle generation rate per kind and difficulty.

For every kind with a generator and every difficulty 1-5, generate a few
graded, certified puzzles (fixed seeds) and report puzzles per second, the
median seconds per puzzle and the candidates tried per puzzle. Side by side in
the same run, the naive baseline for the hard grades: **blind** rejection
sampling, which ignores the difficulty hint and draws every candidate at a
random size, against the generator's **guided** sampling (sizes and shapes
chosen for the difficulty asked for). The ratio is blind time / guided time.

Then the Dask speed-up: the grade distributions of four kinds, in one process against two
Dask workers (a LocalCluster; the time with and without starting it). The results must be equal.

Exits non-zero if any puzzle cannot be generated, or the two-worker distributions differ.
Run: ``python benchmarks/bench_generate.py [PUZZLES_PER_CELL]``.
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
import time

from zoobook.generate import generate_one, generator_kinds, get_generator, register_generator

PER_CELL = int(sys.argv[1]) if len(sys.argv) > 1 else 3
BASELINE_DIFFICULTIES = (3, 5)


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


def main() -> int:
    print(f"{'kind':22} {'d':>2} {'puzzles/s':>9} {'median s':>9} {'tries':>6}   blind/guided")
    for kind in generator_kinds():
        guided = get_generator(kind)
        for difficulty in range(1, 6):
            seconds, tries = timed(kind, difficulty, PER_CELL)
            line = (f"{kind:22} {difficulty:>2} {len(seconds) / sum(seconds):9.1f} "
                    f"{statistics.median(seconds):9.3f} {statistics.median(tries):6.0f}")
            if difficulty in BASELINE_DIFFICULTIES:
                register_generator(blind(kind), replace=True)
                try:
                    base, _ = timed(kind, difficulty, PER_CELL)
                finally:
                    register_generator(guided, replace=True)
                line += f"   {sum(base) / sum(seconds):5.1f}x"
            print(line, flush=True)
    return dask_speedup(20 * PER_CELL)


if __name__ == "__main__":
    sys.exit(main())
