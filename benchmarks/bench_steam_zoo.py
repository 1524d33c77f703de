"""Benchmark: the Zoo map's all-pairs table of lowest locomotive levels.

A 200-hex map (20 x 10) with 12 animal areas, 4 exits and 3 towns, track laid
between near neighbours. Side by side in one run:

* **state graph**: :func:`zoobook.steam.zoo.shipping.shipment_table`, a 0-1 BFS
  per origin and level in the (node, teleported, fed) state graph;
* **enumeration**: what online engines do, every simple route (up to 6 links,
  teleport included) from every origin, keeping each destination's best level.

Both must agree; the script prints the medians and the ratio, and MET or MISSED for
the targets (under 20 ms, at least 20 times faster); exit status as in :mod:`benchmarks.timing`.
Run: ``python -m benchmarks.bench_steam_zoo [--quick]`` (``--quick``: a 40-hex map, timed once).
"""

from __future__ import annotations

import random
import sys

from benchmarks.timing import agree, median_ms, options, target, verdict
from zoobook.steam.zoo.generate import random_zoo
from zoobook.steam.zoo.shipping import Network, shipment_table

TARGET_MS, TARGET_RATIO = 20.0, 20.0


def enumerate_levels(network: Network, feeding: bool) -> dict[tuple[str, str], int | None]:
    """The naive baseline: every simple route of at most 6 links from every origin."""
    zoo = network.zoo
    danger, exits = network.danger, set(network.exits)
    links = {name: [other for other, _ in network.neighbours[name]] for name in network.graph}
    best: dict[tuple[str, str], int | None] = {}
    for origin in zoo.area_names():
        found: dict[str, int] = {}

        def walk(path: list[str], count: int, teleported: bool, dangers: list[int]) -> None:
            here = path[-1]
            for other in links[here] + (list(exits) if here in exits and not teleported else []):
                if other in path:
                    continue
                jump = other in exits and here in exits and other not in links[here]
                step = 0 if jump else 1
                if count + step > 6:
                    continue
                if zoo.kind_of(other) == "area":
                    top = sorted(dangers, reverse=True)
                    need = max(top[0] - 1 if feeding else top[0], top[1] if len(top) > 1 else 0)
                    level = max(count + step, need)
                    if level <= 6 and level < found.get(other, 7):
                        found[other] = level
                walk(path + [other], count + step, teleported or jump, dangers + [danger[other]])

        if zoo.area(origin).food:
            walk([origin], 0, False, [danger[origin]])
        for destination in zoo.area_names():
            if destination != origin:
                best[(origin, destination)] = found.get(destination)
    return best


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__)
    if args.quick:
        zoo = random_zoo(random.Random(2026), width=8, height=5, areas=4, exits=2, towns=1,
                         links_per_node=3, max_track=3)
    else:
        zoo = random_zoo(random.Random(2026), width=20, height=10, areas=12, exits=4, towns=3,
                         links_per_node=4, max_track=5)
    network = Network(zoo)
    print(f"map: {len(zoo.hexmap.hexes())} hexes, {len(zoo.areas)} areas, {len(zoo.exits)} exits, "
          f"{len(zoo.towns)} towns, {len(zoo.hexmap.complete_links())} complete links")
    targets = []
    for feeding in (False, True):
        fast = {pair: (s.level if s else None)
                for pair, s in shipment_table(network, feeding=feeding).items()}
        slow = enumerate_levels(network, feeding)
        agree(fast, slow, f"the all-pairs table, feeding={feeding}")
        table_ms = median_ms(lambda: shipment_table(Network(zoo), feeding=feeding), 1 if args.quick else 15)
        naive_ms = median_ms(lambda: enumerate_levels(Network(zoo), feeding), 1 if args.quick else 3)
        ratio = naive_ms / table_ms
        print(f"feeding={str(feeding):5}  all-pairs table {table_ms:7.2f} ms   "
              f"enumerating simple routes {naive_ms:8.1f} ms   ratio {ratio:6.1f}x   "
              f"({sum(v is not None for v in fast.values())}/{len(fast)} pairs possible)")
        targets.append(target(f"feeding={feeding}: the table in under {TARGET_MS:.0f} ms", table_ms < TARGET_MS))
        targets.append(target(f"feeding={feeding}: at least {TARGET_RATIO:.0f}x faster than enumerating",
                              ratio >= TARGET_RATIO))
    return verdict(targets, args.quick)


if __name__ == "__main__":
    sys.exit(main())
