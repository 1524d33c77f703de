"""Benchmark: how strong is the search bot? Solo scores and ranks against the lookahead bot, and 2-player wins.

* Solo: the search bot and the lookahead bot play the same seeded deals; the mean
  scores, the paired mean difference with a 95% confidence interval (the target of
  issue 22: at least +25 points), both rank distributions, the points of both by
  source (each round's lineup, solo bonus and requests; each final bonus card, the
  special cards, the stars) and the search's CPU seconds per decision (median, 90th and
  99th percentiles, mean, slowest; the target: every decision 2 s or less).
* 2 players, the search bot against the lookahead bot, the seats alternating: the
  search bot's win rate with a 95% Wilson confidence interval.

The search runs as the bot plays by default: at most ``--time-limit`` CPU seconds
(2) per decision, ``--iterations`` rollouts at most; ``--time-limit 0`` takes the
cap away, so the numbers depend on the seeds alone. Times are CPU time of the
deciding thread (``time.thread_time``), which a busy shared machine inflates far
less than wall time. ``--jobs N`` plays N games at once in worker processes (each
game is seeded, so the results do not depend on N). ``--save FILE`` writes every game's scores as
JSON, and the run's first solo game decision by decision with the search's view and
reasons (the notebook ``22-5x5-strong-bot`` draws the scores and replays that game). Exit status 1 when the search
bot does not out-score the lookahead bot on average.

``--leaf round`` runs the search with its earlier value at the horizon (the end-of-round value)
instead of the expected final score, and ``--compare OLD.json [OLD.json ...] NEW.json`` prints the paired
difference of the search bot's solo scores of saved runs (an A/B test on the same seeds, the new run against
the mean of the old ones: a run at a time cap is its own draw, and one run of a bot is a noisy baseline --
notebook 22 saw two runs of the same bot differ by 2.8 points over sixteen deals); ``--width N`` searches the
lookahead ranking's best N actions (default 8), and every game keeps, per search, the chosen action's place in
that ranking (the report prints how often the search took the lookahead bot's own choice, its second, ...);
``--finish-turn`` has the rollouts finish the turn the searched action began by rating every action (the
lookahead bot's way);
``--screen-spots [R,R]`` has them, in those rounds (alone: every round; ``none``: no round), rate every
spot of a tile off the board alone and the best few again with the lineup (``SearchBot(screen_spots=(R, R))``);
``--through-round2`` has round 1's rollouts play on through round 2 (``SearchBot(through_round2=True)``);
``--refit-round1-leaf`` values the leaves of round 1's decisions by weights
fitted within deals on the leaf study (``SearchBot(refit_round1_leaf=True)``; all four measured in notebook 22,
where only the spot screen in round 3 gained: the default is ``--screen-spots 3``); ``--option NAME=VALUE``
sets any other ``SearchBot`` parameter (repeatable, e.g.
``--option rollout_width=0``), kept in the saved run's budget so runs of other options are never merged;
``--search-rounds 2,3`` lets the search bot search in those rounds only and play the lookahead bot's choice in
the others (where in the game does the search gain?).
``--calibrate N``
self-plays N solo games (seeds from 5000) and fits the weights of the final-score estimate
(``zoobook.fivebyfive.playouts.FINAL_WEIGHTS``) by least squares; ``--save`` keeps the round starts.
With ``--calibrate-search SECONDS`` the games are the search bot's (the player that in fact continues
from the search's leaves): over 60 games at 0.5 CPU-s (seeds 5000-5059) the cross-validation again
chose the strongest shrinkage towards the prior at both round starts (the largest moves, in round 2:
the bonus one step away 0.62 -> 0.47, the third round's cards 0.55 -> 0.44); what moved is the
constant, which changes no choice: for the search bot's play the estimate is 9.2 points low at round
2's start and 3.7 at round 3's.
``--leaf-study N`` asks whether that estimate orders the candidates the search compares: on N
positions of rounds 1 and 2 (lookahead self-play, seeds from 7000), every candidate of the root is
rolled out to the round's end on a few shared deals (``--study-deals``), as a sweep does, and the
position reached is played on to the game's end by the same rollout policy (``--continuations``
times, the same random numbers for every candidate); it prints, per deal, the rank correlation of
the estimate with the mean final score and the regret of choosing by it, and the same for weights
refitted on these rows within deals (cross-validated by position), also with the extra measures
(``playouts.leaf_extras``); ``--study-round 1`` takes round 1's positions alone, ``--study-seed`` other games;
``--report-study FILE`` reprints.
``--noise-study N`` asks how much of a candidate's value is the rollout's own chance: on N positions of
rounds 1 and 2 (as the leaf study's), the lookahead ranking's best four are played on ``--study-deals``
shared deals as a sweep plays them, by the bot as it plays and by the bot with the ``--option`` values; it
prints the spread over the deals of each candidate's value minus the first's, and the CPU-ms a rollout
(``--report-noise FILE`` reprints rows saved by ``--save``).

Run: ``python -m benchmarks.bench_5x5_search [--games 100] [--duels 40] [--jobs 2]``;
``--quick`` imports everything and makes one searched decision (for ``make test``); ``--report FILE...``
prints the summary of saved runs (also of one stopped early: the file is written after every game).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from zoobook.fivebyfive.bots import GreedyBot, LookaheadBot, evaluate
from zoobook.fivebyfive.game import GameState, action_text
from zoobook.fivebyfive.play.simulate import wilson
from zoobook.fivebyfive.playouts import (FINAL_FEATURES, FINAL_PRIOR, FINAL_WEIGHTS, LEAF_EXTRAS, _copy, banked, deal,
                                         final_estimate, final_features, leaf_extras, lineup_points)
from zoobook.fivebyfive.search_bot import GAME_ROUNDS, SearchBot, _Node, screen_rounds
from zoobook.fivebyfive.solo import RANKS, solo_rank

FIRST_SEED = 1000
#: Self-play for the calibration of the final-score estimate: seeds apart from the bench's.
CALIBRATION_SEED = 5000


def each_result(function, plan, jobs: int):
    """``function(job)`` for each job of *plan*, as each finishes: in *jobs* worker processes when
    *jobs* > 1 (every job is seeded, so the results do not depend on *jobs*, only their order)."""
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            yield from pool.imap_unordered(function, plan)
    else:
        for job in plan:
            yield function(job)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("inf")
    return mean, mean - half, mean + half


def play(state: GameState, bots, decisions: list | None = None,
         priors: list | None = None) -> tuple[GameState, list[float]]:
    """Play to the end; the CPU seconds of every search-bot decision that searched.

    With *decisions*, every decision is appended to it in words, with the search's view;
    with *priors*, the chosen action's place in the lookahead ranking (0 = its own choice)
    and the candidates searched, one pair per search.
    """
    times = []
    while not state.is_terminal():
        bot = bots[state.current_player]
        if isinstance(bot, SearchBot):
            bot.last_view = None
        tick = time.thread_time()
        action = bot.choose(state)
        spent = time.thread_time() - tick
        view = getattr(bot, "last_view", None)
        if view is not None:
            times.append(spent)
            if priors is not None:
                priors.append([view.candidates[0].prior, len(view.candidates)])
        if decisions is not None:
            decisions.append({"round": state.round, "action": action_text(action),
                              "reason": view.reason if view else None,
                              "candidates": [[c.text, round(c.mean, 1), round(c.spread, 1), round(c.share, 3)]
                                             for c in view.candidates[:4]] if view else []})
        state.apply(action)
    return state, times


def breakdown(state: GameState) -> dict:
    """Where a solo game's points came from: each round's lineup, solo bonus and requests; the final scoring."""
    player = state.players[0]
    return {"rounds": [[r.lineup, r.award, r.requests, r.visitors] for r in player.rounds],
            "final": dict(player.final)}


def points_by_source(games: list[dict]) -> list[str]:
    """Each bot's mean points per game by source, and the difference, search minus lookahead."""
    games = [g for g in games if "breakdown" in g]
    if not games:
        return []
    items: dict[str, dict[str, float]] = {}
    for game in games:
        for bot in ("search", "lookahead"):
            parts = game["breakdown"][bot]
            found = Counter()
            for number, (lineup, award, requests, _) in enumerate(parts["rounds"], 1):
                found[f"round {number} lineup"] += lineup
                found[f"round {number} solo bonus"] += award
                found[f"round {number} requests"] += requests
            for name, points in parts["final"].items():
                found["final " + ("special cards" if name.startswith("special") else name)] += points
            for name, points in found.items():
                items.setdefault(name, {"search": 0.0, "lookahead": 0.0})[bot] += points
    lines = [f"    {'source':<28} {'search':>7} {'lookahead':>10} {'diff':>7}"]
    for name, totals in items.items():
        mine, theirs = totals["search"] / len(games), totals["lookahead"] / len(games)
        lines.append(f"    {name:<28} {mine:7.1f} {theirs:10.1f} {mine - theirs:+7.1f}")
    return lines


