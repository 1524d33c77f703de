"""The game review of a solo Age of Steam game: each decision against the planner's best action.

A decision's value is what the best play from the position after it achieves, ranked as ruling
S10a ranks cleared games: the turn the map is cleared in, then the base game's final score, then
the cash. A map that can no longer be cleared by the turn limit counts as cleared
:data:`LOST_GAME_TURNS` turns after the limit. The *loss* is measured in **turns**:

- the turns lost, when the played action clears the map later than the best (a whole number);
- otherwise, when it clears in the same turn with a lower score, :data:`TURNS_PER_SCORE_POINT`
  per point lost (at most :data:`MAX_TIE_LOSS`); with the same score and less cash,
  :data:`TURNS_PER_DOLLAR` per dollar (at most :data:`MAX_CASH_LOSS`, below one score point).

So the order of losses keeps S10a's order, and a lost turn always outweighs any score or cash.

Which planner judges is the kinds' rule (:func:`zoobook.steam.game.kinds.solve`): on a map the
exact planner may fit (:func:`~zoobook.steam.game.anytime.exact_fits`) it plans under the
decision's budget, and its answer is proved; a larger map, or one the budget stops, goes to the
anytime planner, whose plan is real (replayed through the engine) but whose bound may fall short
of it. Then the appraisal is not proved and its ``interval`` is the *proven* range of the turns
lost (not a sampled one): from the bound after the played action less the best plan's turns,
to the played plan's turns less the bound before it.

Examples
--------
>>> from zoobook.steam.zoo.model import Area, ZooMap
>>> from zoobook.steam.game.actions import IssueShares
>>> from zoobook.steam.game.state import Game
>>> zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
>>> state = Game.zoo(zoo, land=[(1, 0)], turns=3).new_state()
>>> appraisal = EVALUATOR.evaluate(state, IssueShares(2), 5.0, 0)
>>> str(appraisal.best), appraisal.loss, appraisal.proved, EVALUATOR.label(appraisal)
('issue 0 shares', 0.6, True, 'inaccuracy')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zoobook.review import Appraisal, Evaluator
from zoobook.steam.game.actions import Action
from zoobook.steam.game.state import OVER, Game, GameState, Position

__all__ = ["EVALUATOR", "SteamEvaluator", "Outlook", "outlook", "loss_in_turns", "THRESHOLDS",
           "LOST_GAME_TURNS", "TURNS_PER_SCORE_POINT", "TURNS_PER_DOLLAR", "MAX_TIE_LOSS", "MAX_CASH_LOSS"]

#: A map no longer clearable by the limit counts as cleared this many turns after it, so that
#: throwing the game away is a blunder even when the best play clears in the last turn.
LOST_GAME_TURNS = 2
#: The loss of one S10a score point (same turn): a tenth of a turn.
TURNS_PER_SCORE_POINT = 0.1
#: The loss of one dollar (same turn and score): a hundredth of a turn.
TURNS_PER_DOLLAR = 0.01
#: Score and cash never add up to a turn.
MAX_TIE_LOSS = 0.9
#: Cash alone never adds up to a score point.
MAX_CASH_LOSS = 0.09

#: The labels' thresholds, in turns. The solo game ranks by turns first (S10a), and the spread
#: of outcomes is narrow: the full set-ups' best plans clear in turns 6 to 8 of 10, the shipped
#: small maps in turns 1 to 4, so one turn is a large share of a game. Hence: an *inaccuracy*
#: gives away score (a point, 0.1) with no turn lost -- an issued share too many costs 3 --; a
#: *mistake* loses a whole turn; a *blunder* two turns, or the game.
THRESHOLDS = {"inaccuracy": 0.1, "mistake": 1.0, "blunder": 2.0}


@dataclass(frozen=True)
class Outlook:
    """The best play found from a position: the turn it clears in (None: not cleared by the
    limit), its score and cash, its actions, the proven lower bound on the turn, whether it is
    proved the best (turns, score and cash), and why (sentences)."""

    turns: int | None
    score: int | None
    cash: int | None
    actions: tuple[Action, ...]
    bound: int
    proved: bool
    reasons: tuple[str, ...]

    def rank(self, limit: int) -> tuple[int, int, int]:
        """S10a's order as numbers, smaller is better: (turn, -score, -cash)."""
        if self.turns is None:
            return (limit + LOST_GAME_TURNS, 0, 0)
        return (self.turns, -(self.score or 0), -(self.cash or 0))

    def words(self) -> str:
        if self.turns is None:
            return "the map cannot be cleared by the turn limit"
        return f"clears the map in turn {self.turns} with a score of {self.score} and ${self.cash} left"


