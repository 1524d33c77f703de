"""What a Dask cluster costs, and from which task size it pays (``zoobook.parallel``).

Measures a local cluster of two workers: the seconds before its first task runs (the workers
start and import the games), the overhead per task (200 empty tasks), then one survey at a
small and at a large size, in this process and on the cluster. Targets: the measured start and
per-task cost are within the bounds ``zoobook.parallel`` assumes (so its choice of "one process"
below the break-even size is made on true numbers), and ``worth_a_cluster`` chose the faster
way at both sizes. ``--quick``: the tasks in this process only, results checked.
"""

from __future__ import annotations

import sys
import time

from benchmarks.timing import agree, options, target, verdict
from zoobook.generate.survey import grade_distributions, seconds_per_task
from zoobook.parallel import CLUSTER_START_SECONDS, SECONDS_PER_TASK, dask_client, run_tasks, worth_a_cluster

KINDS = ("zooloretto/score", "steam-zoo/shipment", "5x5/lineup", "zooloretto/truck")


def nothing(index: int) -> int:
    return index


def load_games() -> None:
    from zoobook.generate import generator_kinds

    generator_kinds()


def cluster_costs() -> tuple[float, float]:
    """(seconds to a cluster ready with the games imported, seconds per empty task)."""
    start = time.perf_counter()
    with dask_client(2) as client:
        if client is None:
            raise SystemExit("dask: not installed (pip install 'zoobook[parallel]')")
        client.run(load_games)
        ready = time.perf_counter()
        futures = [client.submit(nothing, i, pure=False) for i in range(200)]
        client.gather(futures)
        done = time.perf_counter()
    return ready - start, (done - ready) / 200


def both_ways(puzzles: int) -> tuple[float, float]:
    """Wall seconds of one grade survey of KINDS in this process, and on a new 2-worker cluster."""
    start = time.perf_counter()
    alone = grade_distributions(KINDS, puzzles, seed=0, workers=1)
    here = time.perf_counter() - start
    start = time.perf_counter()
    spread = grade_distributions(KINDS, puzzles, seed=0, workers=2)
    cluster = time.perf_counter() - start
    agree(spread, alone, f"grades of {puzzles} puzzles per kind on the cluster")
    return here, cluster


def main(argv: list[str] | None = None) -> int:
    args = options(argv if argv is not None else sys.argv[1:], __doc__)
    found = run_tasks(nothing, [(i,) for i in range(5)])
    agree(found, list(range(5)), "tasks run in this process")
    if args.quick:
        return verdict([], True)
    start, per_task = cluster_costs()
    print(f"cluster of 2: ready in {start:.2f} s (assumed {CLUSTER_START_SECONDS:g}), "
          f"{per_task * 1000:.1f} ms per task (assumed {SECONDS_PER_TASK * 1000:g})")
    targets = [target("the cluster's start is within 2x of CLUSTER_START_SECONDS",
                      CLUSTER_START_SECONDS / 2 <= start <= CLUSTER_START_SECONDS * 2),
               target("the per-task overhead is at most SECONDS_PER_TASK", per_task <= SECONDS_PER_TASK)]
    for puzzles in (3, 150):
        each = seconds_per_task(KINDS, puzzles)
        chose = worth_a_cluster(len(KINDS), each, 2)
        here, cluster = both_ways(puzzles)
        print(f"{len(KINDS)} kinds x {puzzles} puzzles (about {each:.2f} s a task): here {here:.1f} s, "
              f"cluster {cluster:.1f} s; worth_a_cluster says {'cluster' if chose else 'here'}")
        targets.append(target(f"{puzzles} puzzles a kind: the faster way chosen",
                              chose == (cluster < here) or abs(cluster - here) < 0.25 * min(cluster, here)))
    return verdict(targets, False)


if __name__ == "__main__":
    sys.exit(main())
