"""Sampled game review: candidates compared on the same sampled deals, and "find a better move" puzzles.

The reviews of the games with hidden draws (5x5 Zoo, Zooloretto) cannot prove a decision's
value: they *sample* it. Each sampled deal re-deals what the deciding player cannot see (from a
seed of the deal's own, never from the true order), plays every candidate action on that same
deal, and values where each ends. :func:`compare` gathers the values of the candidates over the
deals and compares them **in pairs on the same deals** (common random numbers): the difference
of two actions on one deal removes the luck of the deal, so a one-point difference shows after
a few deals where the scores themselves spread over twenty. The loss of the action played is the
best mean less its mean, with the 95% Student interval of the paired differences.

A game supplies ``sample(deal_seed, actions) -> [value per action]``; this module knows no game.

:func:`decision_kind` builds the puzzle kind of a game's "find a better move" puzzles
(``5x5/decision``, ``zooloretto/decision``): the position as a record prefix, the action played,
the deals and the seed, and the certified best action. A file is written only where the best
action's lead over every other candidate is significant at 95% with the stated deals, and
``zoobook verify`` re-derives it: the same seed deals the same cards, so the best action must be
the same and its lead inside the interval the file states.

Examples
--------
Two actions on ten deals, ``"b"`` two points better on every deal:

>>> def sample(deal_seed, actions):
...     luck = deal_seed % 7                     # the deal's luck, the same for both
...     return [luck + (2.0 if a == "b" else 0.0) for a in actions]
>>> found = compare(["a", "b"], "a", sample, deals=10, seed=1)
>>> found.best, found.loss, found.interval, found.lead_interval
('b', 2.0, (2.0, 2.0), (2.0, 2.0))
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: The smallest lead (points) a certified best move of a decision puzzle has over the runner-up: a
#: lead of a few hundredths, however significant (two places alike but for a coin's fraction), makes
#: a puzzle of no lesson.
MIN_LEAD = 0.5

__all__ = ["MIN_LEAD", "Comparison", "compare", "t_quantile", "paired_interval", "DecisionQuestion", "decision_kind",
           "SampledEvaluator"]

#: Student's t, 97.5% quantile, by degrees of freedom (a larger df uses the nearest smaller entry: wider).
_T975 = ((1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571), (6, 2.447), (7, 2.365), (8, 2.306),
         (9, 2.262), (10, 2.228), (12, 2.179), (15, 2.131), (20, 2.086), (25, 2.060), (30, 2.042), (40, 2.021),
         (60, 2.000), (120, 1.980))


def t_quantile(df: int) -> float:
    """The 97.5% quantile of Student's t with *df* degrees of freedom (two-sided 95%).

    >>> t_quantile(9), t_quantile(11), t_quantile(1000)
    (2.262, 2.228, 1.98)
    """
    if df < 1:
        raise ValueError(f"a t quantile needs at least one degree of freedom, not {df}")
    return [t for d, t in _T975 if d <= df][-1]


def paired_interval(differences: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of the mean of paired *differences* (one per deal); a point with one deal
    less than two -- no spread is known -- the whole real line is not useful, so ``(-inf, inf)``.

    >>> paired_interval([1.0, 3.0, 2.0])
    (-0.484, 4.484)
    """
    n = len(differences)
    mean = statistics.fmean(differences)
    if n < 2:
        return (-math.inf, math.inf)
    half = t_quantile(n - 1) * statistics.stdev(differences) / math.sqrt(n)
    return (round(mean - half, 3), round(mean + half, 3))


@dataclass(frozen=True)
class Comparison:
    """Candidates compared on the same deals.

    Attributes
    ----------
    actions : tuple
        The candidates, in the order given (the action played among them).
    means : tuple of float
        Each candidate's mean value over the deals.
    deals : int
    best : action
        The candidate of the highest mean (the earlier on a tie).
    played : action
    loss : float
        ``mean(best) - mean(played)`` (0 when the action played is the best).
    interval : (float, float)
        The 95% interval of that loss, from the paired differences.
    runner_up : action or None
        The candidate of the second highest mean.
    lead, lead_interval
        The best's mean less the runner-up's, with its 95% interval: the lead is *significant*
        when the interval's low end is above 0.
    spreads : tuple of float
        Each candidate's standard deviation of value over the deals (0 with one deal): how much the
        deals' luck moves it (the pairing removes that luck from the loss).
    """

    actions: tuple
    means: tuple[float, ...]
    deals: int
    best: Any
    played: Any
    loss: float
    interval: tuple[float, float]
    runner_up: Any
    lead: float
    lead_interval: tuple[float, float]
    spreads: tuple[float, ...] = ()

    @property
    def significant(self) -> bool:
        """Whether the best's lead over the runner-up (hence over every candidate) is significant at 95%."""
        return self.lead_interval[0] > 0

    def mean_of(self, action) -> float:
        return self.means[self.actions.index(action)]

    def words(self, action) -> str:
        """``12.3 +/- 4.5`` : *action*'s mean and spread over the deals."""
        i = self.actions.index(action)
        return f"{self.means[i]:.1f} +/- {self.spreads[i]:.1f}" if self.spreads else f"{self.means[i]:.1f}"


