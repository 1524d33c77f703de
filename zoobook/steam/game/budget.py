"""What the exact planner may spend: CPU seconds and memory, checked while it searches.

The exact planner (:mod:`.planner`) tries every legal move, a number that grows exponentially
with the land and the turns: on random Zoo maps of 5 to 9 land hexes and 3 turns a single
deadline can take minutes and hundreds of megabytes (the turn before the last makes every
board its build can leave, and the last turn's table is worked out for each). A
:class:`Meter` lets a caller bound that work. The planner calls :func:`spend` at every engine
step it plays and every position it expands; the meter of the innermost :func:`metered`
block reads the process's CPU clock now and then (every :data:`CPU_EVERY` calls) and its
resident memory more rarely (every :data:`MEMORY_EVERY` calls: it is a file read on Linux),
and raises :class:`BudgetSpent` once either is over its cap.

The meter is held in a :class:`contextvars.ContextVar`, not passed down: the planner's move
generation is shared with the hint, the generator and the anytime planner, which run it
unmetered, and a context variable keeps one thread's budget out of another's.

>>> with metered(Meter(cpu_seconds=60)) as meter:
...     spend()
>>> meter.calls
1
>>> with metered(Meter(cpu_seconds=0.0)):
...     for _ in range(CPU_EVERY):
...         spend()
Traceback (most recent call last):
...
zoobook.steam.game.budget.BudgetSpent: the CPU budget of 0 s is spent
"""

from __future__ import annotations

import contextlib
import math
import resource
import time
from collections.abc import Iterator
from contextvars import ContextVar

from zoobook.progress import SearchBudgetExceeded

__all__ = ["Meter", "BudgetSpent", "spend", "metered", "resident_mb", "CPU_EVERY", "MEMORY_EVERY"]

#: Calls of :func:`spend` between two readings of the CPU clock (a reading costs about a
#: microsecond; an engine step about a hundred).
CPU_EVERY = 64
#: Calls between two readings of the resident memory (a read of ``/proc/self/statm``).
MEMORY_EVERY = 2048


class BudgetSpent(SearchBudgetExceeded):
    """A metered search used up its CPU seconds or its memory (``what``: ``"cpu"`` or
    ``"memory"``)."""

    def __init__(self, message: str, what: str) -> None:
        super().__init__(message)
        self.what = what


def resident_mb() -> float:
    """This process's resident memory now, in MB (its peak where ``/proc`` is missing).

    >>> resident_mb() > 0
    True
    """
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
        return pages * resource.getpagesize() / 2 ** 20
    except (OSError, ValueError, IndexError):  # not Linux: the peak is an upper bound
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2 ** 20 if peak > 2 ** 32 else peak / 1024  # macOS counts bytes


class Meter:
    """A budget of CPU seconds (of this process, from now) and of memory: the MB the process's
    resident memory may grow by from now (what the search adds, whatever the process held
    before, e.g. a notebook's kernel), either None for no cap."""

    def __init__(self, cpu_seconds: float | None = None, memory_mb: float | None = None) -> None:
        for name, value in (("cpu_seconds", cpu_seconds), ("memory_mb", memory_mb)):
            if value is not None and not (math.isfinite(value) and value >= 0):
                raise ValueError(f"{name} is a finite number of at least 0, not {value!r}")
        self.cpu_seconds = cpu_seconds
        self.memory_mb = memory_mb
        self.start = time.process_time()
        self.calls = 0
        self.base_mb = resident_mb() if memory_mb is not None else 0.0
        self.grown_mb = 0.0  # the most the resident memory grew, as far as it was read

    @property
    def spent(self) -> float:
        """CPU seconds since the meter was made."""
        return time.process_time() - self.start

    def check(self) -> None:
        """Raise :class:`BudgetSpent` if a cap is passed (read now, whatever the count)."""
        if self.cpu_seconds is not None and self.spent > self.cpu_seconds:
            raise BudgetSpent(f"the CPU budget of {self.cpu_seconds:g} s is spent", "cpu")
        if self.memory_mb is not None:
            self.grown_mb = max(self.grown_mb, resident_mb() - self.base_mb)
            if self.grown_mb > self.memory_mb:
                raise BudgetSpent(f"the memory cap of {self.memory_mb:g} MB is reached "
                                  f"(the process grew by {self.grown_mb:.0f} MB)", "memory")

    def tick(self) -> None:
        self.calls += 1
        if self.calls % CPU_EVERY == 0 and self.cpu_seconds is not None \
                and self.spent > self.cpu_seconds:
            raise BudgetSpent(f"the CPU budget of {self.cpu_seconds:g} s is spent", "cpu")
        if self.calls % MEMORY_EVERY == 0 and self.memory_mb is not None:
            self.check()


_CURRENT: ContextVar[Meter | None] = ContextVar("zoobook_steam_meter", default=None)


def spend() -> None:
    """One unit of work of the metered search (none: nothing is checked)."""
    meter = _CURRENT.get()
    if meter is not None:
        meter.tick()


@contextlib.contextmanager
def metered(meter: Meter) -> Iterator[Meter]:
    """Charge every :func:`spend` inside the block to *meter*."""
    token = _CURRENT.set(meter)
    try:
        yield meter
    finally:
        _CURRENT.reset(token)
