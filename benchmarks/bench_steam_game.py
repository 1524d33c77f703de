"""Benchmark: the exact whole-game planner against its brute-force twin on small Zoo maps.

The planner (:mod:`zoobook.steam.game.planner`) plays the engine's moves with memoisation,
bounds and its last-turn dominances; the twin (``tests/steam/twins.py``) re-states the rules on
plain tuples and tries every move, every share count included. On each map drawn by
:func:`twins.random_zoo_instance` (two rows, detours, sometimes exits or a town) both run in
the same process; the benchmark prints their CPU times (``time.thread_time``, so a busy
machine does not skew them), the ratio, and checks that they agree on (turns, score, cash).
Exit status 1 when they disagree.

Run: ``python benchmarks/bench_steam_game.py`` (``--quick``: the imports and one small map,
what ``make test`` runs; ``--maps N``: how many maps, default 12).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "steam"))

from twins import random_zoo_instance, solve_zoo, zoo_game  # noqa: E402

from zoobook.steam.game.planner import plan  # noqa: E402


def timed(run):
    start = time.thread_time()
    result = run()
    return time.thread_time() - start, result


def planned(inst):
    found = plan(zoo_game(inst))
    return None if not found.cleared else (found.turns, found.score, found.cash)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="imports and one small map")
    parser.add_argument("--maps", type=int, default=12)
    args = parser.parse_args(argv)
    count = 1 if args.quick else args.maps
    print(f"{'map':>4} {'rows':>4} {'exits':>5} {'land':>4} {'answer':>16} {'planner s':>9} "
          f"{'twin s':>7} {'ratio':>6}")
    ratios, bad = [], 0
    for seed in range(count):
        inst = random_zoo_instance(random.Random(seed), turns=1)
        plan_t, mine = timed(lambda: planned(inst))
        twin_t, theirs = timed(lambda: solve_zoo(inst))
        same = mine == theirs
        bad += not same
        ratio = plan_t / max(twin_t, 1e-6)
        ratios.append(ratio)
        rows = len({h[1] for h in inst.land} | {a[1][1] for a in inst.areas})
        print(f"{seed:>4} {rows:>4} {len(inst.exits):>5} {len(inst.land):>4} {str(mine):>16} "
              f"{plan_t:9.3f} {twin_t:7.3f} {ratio:6.1f}{'' if same else '  DISAGREE'}")
    print(f"median planner/twin time ratio: {statistics.median(ratios):.1f} over {count} maps "
          "(the planner replays every move through the engine; the twin works on bare tuples)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