def outlook(game: Game, position: Position, budget_seconds: float) -> Outlook:
    """The best play from *position* in about *budget_seconds* CPU seconds: the exact planner on
    a small map (proved), else (or when its budget runs out) the anytime planner."""
    from zoobook.steam.game.anytime import EXACT_MEMORY_MB, exact_fits, plan_anytime
    from zoobook.steam.game.hint import plan_reasons
    from zoobook.steam.game.planner import PlanBudgetExceeded, plan

    if position.phase == OVER:
        result = position.outcome
        if result.cleared:
            return Outlook(result.turns, result.score, result.cash, (), result.turns, True,
                           (f"The game is over: {result.reason}.",))
        return Outlook(None, None, None, (), game.turns + 1, True, (f"The game is lost: {result.reason}.",))
    if exact_fits(game):
        try:
            found = plan(game, position, budget_seconds=budget_seconds, max_memory_mb=EXACT_MEMORY_MB)
        except PlanBudgetExceeded:
            pass
        else:
            bound = found.turns if found.cleared else game.turns + 1
            return Outlook(found.turns, found.score, found.cash, tuple(found.actions), bound, True,
                           plan_reasons(found))
    found = plan_anytime(game, budget_seconds, position=position, cpu_budget=True)
    proved = found.proved_impossible if found.turns is None else False
    if found.turns is None:
        reasons = (f"The anytime planner found no plan clearing the map by turn {game.turns} "
                   f"(its bound: {found.bound_reason}).",)
    else:
        reasons = (f"It starts a plan that clears the map in turn {found.turns} with a score of {found.score} "
                   f"and ${found.cash} left (the anytime planner's best in {budget_seconds:g} CPU-s).",
                   f"No plan clears it before turn {found.lower_bound}: {found.bound_reason}.",
                   "The plan: " + " | ".join(s.text() for s in found.steps))
    return Outlook(found.turns, found.score, found.cash, tuple(found.actions), found.lower_bound, proved,
                   reasons)


def loss_in_turns(best: tuple[int, int, int], played: tuple[int, int, int]) -> float:
    """The loss of *played* against *best* (both :meth:`Outlook.rank`), in turns (module text).

    >>> loss_in_turns((3, -5, -8), (4, -9, -20)), loss_in_turns((3, -5, -8), (3, -2, -8))
    (1.0, 0.3)
    >>> loss_in_turns((3, -5, -8), (3, -5, -1)), loss_in_turns((3, -5, -8), (3, -5, -90))
    (0.07, 0.0)
    """
    turns, score, cash = (p - b for p, b in zip(played, best))
    if turns != 0:
        return float(max(0, turns))
    if score != 0:
        return round(min(MAX_TIE_LOSS, TURNS_PER_SCORE_POINT * score), 6) if score > 0 else 0.0
    return round(min(MAX_CASH_LOSS, TURNS_PER_DOLLAR * cash), 6) if cash > 0 else 0.0


class SteamEvaluator(Evaluator):
    """The review of solo Age of Steam decisions (the module text)."""

    game = "steam"
    thresholds = THRESHOLDS
    #: CPU seconds of each planner run (one or two a decision): on a small map the exact planner
    #: settles a position in well under it; on a full set-up the anytime planner's plan from a
    #: position meets its bound within it at most positions, and the review of a whole Easter
    #: Island Normal game (65 decisions) stays within 120 s on two cores
    #: (``benchmarks/bench_review.py``).
    default_budget = 1.0
    # the steam/decision puzzle kind builds on this module, so it is named, not imported
    puzzle_maker = "zoobook.steam.game.decision_kind:mistake_puzzle"

    def evaluate(self, state: GameState, played: Any, budget_seconds: float, seed: int) -> Appraisal:
        game, position = state.game, state.position
        best = outlook(game, position, budget_seconds)
        after = state.search_copy()
        after.apply(played)
        if best.actions and best.actions[0] == played:
            # the best plan starts with the action played: its rest is the play after it
            return self._appraisal(game, played, best, played, best, same=True)
        return self._appraisal(game, best.actions[0] if best.actions else played, best, played,
                               outlook(game, after.position, budget_seconds))

    def _appraisal(self, game: Game, best_action: Any, best: Outlook, played_action: Any, played: Outlook, *,
                   same: bool = False) -> Appraisal:
        limit = game.turns
        if not same and played.rank(limit) < best.rank(limit):
            # the anytime planner found more after the played action than before it: it is the best seen
            best_action, best, same = played_action, played, True
        loss = 0.0 if same else loss_in_turns(best.rank(limit), played.rank(limit))
        proved = best.proved and played.proved
        interval = None
        if not proved:
            low = max(0, played.bound - best.rank(limit)[0])
            high = max(0, played.rank(limit)[0] - best.bound)
            interval = (float(min(low, loss)), float(max(high, loss)))
        reasons = best.reasons
        if not same:
            reasons = (*reasons, f"After {played_action}, the best play found {played.words()}.")
        return Appraisal(best_action, -float(best.rank(limit)[0]), -float(played.rank(limit)[0]), loss,
                         interval, proved, reasons, "turns", interval_level=1.0)


EVALUATOR = SteamEvaluator()
