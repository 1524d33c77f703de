"""Game review: every decision of a recorded game weighed against the engine's best, with a label.

A review reads a game record (:mod:`zoobook.records`), and for each decision of the seats under
review asks the game's :class:`Evaluator` for an :class:`Appraisal` of the action played: the
engine's best action from the same position, both values, the *loss* (how much the played action
gives away, in the game's unit, never below 0), its 95% interval where the values were sampled
(``None`` where they were proved), and the reasons the best is better (the game's hint, in
words). :func:`label` turns a loss into *inaccuracy*, *mistake* or *blunder* by the game's
thresholds (chosen from the spread of that game's scores; ``docs/game-review.md`` gives each
with its reason). :func:`review_record` runs one task per decision -- the record cut before the
decision (its *prefix*) and the action played -- through :func:`zoobook.parallel.run_tasks`, in
this process or on Dask, and gathers a :class:`Review`: every :class:`DecisionReview`, an
accuracy summary per seat and the three costliest decisions. Ctrl-C keeps the decisions done
(the review says it is partial).

This module knows no game. A game declares its evaluator in one of its ``kinds`` modules as
``REVIEWS = {game: "module:EVALUATOR"}`` (imported only when a review runs), the way records
declare their codecs; :func:`register_evaluator` adds one by hand (tests, a notebook).

Examples
--------
An evaluator that calls the first legal action the best, and any other a loss of one point per
place down the list:

>>> from zoobook.records import Player, parse_record
>>> from zoobook.zooloretto.game import ZoolorettoState
>>> class FirstIsBest(Evaluator):
...     game, thresholds = "zooloretto", {"inaccuracy": 1, "mistake": 2, "blunder": 4}
...     def evaluate(self, state, played, budget_seconds, seed):
...         actions = state.legal_actions()
...         loss = float(actions.index(played))
...         return Appraisal(actions[0], 0.0, -loss, loss, proved=True, reasons=("it is first",))
>>> state = ZoolorettoState.new(players=2, seed=1)
>>> for pick in (0, 2, 0, 1):
...     state.apply(state.legal_actions()[pick])
>>> text = state.record([Player.human(), Player.bot("greedy")])
>>> review = review_record(text, evaluator=FirstIsBest())
>>> [(d.number, d.seat, d.appraisal.loss, d.label) for d in review.decisions]
[(1, 0, 0.0, None), (2, 0, 2.0, 'mistake')]
>>> review.summary[0].clean_share, review.partial
(0.5, False)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zoobook.records import GameRecord, from_record, parse_record

__all__ = ["Appraisal", "Evaluator", "DecisionReview", "SeatSummary", "Review", "LABELS", "label",
           "register_evaluator", "evaluator_for", "review_record", "decision_seed", "prefix_text",
           "review_lines", "write_mistake_puzzles", "PUZZLE_LABELS"]

#: The labels whose decisions ``--puzzles`` turns into puzzles ("learn from your mistakes").
PUZZLE_LABELS = ("mistake", "blunder")

#: The labels, mildest first.
LABELS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Appraisal:
    """What one decision cost, by the engine's judgement.

    Attributes
    ----------
    best : action
        The engine's best action from the position (the action played when nothing beats it).
    best_value, played_value : float
        The value of the position after the best and after the played action, from the deciding
        seat's side (higher is better), in :attr:`unit`.
    loss : float
        ``best_value - played_value``, at least 0: what the played action gave away.
    interval : (float, float) or None
        The 95% interval of the loss where the values were sampled; None where they are proved.
    proved : bool
        Whether both values are exact (a solver's or planner's proof), not estimates.
    reasons : tuple of str
        Why the best is better, in words (the game's hint).
    unit : str
        What the values count: ``"points"``, ``"turns"``, ...
    interval_level : float
        The confidence of :attr:`interval`: 0.95 for a sampled interval, 1.0 for a range proved by
        bounds (a planner's plan above, its proven bound below).
    """

    best: Any
    best_value: float
    played_value: float
    loss: float
    interval: tuple[float, float] | None = None
    proved: bool = False
    reasons: tuple[str, ...] = ()
    unit: str = "points"
    interval_level: float = 0.95

    def __post_init__(self) -> None:
        if not (math.isfinite(self.loss) and self.loss >= 0):
            raise ValueError(f"a loss is a finite number of at least 0, not {self.loss!r}")
        if self.interval is not None and not (len(self.interval) == 2 and self.interval[0] <= self.interval[1]):
            raise ValueError(f"an interval is (low, high) with low <= high, not {self.interval!r}")

    def loss_text(self) -> str:
        """The loss with its interval, ``2.5 points (95%: 1.1 to 3.9)``, ``1 turn (proven range: 0 to 2)``,
        or ``2 turns (proved)``.

        >>> Appraisal("x", 0, -2.5, 2.5, (1.1, 3.9)).loss_text(), Appraisal("x", 0, -1, 1, proved=True).loss_text()
        ('2.5 points (95%: 1.1 to 3.9)', '1 point (proved)')
        """
        unit = self.unit[:-1] if self.unit.endswith("s") and self.loss == 1 else self.unit
        head = f"{self.loss:g} {unit}"
        if self.interval is not None:
            level = "proven range" if self.interval_level >= 1 else f"{self.interval_level:.0%}"
            return f"{head} ({level}: {self.interval[0]:.2g} to {self.interval[1]:.2g})"
        return head + (" (proved)" if self.proved else "")


def label(appraisal: Appraisal, thresholds: Mapping[str, float]) -> str | None:
    """The worst label whose threshold the loss reaches (None: no label).

    >>> a = Appraisal("x", 10.0, 7.0, 3.0)
    >>> label(a, {"inaccuracy": 1, "mistake": 3, "blunder": 6}), label(a, {"inaccuracy": 4, "mistake": 8,
    ...                                                                      "blunder": 12})
    ('mistake', None)
    """
    found = None
    for name in LABELS:
        if appraisal.loss >= thresholds[name]:
            found = name
    return found


class Evaluator:
    """One game's judge of decisions; a subclass sets :attr:`game`, :attr:`thresholds` and
    :attr:`default_budget` and writes :meth:`evaluate` (and :meth:`mistake_puzzle` where the game
    has a puzzle kind for whole-game decisions).

    ``thresholds`` gives the smallest loss of each label, ``{"inaccuracy": a, "mistake": b,
    "blunder": c}`` with ``0 < a <= b <= c``, module constants of the game's evaluator chosen
    from the spread of its scores (``docs/game-review.md``).
    """

    game: str = ""
    thresholds: Mapping[str, float] = {}
    #: Seconds per decision when the caller gives none.
    default_budget: float = 1.0
    #: ``"module:function"``, ``function(record, decision) -> (file name, puzzle TOML) or None``:
    #: the default :meth:`mistake_puzzle` (a hook, since a puzzle kind builds on the evaluator).
    puzzle_maker: str | None = None

    def evaluate(self, state: Any, played: Any, budget_seconds: float, seed: int) -> Appraisal:
        """The appraisal of *played* from *state* (the position before the decision; the evaluator
        may change it: it is the task's own copy), within about *budget_seconds*, drawing any
        random number from *seed*."""
        raise NotImplementedError

    def label(self, appraisal: Appraisal) -> str | None:
        return label(appraisal, self.thresholds)

    def mistake_puzzle(self, record: GameRecord, decision: "DecisionReview") -> tuple[str, str] | None:
        """``(file name, puzzle TOML)`` of the decision as a "find a better move" puzzle, or None
        when this game has no such puzzle or the answer cannot be certified. By default the
        :attr:`puzzle_maker` hook's (None without one)."""
        if self.puzzle_maker is None:
            return None
        from zoobook.puzzles.registry import resolve

        return resolve(self.puzzle_maker)(record, decision)


_REGISTERED: dict[str, Evaluator] = {}


def register_evaluator(evaluator: Evaluator) -> None:
    """Use *evaluator* for the records of its game (before the ``REVIEWS`` hooks)."""
    _REGISTERED[evaluator.game] = evaluator


@functools.cache
def _hooked() -> dict[str, Evaluator]:
    from zoobook.puzzles.registry import game_modules, resolve

    found: dict[str, Evaluator] = {}
    for module in game_modules():
        for game, hook in getattr(module, "REVIEWS", {}).items():
            found[game] = resolve(hook, module.__package__ or module.__name__)
    return found


def evaluator_for(game: str) -> Evaluator:
    """The evaluator of *game*; ``KeyError`` naming the games that have one."""
    known = {**_hooked(), **_REGISTERED}
    if game not in known:
        raise KeyError(f"no review for {game!r} games yet (reviewed: {', '.join(sorted(known)) or 'none'})")
    return known[game]


@dataclass(frozen=True)
class DecisionReview:
    """One decision: its move *number* in the record (1 is the first action; the record's line is
    ``number + 1``), the *seat*, the action *played*, the appraisal and its label."""

    number: int
    seat: int
    played: Any
    appraisal: Appraisal
    label: str | None

    def text(self) -> str:
        best = "the best" if self.appraisal.loss == 0 else f"best: {self.appraisal.best}"
        return (f"{self.number:>4}. seat {self.seat}: {self.played}  ({best}; loss "
                f"{self.appraisal.loss_text()}){' ' + self.label.upper() if self.label else ''}")


@dataclass(frozen=True)
class SeatSummary:
    """One seat's accuracy: decisions reviewed, the share without a label, the count of each label
    and the mean loss."""

    seat: int
    decisions: int
    clean_share: float
    counts: Mapping[str, int]
    mean_loss: float

    def text(self, unit: str) -> str:
        counts = ", ".join(f"{self.counts[name]} {_plural(name, self.counts[name])}" for name in LABELS)
        return (f"seat {self.seat}: {self.decisions} decisions, {self.clean_share:.0%} without a label; "
                f"{counts}; mean loss {self.mean_loss:.2f} {unit}")


def _plural(word: str, count: int) -> str:
    """*word* for *count* things: ``inaccuracies``, ``mistakes``, ``blunder``."""
    if count == 1:
        return word
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


@dataclass(frozen=True)
class Review:
    """A game's review: the decisions reviewed (in the record's order), the seats, the summary per
    seat, and *partial* (the review was interrupted: *expected* decisions were asked for)."""

    game: str
    seats: tuple[int, ...]
    decisions: tuple[DecisionReview, ...]
    summary: Mapping[int, SeatSummary]
    expected: int
    partial: bool = False
    notes: tuple[str, ...] = ()
    unit: str = "points"
    thresholds: Mapping[str, float] = field(default_factory=dict)

    def costliest(self, count: int = 3) -> list[DecisionReview]:
        """The *count* decisions that lost the most (labelled ones only; the earlier first on a tie)."""
        labelled = [d for d in self.decisions if d.label is not None]
        return sorted(labelled, key=lambda d: (-d.appraisal.loss, d.number))[:count]


def decision_seed(seed: int, number: int) -> int:
    """The seed of decision *number* in a review of *seed*: each decision draws its own stream, so
    the review's numbers do not depend on where or in which order the decisions ran.

    >>> decision_seed(0, 7), decision_seed(1, 7)
    (7, 1000007)
    """
    return seed * 1_000_000 + number


def prefix_text(record: GameRecord, number: int) -> str:
    """The record cut before decision *number* (its first ``number - 1`` actions): the position
    the decision was taken in, as a record."""
    return GameRecord(record.game, record.seed, record.options, record.players,
                      record.actions[:number - 1]).text()


def _appraise(evaluator: Evaluator | str, prefix: str, played: Any, budget: float, seed: int) -> Appraisal:
    """One task: the position of the record *prefix*, appraised for *played* (a module-level
    function, so a Dask worker imports it; a game's evaluator travels by its game's name)."""
    judge = evaluator_for(evaluator) if isinstance(evaluator, str) else evaluator
    return judge.evaluate(from_record(prefix), played, budget, seed)


def review_record(record: str | GameRecord, seats: Sequence[int] | None = None, budget: float | None = None,
                  workers: int = 1, scheduler: str | None = None, progress: Callable | None = None, *,
                  seed: int = 0, evaluator: Evaluator | None = None, file: str = "") -> Review:
    """Review the decisions of *seats* in *record* (a record's text or a :class:`GameRecord`).

    Parameters
    ----------
    seats : sequence of int, optional
        The seats to review; by default the human seats, or every seat when none is human (the
        review's notes say so).
    budget : float, optional
        Seconds per decision (default: the evaluator's ``default_budget``).
    workers, scheduler
        As :func:`zoobook.parallel.run_tasks`: one process, a local Dask cluster, or a cluster's
        scheduler; the appraisals do not depend on it.
    progress : callable, optional
        ``progress(done, total, message)`` as each decision is appraised.
    seed : int
        Decision *n* draws from :func:`decision_seed` (seed, n).
    evaluator : Evaluator, optional
        Instead of the game's own (:func:`evaluator_for`).

    A bad record is one :class:`~zoobook.records.RecordError`; a seat the game does not have a
    ``ValueError``. Ctrl-C (``KeyboardInterrupt``) during the run returns the decisions done, with
    ``partial=True``.
    """
    from zoobook.parallel import run_tasks

    if not isinstance(record, GameRecord):
        record, _ = parse_record(record, file=file)
    judge = evaluator if evaluator is not None else evaluator_for(record.game)
    budget = judge.default_budget if budget is None else budget
    notes = []
    if seats is None:
        seats = tuple(i for i, p in enumerate(record.players) if p.kind == "human")
        if not seats:
            seats = tuple(range(len(record.players)))
            notes.append("no seat is human in this record: every seat is reviewed")
    seats = tuple(sorted(set(seats)))
    bad = [s for s in seats if not 0 <= s < len(record.players)]
    if bad:
        raise ValueError(f"seat {bad[0]} is not in this game (seats 0 to {len(record.players) - 1})")
    # A registered or hooked evaluator travels by name (workers import it); another as itself.
    carried: Evaluator | str = judge if evaluator is not None else record.game
    chosen = [(number, seat, action) for number, (seat, action) in enumerate(record.actions, start=1)
              if seat in seats]
    tasks = [(carried, prefix_text(record, number), action, budget, decision_seed(seed, number))
             for number, _, action in chosen]
    numbers = {id(task): number for task, (number, _, _) in zip(tasks, chosen)}
    done: dict[int, Appraisal] = {}

    def keep(index: int, appraisal: Appraisal) -> None:
        done[index] = appraisal

    partial = False
    try:
        run_tasks(_appraise, tasks, workers=workers, scheduler=scheduler, progress=progress, on_result=keep,
                  describe=lambda task: f"move {numbers[id(task)]}")
    except KeyboardInterrupt:
        partial = True
        notes.append(f"interrupted: {len(done)} of {len(tasks)} decisions reviewed")
    decisions = tuple(DecisionReview(number, seat, action, done[i], judge.label(done[i]))
                      for i, (number, seat, action) in enumerate(chosen) if i in done)
    unit = decisions[0].appraisal.unit if decisions else "points"
    return Review(record.game, seats, decisions, _summary(seats, decisions), len(tasks), partial, tuple(notes),
                  unit, dict(judge.thresholds))


def _summary(seats: Sequence[int], decisions: Sequence[DecisionReview]) -> dict[int, SeatSummary]:
    out = {}
    for seat in seats:
        mine = [d for d in decisions if d.seat == seat]
        counts = {name: sum(d.label == name for d in mine) for name in LABELS}
        clean = sum(d.label is None for d in mine)
        mean = sum(d.appraisal.loss for d in mine) / len(mine) if mine else 0.0
        out[seat] = SeatSummary(seat, len(mine), clean / len(mine) if mine else 1.0, counts, mean)
    return out


def review_lines(review: Review) -> list[str]:
    """The review as ``zoobook review`` prints it: each decision, the summary per seat, and the
    three costliest decisions with their reasons."""
    out = [f"review of a {review.game} game: seat{'s' if len(review.seats) != 1 else ''} "
           f"{', '.join(map(str, review.seats))}; labels from a loss of "
           + ", ".join(f"{review.thresholds[n]:g} ({n})" for n in LABELS if n in review.thresholds)
           + f" {review.unit}"]
    out += [f"note: {note}" for note in review.notes]
    out += [d.text() for d in review.decisions]
    out.append("summary" + (" (partial)" if review.partial else "") + ":")
    out += [f"  {s.text(review.unit)}" for s in review.summary.values()]
    costly = review.costliest()
    if costly:
        out.append(f"the {len(costly)} costliest decision{'s' if len(costly) != 1 else ''}:")
        for d in costly:
            out.append(f"  move {d.number}, seat {d.seat}: {d.played} lost {d.appraisal.loss_text()} ({d.label}); "
                       f"better: {d.appraisal.best}")
            out += [f"    - {reason}" for reason in d.appraisal.reasons]
    else:
        out.append("no labelled decision: nothing costly to explain")
    return out


def write_mistake_puzzles(review: Review, record: GameRecord, folder: str | Path,
                          evaluator: Evaluator | None = None) -> list[str]:
    """Write each mistake and blunder of *review* as a puzzle file in *folder* (made if missing), by
    the evaluator's :meth:`~Evaluator.mistake_puzzle`; each file is checked by loading it before it
    is written. Returns one line per decision: the file written, or why none was."""
    from zoobook.puzzles.loading import write_puzzle

    judge = evaluator if evaluator is not None else evaluator_for(review.game)
    folder = Path(folder)
    out = []
    for decision in review.decisions:
        if decision.label not in PUZZLE_LABELS:
            continue
        made = judge.mistake_puzzle(record, decision)
        if made is None:
            out.append(f"move {decision.number}: no puzzle (this game has no certified puzzle of the decision)")
            continue
        name, text = made
        path = write_puzzle(folder / name, text)
        out.append(f"move {decision.number}: wrote the puzzle {path}")
    if not out:
        out.append("no mistake or blunder: no puzzle written")
    return out
