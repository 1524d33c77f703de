"""Benchmark: the exact whole-game planner against its brute-force twin on small Zoo maps.

The planner (:mod:`zoobook.steam.game.planner`) plays the engine's moves with memoisation,
bounds and its last-turn dominances; the twin (``tests/steam/twins.py``) re-states the rules on
plain tuples and tries every move, every share count included. On each map drawn by
:func:`twins.random_zoo_instance` (two rows, detours, sometimes exits or a town) both run in
the same process; the benchmark prints their CPU times (``time.thread_time``, so a busy
machine does not skew them), the ratio, and checks that they agree on (turns, score, cash).
No speed target there: exit status 1 when they disagree (:mod:`benchmarks.timing`).

Then the shipped ``zoo-game-full`` (13 hexes, three areas, two turns: the exact planner's
largest shipped map) with the planner's shortcuts (dominance 4 and its caches) and without
them (``plan(..., shortcuts=False)``, the planner as it was before them), in the same run:
both CPU times, the ratio, and the same plan, score, cash and search counts. Target: at least
twice as fast with them (measured about 3x; the engine's cheaper shipments help both sides).
The quick run compares the two on a small two-turn map instead.

Run: ``python -m benchmarks.bench_steam_game [--quick] [MAPS]`` (``--quick``: the imports and
one small map, what ``make test`` runs; MAPS: how many maps, default 12).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from benchmarks.timing import agree, options, target, verdict
from tests.steam.twins import random_zoo_instance, solve_zoo, zoo_game
from zoobook.puzzles import load_puzzle
from zoobook.steam.game import easter_goods, memo, position_keys, zoo_goods
from zoobook.steam.game.planner import plan

ZOO_GAME_FULL = Path(__file__).resolve().parents[1] / "puzzles" / "steam-zoo-game" / "zoo-game-full.toml"


def timed(run):
    start = time.thread_time()
    result = run()
    return time.thread_time() - start, result


def planned(inst):
    found = plan(zoo_game(inst))
    return None if not found.cleared else (found.turns, found.score, found.cash)


def everything(found):
    return (found.turns, found.score, found.cash, found.actions, found.stats)


def cold(run):
    """*run* with the engine's and planner's module caches emptied first, so that neither
    side of a comparison inherits the other's shipments, networks or board keys."""
    def wrapped():
        zoo_goods._CACHE._store.clear()
        easter_goods._CACHE._store.clear()
        memo._CANON.clear()
        position_keys.clear_caches()
        return run()
    return wrapped


def shortcuts_row(quick: bool) -> bool:
    """The exact planner with and without its shortcuts on zoo-game-full (quick: a small map)."""
    if quick:
        name, game = "small map", zoo_game(random_zoo_instance(random.Random(100), turns=2))
    else:
        name, game = "zoo-game-full", load_puzzle(ZOO_GAME_FULL).model
    slow_t, slow = timed(cold(lambda: plan(game, shortcuts=False)))
    fast_t, fast = timed(cold(lambda: plan(game)))
    agree(everything(fast), everything(slow), f"{name}, the planner with and without its shortcuts")
    ratio = slow_t / max(fast_t, 1e-6)
    print(f"{name}: {fast.turns} turns, score {fast.score}, ${fast.cash}; planner {fast_t:.2f} s, "
          f"without its shortcuts {slow_t:.2f} s: {ratio:.1f}x")
    return target("the exact planner at least 2x faster with its shortcuts on zoo-game-full", ratio >= 2)


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
    return verdict([shortcuts_row(args.quick)], args.quick)


if __name__ == "__main__":
    sys.exit(main())
