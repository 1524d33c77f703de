"""Independent tasks on a Dask cluster, or in this process when a cluster would not pay.

Surveys of puzzle kinds (and any run of independent, seeded tasks) go through :func:`run_tasks`:
with ``workers=1`` they run here; with ``workers=N`` on a local Dask cluster of N processes; with
``scheduler="tcp://HOST:8786"`` on an existing cluster whose workers have zoobook installed. The
result never depends on where a task ran: every task draws from its own seeded stream.

A local cluster costs time before the first task runs (starting the workers, each importing the
games) and a little per task; :func:`worth_a_cluster` compares that overhead, measured by
``benchmarks/bench_parallel.py`` and kept in :data:`CLUSTER_START_SECONDS` and
:data:`SECONDS_PER_TASK`, with the time the run would take here, and :func:`run_tasks` stays in
this process below it. A scheduler that cannot be reached is one :class:`SchedulerUnreachable`
within :data:`CONNECT_SECONDS`. Dask is the optional ``parallel`` extra
(``pip install 'zoobook[parallel]'``).

Examples
--------
>>> run_tasks(pow, [(2, 3), (3, 2)])                 # one worker: here, in order
[8, 9]
>>> worth_a_cluster(tasks=4, seconds_per_task=0.01, workers=2)   # 40 ms of work: not worth a start
False
>>> worth_a_cluster(tasks=4, seconds_per_task=30.0, workers=2)
True
"""

from __future__ import annotations

import contextlib
import logging
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = ["CLUSTER_START_SECONDS", "CONNECT_SECONDS", "SECONDS_PER_TASK", "SchedulerUnreachable",
           "dask_client", "run_tasks", "worth_a_cluster"]

#: Seconds before a local cluster of two workers runs its first task: the workers start and each
#: imports the games (``benchmarks/bench_parallel.py`` measures it; 3.1 s on the 2-core machine
#: of 2026-12-05).
CLUSTER_START_SECONDS = 3.0
#: Seconds of overhead per task on a running cluster: sending it, its result back
#: (``benchmarks/bench_parallel.py``; about 2 ms there, rounded up for a busy machine).
SECONDS_PER_TASK = 0.01
#: How long to try to reach a scheduler given by address before saying it cannot be reached.
CONNECT_SECONDS = 10


class SchedulerUnreachable(ConnectionError):
    """The Dask scheduler at the address given could not be reached in :data:`CONNECT_SECONDS`."""


def worth_a_cluster(tasks: int, seconds_per_task: float, workers: int) -> bool:
    """Whether *tasks* of about *seconds_per_task* each finish sooner on a new local cluster of
    *workers* processes than in this process, counting the cluster's start and per-task cost."""
    if tasks <= 1 or workers <= 1:
        return False
    here = tasks * seconds_per_task
    rounds = -(-tasks // workers)           # the slowest worker runs ceil(tasks / workers) tasks
    spread = CLUSTER_START_SECONDS + tasks * SECONDS_PER_TASK + rounds * seconds_per_task
    return spread < here


@contextlib.contextmanager
def dask_client(workers: int = 1, scheduler: str | None = None, *,
                processes: bool = True) -> Iterator[object | None]:
    """A Dask ``Client`` for a run, or None to run in this process.

    *scheduler* (an address such as ``tcp://10.0.0.5:8786``) connects to an existing cluster
    (:class:`SchedulerUnreachable` after :data:`CONNECT_SECONDS`); else ``workers`` > 1 starts a
    ``LocalCluster`` of that many single-threaded workers (*processes*: each in its own process,
    since the solvers are pure Python) and closes it afterwards. Without Dask installed, a request
    for local workers gives None (with a warning) and the run stays in this process; a
    *scheduler* without Dask is an ImportError.
    """
    if scheduler is None and workers <= 1:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        if scheduler is not None:
            raise ImportError("--scheduler needs Dask: pip install 'zoobook[parallel]'") from None
        warnings.warn("Dask is not installed (pip install 'zoobook[parallel]'): running in this process",
                      stacklevel=3)
        yield None
        return
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {scheduler} "
                                       f"within {CONNECT_SECONDS} s ({exc})") from None
        with client:
            yield client
        return
    # A worker that outlives a busy machine's 4-s shutdown grace is killed, and the nanny says so.
    nanny = logging.getLogger("distributed.nanny")
    level = nanny.level
    nanny.setLevel(logging.ERROR)
    try:
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes, dashboard_address=None,
                          silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
            yield client
    finally:
        nanny.setLevel(level)


def run_tasks(job: Callable[..., Any], tasks: Sequence[tuple], *, workers: int = 1, scheduler: str | None = None,
              progress: Callable[[int, int, str], Any] | None = None,
              describe: Callable[[tuple], str] = lambda task: "",
              on_result: Callable[[int, Any], Any] | None = None) -> list:
    """``[job(*task) for task in tasks]``, on Dask when *workers* > 1 or *scheduler* is given.

    ``progress(done, total, describe(task))`` as each task finishes (in the order they finish); the results
    come back in the order of *tasks*. *job* must be importable by the workers (a module-level
    function). ``on_result(index, result)`` as each task's result arrives, before its progress: a
    caller that must keep what is done when the run is interrupted (Ctrl-C propagates out of
    ``run_tasks``, which closes the cluster) collects the results there.
    """
    results: list = [None] * len(tasks)
    with dask_client(workers, scheduler) as client:
        if client is None:
            for index, task in enumerate(tasks):
                results[index] = job(*task)
                if on_result is not None:
                    on_result(index, results[index])
                if progress is not None:
                    progress(index + 1, len(tasks), describe(task))
            return results
        from distributed import as_completed

        futures = {client.submit(job, *task, pure=False): index for index, task in enumerate(tasks)}
        for done, future in enumerate(as_completed(futures), start=1):
            results[futures[future]] = future.result()
            if on_result is not None:
                on_result(futures[future], results[futures[future]])
            if progress is not None:
                progress(done, len(tasks), describe(tasks[futures[future]]))
    return results