def compare(candidates: Sequence, played, sample: Callable[[int, list], list[float]], deals: int, seed: int,
            budget_seconds: float | None = None, min_deals: int = 4,
            clock: Callable[[], float] = time.process_time) -> Comparison:
    """Play *candidates* (the action *played* added if missing) on *deals* sampled deals and compare.

    ``sample(deal_seed, actions)`` plays every action of *actions* on the deal of *deal_seed*
    and returns their values (from the deciding seat's side, higher is better). The deals'
    seeds come from *seed* alone. With *budget_seconds* (CPU seconds on *clock*), no deal
    starts once the budget is spent and *min_deals* are done, so fewer deals may answer:
    the result then depends on the machine's speed; without it, on the seed alone.
    """
    actions = list(dict.fromkeys([*candidates, played]))
    rng = random.Random(seed)
    started = clock()
    rows: list[list[float]] = []
    while len(rows) < deals:
        if budget_seconds is not None and len(rows) >= min_deals and clock() - started > budget_seconds:
            break
        rows.append(list(sample(rng.getrandbits(32), actions)))
    means = [statistics.fmean(row[i] for row in rows) for i in range(len(actions))]
    mine = actions.index(played)
    # a tie with the action played keeps the action played: nothing better was seen
    order = sorted(range(len(actions)), key=lambda i: (-means[i], i != mine, i))
    best, runner = order[0], (order[1] if len(order) > 1 else None)
    loss = 0.0 if best == mine else round(means[best] - means[mine], 3)
    interval = (0.0, 0.0) if best == mine else paired_interval([row[best] - row[mine] for row in rows])
    if runner is None:
        lead, lead_interval = math.inf, (math.inf, math.inf)
    else:
        lead = round(means[best] - means[runner], 3)
        lead_interval = paired_interval([row[best] - row[runner] for row in rows])
    spreads = tuple(round(statistics.stdev(row[i] for row in rows), 3) if len(rows) > 1 else 0.0
                    for i in range(len(actions)))
    return Comparison(tuple(actions), tuple(round(m, 3) for m in means), len(rows), actions[best], played,
                      max(0.0, loss), interval, None if runner is None else actions[runner], lead, lead_interval,
                      spreads)


class SampledEvaluator:
    """What the sampled evaluators share (mixed into a :class:`zoobook.review.Evaluator`): a loss is
    labelled only when it is significant -- its 95% interval above 0 -- so that the luck of a few
    deals labels nothing; and each mistake's puzzle comes from the game's decision kind
    (:attr:`decision_module`'s ``mistake_puzzle``) on :attr:`puzzle_deals` deals, seeded by the move's
    number, so the same record writes the same bytes."""

    decision_module: str = ""
    #: Sampled deals per decision at most (the budget may stop sooner).
    deals: int = 24
    puzzle_deals: int = 32

    def __init__(self, deals: int | None = None, puzzle_deals: int | None = None) -> None:
        if deals is not None:
            self.deals = deals
        if puzzle_deals is not None:
            self.puzzle_deals = puzzle_deals

    def label(self, appraisal):
        from zoobook.review import label

        if appraisal.interval is not None and not appraisal.interval[0] > 0:
            return None
        return label(appraisal, self.thresholds)

    def mistake_puzzle(self, record, decision):
        import importlib

        maker = importlib.import_module(self.decision_module).mistake_puzzle
        return maker(record, decision, self.puzzle_deals, decision.number)


# -- "find a better move" puzzles ------------------------------------------------------------------
@dataclass(frozen=True)
class DecisionQuestion:
    """A position of a recorded game (the record *prefix*, the *state* it replays to), the action
    *played* there, the *deals* to sample and their *seed*, and the answer the file states: the
    *best* action and the 95% interval of its lead over the runner-up."""

    prefix: str
    state: Any
    played: Any
    deals: int
    seed: int
    best: Any = None
    lead_interval: tuple[float, float] | None = None


def _action_json(action) -> str:
    from zoobook.records import action_to_plain

    return json.dumps(action_to_plain(action))


