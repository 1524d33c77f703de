"""A search bot for the whole game of 5x5 Zoo: Monte Carlo search over sampled deals.

The bot does not know the order of the decks (animal tiles, large tiles,
special cards, request cards, one-time customer cards), so it searches over
*determinizations*: each sample copies the game with :func:`~zoobook.fivebyfive.playouts.deal`, which
deals exactly the unseen cards anew from a seed of its own, never from their
true order (the customer discard pile, the main board, the request cards and
the special cards in hand are face up and stay).

The default search (``method="halving"``) is sequential halving at the root:

1. *rank* the legal actions by the lookahead bot's value (the whole turn played
   greedily, plus the round's best lineup) and keep the best ``width``;
2. *sweep*: deal the unseen cards once and play every candidate still in the
   race on that deal, each followed by the same random numbers -- so actions are
   compared on the same tiles and cubes (common random numbers), which makes a
   one-point difference show after a few sweeps;
3. *roll out* each one with a greedy policy (the lookahead bot's value -- the
   greedy value plus the round's best lineup for the hand then held -- on a few
   of the actions drawn at random; with ``finish_turn`` every action of the turn the
   candidate began; with ``screen_spots`` every spot of a tile, rated off the board alone
   by :mod:`~zoobook.fivebyfive.spot_values`) to the end of the current round: the lineup is the exact
   optimal lineup (the solver's, cached by board and hand) and the scoring phase
   is the game's own (with ``plan_rounds``, a solo game's candidate is instead worth the
   best plan of the round a beam search finds, :mod:`~zoobook.fivebyfive.round_plan`);
4. *evaluate* the position reached by its expected final score,
   :func:`~zoobook.fivebyfive.playouts.final_estimate` (the final score itself once the game is over): the
   points banked (score, stars, the board-only final bonus cards and the special
   cards as the board stands) plus a weighted sum of what the zoo promises -- the
   best lineup of the round just dealt, popularity tokens, meeples and doors, the
   tiles the later gates reach, the bonus cards' next steps within reach, the
   third round's bonus cards (A, B, G) for the visitors in hand, the category
   special cards, the room left -- with weights fitted by least squares to the
   final scores of self-played games (``benchmarks/bench_5x5_search.py --calibrate``);
5. after each phase of the budget, drop the worse half of the candidates, down
   to two, which share what is left.

``method="uct"`` is the earlier information-set tree search (UCB1 down one tree
shared by every deal, progressive widening in the greedy ranking's order); at
the same CPU time it sees fewer samples per root action and no common random
numbers.

The lineup phase is not searched: the solver's lineup is optimal for the
round, and in round 3, where final bonus cards A, B and G read the lineup too, the bot
walks the lineup with the most final points instead
(:func:`~zoobook.fivebyfive.final_lineup.best_final_lineup`, exact; ``final_lineup``).
The solo AI is part of the game state, so it acts inside every determinization as it
would at the table. With 2-4 players each seat maximises
its lead over the best other player.

The bot is seeded: the same seed and the same state give the same choice
(with an iteration budget; a time cap can cut a search short on a busy
machine, so it trades reproducibility for speed). The time cap holds for the
whole decision: the ranking stops when it has used half the search's time, a
sweep stops before a rollout that would pass the cap, a rollout stops at the
search's deadline, and Python's cycle collector is paused while the bot searches
(:func:`_pause_collector`: a search makes no reference cycles). :meth:`SearchBot.search`
returns the search's view, a :class:`SearchView`: each candidate action with
its expected value at the end of the round (mean and spread over the
samples; the final score in round 3), its share of the rollouts, and a one-line
reason for the best.

Examples
--------
>>> from zoobook.fivebyfive.game import GameState
>>> state = GameState.new(players=1, seed=3)
>>> bot = SearchBot(seed=1, iterations=4)
>>> action = bot.choose(state)
>>> action in state.legal_actions()
True
>>> view = SearchBot(seed=1, iterations=4).search(state)
>>> view.best == action, sum(c.visits for c in view.candidates) == view.iterations
(True, True)
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import time
from dataclasses import dataclass, field

from zoobook.fivebyfive import lineup as lu
from zoobook.fivebyfive.bots import reach
from zoobook.fivebyfive.final_lineup import final_lineup_steps
from zoobook.fivebyfive.game import ROUNDS, BestLineup, GameState, PlaceTile, Take, action_text
from zoobook.fivebyfive.playouts import (_copy, _greedy_value, _values, banked, deal, lineup_points, past_horizon,
                                         play_forced)
from zoobook.fivebyfive.spot_values import best_spot

__all__ = ["SearchBot", "SearchView", "Candidate", "screen_rounds"]


# -- the search's view (what the hint shows) ------------------------------------------------------
@dataclass(frozen=True)
class Candidate:
    """One action the search considered.

    Attributes
    ----------
    action
        The action (one of the state's legal actions).
    text : str
        The action in words.
    visits : int
        Iterations that tried it.
    share : float
        ``visits`` over all the root's iterations (0-1).
    mean, spread : float
        The searching seat's expected value after it, mean and standard
        deviation over the sampled deals (``spread`` 0 with one sample). The
        value is taken at the search's horizon, the end of this round: the
        expected final score (:func:`~zoobook.fivebyfive.playouts.final_estimate`); in round 3 it is the
        final score itself.
    prior : int
        Its place in the greedy ranking (0 = the greedy bot's own choice).
    """

    action: object
    text: str
    visits: int
    share: float
    mean: float
    spread: float
    prior: int


@dataclass(frozen=True)
class SearchView:
    """What the search saw at one decision: the candidates (best first) and why the best.

    Attributes
    ----------
    seat : int
    iterations : int
        Rollouts run (fewer than the budget when the time cap stopped it).
    seconds : float
    candidates : tuple of Candidate
        Most visited first (the choice is the most visited: the robust child).
    best
        The action chosen.
    reason : str
        One line: what the best action enables.
    deals : int
        Sampled deals the rollouts were played on (halving plays every candidate
        of a sweep on one deal; the tree deals anew for each iteration).
    steps : tuple
        At the third lineup's start, when the lineup with the most final points is not
        the solver's: that whole lineup, step by step (``best`` is its first step, and the
        candidates' values are exact, not sampled). Else empty.
    """

    seat: int
    iterations: int
    seconds: float = field(compare=False)
    candidates: tuple[Candidate, ...]
    best: object
    reason: str
    deals: int = 0
    steps: tuple = ()

    def lines(self, top: int = 5) -> list[str]:
        """The view in words, one candidate per line."""
        if self.steps:                                 # exact values: nothing sampled
            out = [f"{c.text}: final score {c.mean:.0f}" for c in self.candidates[:top]]
            return out + [f"why: {self.reason}"]
        out = [f"{c.text}: expected value {c.mean:.1f} +/- {c.spread:.1f}, {c.share:.0%} of "
               f"{self.iterations} rollouts on {self.deals} sampled deals" for c in self.candidates[:top]]
        return out + [f"why: {self.reason}"]


def _objectives(values: list[float]) -> list[float]:
    """What each seat maximises: its value solo; its lead over the best other player otherwise."""
    if len(values) == 1:
        return values
    return [v - max(values[:s] + values[s + 1:]) for s, v in enumerate(values)]


def _rank(state: GameState, actions: list, seed: int, deep: bool, sampled: bool = False,
          stop=None) -> tuple[list, int]:
    """*actions* best first by the greedy value; *deep*: the lookahead bot's value (the whole turn, the lineup).

    With *stop* (a function of no arguments), the ranking ends once it says so (one action
    at least is valued): the actions not valued follow in their legal order. Returns the
    order and how many actions were valued.
    """
    seat = state.current_player
    values: dict = {}
    for action in actions:
        if values and stop is not None and stop():
            break
        values[action] = _greedy_value(state, action, seat, seed,
                                       "turn" if deep and isinstance(action, Take) else "settle",
                                       lineup=deep, sampled=sampled)
    ranked = sorted(values, key=lambda a: -values[a])       # stable: equals keep the legal order
    return ranked + [a for a in actions if a not in values], len(ranked)


#: The game's rounds; the setup's placements count with round 1.
GAME_ROUNDS = (1, 2, 3)


def screen_rounds(screen_spots: bool | tuple[int, ...], name: str = "screen_spots") -> tuple[int, ...]:
    """``screen_spots`` (or ``plan_rounds``, *name*) as the rounds it applies in: ``True`` every round, ``False`` none.

    Examples
    --------
    >>> screen_rounds(True), screen_rounds(False), screen_rounds([3, 2])
    ((1, 2, 3), (), (2, 3))
    """
    if screen_spots is True or screen_spots is False:
        return GAME_ROUNDS if screen_spots else ()
    rounds = tuple(sorted(set(screen_spots)))
    if not set(rounds) <= set(GAME_ROUNDS):
        raise ValueError(f"{name}: the rounds are 1, 2 and 3, not {screen_spots!r}")
    return rounds


# -- the cycle collector during a search: paused (a search makes no cycles) ---------------------
#: How many searches are running, and whether the collector runs again after the outermost.
_pause = {"depth": 0, "resume": False}


def _pause_collector() -> None:
    """Pause Python's cycle collector (``gc.disable``) for a search; :func:`_resume_collector` after.

    A search makes no reference cycles (a test checks it: its garbage is freed by reference
    counting alone), so the collector has nothing to find in it, yet it would walk the
    search's objects again and again: measured with ``gc.callbacks`` over 617 decisions at
    2 CPU-s (solo and two-player games), its passes took a median 0.09 and up to 0.25
    CPU-s of a decision (5% of its time), a single pass up to 0.12 s. (An earlier version
    froze the older objects instead, ``gc.freeze``: full passes over the whole process had
    taken 0.5 to 1.8 CPU-s in the middle of a search.)

    Called first thing in a decision, before anything is allocated: a collector pass starts
    only when an object is allocated, and a full pass over a long-lived process (the bots'
    caches after fifteen games and more: millions of objects) took 8 to 17 s in the benchmark's
    workers; three that began on the ``with`` statement that used to pause it made decisions
    of 10 to 15 s. (The caches now hold far fewer objects the collector walks: 1.7 million
    after four games instead of 6.6 million, see :data:`~zoobook.fivebyfive.bots.IDENTITY_CACHE_SIZE`.)
    Nested searches (the widget's hint inside a search) pause once; a collector disabled by the
    caller stays so.
    """
    if _pause["depth"] == 0:
        _pause["resume"] = gc.isenabled()
        gc.disable()
    _pause["depth"] += 1


def _resume_collector() -> None:
    """End :func:`_pause_collector`: the outermost search first walks the young objects it kept
    (``gc.collect(0)``, about 0.04 CPU-s after a search of 2 s: the decision pays for its own
    objects), then the collector runs again."""
    if _pause["depth"] == 1:
        gc.collect(0)
    _pause["depth"] -= 1
    if _pause["depth"] == 0 and _pause["resume"]:
        gc.enable()


class _PastDeadline(Exception):
    """A rollout reached the search's deadline before the end of its round (under a time cap)."""


# -- the tree -------------------------------------------------------------------------------------
class _Node:
    __slots__ = ("order", "children", "visits", "total", "scores")

    def __init__(self) -> None:
        self.order: list | None = None
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0               # the objective of the player who chose this node's action
        self.scores: list[float] = []  # the searching seat's value, per visit (root children only)


class SearchBot:
    """Monte Carlo tree search over sampled deals (see the module text).

    Parameters
    ----------
    seed : int
        Same seed, same state: same choice (with ``time_limit=None``).
    iterations : int
        Rollouts (iterations of the tree) per decision at most.
    time_limit : float or None
        CPU seconds (of this thread) per decision at most, a cap on top of
        ``iterations`` over the whole decision: the root's ranking stops after half
        of ``SEARCH_SHARE`` of it, and no sweep (iteration), nor any rollout in a sweep,
        starts that would likely end past that share, and a rollout still
        running then stops (the rest is for the view and its reason). One ranked
        action and one rollout always run, so a decision passes the cap by one
        action's ranking and one rollout at most.
        CPU time, not wall time, so a busy shared machine does not starve
        the search; ``None`` for a search that depends on the seed alone.
        More time does not make it stronger: on solo seeds 1000-1015, against the
        mean of two runs at 2 s, 1 s scored -1.1 points (95% CI -3.6 to +1.4) and
        4 s -1.9 (-3.1 to -0.6), while the 2 s runs differed from each other by 2.8
        (``bench_5x5_search --time-limit``, notebook 22).
    widening : float
        Progressive widening: a node with *n* visits considers its
        ``ceil(widening * sqrt(n))`` best actions by the greedy ranking.
    exploration : float
        UCB1's constant, in points.
    rollout_width : int
        The rollout policy rates this many of the actions, drawn at random, per
        decision and plays the best by the greedy value; 0 rates them all (the
        greedy bot's policy, slower). Rating them all (with ``place_width=0``) leaves a
        solo round's play-out almost nothing to chance (its tiles lie face up): on 24
        positions of rounds 1-2 a candidate's value minus the first's scattered over shared
        deals four times less (median 0.47 against 1.94 points; ``bench_5x5_search
        --noise-study``) at 1.5 times the cost a play-out, yet the search was no stronger:
        -2.2 points against the default's runs over solo seeds 1000-1009 at 2 CPU-s a
        decision (95% CI -8.4 to +4.1; notebook 22). Its choices are limited by the greedy
        play-out's values, not by their noise.
    finish_turn : bool
        The rollout finishes the turn the searched action began (the taken tile's
        placement, its effect's choices) by rating every action, as the lookahead
        bot does; ``rollout_width`` applies from the next turn on. Off by default: a
        take is then valued with its tile on the best of ``place_width`` random spots.
        Measured at 2 CPU-s a decision on paired solo seeds from 1000, both bots run
        side by side (``bench_5x5_search --finish-turn``), it did not gain: -3.7 points
        over seeds 1000-1008 (95% CI -8.1 to +0.7, worse on 6), notebook 22. It costs
        about a quarter of the rollouts at a round's start.
    place_width : int or None
        Like ``rollout_width``, for tile placements after the searched turn
        (``None``: ``rollout_width``). As a bot on its own over 12 solo seeds (1-12), the
        policy of 3 random actions scores 87; rating every placement, 93; every placement
        and every take, 102 -- but that costs 2-3 times as much a rollout: at 2 CPU-s a
        decision at a round's start then affords about 2 sampled deals instead of 10.
    screen_spots : bool or tuple of int
        The rounds (``True``: every round, ``False``: none) in which tile placements after
        the searched turn rate every spot by the greedy value
        without the lineup, read off the board alone (:mod:`~zoobook.fivebyfive.spot_values`,
        about three times cheaper than copying the game), and the best ``place_width``
        again with the round's best lineup, instead of ``place_width`` spots drawn at
        random. As a bot on its own (seeds 1-12) this policy scores 99 against 87, but a
        rollout costs about 1.7 times as much. In every round it did not make a stronger
        search. At 2 CPU-s a decision over solo seeds 1000-1009 (``bench_5x5_search
        --screen-spots``, notebook 22) it scored -4.8 points against the mean of the two
        runs of the default on file (95% CI -7.9 to -1.8, worse on 8 of 10); at a fixed
        32 rollouts a decision (no time cap, both arms run here on the same seeds) it scored
        +2.4 against the default at 32 (95% CI -2.4 to +7.2, better on 6 of 10): at equal
        samples the better policy gains little if anything, and its cost loses more.
        In round 3 alone (``(3,)``), where the play-out runs to the game's end, it gained:
        over solo seeds 1000-1099 at 2 CPU-s a decision (``bench_5x5_search --games 100 --duels 40
        --screen-spots 3``) +2.3 points against the unscreened runs on file on the same deals (95% CI
        +0.9 to +3.7), +19.4 over the lookahead bot, 28 of 40 two-player games won, the slowest
        decision 1.90 CPU-s. So the default is ``(3,)``: round 3 only. Rating every take and
        effect choice as well in round 3's play-outs (not ``rollout_width`` drawn at random; a
        pilot that patched the play-out, solo seeds 1000-1015 at 2 CPU-s) did not gain further:
        -0.8 points against the mean of the two runs of the default there (95% CI -2.9 to +1.4).
    rollout_lineup : bool
        The rollout policy's value adds the round's best lineup for the hand then
        held (the lookahead bot's value) to the greedy one; else the greedy value alone.
    horizon_lineup : bool
        The value at the horizon (the end of the round) adds the best lineup the
        board and hand allow in the next round (see ``_values``).
    method : str
        ``"halving"`` (sequential halving at the root, the default) or ``"uct"``.
    width : int
        Halving: the root's candidates, the best of the lookahead bot's ranking.
        Measured on 30 decisions of 4 self-played games (every candidate on the same 16
        sampled deals, the choice made on 8 of them and judged on the other 8): the
        search's gain over the ranking's first grows from 4 candidates to 8 once a decision
        affords 24 rollouts or more (about what 2 CPU-s buys), and the 9th to 12th add
        nothing measurable; with 12 candidates at 2 CPU-s, 3 of about 100 choices were a
        9th or later, 2 of them on 2 sampled deals.
    leaf : str
        The value at the horizon (the end of the round, before round 3): ``"final"``
        the expected final score (:func:`~zoobook.fivebyfive.playouts.final_estimate`, the default); ``"round"`` the
        earlier end-of-round value (:func:`~zoobook.fivebyfive.bots.evaluate` plus,
        with ``horizon_lineup``, the next round's best lineup). Measured at 0.5 CPU-s per
        decision on 12 paired solo seeds (1000-1011) the two score alike ("final" minus
        "round": -1.4 points, 95% CI -6.6 to +3.8): "final" wins back the special cards'
        end-game points (+5.0 a game) and gives up about as much in the third round's lineup.
    through_round2 : bool
        In round 1 (and the setup) the rollouts play on through round 2, so the leaf
        is valued at round 3's start instead of round 2's: a first leaf study
        (``bench_5x5_search --leaf-study``, one to five held-out play-outs to the end)
        seemed to find the estimate at round 2's start ordering the candidates of a
        round-1 decision no better than chance, at round 3's start well; measured with ten
        play-outs on 192 deals it orders them better than five play-outs do (rank correlation
        +0.29 with five others, five others +0.22; notebook 22). A rollout then costs 2 to 10
        times as much (round 2 whole, however late in round 1), and the search lost: at 2
        CPU-s a decision over solo seeds 1000-1009 (``bench_5x5_search --through-round2``,
        notebook 22) -6.2 points against the default run on the same seeds (95% CI -12.2
        to -0.2, worse on 7 of 10). Off by default.
    refit_round1_leaf : bool
        The leaves at round 2's start (a round-1 decision's) valued by
        :func:`~zoobook.fivebyfive.playouts.round1_leaf_estimate`, weights fitted within deals on the leaf study's
        rows, instead of :func:`~zoobook.fivebyfive.playouts.final_estimate` (held out, it orders the candidates of
        one deal better: rank correlation +0.37 against +0.29). But at 2 CPU-s a decision
        over solo seeds 1000-1009 (``bench_5x5_search --refit-round1-leaf``, notebook 22)
        it scored +0.2 points against the default run on the same seeds (95% CI -4.9 to
        +5.3). Off by default.
    final_lineup : bool
        In round 3 the bot walks the lineup with the most final points
        (:func:`~zoobook.fivebyfive.final_lineup.best_final_lineup`: the round's points plus
        final bonus cards A, B and G, which read that lineup), not the lineup solver's (the
        most round points), one step a decision; the search's view at the lineup's start
        shows both. Off: the solver's lineup, as the lookahead bot plays it. The play-outs
        end with the solver's lineup either way (it is cached, and about thirty times cheaper).
        On the lookahead bot's third lineups of solo seeds 1000-1099 it adds 0.38 final points
        a deal (``bench_5x5_final_lineup``); too little to show in whole games: over those hundred
        deals at 2 CPU-s a decision the bot with it scored 117.8, +19.4 over the lookahead bot
        (95% CI +17.7 to +21.1) and +0.0 deal by deal against the run without it (-1.5 to +1.5),
        32 of 40 two-player games won (notebook 22).
    sees_deck : bool
        For measurement only, a bot that cheats: every sampled deal of the search is the true
        one (the face-down decks in their true order, the game's own random numbers for the
        cubes), so its play-outs meet exactly the tiles, cards and cubes the game will deal
        for the actions they play. Off: the deals are sampled from what the player can see
        (:func:`~zoobook.fivebyfive.playouts.deal`). It asks how far the search could get if
        nothing were hidden. In a solo round the tiles lie face up, so with the round's horizon
        seeing the deck tells the search little more than the cubes; with ``to_the_end`` it sees every round to come.
        Over solo seeds 1000-1039 at 2 CPU-s a decision (``bench_5x5_search --option
        sees_deck=True``, notebook 22, "If nothing were hidden") it gained +1.8 points a deal
        on the bot as it plays (95% CI -0.9 to +4.4): +21.4 over the lookahead bot (95% CI
        +18.1 to +24.7), short of +25 even so.
    to_the_end : bool
        Every play-out runs to the game's end, so a leaf is the final score the play-out
        reaches, never an estimate (in round 3 it always is). Off: a play-out stops at the
        end of its round (``through_round2``: round 2's, from round 1) and
        :func:`~zoobook.fivebyfive.playouts.final_estimate` values it. On the same forty deals it
        lost 10.6 points a deal (95% CI -13.6 to -7.7),
        and 10.1 with ``sees_deck`` as well (-12.6 to -7.5): a greedy play-out's final score
        judges a candidate worse than the estimate does, even on the true deal.
    plan_rounds : bool or tuple of int
        The rounds (``True``: every round, ``False``: none, the default) in which a solo
        game's sweeps value a candidate by a plan instead of a play-out: a beam search of
        ``plan_width`` positions over the round's remaining turns
        (:func:`~zoobook.fivebyfive.round_plan.plan_round`), valued at the horizon by
        :func:`~zoobook.fivebyfive.playouts.final_estimate` (whatever ``leaf`` says; the final score once the game is
        over). A plan costs several play-outs (the median over positions of solo deals
        1000-1002: 9.5 in round 1, 5.4 in round 2, 3.1 in round 3, where the play-outs screen
        spots), so a decision affords fewer sampled deals. Not in 2-4 player games, nor with
        ``method="uct"``. Over solo seeds 1000-1039 at 2 CPU-s a decision (``bench_5x5_search
        --option 'plan_rounds=(3,)'``, notebook 22, "Plans instead of play-outs") it lost 4.2
        points a deal against the bot as it plays, in round 3 alone (95% CI -6.5 to -1.8) and in
        every round (-6.9 to -1.5): the better continuation of one deal costs the search its deals.
    plan_width : int
        The beam's width when ``plan_rounds`` applies.
    clock : callable or None
        What the time cap reads, in seconds (``time.thread_time`` by default; a test
        injects a clock of its own).
    """

    name = "search"

    def __init__(self, seed: int = 0, iterations: int = 1000, time_limit: float | None = 2.0,
                 widening: float = 1.5, exploration: float = 6.0, rollout_width: int = 3,
                 rollout_lineup: bool = True, horizon_lineup: bool = True, method: str = "halving",
                 width: int = 8, leaf: str = "final", finish_turn: bool = False,
                 place_width: int | None = None, screen_spots: bool | tuple[int, ...] = (3,),
                 through_round2: bool = False,
                 refit_round1_leaf: bool = False, final_lineup: bool = True, sees_deck: bool = False,
                 to_the_end: bool = False, plan_rounds: bool | tuple[int, ...] = (), plan_width: int = 2,
                 clock=None) -> None:
        if method not in ("halving", "uct"):
            raise ValueError(f"the search method is 'halving' or 'uct', not {method!r}")
        if leaf not in ("final", "round"):
            raise ValueError(f"the leaf value is 'final' or 'round', not {leaf!r}")
        if iterations < 1:
            raise ValueError(f"the search needs at least one iteration, not {iterations}")
        if plan_width < 1:
            raise ValueError(f"a plan's beam keeps one position at least, not {plan_width}")
        self.seed = seed
        self.iterations = iterations
        self.time_limit = time_limit
        self.widening = widening
        self.exploration = exploration
        self.rollout_width = rollout_width
        self.rollout_lineup = rollout_lineup
        self.finish_turn = finish_turn
        self.place_width = rollout_width if place_width is None else place_width
        self.screen_spots = screen_rounds(screen_spots)
        self.horizon_lineup = horizon_lineup
        self.method = method
        self.width = max(1, width)
        self.leaf = leaf
        self.through_round2 = through_round2
        self.refit_round1_leaf = refit_round1_leaf
        self.final_lineup = final_lineup
        self.sees_deck = sees_deck
        self.to_the_end = to_the_end
        self.plan_rounds = screen_rounds(plan_rounds, "plan_rounds")
        self.plan_width = plan_width
        self._lineup_steps: list = []                  # (seat, step): the rest of a third lineup begun
        self.clock = time.thread_time if clock is None else clock
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

    # -- the third lineup: the most final points ------------------------------------------------
    def _final_lineup(self, state: GameState) -> tuple[SearchView, list] | None:
        """The view and the steps of the third lineup with the most final points, or ``None``
        when it is the solver's (``BestLineup``): not round 3, no card reads the lineup, no
        lineup scores more, or ``final_lineup`` is off."""
        if not self.final_lineup:
            return None
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
        reason = " ".join(best.explanation()[:3])
        view = SearchView(seat, 0, self.clock() - started, (ours, solvers), steps[0], reason, deals=0,
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

    def _search(self, state: GameState, started: float) -> SearchView:
        seat = state.current_player
        rng = random.Random(self._decision_seed(state))
        actions = state.legal_actions()
        if BestLineup() in actions:
            actions = [BestLineup()]
        root = _Node()
        root.order, ranked = self._root_ranking(state, actions, started)
        horizon = max(state.round, 1)
        if self.through_round2 and horizon == 1:
            horizon = 2                                # round 1: the leaf at round 3's start
        if self.to_the_end:
            horizon = ROUNDS                           # the final score itself at every leaf
        if self.method == "halving":
            done = self._halving(state, root, seat, horizon, rng, started, ranked)
            return self._view(state, root, seat, done, self.clock() - started)
        done = 0
        searching = self.clock()
        while done < self.iterations:
            now = self.clock()
            if done and self.time_limit is not None and (
                    now + (now - searching) / done - started > self._searching_limit()):
                break                                  # the next iteration would pass the cap
            self._iterate(state, root, seat, horizon, rng)
            done += 1
        return self._view(state, root, seat, done, self.clock() - started)

    #: The share of the search's time the root's ranking may use before it stops ranking.
    RANK_SHARE = 0.5

    def _root_ranking(self, state: GameState, actions: list, started: float) -> tuple[list, int]:
        """The root's actions best first by the lookahead bot's value (``_rank(..., deep=True)``),
        and how many of them were ranked.

        Under a time cap the ranking stops once it has used ``RANK_SHARE`` of the search's
        time (one action at least is ranked): the actions not ranked follow in their legal
        order and are not searched. Without a cap (or with time enough) the order is
        exactly the uncapped ``_rank``'s.
        """
        def spent() -> bool:
            return self.clock() - started > self.RANK_SHARE * self._searching_limit()
        return _rank(state, actions, self.seed, deep=True, stop=spent if self.time_limit is not None else None)

    # -- sequential halving over sampled deals (the default) --------------------------------------
    def _halving(self, state: GameState, root: _Node, seat: int, horizon: int, rng: random.Random,
                 started: float, ranked: int) -> int:
        """Sequential halving at the root, every action of a sweep on the same sampled deal.

        The candidates are the root's ``width`` best actions by the lookahead bot's
        ranking (no more than the budget of rollouts, nor than the actions ranked). A
        *sweep* deals the unseen cards
        once (:func:`~zoobook.fivebyfive.playouts.deal`) and plays every candidate still in the race on that deal,
        each followed by a rollout with the same random numbers: the actions are compared
        on the same tiles, cubes and cards (common random numbers), so a difference of a point shows after a few sweeps
        where independent samples would need many. The budget (``iterations`` rollouts,
        or what the time cap leaves) is split evenly between the phases; after each
        phase the worse half is dropped, down to two. Returns the rollouts played.

        Under a time cap no sweep starts that would likely pass it, and a sweep stops
        before a rollout that would: the first sweep keeps the rollouts it played (one at
        least, the ranking's first: the answer is the best of them), a later one is
        dropped whole (its deal would favour the candidates it reached).
        """
        alive = list(root.order[:min(self.width, self.iterations, ranked)])   # a tiny budget: fewer, each once
        for action in alive:
            root.children[action] = _Node()
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
                alive.sort(key=lambda a: -root.children[a].total / root.children[a].visits)   # stable
                alive = alive[:(len(alive) + 1) // 2]
                spent_in_phase = 0
        return done

    def _sweep(self, state: GameState, root: _Node, alive: list, seat: int, horizon: int,
               rng: random.Random, started: float | None = None, searching: float = 0.0, done: int = 0) -> int:
        """One sampled deal; every action in *alive* played on it, then rolled out alike.

        Returns the rollouts it kept: all of them, or, when the time cap (the search
        *started* then, its rollouts timed since *searching*, *done* of them before this
        sweep) stops it before a rollout, those of the first sweep so far, none of a later one.
        """
        table = self._deal(state, rng.getrandbits(32))
        rollout_seed = rng.getrandbits(32)
        capped = self.time_limit is not None and started is not None
        results = []
        for action in alive:
            deadline = None
            if capped and (results or done):           # the search's first rollout always runs
                now = self.clock()
                pace = (now - searching) / (done + len(results))
                deadline = started + self._searching_limit()
                if now + pace > deadline:
                    if done:
                        return 0                       # a later sweep: dropped whole
                    break                              # the first: the rollouts so far answer
            game = _copy(table)                        # the same deal and the same chance for each
            game._apply(action)
            try:
                results.append((action, self._play_out(game, horizon, rollout_seed, deadline)))
            except _PastDeadline:                      # a rollout far longer than the pace
                if done:
                    return 0
                break
        for action, values in results:
            child = root.children[action]
            child.visits += 1
            child.total += _objectives(values)[seat]
            child.scores.append(values[seat])
        root.visits += 1
        return len(results)

    def _play_out(self, game: GameState, horizon: int, seed: int, deadline: float | None) -> list[float]:
        """Every seat's value of *game* (a candidate just played) at the *horizon*: by a play-out,
        or in ``plan_rounds`` of a solo game by the best plan of the round
        (:func:`~zoobook.fivebyfive.round_plan.plan_round`). Raises :class:`_PastDeadline` past *deadline*."""
        if (len(game.players) == 1 and horizon == max(game.round, 1) and horizon in self.plan_rounds
                and not game.is_terminal()):
            from zoobook.fivebyfive.round_plan import plan_round   # it builds on this module
            stop = None if deadline is None else (lambda: self.clock() > deadline)
            plan = plan_round(game, self.plan_width, seed, stop)
            if not plan.complete:
                raise _PastDeadline
            return [plan.value]
        self._rollout(game, horizon, random.Random(seed), deadline)
        return _values(game, self.horizon_lineup, self.leaf == "final", self.refit_round1_leaf)

    #: The share of the time cap the search itself may use: the rest is for the view and its
    #: reason, and the collector's walk of the decision's young objects (:func:`_resume_collector`).
    #: Timed over 615 decisions in long-lived processes (``bench_5x5_decision_time``), those took
    #: up to 0.10 and 0.15 CPU-s, and the sweeps ran up to 0.006 s past their share: a tenth of
    #: 2 s was too little (7 of 936 decisions of a benchmark run took 2.00 to 2.05 s).
    SEARCH_SHARE = 0.85

    def _deal(self, state: GameState, seed: int) -> GameState:
        """A sampled deal (:func:`~zoobook.fivebyfive.playouts.deal`); with ``sees_deck``, the true one
        (a copy of *state*)."""
        return _copy(state) if self.sees_deck else deal(state, seed)

    def _searching_limit(self) -> float:
        return self.time_limit * self.SEARCH_SHARE

    def _widened(self, node: _Node) -> int:
        return max(1, math.ceil(self.widening * math.sqrt(node.visits + 1)))

    def _select(self, node: _Node, game: GameState, actions: list):
        legal = set(actions)
        allowed = [a for a in node.order[:self._widened(node)] if a in legal]
        if not allowed:                    # this deal's choices differ (a drawn tile): rank the new ones
            known = set(node.order)
            node.order += _rank(game, [a for a in actions if a not in known], self.seed, deep=False, sampled=True)[0]
            allowed = [next(a for a in node.order if a in legal)]
        for action in allowed:
            if action not in node.children or node.children[action].visits == 0:
                return action
        log_n = math.log(node.visits)

        def ucb(action) -> float:
            child = node.children[action]
            return child.total / child.visits + self.exploration * math.sqrt(log_n / child.visits)

        return max(allowed, key=ucb)

    def _iterate(self, state: GameState, root: _Node, seat: int, horizon: int, rng: random.Random) -> None:
        game = self._deal(state, rng.getrandbits(32))
        node, path = root, [(root, None)]
        while not self._over(game, horizon):
            if node is root:                   # the root's choices are searched, even a lineup's
                actions = game.legal_actions()
            else:
                actions = self._forced(game, rng)
                if actions is None:
                    continue
            if node.order is None:
                if node.visits == 0:
                    break                                      # a new leaf: roll out from here
                node.order = _rank(game, actions, self.seed, deep=False, sampled=True)[0]
            mover = game.current_player
            action = self._select(node, game, actions)
            game._apply(action)                                # legal: _select picks among them
            node = node.children.setdefault(action, _Node())
            path.append((node, mover))
        self._rollout(game, horizon, rng)
        values = _values(game, self.horizon_lineup, self.leaf == "final", self.refit_round1_leaf)
        objectives = _objectives(values)
        for depth, (visited, mover) in enumerate(path):
            visited.visits += 1
            if mover is not None:
                visited.total += objectives[mover]
            if depth == 1:
                visited.scores.append(values[seat])

    _over = staticmethod(past_horizon)
    _forced = staticmethod(play_forced)

    def _rollout(self, game: GameState, horizon: int, rng: random.Random, deadline: float | None = None) -> None:
        """Play greedily to the end of the round (the solver's lineup, the game's scoring).

        Each decision rates ``rollout_width`` actions drawn at random (placements:
        ``place_width``); with ``finish_turn``, the turn the searched action began (its
        tile still to place, its effect's choices) rates every action, as the lookahead
        bot does, so that a take is worth its tile on its best spot.

        With a *deadline* (on ``clock``), raises :class:`_PastDeadline` at the first
        decision past it. A sweep starts a rollout only if the mean pace says it ends in
        time, but one rollout can cost 15 to 28 times the mean (measured over 617 decisions:
        0.17 to 1.34 CPU-s against a mean of 0.01 to 0.06): such a rollout begun just in
        time ran the decision past its cap (2.26 and 2.69 CPU-s, 2 of the 617).
        """
        searched = self._searched_turn(game)
        while not self._over(game, horizon):
            if deadline is not None and self.clock() > deadline:
                raise _PastDeadline
            actions = self._forced(game, rng)
            if actions is None:
                continue
            game._apply(self._rollout_action(game, actions, rng, searched))

    def _searched_turn(self, game: GameState) -> tuple | None:
        """The turn the searched action left unfinished, as (round, seat, turns taken), or ``None``."""
        if not self.finish_turn or game.phase != "main" or not game.pending:
            return None
        seat = game.current_player
        return game.round, seat, game.turns[seat]

    def _rollout_action(self, game: GameState, actions: list, rng: random.Random, searched: tuple | None):
        """The rollout policy's pick among *actions* (two or more): the best by the greedy value
        (plus the round's best lineup, with ``rollout_lineup``) of every action while the
        *searched* turn lasts, else of ``rollout_width`` (``place_width``) drawn at random."""
        seat = game.current_player
        width = self.place_width if isinstance(actions[0], PlaceTile) else self.rollout_width
        if searched is not None and game.pending and (game.round, seat, game.turns[seat]) == searched:
            width = 0                                  # the searched turn: every action rated
        elif max(game.round, 1) in self.screen_spots and game.phase == "main" and isinstance(actions[0], PlaceTile):
            return best_spot(game, actions, keep=self.place_width)
        if width and len(actions) > width:
            actions = rng.sample(actions, width)
        seed = rng.getrandbits(32)
        return max(actions, key=lambda a: _greedy_value(game, a, seat, seed, lineup=self.rollout_lineup,
                                                        sampled=True))

    # -- the view --------------------------------------------------------------------------------
    def _view(self, state: GameState, root: _Node, seat: int, iterations: int, seconds: float) -> SearchView:
        tried = [(a, root.children[a]) for a in root.order if a in root.children and root.children[a].visits]
        tried.sort(key=lambda item: (-item[1].visits, -item[1].total / item[1].visits))
        candidates = tuple(
            Candidate(action, action_text(action), child.visits, child.visits / iterations,
                      statistics.fmean(child.scores),
                      statistics.stdev(child.scores) if len(child.scores) > 1 else 0.0,
                      root.order.index(action))
            for action, child in tried)
        best = candidates[0].action
        return SearchView(seat, iterations, seconds, candidates, best, reason(state, best, candidates),
                          deals=root.visits)


# -- the reason -----------------------------------------------------------------------------------
def _features(state: GameState, seat: int) -> dict:
    player = state.players[seat]
    board = player.board
    gate = state.gate or state.directions[0]
    return {"popularity": len(board.popular), "lineup": lineup_points(state, seat),
            "reach": reach(board, gate), "stars": sum(t.stars for t in board.tiles),
            "doors": player.doors, "meeples": len(player.meeples), "cubes": len(player.cubes),
            "specials": len(player.specials), "score": player.score}


#: Sampled draws the reason looks at (it names only the gains every one of them makes).
_REASON_DRAWS = 4


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def reason(state: GameState, action, candidates: tuple[Candidate, ...] = ()) -> str:
    """One line on what *action* does for the current player: the biggest gain it makes.

    Compares the player's position before and after the action (and, after a
    take, the rest of the turn played greedily) over a few sampled draws:
    popularity tokens, the best lineup of this round (the solver), the tiles
    the gate reaches, stars, doors, meeples, cubes -- the gains every draw
    makes, and a lineup that only some draws raise as a "may".
    """
    seat = state.current_player
    if isinstance(action, BestLineup):
        return "the lineup solver's optimal lineup for this round"
    before = _features(state, seat)
    samples = []
    for seed in range(_REASON_DRAWS):       # random draws (row 4's cubes) differ: a few sampled ones
        trial = deal(state, seed)
        trial.apply(action)
        if isinstance(action, Take):
            while trial.pending and trial.current_player == seat and not trial.is_terminal():
                choices = trial.legal_actions()
                trial.apply(max(choices, key=lambda a: _greedy_value(trial, a, seat, seed)))
        samples.append(_features(trial, seat) if not trial.is_terminal() else before)
    after = {key: min(sample[key] for sample in samples) for key in before}   # what every draw gives
    lineups = sorted(sample["lineup"] for sample in samples)
    gate = state.gate or state.directions[0]
    parts = []
    if after["popularity"] > before["popularity"]:
        parts.append(f"earns a popularity token (condition {state.condition})")
    if after["lineup"] > before["lineup"]:
        parts.append(f"raises this round's best lineup from {before['lineup']} to {after['lineup']} points")
    elif lineups[-1] > before["lineup"]:
        parts.append(f"may raise this round's best lineup from {before['lineup']} points (to "
                     f"{lineups[len(lineups) // 2]} with half of the sampled draws)")
    if after["reach"] > before["reach"]:
        parts.append(f"keeps the visitors' path from the {gate} gate open ({_count(after['reach'], 'tile')} "
                     f"reachable)")
    elif isinstance(action, PlaceTile) and after["reach"] == before["reach"]:
        parts.append(f"keeps the {gate} gate's path as it was (it does not block the lineup)")
    if after["stars"] > before["stars"]:
        parts.append(f"adds {_count(after['stars'] - before['stars'], 'star point')}")
    for key, word in (("doors", "door"), ("meeples", "meeple"), ("specials", "special card"),
                      ("cubes", "cube")):
        if after[key] > before[key]:
            parts.append(f"gains {_count(after[key] - before[key], word)}")
    line = "; ".join(parts[:2]) or "the best expected score of the sampled deals"
    if len(candidates) > 1:
        best, runner = candidates[0], candidates[1]
        line += f" ({best.mean:.1f} expected vs {runner.mean:.1f} for {runner.text})"
    return line
