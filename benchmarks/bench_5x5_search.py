"""Benchmark: how strong is the search bot? Solo scores and ranks against the lookahead bot, and 2-player wins.

* Solo: the search bot and the lookahead bot play the same seeded deals; the mean
  scores, the paired mean difference with a 95% confidence interval (the target of
  issue 22: at least +25 points), both rank distributions, and the search's CPU
  seconds per decision (median, mean, slowest; the target: 2 s or less).
* 2 players, the search bot against the lookahead bot, the seats alternating: the
  search bot's win rate with a 95% Wilson confidence interval.

The search runs on its iteration budget with no time cap, so the numbers depend on
the seeds alone; times are CPU time of this thread (``time.thread_time``), which a
busy shared machine does not inflate. ``--save FILE`` writes every game's scores as
JSON, and the run's first solo game decision by decision with the search's view and
reasons (the notebook ``22-5x5-strong-bot`` draws the scores and replays that game). Exit status 1 when the search
bot does not out-score the lookahead bot on average.

Run: ``python benchmarks/bench_5x5_search.py [--games 100] [--duels 20] [--iterations 48]``;
``--quick`` imports everything and plays one tiny game (for ``make test``); ``--report FILE...``
prints the summary of saved runs (also of one stopped early: the file is written after every game).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from zoobook.fivebyfive.bots import LookaheadBot
from zoobook.fivebyfive.game import GameState, action_text
from zoobook.fivebyfive.search_bot import SearchBot
from zoobook.fivebyfive.solo import RANKS, solo_rank

FIRST_SEED = 1000


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half, centre + half)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("inf")
    return mean, mean - half, mean + half


def play(state: GameState, bots, decisions: list | None = None) -> tuple[GameState, list[float]]:
    """Play to the end; the CPU seconds of every search-bot decision that searched.

    With *decisions*, every decision is appended to it in words, with the search's view.
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


def where_points_differ(games: list[dict]) -> list[str]:
    """The mean per-game difference, search minus lookahead, item by item (games saved with a breakdown)."""
    games = [g for g in games if "breakdown" in g]
    if not games:
        return []
    items = Counter()
    for game in games:
        for bot, sign in (("search", 1), ("lookahead", -1)):
            parts = game["breakdown"][bot]
            for number, (lineup, award, requests, _) in enumerate(parts["rounds"], 1):
                items[f"round {number} lineup"] += sign * lineup
                items[f"round {number} solo bonus"] += sign * award
                items[f"round {number} requests"] += sign * requests
            for name, points in parts["final"].items():
                items["final " + ("special cards" if name.startswith("special") else name)] += sign * points
    return [f"    {name:<28} {total / len(games):+6.1f}" for name, total in items.items()]


def solo_game(seed: int, make_search, record: bool = False) -> dict:
    decisions = [] if record else None
    searched, times = play(GameState.new(players=1, seed=seed), [make_search(seed)], decisions)
    looked, _ = play(GameState.new(players=1, seed=seed), [LookaheadBot(seed)])
    game = {"seed": seed, "search": searched.returns()[0], "lookahead": looked.returns()[0], "seconds": times,
            "breakdown": {"search": breakdown(searched), "lookahead": breakdown(looked)}}
    if record:
        game["decisions"] = decisions
    print(f"  solo seed {seed}: search {game['search']}, lookahead {game['lookahead']}, "
          f"{statistics.fmean(times):.2f} s per decision", flush=True)
    return game


def duel_game(index: int, seed: int, make_search) -> dict:
    seat = index % 2                                       # the search bot sits first in half the games
    bots = [make_search(seed), LookaheadBot(seed)] if seat == 0 else [LookaheadBot(seed), make_search(seed)]
    state, times = play(GameState.new(players=2, seed=seed), bots)
    scores = state.returns()
    game = {"seed": seed, "search_seat": seat, "scores": scores, "won": state.ranking()[0] == seat,
            "seconds": times}
    print(f"  2-player seed {seed}: search (seat {seat}) {scores[seat]}, lookahead {scores[1 - seat]}"
          f"{' (search wins)' if game['won'] else ''}", flush=True)
    return game


def merge(results: list[dict]) -> dict:
    """Saved runs taken together (they must share the iteration budget)."""
    if len({r["iterations"] for r in results}) != 1:
        raise SystemExit("bench_5x5_search.py: the runs have different budgets; report them one by one")
    return {"command": "; ".join(r["command"] for r in results), "iterations": results[0]["iterations"],
            "solo": {"games": [g for r in results for g in r["solo"]["games"]]},
            "duels": {"games": [g for r in results for g in r["duels"]["games"]]}}


