"""Timing shared by the benchmark scripts (run as ``python benchmarks/bench_X.py``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(run: Callable[[], object], repeat: int) -> float:
    """The median wall time of *repeat* calls of *run*, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
