"""Benchmark: the whole-game planner on the shipped Zoo and Easter Island puzzles.

For every puzzle under ``puzzles/steam-zoo-game`` and ``puzzles/steam-easter-game``, the
planner runs twice in the same process: with its bounds (goods, locomotive, money and the
cash ceiling) and without them (memoisation only: the naive baseline). It prints the CPU
time and the positions expanded for each, their ratios, and checks that both agree on the
answer. Times are CPU time of this thread (``time.thread_time``), so the figures do not depend
on how busy the shared machine is. Exit status 1 when the two disagree.

Run: ``python benchmarks/bench_steam_game.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from zoobook.puzzles.loading import find_puzzle_files, load_puzzle
from zoobook.steam.game.planner import plan
from zoobook.steam.game.progress import Interrupted

#: The naive baseline may take very long; it is stopped after this much CPU time (and shown as ">").
BUDGET = 20.0

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [ROOT / "puzzles" / "steam-zoo-game", ROOT / "puzzles" / "steam-easter-game"]


def timed(game, prune: bool):
    start = time.thread_time()

    def budget(done, total, message):
        return time.thread_time() - start < BUDGET

    try:
        found = plan(game, prune=prune, progress=budget)
    except Interrupted as exc:
        return time.thread_time() - start, None, exc.partial
    return time.thread_time() - start, found, found.stats


def main() -> int:
    print(f"{'puzzle':<28} {'turns':>5} {'pruned s':>9} {'naive s':>8} {'x faster':>8} "
          f"{'expanded':>9} {'naive exp':>9}")
    ratios, bad = [], 0
    for path in find_puzzle_files(FOLDERS):
        puzzle = load_puzzle(path)
        fast_t, fast, fast_stats = timed(puzzle.model, True)
        slow_t, slow, slow_stats = timed(puzzle.model, False)
        capped = slow is None
        same = capped or (fast.turns, fast.cash) == (slow.turns, slow.cash)
        bad += not same
        ratio = slow_t / max(fast_t, 1e-6)
        ratios.append(ratio)
        mark = ">" if capped else " "
        print(f"{puzzle.id:<28} {str(fast.turns):>5} {fast_t:9.3f} {mark}{slow_t:7.3f} {mark}{ratio:7.1f} "
              f"{fast_stats.expanded:9d} {mark}{slow_stats.expanded:8d}{'' if same else '  DISAGREE'}")
    print(f"median speed-up of the bounds: {statistics.median(ratios):.1f}x over {len(ratios)} puzzles "
          f"(> : the naive search was stopped after {BUDGET:.0f} s of CPU)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
