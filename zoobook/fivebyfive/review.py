"""The game review of 5x5 Zoo: each decision against the search bot's best, over re-dealt hidden cards.

A decision is judged as the search bot (:mod:`zoobook.fivebyfive.search_bot`) searches it, on
*sampled deals*: each deal re-deals the face-down decks from a seed of its own
(:func:`~zoobook.fivebyfive.playouts.deal`, never the true order), every candidate is played on
that same deal and played out to the end of the round by the search's own rollout policy
(:func:`~zoobook.fivebyfive.playouts.rollout`, the same random numbers for each), and valued by
the expected final score there (:func:`~zoobook.fivebyfive.playouts.leaf_values`; the final score
once the game is over). Solo, a value is the player's expected final score; with 2-4 players
the lead over the best other player, as the search bot weighs it.

The candidates are the search bot's: its ranking's :data:`CANDIDATES` best actions (the
lookahead value), plus the action played when the ranking left it out, so the action played is
always compared on the SAME deals as the best (:func:`zoobook.review_sampling.compare`: the loss
and its 95% interval come from the paired differences). The reasons are the hint's
(:func:`zoobook.fivebyfive.reasons.reason`) for the best action and for the action played.

A loss is labelled only when it is significant (its 95% interval above 0): the luck of a few
deals labels nothing. Not sampled: a decision with one legal action (nothing to lose), and the lineup: the whole
optimal lineup (``BestLineup``) is the exact solver's, loss 0; a lineup walked step by step is
not appraised step by step (its steps get loss 0 and say so).

Examples
--------
>>> from zoobook.fivebyfive.game import GameState
>>> state = GameState.new(players=1, seed=3)
>>> appraisal = EVALUATOR.evaluate(state, state.legal_actions()[-1], None, seed=1, deals=4)
>>> appraisal.unit, appraisal.loss >= 0, appraisal.interval[0] <= appraisal.interval[1]
('points', True, True)
"""

from __future__ import annotations

import random
from typing import Any

from zoobook.fivebyfive.game import BestLineup, GameState
from zoobook.fivebyfive.playouts import deal, leaf_values, rollout
from zoobook.fivebyfive.search_bot import _rank
from zoobook.review import Appraisal, Evaluator
from zoobook.review_sampling import Comparison, SampledEvaluator, compare

__all__ = ["EVALUATOR", "FiveByFiveEvaluator", "THRESHOLDS", "CANDIDATES", "DEALS", "PUZZLE_DEALS", "comparison"]

#: The labels' thresholds in points of expected final score, from the spread of solo scores: the
#: search bot's games scored 137, 116 and 132 (standard deviation 11), the lookahead bot's 16 games
#: a standard deviation of 17.5 (docs/game-review.md). A game has about 58 decisions, and one
#: decision moves the expected score by far less: an *inaccuracy* gives away 2 points (a fifth of
#: the search bot's spread), a *mistake* 4 (a third), a *blunder* 8 (most of it in one move).
THRESHOLDS = {"inaccuracy": 2.0, "mistake": 4.0, "blunder": 8.0}

#: The ranking's best actions compared (the search bot's halving keeps 8 at its start; 5 keep a
#: whole game's review within a minute on two cores).
CANDIDATES = 5

#: Sampled deals per decision at most (the budget may stop sooner, after 4 at least).
DEALS = 24

#: Sampled deals of a "find a better move" puzzle: no time cap, so the same seed gives the same
#: answer on every machine.
PUZZLE_DEALS = 32


def _objective(values: list[float], seat: int) -> float:
    """The seat's expected final score solo; its lead over the best other player otherwise."""
    if len(values) == 1:
        return values[0]
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def comparison(state: GameState, played, deals: int, seed: int, budget_seconds: float | None = None) -> Comparison:
    """The search bot's candidates and *played* compared on *deals* sampled deals from *seed*."""
    seat = state.current_player
    actions = state.legal_actions()
    if len(actions) > CANDIDATES:
        actions = _rank(state, actions, seed)[0][:CANDIDATES]
    horizon = max(state.round, 1)

    def sample(deal_seed: int, candidates: list) -> list[float]:
        rng = random.Random(deal_seed)
        table = deal(state, rng.getrandbits(32))
        rollout_seed = rng.getrandbits(32)
        values = []
        for action in candidates:
            game = table.search_copy()
            game.apply_unchecked(action)
            rollout(game, horizon, random.Random(rollout_seed))
            values.append(_objective(leaf_values(game), seat))
        return values

    return compare(actions, played, sample, deals, seed, budget_seconds=budget_seconds)


class FiveByFiveEvaluator(SampledEvaluator, Evaluator):
    """The review of 5x5 Zoo decisions (the module text)."""

    game = "5x5"
    thresholds = THRESHOLDS
    # the decision kind builds on this module, so it is named, not imported
    decision_module = "zoobook.fivebyfive.decision_kind"
    deals = DEALS
    puzzle_deals = PUZZLE_DEALS
    default_budget = 1.0

    def evaluate(self, state: GameState, played: Any, budget_seconds: float | None, seed: int,
                 deals: int | None = None) -> Appraisal:
        actions = state.legal_actions()
        if len(actions) == 1 or isinstance(played, BestLineup):
            why = ("the only legal action" if len(actions) == 1
                   else "the exact solver's optimal lineup for this round")
            return Appraisal(played, 0.0, 0.0, 0.0, None, True, (why,))
        if state.phase == "lineup":
            return Appraisal(played, 0.0, 0.0, 0.0, None, False,
                             ("a lineup walked step by step is not appraised step by step",))
        found = comparison(state, played, deals or self.deals, seed, budget_seconds)
        reasons = ()
        if found.best != played:
            from zoobook.fivebyfive.reasons import reason

            reasons = (f"{found.best}: {reason(state, found.best)}",
                       f"{played} (played): {reason(state, played)}",
                       f"on {found.deals} sampled deals (the same for both): {found.words(found.best)} expected "
                       f"against {found.words(played)}")
        interval = None if found.best == played else found.interval     # nothing seen beats it
        return Appraisal(found.best, found.mean_of(found.best), found.mean_of(played), found.loss,
                         interval, False, reasons, "points")



EVALUATOR = FiveByFiveEvaluator()
