"""Benchmark: the exact whole-game planner against its brute-force twin on small Zoo maps.

The planner (:mod:`zoobook.steam.game.planner`) plays the engine's moves with memoisation,
bounds and its last-turn dominances; the twin (``tests/steam/twins.py``) re-states the rules on
plain tuples and tries every move, every share count included. On each map drawn by
:func:`twins.random_zoo_instance` (two rows, detours, sometimes exits or a town) both run in
the same process; the benchmark prints their CPU times (``time.thread_time``, so a busy
machine does not skew them), the ratio, and checks that they agree on (turns, score, cash).
No speed target: exit status 1 when they disagree (:mod:`benchmarks.timing`).

Run: ``python -m benchmarks.bench_steam_game [--quick] [MAPS]`` (``--quick``: the imports and
one small map, what ``make test`` runs; MAPS: how many maps, default 12).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from benchmarks.timing import agree, options, verdict
from tests.steam.twins import random_zoo_instance, solve_zoo, zoo_game
from zoobook.steam.game.planner import plan


def timed(run):
    start = time.thread_time()
    result = run()
    return time.thread_time() - start, result


def planned(inst):
    found = plan(zoo_game(inst))
    return None if not found.cleared else (found.turns, found.score, found.cash)


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__, count=12, what="maps")
    count = 1 if args.quick else args.count
    print(f"{'map':>4} {'rows':>4} {'exits':>5} {'land':>4} {'answer':>16} {'planner s':>9} "
          f"{'twin s':>7} {'ratio':>6}")
    ratios = []
    for seed in range(count):
        inst = random_zoo_instance(random.Random(seed), turns=1)
        plan_t, mine = timed(lambda: planned(inst))
        twin_t, theirs = timed(lambda: solve_zoo(inst))
        ratio = plan_t / max(twin_t, 1e-6)
        ratios.append(ratio)
        rows = len({h[1] for h in inst.land} | {a[1][1] for a in inst.areas})
        print(f"{seed:>4} {rows:>4} {len(inst.exits):>5} {len(inst.land):>4} {str(mine):>16} "
              f"{plan_t:9.3f} {twin_t:7.3f} {ratio:6.1f}")
        agree(mine, theirs, f"map {seed}, planner against the twin")
    print(f"median planner/twin time ratio: {statistics.median(ratios):.1f} over {count} maps "
          "(the planner replays every move through the engine; the twin works on bare tuples)")
    return verdict([], args.quick)


if __name__ == "__main__":
    sys.exit(main())
