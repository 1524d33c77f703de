"""Benchmark: the best placement of a hand of Zooloretto tiles.

Side by side in one run, on a 2-player zoo with two expansion boards, both
expansions, a fertile camel waiting for its mate and a souvenir shop still in
the middle:

* **decision graph**: :func:`zoobook.zooloretto.placement.best_placement`, dynamic
  programming over the DAG of (zoo, tiles in hand), with equal states merged and
  the orders that cannot matter pruned;
* **every order**: the naive search a player's brute force would do, every order
  of the tiles and every legal place for each, by plain recursion.

Both must agree; the script prints the medians and the ratio and exits non-zero
if the 4-tile hand misses its targets (under 1 s, at least 5 times faster).
Run: ``python benchmarks/bench_zooloretto.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from zoobook.zooloretto.model import Enclosure, Tile, new_zoo
from zoobook.zooloretto.placement import best_placement

from timing import median_ms  # benchmarks/timing.py, beside this script

# The baseline is the tests' brute-force twin itself, so the two never drift apart.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "zooloretto"))
from twins import brute_best as every_order  # noqa: E402

TARGET_MS, TARGET_RATIO = 1000.0, 5.0


def main() -> int:
    zoo = (new_zoo(players=2, expansion_boards=2, coins=3)
           .with_enclosure(Enclosure("5", "camel", 2, fertile=("male",)))
           .with_enclosure(Enclosure("6", "zebra", 3, stalls=("kiosk",))))
    hand = [Tile.parse(t) for t in ("camel-female", "zebra", "snack", "camel")]
    ok = True
    for size in (3, 4):
        tiles = hand[:size]
        plan = best_placement(zoo, tiles)
        assert (plan.score.total, plan.zoo.coins) == every_order(zoo, tiles), "solvers disagree"
        fast = median_ms(lambda: best_placement(zoo, tiles), 5)
        slow = median_ms(lambda: every_order(zoo, tiles), 3 if size == 4 else 5)
        ratio = slow / fast
        print(f"{size} tiles: decision graph {fast:8.1f} ms ({plan.states} states) | every order "
              f"{slow:8.1f} ms | ratio {ratio:5.1f}x | best score {plan.score.total}")
        if size == 4 and (fast > TARGET_MS or ratio < TARGET_RATIO):
            ok = False
    print("targets met" if ok else f"TARGETS MISSED (want < {TARGET_MS:.0f} ms and >= {TARGET_RATIO:.0f}x)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
