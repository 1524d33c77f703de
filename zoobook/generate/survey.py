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

    zoobook survey grades steam-zoo/shipment 5x5/lineup --puzzles 200 --workers 2
    zoobook survey calibrate zooloretto/score --samples 400 --scheduler tcp://10.0.0.5:8786

Examples
--------
>>> counts = grade_distribution("zooloretto/score", 40, seed=1)
>>> sum(counts.values()), set(counts) <= {1, 2, 3, 4, 5}
(40, True)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable

from zoobook.generate.grading import thresholds_from
from zoobook.generate.pipeline import Candidate, candidate
from zoobook.generate.registry import get_generator
from zoobook.parallel import CLUSTER_START_SECONDS, SchedulerUnreachable, dask_client, run_tasks, worth_a_cluster

__all__ = ["survey", "surveys", "calibrate", "is_puzzle", "grade_distribution", "grade_distributions",
           "dask_client", "seconds_per_task", "add_survey_command", "main"]

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


def _run_per_kind(job: Callable, kinds: list[str], size: int, seed: int, workers: int, scheduler: str | None,
                  progress: Callable[[str, int, int], None] | None) -> dict:
    def finished(done: int, total: int, kind: str) -> None:
        if progress is not None:
            progress(kind, done, total)

    found = run_tasks(job, [(kind, size, seed) for kind in kinds], workers=workers, scheduler=scheduler,
                      progress=finished, describe=lambda task: task[0])
    return dict(found)


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


def seconds_per_task(kinds: Iterable[str], size: int) -> float:
    """About how long the costliest kind's task of *size* candidates takes here: two candidates of
    each kind timed after one untimed (which pays the kind's imports), from a stream of the probe's
    own so the run's results do not change, times *size*."""
    costs = []
    for kind in kinds:
        generator, rng = get_generator(kind), random.Random(f"zoobook-probe:{kind}")
        candidate(generator, rng, rng.randint(1, 5))
        start = time.process_time()
        for _ in range(2):
            candidate(generator, rng, rng.randint(1, 5))
        costs.append((time.process_time() - start) / 2 * size)
    return max(costs, default=0.0)


def _run(args: argparse.Namespace, out, err) -> int:
    from zoobook.progress import TerminalBar

    try:
        for kind in args.kinds:
            get_generator(kind)
    except (KeyError, ValueError) as exc:
        print(f"zoobook: {exc.args[0]}", file=err)
        return 2
    if min(args.puzzles, args.samples) < 1 or args.workers < 1:
        print("zoobook: --puzzles, --samples and --workers must be at least 1", file=err)
        return 2
    size = args.puzzles if args.task == "grades" else args.samples
    workers = args.workers
    if args.scheduler is None and workers > 1:
        each = seconds_per_task(args.kinds, size)
        if not worth_a_cluster(len(args.kinds), each, workers):
            print(f"zoobook: running in this process: {len(args.kinds)} task(s) of about {each:.1f} s "
                  f"would not repay a cluster's start (about {CLUSTER_START_SECONDS:g} s)", file=err)
            workers = 1
    bar = TerminalBar(err, label=f"kinds {'graded' if args.task == 'grades' else 'surveyed'}",
                      close_when_done=True)
    bar(0, len(args.kinds))
    where = {"seed": args.seed, "workers": workers, "scheduler": args.scheduler,
             "progress": lambda kind, done, total: bar(done, total, kind)}
    try:
        if args.task == "grades":
            found = grade_distributions(args.kinds, args.puzzles, **where)
        else:
            found = surveys(args.kinds, args.samples, **where)
    except (SchedulerUnreachable, ImportError) as exc:
        err.write("\n")
        print(f"zoobook: {exc}", file=err)
        return 2
    for kind, result in found.items():
        if args.task == "grades":
            print(kind, " ".join(f"{grade}:{result[grade]}" for grade in range(1, 6)), file=out)
        else:
            kept = [c for c in result if is_puzzle(kind, c)]
            limits = thresholds_from([c.score for c in kept if c.facts.greedy_right],
                                     [c.score for c in kept if not c.facts.greedy_right])
            print(kind, " ".join(f"{limit:g}" for limit in limits), file=out)
    return 0


def add_survey_command(commands) -> None:
    """Add ``zoobook survey grades|calibrate KIND ...`` to the command's sub-parsers."""
    parser = commands.add_parser(
        "survey", help="grade distributions and calibrations of generated puzzles (--workers N or "
                       "--scheduler ADDRESS: on Dask)",
        description="Survey random puzzles of each KIND: 'grades' counts the grades of N puzzles, "
                    "'calibrate' derives the four difficulty thresholds. Each kind is one task; with "
                    "--workers N the tasks run on a local Dask cluster of N processes (when the work repays "
                    "the cluster's start), with --scheduler on an existing cluster. Needs the parallel "
                    "extra for Dask: pip install 'zoobook[parallel]'.")
    parser.add_argument("task", choices=["grades", "calibrate"])
    parser.add_argument("kinds", nargs="+", help="puzzle kinds, e.g. steam-zoo/shipment")
    parser.add_argument("--puzzles", type=int, default=500, help="puzzles per kind (grades; default 500)")
    parser.add_argument("--samples", type=int, default=400, help="candidates per kind (calibrate; default 400)")
    parser.add_argument("--seed", type=int, default=0)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="run the kinds on a local Dask cluster of N workers")
    where.add_argument("--scheduler", metavar="ADDRESS", help="run them on an existing Dask cluster "
                                                             "(e.g. tcp://10.0.0.5:8786)")
    parser.set_defaults(run=_run)


def main(argv: list[str] | None = None) -> int:
    """``python -m zoobook.generate grades|calibrate KIND ...``: ``zoobook survey`` under its old name."""
    parser = argparse.ArgumentParser(prog="python -m zoobook.generate")
    add_survey_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["survey", *(sys.argv[1:] if argv is None else argv)])
    return args.run(args, sys.stdout, sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
