"""Benchmark: the exact Easter Island connect solver, and how wrong the textbook answers are.

* The exact solver on random 150-hex islands with 8 ruins and 2 other cities: median and
  slowest CPU time (target: under 2 s each), against networkx's approximate
  ``steiner_tree`` timed on the same islands (the naive baseline: a 2-approximation
  that ignores the track rules).
* On small islands, the exact solver against the brute-force twin of the tests
  (enumerating hex-disjoint link sets), timed in the same run.
* The approximation gaps: how often networkx's Steiner tree and the MST of the
  metric closure miss the optimum (costlier, or an illegal network branching on a
  track hex), and by how much.

Run: ``python -m benchmarks.bench_steam_easter [--quick] [ISLANDS]`` (``--quick``: one
island of each size, no Easter Island board). Target: the exact solver's slowest run under
2 s (MET or MISSED; exit status as in :mod:`benchmarks.timing`).
"""

from __future__ import annotations

import statistics
import sys
import time

from benchmarks.timing import agree, options, target, verdict
from tests.steam.test_easter_connect import brute_force  # the tests' twin, the naive exact solver
from zoobook.steam.easter.approximations import closure_mst, networkx_steiner
from zoobook.steam.easter.generate import random_island
from zoobook.steam.easter.island import TRACK_COST, easter_island


def timed(f, *args):
    start = time.thread_time()
    value = f(*args)
    return value, time.thread_time() - start


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__, count=20, what="islands of each size")
    count = 1 if args.quick else args.count
    exact_times, nx_times, gaps_nx, gaps_mst, wrong_nx, wrong_mst, illegal, collided = [], [], [], [], 0, 0, 0, 0
    for seed in range(count):
        island = random_island(150, 8, 2, seed=seed)
        result, spent = timed(island.connect)
        if result.cost is None:
            continue
        exact_times.append(spent)
        collided += bool(result.collisions)
        tree, nx_spent = timed(networkx_steiner, island)
        nx_times.append(nx_spent)
        mst = closure_mst(island)
        if tree.cost != result.cost or not tree.legal:
            wrong_nx += 1
        illegal += not tree.legal
        gaps_nx.append((tree.cost - result.cost) / result.cost)
        if mst != result.cost:
            wrong_mst += 1
        gaps_mst.append((mst - result.cost) / result.cost)
    n = len(exact_times)
    print(f"Easter Island connect, {n} random islands of 150 hexes, 8 ruins + 2 towns (CPU time)")
    print(f"  exact solver: median {statistics.median(exact_times):.3f} s, slowest {max(exact_times):.3f} s "
          f"(target < 2 s); cheapest links collided on {collided} of {n}")
    print(f"  networkx steiner_tree (baseline): median {statistics.median(nx_times):.3f} s; exact/baseline "
          f"time ratio {statistics.median(exact_times) / statistics.median(nx_times):.2f}x")
    print(f"  networkx steiner_tree wrong on {wrong_nx} of {n} ({illegal} illegal: branching on a track hex); "
          f"gap mean {100 * statistics.mean(gaps_nx):+.1f}%, "
          f"range {100 * min(gaps_nx):+.1f}% to {100 * max(gaps_nx):+.1f}%")
    print(f"  MST of the metric closure wrong on {wrong_mst} of {n}; gap mean {100 * statistics.mean(gaps_mst):+.1f}%, "
          f"worst {100 * max(gaps_mst):+.1f}%")
    if not args.quick:
        board, spent = timed(lambda: easter_island().connect())
        print(f"  the (assumed) Easter Island board, 12 ruins and 4 towns: ${board.cost} in {spent:.3f} s")
    small_exact, small_brute = [], []
    seed = 0
    while len(small_exact) < count:
        seed += 1
        try:
            island = random_island(13, 4, 0, seed=seed)
        except ValueError:  # the four cities did not fit apart on this blob
            continue
        costs = {h: TRACK_COST[t] for h, t in island.hexmap.terrain}
        cities = {c.hex: c.name for c in island.cities}
        result, spent = timed(island.connect)
        value, brute_spent = timed(brute_force, costs, cities, island.ruins())
        agree(result.cost, value, f"13-hex island of seed {seed}")
        small_exact.append(spent)
        small_brute.append(brute_spent)
    print(f"  13-hex islands, 4 ruins: exact {statistics.median(small_exact) * 1000:.1f} ms, brute-force twin "
          f"{statistics.median(small_brute) * 1000:.1f} ms (median; twin/exact ratio "
          f"{statistics.median(small_brute) / max(statistics.median(small_exact), 1e-6):.1f}x)")
    return verdict([target("the exact solver's slowest island under 2 s", max(exact_times) < 2.0)], args.quick)


if __name__ == "__main__":
    sys.exit(main())
