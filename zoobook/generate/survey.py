"""Random puzzles in bulk: the raw material of calibration and of the grade distribution.

* :func:`survey`: random candidates of a kind, solved and graded, unfiltered;
* :func:`calibrate`: a kind's four thresholds from a survey (:func:`~zoobook.generate.grading.thresholds_from`);
* :func:`grade_distribution`: how the grades of *n* puzzles of a kind fall, each a random
  candidate that passes the kind's filters (what ``zoobook generate KIND`` without
  ``--difficulty`` makes);
* :func:`grade_distributions`: the same for several kinds, spread over a Dask cluster;
* :func:`surveys`: :func:`survey` of several kinds, spread the same way.

Runs of several kinds are embarrassingly parallel: each kind draws from its own seeded stream,
so the result never depends on where it ran. ``workers=1`` runs in this process; ``workers=N``
starts a local Dask cluster of N processes for the run; ``scheduler="tcp://HOST:8786"`` sends
the same jobs to an existing Dask cluster (whose workers have zoobook installed). Dask is the
optional ``parallel`` extra (``pip install 'zoobook[parallel]'``); without it a run asking for
workers runs in this process, with the same result. From a shell::

    python -m zoobook.generate grades steam-zoo/shipment 5x5/lineup --puzzles 200 --workers 2
    python -m zoobook.generate calibrate zooloretto/score --samples 400 --scheduler tcp://10.0.0.5:8786

Examples
--------
>>> counts = grade_distribution("zooloretto/score", 40, seed=1)
>>> sum(counts.values()), set(counts) <= {1, 2, 3, 4, 5}
(40, True)
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import random
import sys
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from zoobook.generate.grading import thresholds_from
from zoobook.generate.pipeline import Candidate, candidate
from zoobook.generate.registry import get_generator

__all__ = ["survey", "surveys", "calibrate", "is_puzzle", "grade_distribution", "grade_distributions",
           "dask_client", "main"]

Progress = Callable[[int, int], None]


def survey(kind: str, samples: int, *, seed: int = 0, progress: Progress | None = None) -> list[Candidate]:
    """*samples* random candidates of *kind* (any size hint), solved and graded, unfiltered."""
    generator = get_generator(kind)
    rng = random.Random(f"zoobook-survey:{kind}:{seed}")
    out = []
    for i in range(samples):
        out.append(candidate(generator, rng, rng.randint(1, 5)))
        if progress is not None:
            progress(i + 1, samples)
    return out


def is_puzzle(kind: str, found: Candidate) -> bool:
    """Whether a candidate passes *kind*'s filters: it has an answer and the kind's own checks."""
    generator = get_generator(kind)
    return found.solution.value is not None and not generator.problems(found.model, found.solution,
                                                                       found.facts)


def calibrate(kind: str, samples: int = 400, *, seed: int = 0) -> tuple[float, float, float, float]:
    """Thresholds for *kind* from *samples* random candidates, those that are puzzles at all
    (solvable, passing the kind's own checks); see :func:`thresholds_from`."""
    found = [c for c in survey(kind, samples, seed=seed) if is_puzzle(kind, c)]
    return thresholds_from([c.score for c in found if c.facts.greedy_right],
                           [c.score for c in found if not c.facts.greedy_right])


def grade_distribution(kind: str, puzzles: int = 500, *, seed: int = 0,
                       progress: Progress | None = None) -> Counter:
    """The grades of *puzzles* random candidates of *kind* that pass its filters (drawn until
    that many pass); ``progress(done, puzzles)`` after each one kept.

    Raises ValueError when fewer than one candidate in 50 is a puzzle (a broken sampler).
    """
    generator = get_generator(kind)
    rng = random.Random(f"zoobook-survey:{kind}:{seed}")
    counts: Counter = Counter()
    kept = drawn = 0
    while kept < puzzles:
        drawn += 1
        if drawn > 50 * puzzles:
            raise ValueError(f"{kind}: only {kept} of {drawn} random candidates are puzzles")
        found = candidate(generator, rng, rng.randint(1, 5))
        if is_puzzle(kind, found):
            counts[found.difficulty] += 1
            kept += 1
            if progress is not None:
                progress(kept, puzzles)
    return counts


def _distribution_job(kind: str, puzzles: int, seed: int) -> tuple[str, Counter]:
    return kind, grade_distribution(kind, puzzles, seed=seed)


def _survey_job(kind: str, samples: int, seed: int) -> tuple[str, list[Candidate]]:
    return kind, survey(kind, samples, seed=seed)


@contextlib.contextmanager
def dask_client(workers: int = 1, scheduler: str | None = None, *,
                processes: bool = True) -> Iterator[object | None]:
    """A Dask ``Client`` for a run, or None to run in this process.

    *scheduler* (an address such as ``tcp://10.0.0.5:8786``) connects to an existing cluster;
    else ``workers`` > 1 starts a ``LocalCluster`` of that many single-threaded workers
    (*processes*: each in its own process, since the solvers are pure Python) and closes it
    afterwards. Without Dask installed, a request for local workers gives None (with a
    warning) and the run stays in this process; a *scheduler* without Dask is an error.
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
        with Client(scheduler) as client:
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


def _run_per_kind(job: Callable, kinds: list[str], size: int, seed: int, workers: int, scheduler: str | None,
                  progress: Callable[[str, int, int], None] | None) -> dict:
    results: dict = {}

    def finished(kind: str, value: object) -> None:
        results[kind] = value
        if progress is not None:
            progress(kind, len(results), len(kinds))

    with dask_client(workers, scheduler) as client:
        if client is None:
            for kind in kinds:
                finished(*job(kind, size, seed))
        else:
            from distributed import as_completed

            futures = [client.submit(job, kind, size, seed, pure=False) for kind in kinds]
            for future in as_completed(futures):
                finished(*future.result())
    return {kind: results[kind] for kind in kinds}


def grade_distributions(kinds: Iterable[str], puzzles: int = 500, *, seed: int = 0, workers: int = 2,
                        scheduler: str | None = None,
                        progress: Callable[[str, int, int], None] | None = None) -> dict[str, Counter]:
    """:func:`grade_distribution` of every kind in *kinds*, in that order, one Dask task per kind
    (see :func:`dask_client` for *workers* and *scheduler*); ``progress(kind, done, total)`` as
    each kind finishes.

    The result does not depend on where it ran: every kind draws from its own seeded stream.
    """
    return _run_per_kind(_distribution_job, list(kinds), puzzles, seed, workers, scheduler, progress)


def surveys(kinds: Iterable[str], samples: int, *, seed: int = 0, workers: int = 1,
            scheduler: str | None = None,
            progress: Callable[[str, int, int], None] | None = None) -> dict[str, list[Candidate]]:
    """:func:`survey` of every kind in *kinds*, one Dask task per kind; the same result as
    ``{kind: survey(kind, samples, seed=seed)}`` wherever it runs.

    >>> found = surveys(["zooloretto/score"], 3, seed=2)
    >>> alone = survey("zooloretto/score", 3, seed=2)
    >>> [c.difficulty for c in found["zooloretto/score"]] == [c.difficulty for c in alone]
    True
    """
    return _run_per_kind(_survey_job, list(kinds), samples, seed, workers, scheduler, progress)


def main(argv: list[str] | None = None) -> int:
    """``python -m zoobook.generate grades|calibrate KIND ... [--workers N | --scheduler ADDRESS]``."""
    parser = argparse.ArgumentParser(prog="python -m zoobook.generate",
                                     description="Grade distributions and calibrations of generated puzzles, "
                                                 "in parallel on Dask.")
    parser.add_argument("task", choices=["grades", "calibrate"])
    parser.add_argument("kinds", nargs="+", help="puzzle kinds, e.g. steam-zoo/shipment")
    parser.add_argument("--puzzles", type=int, default=500, help="puzzles per kind (grades)")
    parser.add_argument("--samples", type=int, default=400, help="candidates per kind (calibrate)")
    parser.add_argument("--seed", type=int, default=0)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="start a local Dask cluster of N workers")
    where.add_argument("--scheduler", metavar="ADDRESS", help="use an existing Dask cluster")
    args = parser.parse_args(argv)
    try:
        for kind in args.kinds:
            get_generator(kind)
    except (KeyError, ValueError) as exc:
        parser.exit(2, f"{parser.prog}: {exc.args[0]}\n")
    if args.task == "grades":
        found = grade_distributions(args.kinds, args.puzzles, seed=args.seed, workers=args.workers,
                                    scheduler=args.scheduler)
        for kind, counts in found.items():
            print(kind, " ".join(f"{grade}:{counts[grade]}" for grade in range(1, 6)))
    else:
        found = surveys(args.kinds, args.samples, seed=args.seed, workers=args.workers, scheduler=args.scheduler)
        for kind, candidates in found.items():
            kept = [c for c in candidates if is_puzzle(kind, c)]
            limits = thresholds_from([c.score for c in kept if c.facts.greedy_right],
                                     [c.score for c in kept if not c.facts.greedy_right])
            print(kind, " ".join(f"{limit:g}" for limit in limits))
    return 0


if __name__ == "__main__":
    sys.exit(main())
