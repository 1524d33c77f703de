"""Benchmark: whole games of Zooloretto (both expansions) with the bots.

* Seeded 5-player games per second for the greedy bot, against the random bot measured in
  the same run (the engine's own cost: a bot that thinks nothing). The target: a whole
  5-player greedy game in under 1 s of CPU.
* The lookahead bot head to head with the greedy bot in 2-player games, seats alternating:
  its mean margin is printed.

Times are CPU time of this thread (``time.thread_time``), so the figures depend little on
how busy the shared machine is.

Run: ``python -m benchmarks.bench_zooloretto_game [--quick] [GAMES]``; ``--quick`` plays one
game of each kind and judges no target (``make test`` runs it). Exit status as every benchmark's
(:mod:`benchmarks.timing`): 1 when a full run misses the target.
"""

from __future__ import annotations

import statistics
import sys
import time

from benchmarks.timing import options, target, verdict
from zoobook.zooloretto.bots import GreedyBot, LookaheadBot, RandomBot, play
from zoobook.zooloretto.game import ZoolorettoState

BOTH = ("three-buildings", "construction-sites")


def timed_game(players: int, seed: int, bots) -> tuple[list[float], float]:
    state = ZoolorettoState.new(players=players, seed=seed, expansions=BOTH)
    start = time.thread_time()
    play(state, bots)
    return state.returns(), time.thread_time() - start


def games_per_second(players: int, bot_class, seeds) -> tuple[float, float, list[float]]:
    spent, slowest, scores = 0.0, 0.0, []
    for seed in seeds:
        result, seconds = timed_game(players, seed, [bot_class(seed + s) for s in range(players)])
        spent += seconds
        slowest = max(slowest, seconds)
        scores += result
    return len(seeds) / spent, slowest, scores


def head_to_head(seeds) -> list[float]:
    """Lookahead minus greedy, 2 players, each seed played twice with the seats swapped."""
    margins = []
    for seed in seeds:
        for look in (0, 1):
            bots = [LookaheadBot(seed), GreedyBot(seed)] if look == 0 else [GreedyBot(seed), LookaheadBot(seed)]
            result, _ = timed_game(2, seed, bots)
            margins.append(result[look] - result[1 - look])
    return margins


#: The target: a whole 5-player greedy game in under this many CPU seconds.
TARGET_SECONDS = 1.0


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__, count=10, what="seeded 5-player games")
    quick = args.quick
    games = 1 if quick else args.count
    seeds = range(900, 900 + games)
    rate, slowest, scores = games_per_second(5, GreedyBot, seeds)
    base, _, _ = games_per_second(5, RandomBot, seeds)
    print(f"5-player games, both expansions, {games} seeded game(s)")
    print(f"  greedy bot: {rate:.2f} games/s (slowest {slowest:.2f} s CPU), "
          f"mean score {statistics.mean(scores):.1f}")
    print(f"  random bot: {base:.2f} games/s (the engine alone); greedy/random time ratio {base / rate:.1f}")
    met = target(f"a 5-player greedy game under {TARGET_SECONDS:g} s of CPU (slowest {slowest:.2f} s)",
                 slowest < TARGET_SECONDS)
    if quick:
        return verdict([met], quick=True)
    margins = head_to_head(range(700, 700 + max(2, games // 2)))
    print(f"lookahead vs greedy, 2 players, {len(margins)} games (seats alternating): "
          f"mean margin {statistics.mean(margins):+.1f}, lookahead ahead in "
          f"{sum(m > 0 for m in margins)}")
    return verdict([met], quick=False)


if __name__ == "__main__":
    sys.exit(main())
