"""Plan the rest of a solo round by beam search over whole turns: a play-out that looks ahead.

The search bot's play-out (:class:`~zoobook.fivebyfive.search_bot.SearchBot`) plays each
decision greedily, one at a time. A *plan* looks further: it searches the graph of the
round's positions, one whole turn an edge, keeping the ``width`` most promising positions
at each step (a beam search):

1. from each position kept, try every action open to the player; each is followed by
   the rest of its turn played greedily (every choice rated by the greedy value), so a
   child is the position at the next turn's start;
2. rate every child by the lookahead bot's value (the greedy value plus the round's best
   lineup for the hand then held) and keep the ``width`` best of them all;
3. a position that reaches the horizon (the lineup walked the solver's way, the round
   scored: the next round dealt, or the game over) is a finished plan, valued as the search
   values its leaves (:func:`~zoobook.fivebyfive.playouts.final_estimate`, the final score
   once the game is over). The plan is the best finished one.

With ``width=1`` the plan is one greedy play of the round. A beam as wide as every turn's
choices keeps them all, but a narrower one keeps the best *rated* positions, so a plan the
rating undervalues at one step can be dropped: a beam search is not exhaustive, and a wider
beam is not always better (it can keep other positions than a narrower one). A plan is a
single player's: the solo AI acts inside the game, and with other players the plan does not
apply.

Examples
--------
>>> from zoobook.fivebyfive.game import GameState
>>> from zoobook.fivebyfive.bots import LookaheadBot
>>> state = GameState.new(players=1, seed=3)
>>> while state.round < 3:
...     state.apply(LookaheadBot(3).choose(state))
>>> [plan_round(state, width, seed=7).value for width in (1, 4)]     # round 3: the final score
[95.0, 101.0]
>>> plan = plan_round(state, width=4, seed=7)
>>> plan.complete, len(plan.actions), plan.actions[0] in state.legal_actions()
(True, 5, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from zoobook.fivebyfive.game import GameState
from zoobook.fivebyfive.playouts import _copy, _greedy_trial, _values, past_horizon, play_forced

__all__ = ["RoundPlan", "plan_round"]


@dataclass(frozen=True)
class RoundPlan:
    """The best plan a beam search found to the end of the round.

    Attributes
    ----------
    value : float
        The plan's value at the horizon: the expected final score (the final score itself
        when the plan ends the game); ``-inf`` when no plan was finished.
    actions : tuple
        The beam's choices along the plan, one a step: the first action of each turn (at
        the first step, of what is left of the turn begun), in order; the rest of each
        turn is the greedy play's, the lineup the solver's.
    rated : int
        Positions rated (the plan's cost).
    complete : bool
        False when *stop* ended the search before a plan was finished.
    """

    value: float
    actions: tuple
    rated: int
    complete: bool = True


def _horizon(state: GameState) -> int:
    return max(state.round, 1)                   # the setup's placements plan with round 1


def _advance(game: GameState, horizon: int, rng: random.Random) -> list | None:
    """Play what is forced (the lineup, single actions); the choices open then, or ``None`` at the horizon."""
    while not past_horizon(game, horizon):
        actions = play_forced(game, rng)
        if actions is not None:
            return actions
    return None


def plan_round(state: GameState, width: int = 2, seed: int = 0, stop=None) -> RoundPlan:
    """The best plan to the end of the round a beam of *width* positions finds from *state*.

    Parameters
    ----------
    state : GameState
        A solo game in a round's main phase (or the setup). Not changed: the plan is made
        on a copy whose random draws come from *seed*.
    width : int
        Positions kept at each step (1: one greedy play of the round).
    seed : int
        The random draws of the copies (cubes, display tokens) come from it.
    stop : callable or None
        Asked before each position is expanded and each of its actions is tried (after the
        first); when it returns True the search ends, and the plan returned is marked
        incomplete.

    Returns
    -------
    RoundPlan

    Raises
    ------
    ValueError
        If the game has other players, is over, or *width* is below 1.
    """
    if width < 1:
        raise ValueError(f"a beam keeps one position at least, not {width}")
    if len(state.players) != 1:
        raise ValueError(f"a round plan is a solo player's, and this game has {len(state.players)} players")
    if state.is_terminal():
        raise ValueError("the game is over: nothing to plan")
    seat, horizon, rng = state.current_player, _horizon(state), random.Random(seed)
    beam = [(_copy(state, seed), ())]
    best, best_actions, rated = float("-inf"), (), 0
    while beam:
        children = []
        for game, taken in beam:
            if stop is not None and stop():
                return RoundPlan(best, best_actions, rated, complete=False)
            actions = _advance(game, horizon, rng)
            if actions is None:                  # a finished plan
                value = _values(game, True, True)[seat]
                if value > best:
                    best, best_actions = value, taken
                continue
            for action in actions:
                if stop is not None and rated and stop():   # a position's actions can take 0.3 s
                    return RoundPlan(best, best_actions, rated, complete=False)
                value, child = _greedy_trial(game, action, seat, seed, "turn", lineup=True, sampled=True)
                children.append((value, child, taken + (action,)))
                rated += 1
        children.sort(key=lambda item: -item[0])  # stable: equals keep the legal order
        beam = [(child, taken) for _, child, taken in children[:width]]
    return RoundPlan(best, best_actions, rated)