def report(result: dict) -> int:
    """Print the summary of a run (or of the games a stopped run saved); 1 when search does not out-score lookahead."""
    games = result["solo"]["games"]
    if not games:
        print("no solo game finished")
        return 1
    search = [g["search"] for g in games]
    look = [g["lookahead"] for g in games]
    seconds = [t for g in games for t in g["seconds"]] + [t for g in result["duels"]["games"] for t in g["seconds"]]
    print(f"solo, {len(games)} seeded games (seeds {games[0]['seed']}-{games[-1]['seed']}), "
          f"search budget {result['iterations']} iterations per decision:")
    print(f"  mean score: search {statistics.fmean(search):.1f}, lookahead {statistics.fmean(look):.1f}")
    diff, low, high = mean_interval([a - b for a, b in zip(search, look)])
    print(f"  search - lookahead on the same deals: {diff:+.1f} points (95% CI {low:+.1f} to {high:+.1f}); "
          f"better in {sum(a > b for a, b in zip(search, look))}, worse in {sum(a < b for a, b in zip(search, look))}"
          f"; target +25: {'met' if diff >= 25 else 'not met'}")
    print(f"  CPU seconds per search decision: median {statistics.median(seconds):.2f}, "
          f"mean {statistics.fmean(seconds):.2f}, slowest {max(seconds):.2f}")
    print("  solo ranks:                            search  lookahead")
    ranks_s, ranks_l = Counter(map(solo_rank, search)), Counter(map(solo_rank, look))
    for _, name in RANKS:
        if ranks_s[name] or ranks_l[name]:
            print(f"    {name:<36} {ranks_s[name]:>6} {ranks_l[name]:>10}")
    differences = where_points_differ(games)
    if differences:
        print("  where the points differ, search - lookahead, mean per game:")
        print("\n".join(differences))
    duel = result["duels"]["games"]
    if duel:
        wins = sum(g["won"] for g in duel)
        low, high = wilson(wins, len(duel))
        margins = [g["scores"][g["search_seat"]] - g["scores"][1 - g["search_seat"]] for g in duel]
        print(f"2 players, search against lookahead, seats alternating: {wins} wins of {len(duel)} = "
              f"{wins / len(duel):.0%} (95% CI {low:.0%} to {high:.0%}), mean margin "
              f"{statistics.fmean(margins):+.1f}")
    return 0 if diff > 0 else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="solo games (default 100)")
    parser.add_argument("--duels", type=int, default=20, help="2-player games against lookahead (default 20)")
    parser.add_argument("--iterations", type=int, default=48, help="search iterations per decision")
    parser.add_argument("--seed", type=int, default=FIRST_SEED, help="the first game's seed")
    parser.add_argument("--save", type=Path, help="write every game's scores to this JSON file")
    parser.add_argument("--quick", action="store_true", help="one tiny game, then exit (for make test)")
    parser.add_argument("--report", type=Path, nargs="+", help="only print the report of files saved by --save "
                        "(runs on other seeds with the same budget, taken together)")
    args = parser.parse_args(argv)
    if args.report:
        return report(merge([json.loads(path.read_text()) for path in args.report]))
    if args.quick:
        state, _ = play(GameState.new(players=1, seed=args.seed), [SearchBot(0, iterations=1, time_limit=None)])
        print(f"quick: one solo game with a 1-iteration search: {state.returns()[0]} points")
        return 0

    def make_search(seed: int) -> SearchBot:
        return SearchBot(seed, iterations=args.iterations, time_limit=None)

    print(f"5x5 Zoo search bot ({args.iterations} iterations per decision) against the lookahead bot")
    result = {"command": "python benchmarks/bench_5x5_search.py " + " ".join(argv),
              "iterations": args.iterations, "solo": {"games": []}, "duels": {"games": []}}

    def save() -> None:                       # after every game: a long run stopped early keeps its games
        if args.save:
            args.save.write_text(json.dumps(result, indent=1) + "\n")

    for index in range(max(args.games, args.duels)):     # interleaved: a run stopped early has both kinds
        if index < args.games:
            result["solo"]["games"].append(solo_game(args.seed + index, make_search, record=index == 0))
            save()
        if index < args.duels:
            result["duels"]["games"].append(duel_game(index, args.seed + index, make_search))
            save()
    if args.save:
        print(f"saved to {args.save}")
    return report(result)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
