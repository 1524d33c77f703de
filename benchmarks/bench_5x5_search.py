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
reasons (the notebook ``23-5x5-strategy`` draws the scores and replays that game). Exit status 1 when the search
bot does not out-score the lookahead bot on average.

``--compare OLD.json [OLD.json ...] NEW.json`` prints the paired difference of the search bot's solo
scores of saved runs (an A/B test on the same seeds, the new run against the mean of the old ones: a run
at a time cap is its own draw, and two runs of the same bot differed by 2.8 points over sixteen deals);
every game keeps, per search, the chosen action's place in the lookahead ranking (the report prints how
often the search took the lookahead bot's own choice, its second, ...).
What was tried with this benchmark and is off is ``docs/experiments.md``.
``--calibrate N``
self-plays N solo games (seeds from 5000) and fits the weights of the final-score estimate
(``zoobook.fivebyfive.playouts.FINAL_WEIGHTS``) by least squares; ``--save`` keeps the round starts.
With ``--calibrate-search SECONDS`` the games are the search bot's (the player that in fact continues
from the search's leaves): over 60 games at 0.5 CPU-s (seeds 5000-5059) the cross-validation again
chose the strongest shrinkage towards the prior at both round starts (the largest moves, in round 2:
the bonus one step away 0.62 -> 0.47, the third round's cards 0.55 -> 0.44); what moved is the
constant, which changes no choice: for the search bot's play the estimate is 9.2 points low at round
2's start and 3.7 at round 3's.
``--lesson RUN.json OUT.json`` keeps of a saved run what notebook 23 (the strategy lesson) shows: every
solo game's seed, both scores and both breakdowns by source, the first game decision by decision, and the
two-player results (``notebooks/data/5x5-search-games.json`` is made so from the run of seeds 1000-1099).

Run: ``python -m benchmarks.bench_5x5_search [--games 100] [--duels 40] [--jobs 2]``;
``--quick`` imports everything and makes one searched decision (for ``make test``); ``--report FILE...``
prints the summary of saved runs (also of one stopped early: the file is written after every game).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from zoobook.fivebyfive.bots import GreedyBot, LookaheadBot, evaluate
from zoobook.fivebyfive.game import GameState, action_text
from zoobook.fivebyfive.play.simulate import wilson
from zoobook.fivebyfive.playouts import (FINAL_FEATURES, FINAL_PRIOR, banked, final_estimate, final_features,
                                         lineup_points)
from zoobook.fivebyfive.search_bot import SearchBot
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


class SearchMaker:
    """Makes the search bot of a game (a class, not a closure: worker processes receive it)."""

    def __init__(self, iterations: int, time_limit: float | None) -> None:
        self.iterations, self.time_limit = iterations, time_limit

    def __call__(self, seed: int) -> SearchBot:
        return SearchBot(seed, iterations=self.iterations, time_limit=self.time_limit)


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
    return result["iterations"], result.get("time_limit")


def budget_text(result: dict) -> str:
    limit = result.get("time_limit")
    return (f"at most {result['iterations']} rollouts" + (f" and {limit:g} CPU-s" if limit else ", no time cap")
            + " per decision")


def merge(results: list[dict]) -> dict:
    """Saved runs taken together (they must share the budget)."""
    if len({budget_of(r) for r in results}) != 1:
        raise SystemExit("bench_5x5_search.py: the runs have different budgets; report them one by one")
    return {"command": "; ".join(r["command"] for r in results), "iterations": results[0]["iterations"],
            "time_limit": results[0].get("time_limit"),
            "solo": {"games": [g for r in results for g in r["solo"]["games"]]},
            "duels": {"games": [g for r in results for g in r["duels"]["games"]]}}


def lesson_data(result: dict) -> dict:
    """What the strategy lesson (notebook 23) reads of a saved run: small enough to ship with the workbook."""
    solo = [{key: game[key] for key in ("seed", "search", "lookahead", "breakdown", "decisions") if key in game}
            for game in sorted(result["solo"]["games"], key=lambda g: g["seed"])]
    duels = [{key: game[key] for key in ("seed", "search_seat", "scores", "won")} for game in result["duels"]["games"]]
    slowest = max((t for kind in ("solo", "duels") for g in result[kind]["games"] for t in g["seconds"]), default=None)
    return {"command": result["command"], "iterations": result["iterations"], "time_limit": result.get("time_limit"),
            "slowest_decision": slowest, "solo": {"games": solo}, "duels": {"games": duels}}


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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="solo games (default 100)")
    parser.add_argument("--duels", type=int, default=40, help="2-player games against lookahead (default 40)")
    parser.add_argument("--iterations", type=int, default=SearchBot().iterations,
                        help="search rollouts per decision at most (default: the bot's)")
    parser.add_argument("--time-limit", type=float, default=SearchBot().time_limit,
                        help="CPU seconds per decision at most (default: the bot's); 0: no cap")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once in worker processes")
    parser.add_argument("--seed", type=int, default=FIRST_SEED, help="the first game's seed")
    parser.add_argument("--save", type=Path, help="write every game's scores to this JSON file")
    parser.add_argument("--quick", action="store_true", help="one searched decision, then exit (for make test)")
    parser.add_argument("--calibrate", type=int, metavar="N", help="self-play N solo games and print the "
                        "weights of the search's final-score estimate (seeds from 5000)")
    parser.add_argument("--calibrate-search", type=float, metavar="SECONDS", help="calibration: the games "
                        "are the search bot's at SECONDS CPU-s a decision (is the estimate fitted to the player "
                        "that continues from the leaf?), not the greedy and lookahead bots'")
    parser.add_argument("--lesson", type=Path, nargs=2, metavar=("RUN", "OUT"),
                        help="write what notebook 23 shows of the saved RUN to OUT (JSON)")
    parser.add_argument("--compare", type=Path, nargs="+", metavar="RUN",
                        help="OLD [OLD ...] NEW: the paired difference of the search bot's solo scores, a saved "
                        "run against the mean of one or more others")
    parser.add_argument("--report", type=Path, nargs="+", help="only print the report of files saved by --save "
                        "(runs on other seeds with the same budget, taken together)")
    args = parser.parse_args(argv)
    if args.calibrate:
        return calibrate(args.calibrate, CALIBRATION_SEED, args.jobs, args.save, args.calibrate_search)
    if args.lesson:
        run, out = args.lesson
        out.write_text(json.dumps(lesson_data(json.loads(run.read_text())), separators=(",", ":")) + "\n")
        print(f"wrote {out}")
        return 0
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
    maker = SearchMaker(args.iterations, limit)
    result = {"command": "python -m benchmarks.bench_5x5_search " + " ".join(argv), "iterations": args.iterations,
              "time_limit": limit, "solo": {"games": []}, "duels": {"games": []}}
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
