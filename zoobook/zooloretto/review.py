"""The game review of Zooloretto: each decision against the best of sampled play-outs, with its interval.

The order of the supply is hidden, so a decision is judged on *sampled deals*: each deal shuffles
the supply anew from a seed of its own (:meth:`~zoobook.zooloretto.game.ZoolorettoState.redealt`,
never the true order); every candidate is played on that same deal and the round is played out
by the greedy bot in every seat, the same bot seeds for each candidate (common random numbers).
Where the play-out stops -- the end of the round, or of the game -- each zoo is valued by the
bots' :func:`~zoobook.zooloretto.bots.zoo_value` (its score if the game ended now, plus half a
point a coin and a share of what unfinished enclosures promise; the final score once the game is
over), and a decision's value is the deciding seat's lead: its zoo's value less the best other
zoo's, since Zooloretto is won by the highest score (a marker that hurts the leader counts).

The candidates: every legal action when there are at most :data:`CANDIDATES`, else the lookahead
bot's best :data:`CANDIDATES` (its ranking of a turn's actions; a tile's places by the zoo's value
after it), and always the action played, so it is compared on the SAME deals
(:func:`zoobook.review_sampling.compare`: the loss and its 95% interval come from the paired
differences; a loss is labelled only when its interval is above 0). The reasons are the
lookahead bot's words for the best action and the action played.

Examples
--------
>>> from zoobook.zooloretto.game import ZoolorettoState
>>> state = ZoolorettoState.new(players=2, seed=1)
>>> appraisal = EVALUATOR.evaluate(state, state.legal_actions()[0], None, seed=1, deals=4)
>>> appraisal.unit, appraisal.loss >= 0
('points', True)
"""

from __future__ import annotations

import random
from typing import Any

from zoobook.review import Appraisal, Evaluator
from zoobook.review_sampling import Comparison, SampledEvaluator, compare
from zoobook.zooloretto.bots import GreedyBot, LookaheadBot, zoo_value
from zoobook.zooloretto.game import ZoolorettoState

__all__ = ["EVALUATOR", "ZoolorettoEvaluator", "THRESHOLDS", "CANDIDATES", "DEALS", "PUZZLE_DEALS", "comparison",
           "lead"]

#: The labels' thresholds in points of the lead. The final scores of the lookahead bot's 3-player
#: games spread with a standard deviation of 3.8 points, and the winner's margin is 3.8 points on
#: average (30 games measured, docs/game-review.md): an *inaccuracy* gives away 1 point (a quarter
#: of that spread), a *mistake* 2 (half of it), a *blunder* 4 (a whole winner's margin in one move).
THRESHOLDS = {"inaccuracy": 1.0, "mistake": 2.0, "blunder": 4.0}

#: Candidates compared at most (the lookahead bot's best, and the action played).
CANDIDATES = 5

#: Sampled deals per decision at most (the budget may stop sooner, after 4 at least).
DEALS = 16

#: Sampled deals of a "find a better move" puzzle (no time cap: the seed alone fixes the answer).
PUZZLE_DEALS = 32


def lead(state: ZoolorettoState, seat: int) -> float:
    """*seat*'s zoo value less the best other zoo's (final scores once the game is over)."""
    if state.is_terminal():
        values = state.returns()
    else:
        values = [zoo_value(zoo) for zoo in state.zoos]
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def _ranked(state: ZoolorettoState, actions: list) -> list:
    """*actions*, the lookahead bot's best first (a turn's actions by its ranking, a tile's
    places by the zoo's value after it; others as listed)."""
    seat = state.current_player
    if state.phase == "turn":
        ranked = [action for _, action, _ in LookaheadBot().rank(state, actions)]
        return ranked + [a for a in actions if a not in ranked]
    if state.phase == "place":
        return sorted(actions, key=lambda a: -zoo_value(state.zoos_after(a, known_legal=True)[seat]))
    return actions


def _play_out(game: ZoolorettoState, seed: int) -> None:
    """The greedy bot in every seat to the end of the round (or of the game)."""
    bots = [GreedyBot(seed + seat) for seat in range(game.players)]
    start = game.round
    while not game.is_terminal() and game.round == start:
        game.apply_unchecked(bots[game.current_player].choose(game))


def comparison(state: ZoolorettoState, played, deals: int, seed: int,
               budget_seconds: float | None = None) -> Comparison:
    """The candidates and *played* compared on *deals* sampled deals from *seed*."""
    seat = state.current_player
    actions = state.legal_actions()
    if len(actions) > CANDIDATES:
        actions = _ranked(state, actions)[:CANDIDATES]

    def sample(deal_seed: int, candidates: list) -> list[float]:
        rng = random.Random(deal_seed)
        table = state.redealt(rng.getrandbits(32))
        bots_seed = rng.getrandbits(32)
        values = []
        for action in candidates:
            game = table.search_copy()
            game.apply_unchecked(action)
            _play_out(game, bots_seed)
            values.append(lead(game, seat))
        return values

    return compare(actions, played, sample, deals, seed, budget_seconds=budget_seconds)


def _why(state: ZoolorettoState, action) -> str:
    """The lookahead bot's words for *action*: its ranking's reason, or the zoo after it."""
    seat = state.current_player
    if state.phase == "turn":
        for value, ranked, why in LookaheadBot().rank(state, [action]):
            return f"{why} (the lookahead bot's value {value:+.1f})"
    try:
        after = state.zoos_after(action, known_legal=True)[seat]
    except (KeyError, TypeError, ValueError):
        return "its value in the sampled play-outs"
    return f"the zoo's value after it: {zoo_value(after):.1f} (now {zoo_value(state.zoos[seat]):.1f})"


class ZoolorettoEvaluator(SampledEvaluator, Evaluator):
    """The review of Zooloretto decisions (the module text)."""

    game = "zooloretto"
    thresholds = THRESHOLDS
    # the decision kind builds on this module, so it is named, not imported
    decision_module = "zoobook.zooloretto.decision_kind"
    deals = DEALS
    puzzle_deals = PUZZLE_DEALS
    default_budget = 0.4

    def evaluate(self, state: ZoolorettoState, played: Any, budget_seconds: float | None, seed: int,
                 deals: int | None = None) -> Appraisal:
        if len(state.legal_actions()) == 1:
            return Appraisal(played, 0.0, 0.0, 0.0, None, True, ("the only legal action",))
        found = comparison(state, played, deals or self.deals, seed, budget_seconds)
        reasons = ()
        if found.best != played:
            reasons = (f"{found.best}: {_why(state, found.best)}", f"{played} (played): {_why(state, played)}",
                       f"on {found.deals} sampled deals (the same for both), the lead after the round: "
                       f"{found.words(found.best)} against {found.words(played)}")
        interval = None if found.best == played else found.interval     # nothing seen beats it
        return Appraisal(found.best, found.mean_of(found.best), found.mean_of(played), found.loss,
                         interval, False, reasons, "points")



EVALUATOR = ZoolorettoEvaluator()
