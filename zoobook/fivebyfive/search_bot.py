"""The strongest bot of 5x5 Zoo: sequential halving over sampled deals.

How it plays
------------
The bot does not know the order of the face-down decks (animal tiles, large tiles, special
cards, request cards, one-time customer cards), so it searches over *sampled deals*: each
copies the game with :func:`~zoobook.fivebyfive.playouts.deal`, which deals exactly the unseen
cards anew from a seed of its own, never from their true order (the customer discard pile,
the main board, the request cards and the special cards in hand are face up and stay).
A decision of the main phase goes like this:

1. *rank* the legal actions by the lookahead bot's value (the whole turn played greedily,
   plus the round's best lineup) and keep the best :data:`WIDTH` as candidates;
2. *sweep*: deal the unseen cards once and play every candidate still in the race on that
   deal, each followed by the same random numbers, so the candidates are compared on the same
   tiles and cubes (common random numbers) and a one-point difference shows after a few sweeps;
3. *play out* each to the end of the current round with the greedy rollout policy
   (:func:`~zoobook.fivebyfive.playouts.rollout`: the lookahead value of three actions drawn at
   random; in round 3 a tile goes on its best spot), the lineup the exact solver's;
4. *value* where the play-out stops by the expected final score,
   :func:`~zoobook.fivebyfive.playouts.final_estimate` (the final score itself once the game is
   over): the points banked plus a weighted sum of what the zoo promises, weights fitted to
   the final scores of self-played games;
5. after each phase of the budget, drop the worse half of the candidates, down to two; the
   choice is the candidate played most (the best of the last two).

The lineup phase is not searched: the solver's lineup is optimal for the round, and in round 3,
where final bonus cards A, B and G read the lineup too, the bot walks the lineup with the most
final points (:func:`~zoobook.fivebyfive.final_lineup.final_lineup_steps`), one step a decision.
The solo AI is part of the game state, so it acts in every sampled deal as it would at the
table; with 2-4 players each seat maximises its lead over the best other player.

The bot is seeded: the same seed and the same state give the same choice with
``time_limit=None``. A time cap holds for the whole decision: the ranking stops after half of
the search's share of it, no sweep or play-out starts that would likely pass it, and a play-out
still running at the deadline stops. Python's cycle collector is paused while the bot searches
(a search makes no reference cycles). :meth:`SearchBot.search` returns what the search saw, a
:class:`~zoobook.fivebyfive.search_view.SearchView`, which the game widget's hint shows.
What was tried beside this search, and why it is off, is the table of ``docs/experiments.md``.

Parameters of :class:`SearchBot`
--------------------------------
seed : int
    Same seed, same state: same choice (with ``time_limit=None``).
iterations : int
    Play-outs per decision at most.
time_limit : float or None
    CPU seconds (of this thread) per decision at most, on top of ``iterations``; ``None`` for
    a search that depends on the seed alone.
clock : callable or None
    What the time cap reads, in seconds (``time.thread_time`` by default; a test injects its own).

Examples
--------
>>> from zoobook.fivebyfive.game import GameState
>>> state = GameState.new(players=1, seed=3)
>>> bot = SearchBot(seed=1, iterations=4, time_limit=None)
>>> action = bot.choose(state)
>>> action in state.legal_actions()
True
>>> view = SearchBot(seed=1, iterations=4, time_limit=None).search(state)
>>> view.best == action, sum(c.visits for c in view.candidates) == view.iterations
(True, True)
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import time

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.final_lineup import final_lineup_steps
from zoobook.fivebyfive.game import ROUNDS, BestLineup, GameState, Take, action_text
from zoobook.fivebyfive.playouts import PastDeadline, _greedy_value, banked, deal, leaf_values, rollout
from zoobook.fivebyfive.search_view import Candidate, SearchView, reason

__all__ = ["SearchBot", "SearchView", "Candidate", "WIDTH"]

#: The root's candidates: the lookahead ranking's best 8 (the 9th to 12th added nothing measurable).
WIDTH = 8


def _objectives(values: list[float]) -> list[float]:
    """What each seat maximises: its value solo; its lead over the best other player otherwise."""
    if len(values) == 1:
        return values
    return [v - max(values[:s] + values[s + 1:]) for s, v in enumerate(values)]


def _rank(state: GameState, actions: list, seed: int, stop=None) -> tuple[list, int]:
    """*actions* best first by the lookahead bot's value (a take's whole turn played greedily, plus
    the round's best lineup).

    With *stop* (a function of no arguments), the ranking ends once it says so (one action
    at least is valued): the actions not valued follow in their legal order. Returns the
    order and how many actions were valued.
    """
    seat = state.current_player
    values: dict = {}
    for action in actions:
        if values and stop is not None and stop():
            break
        values[action] = _greedy_value(state, action, seat, seed, "turn" if isinstance(action, Take) else "settle",
                                       lineup=True)
    ranked = sorted(values, key=lambda a: -values[a])       # stable: equals keep the legal order
    return ranked + [a for a in actions if a not in values], len(ranked)


# -- the cycle collector during a search: paused (a search makes no cycles) ---------------------
#: How many searches are running, and whether the collector runs again after the outermost.
_pause = {"depth": 0, "resume": False}


def _pause_collector() -> None:
    """Pause Python's cycle collector (``gc.disable``) for a search; :func:`_resume_collector` after.

    A search makes no reference cycles (a test checks it), so the collector has nothing to
    find in it, yet its passes over the search's objects took about 5% of a decision, and a
    full pass over a long-lived process's caches several seconds. Called first thing in a
    decision, before anything is allocated (a pass starts only on an allocation). Nested
    searches (the widget's hint inside a search) pause once; a collector disabled by the
    caller stays so.
    """
    if _pause["depth"] == 0:
        _pause["resume"] = gc.isenabled()
        gc.disable()
    _pause["depth"] += 1


def _resume_collector() -> None:
    """End :func:`_pause_collector`: the outermost search first walks the young objects it kept
    (``gc.collect(0)``: the decision pays for its own objects), then the collector runs again."""
    if _pause["depth"] == 1:
        gc.collect(0)
    _pause["depth"] -= 1
    if _pause["depth"] == 0 and _pause["resume"]:
        gc.enable()


class _Arm:
    """One candidate's play-outs: how many, the sum of its objective, the searching seat's values."""

    __slots__ = ("visits", "total", "scores")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.scores: list[float] = []


class _Root:
    """The decision: the actions best first, the candidates' arms, the sampled deals played."""

    __slots__ = ("order", "arms", "deals")

    def __init__(self, order: list) -> None:
        self.order = order
        self.arms: dict = {}
        self.deals = 0


class SearchBot:
    """Sequential halving over sampled deals, the module's page says how (parameters there too).

    Parameters
    ----------
    seed : int
    iterations : int
    time_limit : float or None
    clock : callable or None
    """

    name = "search"

    #: The share of the time cap the search itself may use: the rest is for the view, its reason
    #: and the collector's walk of the decision's young objects (timed up to 0.15 CPU-s of 2).
    SEARCH_SHARE = 0.85

    #: The share of the search's time the root's ranking may use before it stops ranking.
    RANK_SHARE = 0.5

    def __init__(self, seed: int = 0, iterations: int = 1000, time_limit: float | None = 2.0, clock=None) -> None:
        if iterations < 1:
            raise ValueError(f"the search needs at least one iteration, not {iterations}")
        self.seed = seed
        self.iterations = iterations
        self.time_limit = time_limit
        self.clock = time.thread_time if clock is None else clock
        self._lineup_steps: list = []                  # (seat, step): the rest of a third lineup begun
        self.last_view: SearchView | None = None

    # -- the bot interface -----------------------------------------------------------------------
    def choose(self, state: GameState):
        """The action to take now (one of ``state.legal_actions()``)."""
        _pause_collector()                             # first: nothing allocated before it
        try:
            planned = self._planned_step(state)
            if planned is not None:
                return planned
            actions = state.legal_actions()
            if BestLineup() in actions:
                found = self._final_lineup(state)
                if found is None:
                    return BestLineup()
                self.last_view, steps = found
                return self._begin_lineup(state.current_player, steps)
            if len(actions) == 1:
                return actions[0]
            self.last_view = self.search(state)
            return self.last_view.best
        finally:
            _resume_collector()

    def search(self, state: GameState) -> SearchView:
        """Search from *state* (not changed) and return its view; the best action is ``view.best``."""
        if state.is_terminal():
            raise ValueError("the game is over: nothing to search")
        started = self.clock()
        _pause_collector()
        try:
            found = self._final_lineup(state)
            if found is not None:
                return found[0]
            return self._search(state, started)
        finally:
            _resume_collector()

    # -- the third lineup: the most final points ------------------------------------------------
    def _final_lineup(self, state: GameState) -> tuple[SearchView, list] | None:
        """The view and the steps of the third lineup with the most final points, or ``None``
        when it is the solver's (``BestLineup``): not round 3, no card reads the lineup, or no
        lineup scores more."""
        started = self.clock()

        def spent() -> bool:                           # the lineups of real games take 0.1 s at most
            return self.time_limit is not None and self.clock() - started > self._searching_limit()

        found = final_lineup_steps(state, stop=spent)
        if found is None:
            return None
        best, steps = found
        seat = state.current_player
        before = banked(state, seat)
        cards = ", ".join(f"{letter} {points}" for letter, points in sorted(best.cards.items()))
        ours = Candidate(steps[0], f"the lineup for the final score ({best.plan.value} round points; {cards})",
                         0, 0.0, before + best.value, 0.0, 0)
        solvers = Candidate(BestLineup(), action_text(BestLineup()), 0, 0.0, before + best.solver_value, 0.0, 1)
        why = " ".join(best.explanation()[:3])
        view = SearchView(seat, 0, self.clock() - started, (ours, solvers), steps[0], why, deals=0,
                          steps=tuple(steps))
        return view, steps

    def _begin_lineup(self, seat: int, steps: list):
        """Keep the rest of *seat*'s lineup (and a stop, should it not end by itself); its first step."""
        self._lineup_steps = [(seat, step) for step in steps[1:] + [lu.Stop()]]
        return steps[0]

    def _planned_step(self, state: GameState):
        """The next step of the third lineup begun, while the game is still in it; else ``None``."""
        while self._lineup_steps:
            seat, step = self._lineup_steps.pop(0)
            if (state.phase == "lineup" and state.round == ROUNDS and state.current_player == seat
                    and state.refusal(step) is None):
                return step
            self._lineup_steps.clear()                 # that lineup ended (or went another way)
        return None

    # -- the search ------------------------------------------------------------------------------
    def _decision_seed(self, state: GameState) -> int:
        return hash((self.seed, len(getattr(state, "history", ())), state.current_player)) & 0xFFFFFFFF

    def _searching_limit(self) -> float:
        return self.time_limit * self.SEARCH_SHARE

    def _search(self, state: GameState, started: float) -> SearchView:
        seat = state.current_player
        rng = random.Random(self._decision_seed(state))
        actions = state.legal_actions()
        if BestLineup() in actions:
            actions = [BestLineup()]
        order, ranked = self._root_ranking(state, actions, started)
        root = _Root(order)
        done = self._halving(state, root, seat, max(state.round, 1), rng, started, ranked)
        return self._view(state, root, done, self.clock() - started)

    def _root_ranking(self, state: GameState, actions: list, started: float) -> tuple[list, int]:
        """The root's actions best first (:func:`_rank`), and how many of them were ranked.

        Under a time cap the ranking stops once it has used ``RANK_SHARE`` of the search's
        time (one action at least is ranked): the actions not ranked follow in their legal
        order and are not searched.
        """
        def spent() -> bool:
            return self.clock() - started > self.RANK_SHARE * self._searching_limit()
        return _rank(state, actions, self.seed, stop=spent if self.time_limit is not None else None)

    def _halving(self, state: GameState, root: _Root, seat: int, horizon: int, rng: random.Random,
                 started: float, ranked: int) -> int:
        """Sequential halving at the root, every candidate of a sweep on the same sampled deal.

        The candidates are the root's :data:`WIDTH` best actions by the ranking (no more than
        the budget of play-outs, nor than the actions ranked). The budget (``iterations``, or
        what the time cap leaves) is split evenly between the phases; after each phase the
        worse half is dropped, down to two. Returns the play-outs kept.

        Under a time cap no sweep starts that would likely pass it, and a sweep stops before a
        play-out that would: the first sweep keeps the play-outs it played (one at least, the
        ranking's first), a later one is dropped whole (its deal would favour the candidates
        it reached).
        """
        alive = list(root.order[:min(WIDTH, self.iterations, ranked)])   # a tiny budget: fewer, each once
        for action in alive:
            root.arms[action] = _Arm()
        budget = self.iterations
        phases = max(1, math.ceil(math.log2(len(alive))))
        phase_budget, spent_in_phase, done = budget / phases, 0, 0
        searching = self.clock()
        while True:
            if done and done + len(alive) > budget:
                break
            if done and self.time_limit is not None:
                now = self.clock()
                if now + (now - searching) / done * len(alive) - started > self._searching_limit():
                    break                              # the next sweep would pass the cap
            played = self._sweep(state, root, alive, seat, horizon, rng, started, searching, done)
            done += played
            if played < len(alive):                    # the cap cut the sweep short
                break
            spent_in_phase += len(alive)
            if done == len(alive) and self.time_limit is not None:       # the first sweep: the pace
                per_rollout = max((self.clock() - searching) / done, 1e-9)      # a clock may not have moved
                affordable = done + int((self._searching_limit() - (self.clock() - started)) / per_rollout)
                budget = max(done, min(self.iterations, affordable))
                phase_budget = budget / phases
            if len(alive) > 2 and spent_in_phase + len(alive) > phase_budget:
                alive.sort(key=lambda a: -root.arms[a].total / root.arms[a].visits)   # stable
                alive = alive[:(len(alive) + 1) // 2]
                spent_in_phase = 0
        return done

    def _sweep(self, state: GameState, root: _Root, alive: list, seat: int, horizon: int,
               rng: random.Random, started: float | None = None, searching: float = 0.0, done: int = 0) -> int:
        """One sampled deal; every action in *alive* played on it, then played out alike.

        Returns the play-outs it kept: all of them, or, when the time cap (the search
        *started* then, its play-outs timed since *searching*, *done* of them before this
        sweep) stops it before a play-out, those of the first sweep so far, none of a later one.
        """
        table = deal(state, rng.getrandbits(32))
        rollout_seed = rng.getrandbits(32)
        capped = self.time_limit is not None and started is not None
        results = []
        for action in alive:
            deadline = None
            if capped and (results or done):           # the search's first play-out always runs
                now = self.clock()
                pace = (now - searching) / (done + len(results))
                deadline = started + self._searching_limit()
                if now + pace > deadline:
                    if done:
                        return 0                       # a later sweep: dropped whole
                    break                              # the first: the play-outs so far answer
            game = table.search_copy()                 # the same deal and the same chance for each
            game.apply_unchecked(action)
            try:
                rollout(game, horizon, random.Random(rollout_seed), deadline, self.clock)
            except PastDeadline:                       # a play-out far longer than the pace
                if done:
                    return 0
                break
            results.append((action, leaf_values(game)))
        for action, values in results:
            arm = root.arms[action]
            arm.visits += 1
            arm.total += _objectives(values)[seat]
            arm.scores.append(values[seat])
        root.deals += 1
        return len(results)

    # -- the view --------------------------------------------------------------------------------
    def _view(self, state: GameState, root: _Root, iterations: int, seconds: float) -> SearchView:
        tried = [(a, root.arms[a]) for a in root.order if a in root.arms and root.arms[a].visits]
        tried.sort(key=lambda item: (-item[1].visits, -item[1].total / item[1].visits))
        candidates = tuple(
            Candidate(action, action_text(action), arm.visits, arm.visits / iterations,
                      statistics.fmean(arm.scores),
                      statistics.stdev(arm.scores) if len(arm.scores) > 1 else 0.0,
                      root.order.index(action))
            for action, arm in tried)
        best = candidates[0].action
        return SearchView(state.current_player, iterations, seconds, candidates,
                          best, reason(state, best, candidates), deals=root.deals)
