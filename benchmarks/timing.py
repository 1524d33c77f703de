"""What every benchmark shares: its command line, timing, and one exit convention.

Every benchmark runs from the repository root as ``python -m benchmarks.bench_NAME
[--quick] [COUNT]`` (the root is then on the import path, so the tests' twins
import as ``tests.<game>....`` with no path tricks). The convention, for all of them
(benchmarks/README.md):

* ``--quick`` (what ``make test`` runs): imports, one small case, answers checked;
  no speed target is judged (one small case on a shared machine says nothing of speed);
* exit status 0: every answer agreed and, in a full run, every target was MET;
* exit status 1: an answer disagreed (any mode: :func:`agree` raises), the script
  crashed (Python's own status for an uncaught error), or in a full run a target
  was MISSED (:func:`target` prints MET or MISSED for each, :func:`verdict` decides).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

__all__ = ["options", "median_ms", "target", "agree", "verdict", "Disagreement"]


class Disagreement(AssertionError):
    """A solver and its baseline (or twin) gave different answers: the benchmark is void."""


_quick = False


def options(argv: Sequence[str] | None, doc: str | None, count: int | None = None,
            what: str = "cases") -> argparse.Namespace:
    """``--quick`` and, where the benchmark has one, the COUNT of cases (default *count*)."""
    global _quick
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="imports and one small case, answers checked, no speed target judged (make test)")
    if count is not None:
        parser.add_argument("count", nargs="?", type=int, default=count, help=f"how many {what} (default {count})")
    args = parser.parse_args(argv)
    _quick = args.quick
    return args


def median_ms(run: Callable[[], object], repeat: int) -> float:
    """The median wall time of *repeat* calls of *run*, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def target(label: str, met: bool) -> bool:
    """Print one target's outcome, ``target <label>: MET`` or ``MISSED``; return *met*."""
    outcome = "MET" if met else "MISSED"
    print(f"target {label}: {outcome}{' (quick run: not judged)' if _quick else ''}", flush=True)
    return met


def agree(fast: object, slow: object, what: str) -> None:
    """Raise :class:`Disagreement` unless the solver's answer *fast* equals the baseline's *slow*."""
    if fast != slow:
        raise Disagreement(f"{what}: the solver says {fast!r}, the baseline {slow!r}")


def verdict(targets: Sequence[bool], quick: bool) -> int:
    """The exit status: 0, or 1 when a full run missed a target (a quick run judges none)."""
    if quick:
        print("quick run: answers agree (speed targets are judged only in a full run)")
        return 0
    return 0 if all(targets) else 1
