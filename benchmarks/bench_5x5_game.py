"""Benchmark: whole games of 5x5 Zoo with the bots.

* Full seeded games per second for the greedy bot (solo and 2 players), against the
  random bot measured in the same run (the engine's own cost: the naive baseline
  that thinks nothing).
* The lookahead bot's time per decision (median and the slowest), against the
  greedy bot's on the same games, and its score against the greedy bot on the same
  seeded solo deals, and head to head in 2-player games with the seats alternating.

Times are CPU time of this thread (``time.thread_time``), so the figures do not
depend on how busy the shared machine is. Target: the lookahead bot out-scores the
greedy bot significantly, by a paired one-sided t-test over 40 solo deals: the 95% lower
confidence bound of its mean lead is above zero, not merely a larger sum on a few deals
(exit status as in :mod:`benchmarks.timing`). Measured when written, deals 200-239: mean
lead +8.5 points, standard deviation 12.0, lower bound +5.3, better on 29 deals and
worse on 11. Twelve deals are not enough: on the first twelve alone the bound is -0.8
(with the bots seeded as here; another seeding of the same deals gave +4.2).

Run: ``python -m benchmarks.bench_5x5_game [--quick] [DEALS]`` (``--quick``: one game of each).
"""

from __future__ import annotations

import math
import statistics
import sys
import time

from benchmarks.timing import options, target, verdict
from zoobook.fivebyfive.bots import GreedyBot, LookaheadBot, RandomBot
from zoobook.fivebyfive.game import GameState

#: The seeded games timed, and the 2-player games head to head.
SEEDS = range(200, 206)
#: The solo deals of the strength test (the first of them are the timed ones).
DEALS = 40

#: One-sided 95% quantiles of Student's t by degrees of freedom (n - 1 for n paired deals).
T_95 = {1: 6.314, 2: 2.920, 3: 2.353, 4: 2.132, 5: 2.015, 6: 1.943, 7: 1.895, 8: 1.860, 9: 1.833,
        10: 1.812, 11: 1.796, 12: 1.782, 13: 1.771, 14: 1.761, 15: 1.753, 16: 1.746, 17: 1.740,
        18: 1.734, 19: 1.729, 20: 1.725, 24: 1.711, 29: 1.699, 39: 1.685, 59: 1.671}


def lower_bound(leads: list[float]) -> float:
    """The one-sided 95% lower confidence bound of the mean of *leads* (a paired t-test)."""
    if len(leads) < 2:
        return float("-inf")
    freedom = len(leads) - 1
    quantile = T_95[max(k for k in T_95 if k <= freedom)]   # rounded down: a little conservative
    return statistics.mean(leads) - quantile * statistics.stdev(leads) / math.sqrt(len(leads))


def run(players: int, seed: int, bot_class) -> tuple[list[int], list[float], float]:
    """One game: final scores, CPU seconds per bot decision, CPU seconds in all."""
    state = GameState.new(players=players, seed=seed)
    bots = [bot_class(seed + seat) for seat in range(players)]
    moves = []
    start = time.thread_time()
    while not state.is_terminal():
        tick = time.thread_time()
        action = bots[state.current_player].choose(state)
        moves.append(time.thread_time() - tick)
        state.apply(action)
    return state.returns(), moves, time.thread_time() - start


def games_per_second(players: int, bot_class, seeds) -> tuple[float, list[int], list[float]]:
    total, scores, moves = 0.0, [], []
    for seed in seeds:
        result, times, spent = run(players, seed, bot_class)
        total += spent
        scores += result
        moves += times
    return len(seeds) / total, scores, moves


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__, count=DEALS, what="solo deals of the strength test")
    seeds = SEEDS[:1] if args.quick else SEEDS
    deals = range(SEEDS.start, SEEDS.start + (1 if args.quick else args.count))
    print(f"5x5 Zoo whole games, seeds {seeds.start}-{seeds.stop - 1} (CPU time); "
          f"strength on solo deals {deals.start}-{deals.stop - 1}")
    for players in (1,) if args.quick else (1, 2):
        random_rate, _, _ = games_per_second(players, RandomBot, seeds)
        greedy_rate, greedy_scores, _ = games_per_second(players, GreedyBot, seeds)
        print(f"  {players} player(s): greedy bot {greedy_rate:.2f} games/s, random bot {random_rate:.2f} games/s "
              f"(greedy costs {random_rate / greedy_rate:.1f}x the bare engine); "
              f"greedy mean score {statistics.mean(greedy_scores):.1f}")
    _, greedy_scores, greedy_moves = games_per_second(1, GreedyBot, deals)
    _, look_scores, look_moves = games_per_second(1, LookaheadBot, deals)
    look_ms = [1000 * t for t in look_moves]
    greedy_ms = [1000 * t for t in greedy_moves]
    print(f"  lookahead bot: {statistics.median(look_ms):.1f} ms per decision (median), "
          f"{statistics.mean(look_ms):.1f} ms mean, {max(look_ms):.0f} ms slowest; greedy bot "
          f"{statistics.median(greedy_ms):.1f} ms median, {statistics.mean(greedy_ms):.1f} ms mean "
          f"(lookahead/greedy mean ratio {statistics.mean(look_ms) / statistics.mean(greedy_ms):.1f}x)")
    diffs = [a - b for a, b in zip(look_scores, greedy_scores)]
    print(f"  solo scores on the same deals: lookahead {statistics.mean(look_scores):.1f}, "
          f"greedy {statistics.mean(greedy_scores):.1f}, mean difference {statistics.mean(diffs):+.1f} "
          f"(lookahead better in {sum(d > 0 for d in diffs)}, equal in {sum(d == 0 for d in diffs)}, "
          f"worse in {sum(d < 0 for d in diffs)} of {len(diffs)})")
    wins, margins = 0, []
    for index, seed in enumerate(() if args.quick else seeds):
        seat = index % 2                      # the lookahead bot sits first in half the games
        bots = [LookaheadBot(seed), GreedyBot(seed)] if seat == 0 else [GreedyBot(seed), LookaheadBot(seed)]
        state = GameState.new(players=2, seed=seed)
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        scores = state.returns()
        wins += state.ranking()[0] == seat
        margins.append(scores[seat] - scores[1 - seat])
    if margins:
        print(f"  2 players, lookahead against greedy (seats alternating): {wins} wins of {len(margins)}, "
              f"mean margin {statistics.mean(margins):+.1f}")
    bound = lower_bound(diffs)
    beats = target(f"the lookahead bot out-scores the greedy bot, 95% lower bound of the mean lead above 0 "
                   f"({bound:+.1f} over {len(diffs)} deals)", bound > 0)
    return verdict([beats], args.quick)


if __name__ == "__main__":
    sys.exit(main())
