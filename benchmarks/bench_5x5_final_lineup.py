"""Benchmark: the third lineup for the final score (final bonus cards A, B, G) on real games.

The lookahead bot (the yardstick of issue 22) plays each seeded solo deal up to its third
lineup (seeds 1000-1099 by default: the deals of ``bench_5x5_search``). There
:func:`zoobook.fivebyfive.final_lineup.best_final_lineup` finds the lineup with the most
round points plus the points of the cards A, B and G in play, which read that lineup, and
is set against the lineup solver's lineup (the most round points):

* how many final points it adds, per deal (exact: nothing is left to chance once the third
  lineup begins), and on how many deals;
* its time, against a baseline in the same run: the same walk without the bound that cuts
  it (every path the hand can walk is played); both must find the same points.

Targets (the search bot asks it once a game, inside a decision of two CPU seconds; the
game widget's hint at once): the median under 50 ms and the slowest under 1 s.

Run: ``python -m benchmarks.bench_5x5_final_lineup [--quick] [DEALS] [--seed S] [--save FILE]``
(``--quick``: 2 deals).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time

from benchmarks.timing import agree, target, verdict
from zoobook.fivebyfive.bots import LookaheadBot
from zoobook.fivebyfive.final_lineup import READ_BY_LINEUP, best_final_lineup, card_points
from zoobook.fivebyfive.final_lineup import _plans, _walkable_paths
from zoobook.fivebyfive.game import GameState

DEALS, FIRST_SEED = 100, 1000
TARGET_MEDIAN_MS, TARGET_MAX_MS = 50.0, 1000.0


def every_path_best(puzzle, cards) -> int:
    """The baseline: the most final points of the lineup, every path played (no bound)."""
    read = [letter for letter in READ_BY_LINEUP if letter in cards]
    return max(plan.value + sum(card_points(plan, cards).values())
               for steps, _ in _walkable_paths(puzzle) for plan in _plans(puzzle, steps, "G" in read))


def third_lineup(seed: int) -> GameState:
    """The lookahead bot's solo game of *seed*, at the start of its third lineup."""
    state = GameState.new(players=1, seed=seed)
    bot = LookaheadBot()
    while not (state.round == 3 and state.phase == "lineup"):
        state.apply(bot.choose(state))
    return state


def timed(run) -> tuple[object, float]:
    """*run*'s answer and CPU milliseconds, the cycle collector paused as the search bot pauses it
    (a full pass over the lookahead bot's caches once took 1.3 s inside a 2 ms walk)."""
    gc.collect()
    gc.disable()
    try:
        started = time.process_time()
        answer = run()
        return answer, (time.process_time() - started) * 1000
    finally:
        gc.enable()


def measure(seed: int) -> dict:
    state = third_lineup(seed)
    puzzle, cards = state.lineup_puzzle(), state.bonus_cards
    best, fast_ms = timed(lambda: best_final_lineup(puzzle, cards))
    slow, slow_ms = timed(lambda: every_path_best(puzzle, cards))
    agree(best.value, slow, f"seed {seed}: the final lineup's points")
    return {"seed": seed, "cards": "".join(cards), "read": "".join(c for c in cards if c in READ_BY_LINEUP),
            "gain": best.gain, "solver": best.solver_value, "best": best.value, "paths": best.paths,
            "ms": round(fast_ms, 3), "every_path_ms": round(slow_ms, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 deals, answers checked, no target judged")
    parser.add_argument("deals", nargs="?", type=int, default=DEALS, help=f"solo deals (default {DEALS})")
    parser.add_argument("--seed", type=int, default=FIRST_SEED, help=f"the first deal's seed (default {FIRST_SEED})")
    parser.add_argument("--save", help="write every deal's row to this JSON file")
    args = parser.parse_args(argv)
    deals = 2 if args.quick else args.deals
    rows = []
    for seed in range(args.seed, args.seed + deals):
        rows.append(measure(seed))
        row = rows[-1]
        print(f"  seed {seed}: cards {row['cards']}, +{row['gain']} final points, {row['paths']} paths, "
              f"{row['ms']:.1f} ms (every path: {row['every_path_ms']:.1f} ms)", flush=True)
    read = [row for row in rows if row["read"]]
    gains = [row["gain"] for row in rows]
    print(f"{len(rows)} deals from seed {args.seed}; a card that reads the third lineup in {len(read)}; "
          f"the final lineup adds {statistics.fmean(gains):+.2f} points a deal ({sum(g > 0 for g in gains)} deals "
          f"gain, the most {max(gains)})")
    times = [row["ms"] for row in rows]
    ratio = statistics.median(row["every_path_ms"] / max(row["ms"], 1e-3) for row in rows)
    print(f"time: median {statistics.median(times):.1f} ms, slowest {max(times):.1f} ms; every path played: "
          f"median {ratio:.1f} times as long")
    if args.save:
        with open(args.save, "w") as out:
            json.dump({"command": "python -m benchmarks.bench_5x5_final_lineup " + " ".join(argv or sys.argv[1:]),
                       "deals": rows}, out, indent=1)
    targets = [target(f"median under {TARGET_MEDIAN_MS:.0f} ms", statistics.median(times) < TARGET_MEDIAN_MS),
               target(f"slowest under {TARGET_MAX_MS:.0f} ms", max(times) < TARGET_MAX_MS)]
    return verdict(targets, args.quick)


if __name__ == "__main__":
    sys.exit(main())