def decision_kind(game: str, kind: str, description: str, comparison: Callable[[Any, Any, int, int], Comparison]):
    """The ``KIND/decision`` puzzle kind of *game* and its review's mistake-puzzle maker.

    *comparison* ``(state, played, deals, seed) -> Comparison`` is the game's evaluator without a
    time cap. Returns ``(puzzle kind, mistake_puzzle)``; ``mistake_puzzle(record, decision, deals,
    seed)`` gives ``(file name, text)`` or None when the best action's lead is not significant.
    """
    from zoobook.errors import PuzzleError
    from zoobook.puzzles.registry import PuzzleKind
    from zoobook.puzzles.solution import Solution
    from zoobook.records import RecordError, action_from_plain, codec_for, parse_record

    def read_action(table, key):
        raw = table.string(key)
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or set(data) - {"action", "fields"}:
                raise ValueError('an action is one JSON object, {"action": NAME, "fields": {...}}')
            return action_from_plain(codec_for(game), data)
        except (ValueError, json.JSONDecodeError) as exc:
            raise table.error(key, str(exc)) from None

    def parse(table) -> DecisionQuestion:
        text = table.string("record")
        try:
            record, state = parse_record(text, file="record")
        except RecordError as exc:
            raise table.error("record", str(exc)) from None
        if record.game != game:
            raise table.error("record", f"a {kind} puzzle is a position of a {game} game, not of {record.game!r}")
        if state.is_terminal():
            raise table.error("record", "the game is over at the end of this record: there is no decision left")
        played = read_action(table, "played")
        best = read_action(table, "best")
        for key, action in (("played", played), ("best", best)):
            refusal = state.refusal(action)
            if refusal is not None:
                raise table.error(key, f"{action} is not legal at this position: {refusal}")
        deals = table.integer("deals", low=2, high=10_000)
        seed = table.integer("seed")
        low, high = (float(table.number("lead_low")), float(table.number("lead_high")))
        if not 0 < low <= high:
            raise table.error("lead_low", f"a certified lead's interval is above 0 (0 < low <= high), not "
                                          f"{low} to {high}")
        return DecisionQuestion(text, state, played, deals, seed, best, (low, high))

    def dump(question: DecisionQuestion) -> dict[str, Any]:
        low, high = question.lead_interval
        return {"record": question.prefix, "played": _action_json(question.played), "deals": question.deals,
                "seed": question.seed, "best": _action_json(question.best), "lead_low": low, "lead_high": high}

    def solve(question: DecisionQuestion) -> Solution:
        """The best action re-derived on the same deals; its lead must lie in the stated interval."""
        found = comparison(question.state.clone(), question.played, question.deals, question.seed)
        low, high = question.lead_interval
        if found.best != question.best:
            raise PuzzleError(f"the best action on these {question.deals} deals is {found.best}, "
                              f"not {question.best} as the file states")
        if not (found.significant and found.lead >= MIN_LEAD and low <= found.lead <= high):
            raise PuzzleError(f"the lead of {found.best} is {found.lead:g} points (95%: {found.lead_interval[0]:g} to "
                              f"{found.lead_interval[1]:g}), outside the certified {low:g} to {high:g}")
        return Solution(found.lead, {"best": str(found.best), "runner-up": str(found.runner_up)},
                        _explain(found))

    def mistake_puzzle(record, decision, deals: int, seed: int):
        from zoobook.puzzles.loading import Answer, puzzle_toml
        from zoobook.review import prefix_text

        prefix = prefix_text(record, decision.number)
        _, state = parse_record(prefix)
        found = comparison(state, decision.played, deals, seed)
        if found.best == decision.played or not found.significant or found.lead < MIN_LEAD:
            return None     # no certified better move: a puzzle would not be sure of its answer
        question = DecisionQuestion(prefix, state, decision.played, found.deals, seed, found.best,
                                    found.lead_interval)
        digest = hashlib.sha256(prefix.encode("utf-8")).hexdigest()[:10]
        ident = f"{game}-decision-{digest}-move-{decision.number}".replace("5x5", "five")
        words = (f"Move {decision.number} of a recorded game played {decision.played}; on {found.deals} sampled "
                 f"deals it scored {found.loss:g} points less than the best (95%: {found.interval[0]:g} to "
                 f"{found.interval[1]:g}). Find a better move.")
        text = puzzle_toml(id=ident, kind=kind, body=dump(question), title=f"Find a better move (move "
                           f"{decision.number})", difficulty=3, themes=["game review", "learn from your mistakes"],
                           description=words, answer=Answer(found.lead), multiline_strings=True)
        return f"{ident}.toml", text

    return PuzzleKind(kind, description, parse, solve, dump), mistake_puzzle


def _explain(found: Comparison) -> tuple[str, ...]:
    lines = [f"On {found.deals} sampled deals (the same for every action), {found.best} scores "
             f"{found.mean_of(found.best):.1f} on average, {found.lead:g} more than the runner-up {found.runner_up} "
             f"(95%: {found.lead_interval[0]:g} to {found.lead_interval[1]:g})."]
    if found.played != found.best:
        lines.append(f"The move played, {found.played}, scores {found.mean_of(found.played):.1f} "
                     f"(a loss of {found.loss:g}, 95%: {found.interval[0]:g} to {found.interval[1]:g}).")
    return tuple(lines)