def percentile(values: list[float], q: float) -> float:
    """The *q* quantile (0-1), nearest rank.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)
    9
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def time_summary(seconds: list[float]) -> str:
    """The distribution of decision times in words: median, 90th and 99th percentiles, mean, slowest."""
    return (f"median {statistics.median(seconds):.2f}, 90th percentile {percentile(seconds, 0.9):.2f}, "
            f"99th {percentile(seconds, 0.99):.2f}, mean {statistics.fmean(seconds):.2f}, "
            f"slowest {max(seconds):.2f}")


def solo_game(seed: int, make_search, record: bool = False) -> dict:
    decisions, priors = ([] if record else None), []
    searched, times = play(GameState.new(players=1, seed=seed), [make_search(seed)], decisions, priors)
    looked, _ = play(GameState.new(players=1, seed=seed), [LookaheadBot(seed)])
    game = {"seed": seed, "search": searched.returns()[0], "lookahead": looked.returns()[0], "seconds": times,
            "priors": priors,
            "breakdown": {"search": breakdown(searched), "lookahead": breakdown(looked)}}
    if record:
        game["decisions"] = decisions
    return game


def duel_game(index: int, seed: int, make_search) -> dict:
    seat = index % 2                                       # the search bot sits first in half the games
    bots = [make_search(seed), LookaheadBot(seed)] if seat == 0 else [LookaheadBot(seed), make_search(seed)]
    state, times = play(GameState.new(players=2, seed=seed), bots)
    scores = state.returns()
    return {"seed": seed, "search_seat": seat, "scores": scores, "won": state.ranking()[0] == seat,
            "seconds": times}


#: The game's rounds (the setup's placements count with round 1).
ROUNDS = GAME_ROUNDS


class SearchMaker:
    """Makes the search bot of a game (a class, not a closure: worker processes receive it)."""

    def __init__(self, iterations: int, time_limit: float | None, method: str = "halving",
                 leaf: str = "final", width: int = 8, finish_turn: bool = False,
                 screen_spots: tuple[int, ...] = SearchBot().screen_spots,
                 through_round2: bool = SearchBot().through_round2,
                 refit_round1_leaf: bool = SearchBot().refit_round1_leaf, options: dict | None = None,
                 rounds: tuple[int, ...] = ROUNDS) -> None:
        self.iterations, self.time_limit, self.method, self.leaf = iterations, time_limit, method, leaf
        self.width, self.finish_turn, self.screen_spots = width, finish_turn, screen_spots
        self.through_round2, self.refit_round1_leaf = through_round2, refit_round1_leaf
        self.options, self.rounds = dict(options or {}), tuple(rounds)

    def __call__(self, seed: int) -> SearchBot:
        bot = SearchBot if self.rounds == ROUNDS else SearchInRounds
        extra = {} if self.rounds == ROUNDS else {"rounds": self.rounds}
        return bot(seed, iterations=self.iterations, time_limit=self.time_limit, method=self.method,
                   leaf=self.leaf, width=self.width, finish_turn=self.finish_turn, screen_spots=self.screen_spots,
                   through_round2=self.through_round2, refit_round1_leaf=self.refit_round1_leaf,
                   **self.options, **extra)


class SearchInRounds(SearchBot):
    """The search bot in *rounds* only, the lookahead bot's choice in the others (``--search-rounds``):
    where in the game does the search gain on the lookahead bot?"""

    def __init__(self, seed: int = 0, rounds: tuple[int, ...] = ROUNDS, **options) -> None:
        super().__init__(seed, **options)
        self.rounds, self.lookahead = tuple(rounds), LookaheadBot(seed)

    def choose(self, state: GameState):
        if max(state.round, 1) in self.rounds:
            return super().choose(state)
        return self.lookahead.choose(state)


def run_game(job: tuple) -> tuple[str, dict]:
    """One game of the plan: ``("solo", index, seed, maker, record)`` or ``("duel", index, seed, maker)``."""
    kind, index, seed, maker, *record = job
    if kind == "solo":
        return kind, solo_game(seed, maker, record=bool(record and record[0]))
    return kind, duel_game(index, seed, maker)


def describe(kind: str, game: dict) -> str:
    if kind == "solo":
        return (f"  solo seed {game['seed']}: search {game['search']}, lookahead {game['lookahead']}, "
                f"{statistics.median(game['seconds']):.2f} CPU-s per decision (median)")
    seat = game["search_seat"]
    return (f"  2-player seed {game['seed']}: search (seat {seat}) {game['scores'][seat]}, lookahead "
            f"{game['scores'][1 - seat]}{' (search wins)' if game['won'] else ''}")


def budget_of(result: dict) -> tuple:
    return (result["iterations"], result.get("time_limit"), result.get("method", "uct"), result.get("leaf", "round"),
            result.get("width", 8), result.get("finish_turn", False), result.get("through_round2", False),
            result.get("refit_round1_leaf", False), tuple(sorted(result.get("options", {}).items())),
            tuple(result.get("search_rounds", ROUNDS)), screened_rounds_of(result), walks_final_lineup(result))


def walks_final_lineup(result: dict) -> bool:
    """Whether the run's search bot walked the third lineup for the final score (``SearchBot(final_lineup=...)``);
    runs saved before that option existed did not."""
    return bool(result.get("options", {}).get("final_lineup", result.get("final_lineup", False)))


def budget_text(result: dict) -> str:
    limit = result.get("time_limit")
    turn = "every action of the searched turn rated, " if result.get("finish_turn", False) else ""
    turn += "round 1's rollouts through round 2, " if result.get("through_round2", False) else ""
    turn += "round 1's leaves by the weights fitted within deals, " if result.get("refit_round1_leaf", False) else ""
    screened = screened_rounds_of(result)
    turn += f"play-outs placing by the spot screen in round{'s' if len(screened) > 1 else ''} " \
        f"{', '.join(map(str, screened))}, " if screened else ""
    turn += "".join(f"{name}={value!r}, " for name, value in sorted(result.get("options", {}).items())
                    if name != "final_lineup")
    turn += "the third lineup for the final score, " if walks_final_lineup(result) else ""
    rounds = tuple(result.get("search_rounds", ROUNDS))
    turn += f"searching in round{'s' if len(rounds) > 1 else ''} {', '.join(map(str, rounds))} only, " \
        if rounds != ROUNDS else ""
    return (f"{result.get('method', 'uct')} over {result.get('width', 8)} candidates, {turn}leaf value "
            f"{result.get('leaf', 'round')}, at most "
            f"{result['iterations']} rollouts" + (f" and {limit:g} CPU-s" if limit else ", no time cap")
            + " per decision")


def merge(results: list[dict]) -> dict:
    """Saved runs taken together (they must share the budget)."""
    if len({budget_of(r) for r in results}) != 1:
        raise SystemExit("bench_5x5_search.py: the runs have different budgets; report them one by one")
    return {"command": "; ".join(r["command"] for r in results), "iterations": results[0]["iterations"],
            "time_limit": results[0].get("time_limit"), "method": results[0].get("method", "uct"),
            "leaf": results[0].get("leaf", "round"), "width": results[0].get("width", 8),
            "finish_turn": results[0].get("finish_turn", False), "options": results[0].get("options", {}),
            "screen_spots": list(screened_rounds_of(results[0])), "final_lineup": walks_final_lineup(results[0]),
            "search_rounds": results[0].get("search_rounds", list(ROUNDS)),
            "solo": {"games": [g for r in results for g in r["solo"]["games"]]},
            "duels": {"games": [g for r in results for g in r["duels"]["games"]]}}


def report(result: dict) -> int:
    """Print the summary of a run (or of the games a stopped run saved); 1 when a target is missed."""
    games = sorted(result["solo"]["games"], key=lambda g: g["seed"])
    duel = result["duels"]["games"]
    if not games and not duel:
        print("no game finished")
        return 1
    met = True
    seconds = [t for g in games for t in g["seconds"]] + [t for g in duel for t in g["seconds"]]
    if games:
        search = [g["search"] for g in games]
        look = [g["lookahead"] for g in games]
        print(f"solo, {len(games)} seeded games (seeds {games[0]['seed']}-{games[-1]['seed']}), "
              f"search {budget_text(result)}:")
        print(f"  mean score: search {statistics.fmean(search):.1f}, lookahead {statistics.fmean(look):.1f}")
        diff, low, high = mean_interval([a - b for a, b in zip(search, look)])
        print(f"  search - lookahead on the same deals: {diff:+.1f} points (95% CI {low:+.1f} to {high:+.1f}); "
              f"better in {sum(a > b for a, b in zip(search, look))}, "
              f"worse in {sum(a < b for a, b in zip(search, look))}")
        print(f"target search at least 25 points above lookahead (mean of {len(games)} paired games): "
              f"{'MET' if diff >= 25 else 'MISSED'}")
        met &= diff >= 25
        print("  solo ranks:                            search  lookahead")
        ranks_s, ranks_l = Counter(map(solo_rank, search)), Counter(map(solo_rank, look))
        for _, name in RANKS:
            if ranks_s[name] or ranks_l[name]:
                print(f"    {name:<36} {ranks_s[name]:>6} {ranks_l[name]:>10}")
        chosen = [prior for g in games for prior, width in g.get("priors", ()) if width > 1]
        if chosen:
            places = Counter(chosen)
            print(f"  the search's choice by its place in the lookahead ranking ({len(chosen)} searches of 2 or "
                  "more candidates): " + ", ".join(f"#{place + 1} {count / len(chosen):.0%}"
                                                   for place, count in sorted(places.items())))
        sources = points_by_source(games)
        if sources:
            print("  points by source, mean per game:")
            print("\n".join(sources))
    if seconds:
        print(f"  CPU seconds per search decision ({len(seconds)} decisions): {time_summary(seconds)}")
        print(f"target 2 CPU-s per decision or less (every decision): {'MET' if max(seconds) <= 2.0 else 'MISSED'}")
        met &= max(seconds) <= 2.0
    if duel:
        wins = sum(g["won"] for g in duel)
        low, high = wilson(wins, len(duel))
        margins = [g["scores"][g["search_seat"]] - g["scores"][1 - g["search_seat"]] for g in duel]
        print(f"2 players, search against lookahead, seats alternating: {wins} wins of {len(duel)} = "
              f"{wins / len(duel):.0%} (95% CI {low:.0%} to {high:.0%}), mean margin "
              f"{statistics.fmean(margins):+.1f}")
        for seat in (0, 1):
            seated = [g for g in duel if g["search_seat"] == seat]
            if seated:
                print(f"    search in seat {seat + 1}: {sum(g['won'] for g in seated)} wins of {len(seated)}")
    return 0 if met else 1


# -- calibrating the final-score estimate ---------------------------------------------------------
def round_starts(seed: int, search_seconds: float | None = None) -> list[dict]:
    """A solo self-played game (the lookahead bot; every third seed the greedy bot, for variety;
    with *search_seconds*, the search bot at that many CPU-s a decision): at the start of rounds
    2 and 3, the features, the points banked, the old horizon value (``evaluate`` plus the
    round's best lineup), the new estimate, and the final score."""
    state = GameState.new(players=1, seed=seed)
    if search_seconds:
        bot = SearchBot(seed, time_limit=search_seconds)
    else:
        bot = GreedyBot(seed) if seed % 3 == 0 else LookaheadBot(seed)
    rows, seen = [], 1
    while not state.is_terminal():
        state.apply(bot.choose(state))
        if state.phase == "main" and state.round > seen:
            seen = state.round
            rows.append({"round": state.round, "features": list(final_features(state, 0)),
                         "banked": banked(state, 0), "old": evaluate(state, 0) + lineup_points(state, 0),
                         "new": final_estimate(state, 0)})
    for row in rows:
        row["final"] = state.returns()[0]
    return rows


#: The ridge strengths tried; the one of the smallest cross-validated error is used.
RIDGE = (0.1, 1.0, 10.0, 100.0, 1000.0)


def fit(rows: list[dict], prior: tuple[float, ...], folds: int = 5) -> tuple[list[float], float, float]:
    """Least squares of (final - banked) on the features, shrunk towards *prior* (ridge; the
    constant is free), the strength chosen by *folds*-fold cross-validation.

    Returns the weights, the strength and the cross-validated spread of the error.
    """
    import numpy as np
    x = np.array([r["features"] for r in rows])
    y = np.array([r["final"] - r["banked"] for r in rows])
    centre = np.array(prior, dtype=float)

    def solve(xs, ys, strength):
        penalty = strength * np.eye(x.shape[1])
        penalty[0, 0] = 0.0
        return np.linalg.solve(xs.T @ xs + penalty, xs.T @ ys + penalty @ centre)

    fold = np.arange(len(rows)) % folds
    best = None
    for strength in RIDGE:
        errors = np.concatenate([y[fold == k] - x[fold == k] @ solve(x[fold != k], y[fold != k], strength)
                                 for k in range(folds)])
        if best is None or errors.std() < best[1]:
            best = (strength, float(errors.std()))
    weights = solve(x, y, best[0])
    return [round(float(w), 3) for w in weights], best[0], best[1]


def calibrate(games: int, seed: int, jobs: int, save: Path | None = None,
              search_seconds: float | None = None) -> int:
    """Self-play *games* solo games and print the weights of the final-score estimate per round
    (with *save*, the round starts are written there as JSON; with *search_seconds*, the games
    are the search bot's, at that many CPU-s a decision)."""
    seeds = range(seed, seed + games)
    rows: list[dict] = []

    def record(game: list[dict]) -> None:          # saved after every game: a stopped run keeps its games
        rows.extend(game)
        if save:
            save.write_text(json.dumps(rows) + "\n")

    for game in each_result(functools.partial(round_starts, search_seconds=search_seconds), seeds, jobs):
        record(game)
    player = f"the search bot at {search_seconds:g} CPU-s a decision" if search_seconds else "greedy and lookahead"
    print(f"calibration: {games} self-played solo games (seeds {seed}-{seed + games - 1}; {player})")
    for number in (2, 3):
        at = [r for r in rows if r["round"] == number]
        weights, strength, spread = fit(at, FINAL_PRIOR[number])
        print(f"round {number} start ({len(at)} states): ridge {strength:g} towards the prior, "
              f"cross-validated error spread {spread:.1f} points")
        for name, weight in zip(FINAL_FEATURES, weights):
            print(f"    {name:<15} {weight:+.3f}")
        print(f"    {number}: {tuple(weights)},")
        for name in ("old", "new"):
            errors = [r[name] - r["final"] for r in at]
            print(f"  {name} value - final score: mean {statistics.fmean(errors):+.1f}, "
                  f"spread {statistics.pstdev(errors):.1f}")
    return 0


# -- the leaf study: how well the final-score estimate orders the candidates of one deal ------------
#: Positions of the leaf study: lookahead self-play from these seeds, apart from the bench's and the calibration's.
STUDY_SEED = 7000


def study_positions(seed: int, every: int = 4, rounds: tuple[int, ...] = (1, 2)) -> list[GameState]:
    """Every *every*-th decision of two or more actions in the main phase of *rounds* (of 1 and 2)
    of a solo lookahead game (the search's horizon is then a round's end, where the leaf decides)."""
    state, bot, found, count = GameState.new(players=1, seed=seed), LookaheadBot(seed), [], 0
    while not state.is_terminal() and state.round <= max(rounds):
        actions = state.legal_actions()
        if state.phase == "main" and state.round in rounds and len(actions) > 1:
            if count % every == every // 2:
                found.append(state.clone())
            count += 1
        state.apply(bot.choose(state))
    return found


def gather_positions(count: int, seed: int, rounds: tuple[int, ...] = (1, 2), least_actions: int = 2) -> list:
    """The first *count* positions of :func:`study_positions` with *least_actions* legal actions or
    more, from the games of *seed* on."""
    states: list = []
    while len(states) < count:
        states += [s for s in study_positions(seed, rounds=rounds) if len(s.legal_actions()) >= least_actions]
        seed += 1
    return states[:count]


def study_position(job: tuple) -> list[dict]:
    """The search's view of one position, unfolded: on *deals* sampled deals, each of the
    root's candidates (the lookahead ranking's best ``width``) played and rolled out to the
    round's end as a sweep does (the leaf), then the leaf played on to the game's end by the
    same rollout policy *continuations* times (the same random numbers for every candidate).
    One row per (deal, candidate): the leaf's features, points banked, estimate, and finals."""
    index, state, deals, continuations = job
    bot = SearchBot(index, time_limit=None)
    seat, horizon = state.current_player, state.round
    order, _ = bot._root_ranking(state, state.legal_actions(), 0.0)
    rng, rows = random.Random(index), []
    for number in range(deals):
        table, rollout_seed = deal(state, rng.getrandbits(32)), rng.getrandbits(32)
        futures = [rng.getrandbits(32) for _ in range(continuations)]
        for place, action in enumerate(order[:bot.width]):
            game = _copy(table)
            game._apply(action)
            bot._rollout(game, horizon, random.Random(rollout_seed))
            finals, later = [], []
            for future in futures:
                rest, chance = _copy(game, seed=future), random.Random(future)
                if game.round < 3:             # the estimate one round later, on the way
                    bot._rollout(rest, game.round, chance)
                    later.append(final_estimate(rest, seat))
                bot._rollout(rest, 3, chance)
                finals.append(rest.returns()[seat])
            rows.append({"position": index, "deal": number, "place": place, "round": game.round,
                         "features": list(final_features(game, seat)), "extra": leaf_extras(game, seat),
                         "banked": banked(game, seat),
                         "estimate": final_estimate(game, seat), "finals": finals, "later": later})
    return rows


# -- the noise study: how far apart one deal's rollouts put the candidates, per rollout policy -------
#: The candidates the noise study compares (the lookahead ranking's best four: the first against each other).
NOISE_CANDIDATES = 4


def noise_position(job: tuple) -> dict:
    """One position of the noise study: the ranking's best :data:`NOISE_CANDIDATES` played on *deals*
    sampled deals as a sweep plays them, by the bot of *options*; per other candidate, the standard
    deviation over the deals of its value minus the first's (what the halving must see through),
    and the CPU seconds per rollout."""
    index, state, deals, options = job
    bot = SearchBot(index, time_limit=None, **options)
    seat = state.current_player
    order, _ = bot._root_ranking(state, state.legal_actions(), 0.0)
    root = _Node()
    root.order, alive = order, order[:NOISE_CANDIDATES]
    for action in alive:
        root.children[action] = _Node()
    rng, started = random.Random(index), time.process_time()
    for _ in range(deals):
        bot._sweep(state, root, alive, seat, max(state.round, 1), rng)
    seconds = (time.process_time() - started) / (deals * len(alive))
    first = root.children[alive[0]].scores
    spreads = [statistics.stdev([x - y for x, y in zip(root.children[action].scores, first)])
               for action in alive[1:]]
    return {"position": index, "options": options, "candidates": [action_text(a) for a in alive],
            "values": [root.children[action].scores for action in alive], "spreads": spreads,
            "seconds_per_rollout": seconds}


def noise_study(positions: int, deals: int, arms: list[dict], jobs: int, save: Path | None,
                seed: int = STUDY_SEED) -> int:
    """Run the noise study on *positions* positions (rounds 1 and 2 of lookahead games from *seed*)
    for each arm (a dict of SearchBot options; ``{}`` is the bot as it plays) and print it."""
    states = gather_positions(positions, seed, least_actions=NOISE_CANDIDATES)
    plan = [(i, s, deals, arm) for arm in arms for i, s in enumerate(states)]
    rows = list(each_result(noise_position, plan, jobs))
    if save:
        save.write_text(json.dumps(rows) + "\n")
    return noise_report(rows)


def noise_report(rows: list[dict]) -> int:
    arms: dict = {}
    for row in rows:
        arms.setdefault(json.dumps(row["options"], sort_keys=True), []).append(row)
    print(f"noise study: {len({r['position'] for r in rows})} positions, the lookahead ranking's best "
          f"{NOISE_CANDIDATES} on the same sampled deals")
    for options, found in arms.items():
        spreads = [x for r in found for x in r["spreads"]]
        cost = statistics.fmean(r["seconds_per_rollout"] for r in found)
        print(f"  {options if options != '{}' else 'the bot as it plays':<45} spread of a candidate minus the "
              f"first over deals: median {statistics.median(spreads):.2f}, mean {statistics.fmean(spreads):.2f} "
              f"points; {1000 * cost:.1f} CPU-ms a rollout")
    return 0


def _ranks(values) -> list[float]:
    """Average ranks (ties share the mean of their places)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            ranks[order[k]] = (start + end) / 2
        start = end + 1
    return ranks


def spearman(xs, ys) -> float | None:
    """Spearman's rank correlation (``None`` when either side is constant)."""
    rx, ry = _ranks(list(xs)), _ranks(list(ys))
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    sy = math.sqrt(sum((b - my) ** 2 for b in ry))
    if not sx or not sy:
        return None
    return sum((a - mx) * (b - my) for a, b in zip(rx, ry)) / (sx * sy)


def ordering(groups: list[list[dict]], value, truth_of=None) -> tuple[float, float, int]:
    """How *value* (a row's leaf value) orders each group's candidates against their mean
    continued final score (or *truth_of* a row): the mean rank correlation, and the mean
    regret (the best candidate's truth minus that of the one *value* rates best), and the
    groups counted."""
    truth_of = truth_of or (lambda r: statistics.fmean(r["finals"]))
    rhos, regrets = [], []
    for group in groups:
        truth = [truth_of(r) for r in group]
        values = [value(r) for r in group]
        rho = spearman(values, truth)
        if rho is not None:
            rhos.append(rho)
        regrets.append(max(truth) - truth[max(range(len(group)), key=lambda i: values[i])])
    return (statistics.fmean(rhos) if rhos else float("nan"), statistics.fmean(regrets), len(groups))


def fit_within(groups: list[list[dict]], ridge: float = 1.0, extras: bool = False):
    """Weights of the features that best order candidates on the same deal: least squares of
    (mean final - banked) on the features, both taken as differences from their group's mean
    (a group is one deal of one position: only differences between its candidates choose),
    shrunk towards the weights in use. Returns the weights (the constant kept); with *extras*,
    followed by those of the rows' :data:`LEAF_EXTRAS` (shrunk towards 0)."""
    import numpy as np
    xs, ys, prior = [], [], None
    for group in groups:
        rnd = group[0]["round"]
        prior = np.array(FINAL_WEIGHTS[min(3, max(2, rnd))] + (0.0,) * (len(LEAF_EXTRAS) if extras else 0),
                         dtype=float)
        x = np.array([r["features"] + (r["extra"] if extras else []) for r in group], dtype=float)
        y = np.array([statistics.fmean(r["finals"]) - r["banked"] for r in group])
        xs.append(x - x.mean(axis=0))
        ys.append(y - y.mean())
    x, y = np.vstack(xs), np.concatenate(ys)
    penalty = ridge * np.eye(x.shape[1])
    weights = np.linalg.solve(x.T @ x + penalty, x.T @ y + penalty @ prior)
    weights[0] = prior[0]
    return [float(w) for w in weights]


def leaf_study(positions: int, deals: int, continuations: int, jobs: int, save: Path | None,
               rounds: tuple[int, ...] = (1, 2), seed: int = STUDY_SEED) -> int:
    """Run the study on *positions* positions (of *rounds*, games from *seed* on) and print how the
    estimate orders candidates."""
    states = gather_positions(positions, seed, rounds)
    plan = [(i, s, deals, continuations) for i, s in enumerate(states)]
    rows: list[dict] = []
    for found in each_result(study_position, plan, jobs):
        rows += found
        if save:
            save.write_text(json.dumps(rows) + "\n")
    return study_report(rows)


def study_report(rows: list[dict]) -> int:
    groups_of: dict = {}
    for row in rows:
        groups_of.setdefault((row["position"], row["deal"]), []).append(row)
    groups = [g for g in groups_of.values() if len(g) > 1]
    print(f"leaf study: {len({r['position'] for r in rows})} positions, {len(groups)} deals of 2 or more candidates, "
          f"{len(rows[0]['finals'])} continuations each")
    for name, value in (("estimate (FINAL_WEIGHTS)", lambda r: r["estimate"]),
                        ("banked only", lambda r: r["banked"]),
                        ("ranking's order", lambda r: -r["place"])):
        rho, regret, n = ordering(groups, value)
        print(f"  {name:<28} rank correlation {rho:+.3f}, regret {regret:.2f} points a deal")
    half = len(rows[0]["finals"]) // 2
    if half:                              # against the second half of the continuations, which it never saw
        held = lambda r: statistics.fmean(r["finals"][half:])                                  # noqa: E731
        print(f"  against the mean of continuations {half + 1}-{len(rows[0]['finals'])} (held out):")
        for number in sorted({g[0]["round"] for g in groups}):
            at = [g for g in groups if g[0]["round"] == number]
            tries = [("estimate", lambda r: r["estimate"]),
                     (f"mean final of continuations 1-{half}", lambda r: statistics.fmean(r["finals"][:half]))]
            if all(r.get("later") for g in at for r in g):
                tries.append(("estimate a round later (continuation 1)", lambda r: r["later"][0]))
            for name, value in tries:
                rho, regret, n = ordering(at, value, held)
                print(f"    leaf at round {number}'s start, {n} deals: {name:<40} rank correlation {rho:+.3f}, "
                      f"regret {regret:.2f}")
    positions = sorted({r["position"] for r in rows})
    folds = 5
    for extras in (False, True) if all("extra" in r for r in rows) else (False,):
        for ridge in (1.0, 30.0, 300.0):
            refit = {}
            for k in range(folds):
                held = {p for i, p in enumerate(positions) if i % folds == k}
                weights = fit_within([g for g in groups if g[0]["position"] not in held], ridge, extras)
                for g in groups:
                    if g[0]["position"] in held:
                        for r in g:
                            measures = r["features"] + (r["extra"] if extras else [])
                            refit[id(r)] = r["banked"] + sum(w * x for w, x in zip(weights, measures))
            rho, regret, n = ordering(groups, lambda r: refit[id(r)])
            print(f"  refit within deals{' with the extra measures' if extras else ''}, ridge {ridge:g} "
                  f"(5-fold by position): rank correlation {rho:+.3f}, regret {regret:.2f}")
    weights = fit_within(groups, 30.0)
    print("  weights (all positions, ridge 30): " + ", ".join(f"{n} {w:+.3f}" for n, w in zip(FINAL_FEATURES, weights)))
    return 0


def compare(olds: list[dict], new: dict) -> int:
    """The search bot of saved runs on the seeds all of them played: the paired mean difference,
    *new* minus the mean of the *olds* (several runs of the bot it would replace make a steadier baseline
    than one); with two old runs or more, how far each of them lies from their mean."""
    befores = [{g["seed"]: g["search"] for g in old["solo"]["games"]} for old in olds]
    after = {g["seed"]: g["search"] for g in new["solo"]["games"]}
    seeds = sorted(set(after).intersection(*befores))
    if not seeds:
        print("no solo seed in every run")
        return 1
    reference = {s: statistics.fmean(before[s] for before in befores) for s in seeds}
    diffs = [after[s] - reference[s] for s in seeds]
    mean, low, high = mean_interval(diffs)
    names = [f"old {n}" for n in range(1, len(olds) + 1)] if len(olds) > 1 else ["old"]
    for name, run in zip(names + ["new"], olds + [new]):
        print(f"{name}: {budget_text(run)}")
    baseline = "old" if len(olds) == 1 else f"the mean of the {len(olds)} old runs"
    print(f"{len(seeds)} solo seeds in every run: {baseline} {statistics.fmean(reference.values()):.1f}, new "
          f"{statistics.fmean(after[s] for s in seeds):.1f}; new - {'old' if len(olds) == 1 else 'that mean'} "
          f"{mean:+.1f} points (95% CI {low:+.1f} to {high:+.1f}); better in {sum(d > 0 for d in diffs)}, "
          f"worse in {sum(d < 0 for d in diffs)}")
    if len(olds) > 1:
        for number, before in enumerate(befores, 1):
            own, own_low, own_high = mean_interval([before[s] - reference[s] for s in seeds])
            print(f"  old {number} - the mean of the old runs: {own:+.1f} (95% CI {own_low:+.1f} to {own_high:+.1f}): "
                  f"the scatter of a run")
    for name, run in zip(names + ["new"], olds + [new]):
        seconds = [t for g in run["solo"]["games"] if g["seed"] in seeds for t in g["seconds"]]
        if seconds:
            print(f"  {name}: CPU seconds per decision: {time_summary(seconds)}")
    return 0


def bot_option(text: str) -> tuple[str, object]:
    """``NAME=VALUE`` of ``--option``: a SearchBot parameter and its value (a Python literal)."""
    import ast
    import inspect
    name, _, value = text.partition("=")
    if name not in inspect.signature(SearchBot).parameters:
        raise argparse.ArgumentTypeError(f"SearchBot has no parameter {name!r}")
    try:
        return name, ast.literal_eval(value)
    except (ValueError, SyntaxError):
        raise argparse.ArgumentTypeError(f"{name}: {value!r} is not a Python literal") from None


def screened_rounds_of(result: dict) -> tuple[int, ...]:
    """The rounds a saved run's play-outs screened spots in (older files say ``true`` or ``false``,
    or nothing from before the option, when it was off)."""
    return screen_rounds(result.get("screen_spots", False))


def screened_rounds(text: str) -> tuple[int, ...]:
    """``--screen-spots``: rounds as ``3`` or ``2,3``, or ``none``."""
    return () if text.strip().lower() == "none" else search_rounds(text)


def search_rounds(text: str) -> tuple[int, ...]:
    """``--search-rounds``: rounds as ``2,3``."""
    try:
        rounds = tuple(sorted({int(part) for part in text.split(",")}))
    except ValueError:
        raise argparse.ArgumentTypeError(f"rounds are numbers separated by commas, not {text!r}") from None
    if not rounds or not set(rounds) <= set(ROUNDS):
        raise argparse.ArgumentTypeError(f"the rounds are 1, 2 and 3, not {text!r}")
    return rounds


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="solo games (default 100)")
    parser.add_argument("--duels", type=int, default=40, help="2-player games against lookahead (default 40)")
    parser.add_argument("--iterations", type=int, default=SearchBot().iterations,
                        help="search rollouts per decision at most (default: the bot's)")
    parser.add_argument("--time-limit", type=float, default=SearchBot().time_limit,
                        help="CPU seconds per decision at most (default: the bot's); 0: no cap")
    parser.add_argument("--method", choices=("halving", "uct"), default=SearchBot().method,
                        help="the search (default: the bot's)")
    parser.add_argument("--leaf", choices=("final", "round"), default=SearchBot().leaf,
                        help="the value at the search's horizon (default: the bot's)")
    parser.add_argument("--width", type=int, default=SearchBot().width,
                        help="halving: the candidates, the best of the lookahead ranking (default: the bot's)")
    parser.add_argument("--finish-turn", action="store_true",
                        help="rollouts rate every action of the turn the searched action began, then a few "
                        "drawn at random (default: a few drawn at random from the first)")
    parser.add_argument("--screen-spots", type=screened_rounds, nargs="?", const=ROUNDS,
                        default=SearchBot().screen_spots, metavar="R,R",
                        help="the rounds whose play-outs place tiles by the board-only spot screen (alone: "
                        "every round; 'none': none; default: SearchBot's)")
    parser.add_argument("--through-round2", action=argparse.BooleanOptionalAction,
                        default=SearchBot().through_round2, help="round 1's rollouts play on through round 2 "
                        "(the leaf at round 3's start; default: the bot's)")
    parser.add_argument("--refit-round1-leaf", action=argparse.BooleanOptionalAction,
                        default=SearchBot().refit_round1_leaf, help="the leaves of round 1's decisions valued by "
                        "the weights fitted within deals (round1_leaf_estimate; default: the bot's)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", type=bot_option,
                        help="any other SearchBot parameter, e.g. --option rollout_width=0 (repeatable; the "
                        "value is read as a Python literal)")
    parser.add_argument("--search-rounds", type=search_rounds, default=ROUNDS, metavar="R,R",
                        help="the rounds the search bot searches, the lookahead bot choosing in the others "
                        "(default 1,2,3; the setup counts with round 1)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once in worker processes")
    parser.add_argument("--seed", type=int, default=FIRST_SEED, help="the first game's seed")
    parser.add_argument("--save", type=Path, help="write every game's scores to this JSON file")
    parser.add_argument("--quick", action="store_true", help="one searched decision, then exit (for make test)")
    parser.add_argument("--calibrate", type=int, metavar="N", help="self-play N solo games and print the "
                        "weights of the search's final-score estimate (seeds from 5000)")
    parser.add_argument("--calibrate-search", type=float, metavar="SECONDS", help="calibration: the games "
                        "are the search bot's at SECONDS CPU-s a decision (is the estimate fitted to the player "
                        "that continues from the leaf?), not the greedy and lookahead bots'")
    parser.add_argument("--leaf-study", type=int, metavar="N", help="how the final-score estimate orders the "
                        "candidates of one deal, against the rollout policy played on to the game's end, on N "
                        "positions (seeds from 7000; with --save, the rows; --report-study FILE reprints)")
    parser.add_argument("--noise-study", type=int, metavar="N", help="how far apart one deal's rollouts put "
                        "the candidates, on N positions (seeds from 7000): the bot as it plays, and the bot with "
                        "the --option values (--study-deals deals; with --save, the rows; --report-noise FILE "
                        "reprints)")
    parser.add_argument("--report-noise", type=Path, help="the noise study's report of rows saved by --save")
    parser.add_argument("--study-deals", type=int, default=2, help="leaf study: sampled deals per position")
    parser.add_argument("--continuations", type=int, default=2, help="leaf study: continuations per leaf")
    parser.add_argument("--study-seed", type=int, default=STUDY_SEED,
                        help=f"leaf study: the first self-played game's seed (default {STUDY_SEED})")
    parser.add_argument("--study-round", type=int, choices=(1, 2), action="append",
                        help="leaf study: positions of this round only (repeatable; default both)")
    parser.add_argument("--report-study", type=Path, help="the leaf study's report of rows saved by --save")
    parser.add_argument("--compare", type=Path, nargs="+", metavar="RUN",
                        help="OLD [OLD ...] NEW: the paired difference of the search bot's solo scores, a saved "
                        "run against the mean of one or more others")
    parser.add_argument("--report", type=Path, nargs="+", help="only print the report of files saved by --save "
                        "(runs on other seeds with the same budget, taken together)")
    args = parser.parse_args(argv)
    if args.calibrate:
        return calibrate(args.calibrate, CALIBRATION_SEED, args.jobs, args.save, args.calibrate_search)
    if args.leaf_study:
        return leaf_study(args.leaf_study, args.study_deals, args.continuations, args.jobs, args.save,
                          tuple(args.study_round or (1, 2)), args.study_seed)
    if args.noise_study:
        return noise_study(args.noise_study, args.study_deals, [{}] + ([dict(args.option)] if args.option else []),
                           args.jobs, args.save, args.study_seed)
    if args.report_noise:
        return noise_report(json.loads(args.report_noise.read_text()))
    if args.report_study:
        return study_report(json.loads(args.report_study.read_text()))
    if args.compare:
        if len(args.compare) < 2:
            parser.error("--compare: name an old run and a new one (OLD [OLD ...] NEW)")
        runs = [json.loads(path.read_text()) for path in args.compare]
        return compare(runs[:-1], runs[-1])
    if args.report:
        return report(merge([json.loads(path.read_text()) for path in args.report]))
    if args.quick:  # a solo deal played by a 4-rollout search until it has weighed two candidates or more
        state, bot = GameState.new(players=1, seed=args.seed), SearchBot(0, iterations=4, time_limit=None)
        searched = lambda: bot.last_view is not None and len(bot.last_view.candidates) > 1  # noqa: E731
        while not searched() and not state.is_terminal():
            action = bot.choose(state)
            state.apply(action)  # each action legal: apply raises IllegalAction for an illegal one
        if not searched():
            print("quick: the search bot never weighed two candidates on a whole solo deal")
            return 1
        print(f"quick: the search bot's first searched decision (round {state.round}): {action_text(action)}, "
              f"{len(bot.last_view.candidates)} candidates")
        return 0
    limit = args.time_limit or None
    maker = SearchMaker(args.iterations, limit, args.method, args.leaf, args.width, args.finish_turn,
                        args.screen_spots, args.through_round2, args.refit_round1_leaf, dict(args.option),
                        args.search_rounds)
    result = {"command": "python -m benchmarks.bench_5x5_search " + " ".join(argv), "iterations": args.iterations,
              "time_limit": limit, "method": args.method, "leaf": args.leaf, "width": args.width,
              "finish_turn": args.finish_turn, "screen_spots": list(args.screen_spots),
              "through_round2": args.through_round2, "refit_round1_leaf": args.refit_round1_leaf,
              "options": dict(args.option), "search_rounds": list(args.search_rounds),
              "final_lineup": dict(args.option).get("final_lineup", SearchBot().final_lineup),
              "solo": {"games": []}, "duels": {"games": []}}
    print(f"5x5 Zoo search bot ({budget_text(result)}) against the lookahead bot")
    jobs = []
    for index in range(max(args.games, args.duels)):     # interleaved: a run stopped early has both kinds
        if index < args.games:
            jobs.append(("solo", index, args.seed + index, maker, index == 0))
        if index < args.duels:
            jobs.append(("duel", index, args.seed + index, maker))

    def save() -> None:                       # after every game: a long run stopped early keeps its games
        if args.save:
            args.save.write_text(json.dumps(result, indent=1) + "\n")

    def record(kind: str, game: dict) -> None:
        result["solo" if kind == "solo" else "duels"]["games"].append(game)
        print(describe(kind, game), flush=True)
        save()

    for kind, game in each_result(run_game, jobs, args.jobs):
        record(kind, game)
    if args.save:
        print(f"saved to {args.save}")
    return report(result)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
