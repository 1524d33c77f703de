"""Benchmark: the best placement of a hand of Zooloretto tiles.

Side by side in one run, on a 2-player zoo with two expansion boards, both
expansions, a fertile camel waiting for its mate and a souvenir shop still in
the middle:

* **decision graph**: :func:`zoobook.zooloretto.placement.best_placement`, dynamic
  programming over the DAG of (zoo, tiles in hand), with equal states merged and
  the orders that cannot matter pruned;
* **every order**: the naive search a player's brute force would do, every order
  of the tiles and every legal place for each, by plain recursion.

Both must agree; the script prints the medians and the ratio, and MET or MISSED
for the 4-tile hand's targets (under 1 s, at least 5 times faster); exit status as in
:mod:`benchmarks.timing`.
Run: ``python -m benchmarks.bench_zooloretto [--quick]`` (``--quick``: the 3-tile hand once).
"""

from __future__ import annotations

import sys

from benchmarks.timing import agree, median_ms, options, target, verdict
# The baseline is the tests' brute-force twin itself, so the two never drift apart.
from tests.zooloretto.twins import brute_best as every_order
from zoobook.zooloretto.model import Enclosure, Tile, new_zoo
from zoobook.zooloretto.placement import best_placement

TARGET_MS, TARGET_RATIO = 1000.0, 5.0


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__)
    zoo = (new_zoo(players=2, expansion_boards=2, coins=3)
           .with_enclosure(Enclosure("5", "camel", 2, fertile=("male",)))
           .with_enclosure(Enclosure("6", "zebra", 3, stalls=("kiosk",))))
    hand = [Tile.parse(t) for t in ("camel-female", "zebra", "snack", "camel")]
    targets = []
    for size in (3,) if args.quick else (3, 4):
        tiles = hand[:size]
        plan = best_placement(zoo, tiles)
        agree((plan.score.total, plan.zoo.coins), every_order(zoo, tiles), f"{size} tiles")
        fast = median_ms(lambda: best_placement(zoo, tiles), 1 if args.quick else 5)
        slow = median_ms(lambda: every_order(zoo, tiles), 1 if args.quick else 3 if size == 4 else 5)
        ratio = slow / fast
        print(f"{size} tiles: decision graph {fast:8.1f} ms ({plan.states} states) | every order "
              f"{slow:8.1f} ms | ratio {ratio:5.1f}x | best score {plan.score.total}")
        if size == 4:
            targets.append(target(f"4 tiles in under {TARGET_MS:.0f} ms", fast < TARGET_MS))
            targets.append(target(f"4 tiles at least {TARGET_RATIO:.0f}x faster than every order",
                                  ratio >= TARGET_RATIO))
    return verdict(targets, args.quick)


if __name__ == "__main__":
    sys.exit(main())
