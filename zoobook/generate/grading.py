"""Difficulty from solver facts: what a puzzle makes the solver (and a player) do.

A generated puzzle is graded from three measurable facts the kind's solver
reports (:class:`Facts`):

* **effort**: how much searching the exact solver needs (states explored,
  lineups tried, relaxations solved; each kind says which);
* **decoys**: answers within one step of the optimum that are not optimal,
  the tempting near-misses a player must rule out;
* **greedy gap**: how far the kind's greedy or naive answer falls short of the
  optimum, relative to the optimum (0 when greedy is right).

Each fact is scaled to [0, 1] against the kind's :class:`Calibration`, and the
score is their weighted mean, the greedy gap counting twice::

    E = min(1, log2(1 + effort) / log2(1 + effort_scale))
    D = min(1, decoys / decoy_scale)
    G = min(1, greedy_gap / gap_scale)
    score = (E + D + 2 G) / 4

The difficulty is 1 plus the number of the kind's four thresholds the score
reaches, except that a puzzle the greedy answer solves is at most 2: a hard
puzzle is one where the obvious move is wrong. Every step is non-decreasing in
every fact, so more effort, more decoys or a wider greedy gap never make a
puzzle easier (the tests check this).

The thresholds are calibrated per kind on random puzzles from the kind's
sampler (:func:`thresholds_from`, :func:`zoobook.generate.calibrate`): the
first is the median score of the puzzles greedy solves, so those split evenly
between 1 and 2; the others are the 10/40/70 % quantiles of the puzzles greedy
gets wrong, so those fill 3, 4 and 5 about equally (a few fall to 2).

Examples
--------
>>> scale = Calibration(effort_scale=100, decoy_scale=4, gap_scale=0.5,
...                     thresholds=(0.1, 0.2, 0.3, 0.4))
>>> grade(Facts(effort=3, decoys=0, greedy_gap=0.0), scale)
1
>>> grade(Facts(effort=100, decoys=4, greedy_gap=0.0), scale)   # greedy is right: at most 2
2
>>> grade(Facts(effort=100, decoys=4, greedy_gap=0.5), scale)
5
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["Facts", "Calibration", "score", "grade", "thresholds_from", "GREEDY_RIGHT_CAP"]

#: The highest difficulty of a puzzle that the greedy or naive answer solves.
GREEDY_RIGHT_CAP = 2


@dataclass(frozen=True)
class Facts:
    """What solving one puzzle involved.

    Attributes
    ----------
    effort : int
        The solver's search effort (the kind's own unit), >= 0.
    decoys : int
        Non-optimal answers within one step of the optimum, >= 0.
    greedy_gap : float
        ``|greedy - optimum| / max(1, |optimum|)``; 0 when greedy is right,
        1 or more when greedy finds nothing at all.
    greedy_value : int, float or None
        The greedy or naive answer itself (None: it finds no answer).
    optima : int or None
        How many optimal witnesses exist; None where the kind cannot count them.
    themes : tuple of str
        The rules and algorithms the solution uses ("teleport used", ...).
    """

    effort: int
    decoys: int
    greedy_gap: float
    greedy_value: int | float | None = None
    optima: int | None = None
    themes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.effort < 0 or self.decoys < 0 or self.greedy_gap < 0:
            raise ValueError(f"solver facts are never negative: {self}")
        if self.optima is not None and self.optima < 1:
            raise ValueError(f"an optimum has at least one witness, not {self.optima}")

    @property
    def greedy_right(self) -> bool:
        return self.greedy_gap == 0


@dataclass(frozen=True)
class Calibration:
    """A kind's scales for the three facts and its four score thresholds."""

    effort_scale: float
    decoy_scale: float
    gap_scale: float
    thresholds: tuple[float, float, float, float]

    def __post_init__(self) -> None:
        if min(self.effort_scale, self.decoy_scale, self.gap_scale) <= 0:
            raise ValueError("calibration scales must be positive")
        if len(self.thresholds) != 4 or list(self.thresholds) != sorted(self.thresholds):
            raise ValueError(f"four increasing thresholds are needed, not {self.thresholds}")


def score(facts: Facts, calibration: Calibration) -> float:
    """The difficulty score in [0, 1] (see the module docstring for the formula).

    >>> round(score(Facts(effort=15, decoys=1, greedy_gap=0.25), Calibration(15, 2, 0.5, (0, 0, 0, 0))), 3)
    0.625
    """
    e = min(1.0, math.log2(1 + facts.effort) / math.log2(1 + calibration.effort_scale))
    d = min(1.0, facts.decoys / calibration.decoy_scale)
    g = min(1.0, facts.greedy_gap / calibration.gap_scale)
    return (e + d + 2 * g) / 4


def grade(facts: Facts, calibration: Calibration) -> int:
    """The difficulty 1-5 of a puzzle with these *facts*."""
    s = score(facts, calibration)
    level = 1 + sum(s >= t for t in calibration.thresholds)
    return min(level, GREEDY_RIGHT_CAP) if facts.greedy_right else level


def thresholds_from(right: Iterable[float], wrong: Iterable[float]) -> tuple[float, float, float, float]:
    """Thresholds from the scores of random puzzles greedy solves (*right*) and does not (*wrong*).

    The first threshold is the median score of the greedy-right puzzles (they
    split between difficulties 1 and 2); the other three are the 10/40/70 %
    quantiles of the greedy-wrong ones, which then fill difficulties 3, 4 and 5
    about equally. Rounded to 3 places; kept increasing.

    >>> thresholds_from([0.0, 0.1, 0.2, 0.3], [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.0])
    (0.2, 0.3, 0.6, 0.9)
    """
    def quantile(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(len(values) * q))]

    right, wrong = sorted(right), sorted(wrong)
    if not right or not wrong:
        raise ValueError("calibration needs puzzles that greedy solves and puzzles it does not")
    picks = [quantile(right, 0.5)] + [quantile(wrong, q) for q in (0.1, 0.4, 0.7)]
    for i in range(1, 4):
        picks[i] = max(picks[i], picks[i - 1])
    return tuple(round(p, 3) for p in picks)  # type: ignore[return-value]
