"""Benchmark: what ``zoobook solve`` spends on random small Zoo maps (issue 41).

On random Zoo maps of the generator (:func:`zoobook.generate.steam_game.zoo_game`: 3 animal
areas, at most 12 land hexes, 3 turns) the exact planner alone took up to minutes and over a
gigabyte. ``solve`` (:func:`zoobook.steam.game.kinds.solve`) now gives it a budget
(``EXACT_BUDGET`` CPU-s, ``EXACT_MEMORY_MB`` MB) and hands a map it cannot settle to the
anytime planner for the rest of ``SMALL_MAP_BUDGET``. Each map is solved in a fresh forked
process, so its CPU time (``time.process_time`` of the child: a busy machine does not inflate
it) and its memory (the child's peak resident memory, and how much solving added to it) are
its own. The benchmark prints, per map, the land, the answer, which planner gave it, the CPU-s
and the MB; then the worst of each. Targets: the slowest map within 10 CPU-s, the largest
growth within 500 MB. Every answer is checked: a certified value is at least the planner's
turns bound and its plan's last turn is that value (the exact planner's plan and the anytime
planner's are both replayed through the engine before they are reported); a map with no
certified value (the anytime planner could not prove its plan in the rest of the budget) is
counted and printed, not an error.

``--quick`` (what ``make test`` runs): one tiny map, solved by ``solve`` and by the tests'
brute-force twin (``tests/steam/twins.py``), which must agree on (turns, score, cash); and one
slow map (the test suite's, 5 land hexes) through the fallback with budgets cut to 0.2 and
1.5 CPU-s: its answer must be 2 turns (three areas, two shipments a turn; derived by hand).

Run: ``python -m benchmarks.bench_steam_exact_budget [--quick] [MAPS]`` (MAPS: how many random
maps, default 10; the full run takes about 2 minutes of CPU).
"""

from __future__ import annotations

import multiprocessing
import random
import resource
import sys
import time

from benchmarks.timing import agree, options, target, verdict
from zoobook.errors import PuzzleError

CPU_TARGET = 10.0
MEMORY_TARGET = 500.0
FIRST_SEED = 2033  # the first ten maps from here have 7 to 12 land hexes, two of them 12


def random_map(seed: int):
    """A random Zoo map of the generator: 3 areas, 4 to 12 land hexes, 3 turns (or None when
    the draw has more than 12 land hexes)."""
    from zoobook.generate.steam_game import zoo_game

    rng = random.Random(seed)
    width, height = rng.choice(((5, 2), (6, 2), (4, 3), (5, 3)))
    game = zoo_game(rng, width, height, 3, 0, 0, rng.randint(1, 4), 0.5, rng.randint(4, 12), 3)
    return game if len(game.land) <= 12 else None


def _solve_in_child(game, conn) -> None:
    """Solve *game*; send (value, planner, last plan line, CPU-s, MB grown, peak MB, error)."""
    from zoobook.steam.game.budget import resident_mb
    from zoobook.steam.game.kinds import solve

    base = resident_mb()
    start = time.process_time()
    value = planner = last = error = None
    try:
        solution = solve(game)
        value = solution.value
        witness = solution.witness or {}
        planner = witness.get("search", {}).get("planner", "exact")
        last = (witness.get("plan") or [None])[-1]
    except PuzzleError as exc:  # no certified value in the budget: said, and counted
        error = str(exc)
    cpu = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux
    conn.send((value, planner, last, cpu, max(0.0, peak - base), peak, error))
    conn.close()


def solve_measured(game):
    """``solve(game)`` in a forked process: its answer, CPU-s and memory."""
    context = multiprocessing.get_context("fork")
    parent, child = context.Pipe(duplex=False)
    process = context.Process(target=_solve_in_child, args=(game, child))
    process.start()
    child.close()
    result = parent.recv()
    process.join()
    return result


def check(game, value, last, what: str) -> None:
    """A certified value is never below the turns bound, and the plan ends in that turn."""
    from zoobook.steam.game.planner import turns_lower_bound

    if value is None:
        return
    need, _ = turns_lower_bound(game, game.start)
    agree(value >= need, True, f"{what}: {value} turns, the bound says at least {need}")
    agree(bool(last) and last.startswith(f"turn {value}:"), True, f"{what}: the plan's last turn")


def quick() -> None:
    from tests.steam.test_game_exact_budget import SLOW_MAP
    from tests.steam.twins import random_zoo_instance, solve_zoo, zoo_game
    from zoobook.puzzles.loading import parse_puzzle
    from zoobook.steam.game import kinds

    instance = random_zoo_instance(random.Random(100), turns=2)
    tiny = kinds.solve(zoo_game(instance))
    twin = solve_zoo(instance)
    mine = None if tiny.value is None else (tiny.value, tiny.witness["score"], tiny.witness["cash"])
    agree(mine, twin if twin is None else tuple(twin), "tiny map: solve and the brute-force twin")
    print(f"tiny map: solve {mine}, twin {twin}")
    saved = kinds.EXACT_BUDGET, kinds.SMALL_MAP_BUDGET
    kinds.EXACT_BUDGET, kinds.SMALL_MAP_BUDGET = 0.2, 1.5
    try:
        start = time.process_time()
        slow = kinds.solve(parse_puzzle(SLOW_MAP).model)
        spent = time.process_time() - start
    finally:
        kinds.EXACT_BUDGET, kinds.SMALL_MAP_BUDGET = saved
    agree((slow.value, slow.witness["search"]["planner"]), (2, "anytime"),
          "slow map through the fallback")
    print(f"slow map with budgets of 0.2 + 1.5 CPU-s: {slow.value} turns by the anytime planner "
          f"in {spent:.1f} CPU-s")


def main(argv: list[str] | None = None) -> int:
    args = options(argv, __doc__, count=10, what="random maps")
    if args.quick:
        quick()
        return verdict([], True)
    from zoobook.steam.game import kinds

    print(f"solve on random Zoo maps (3 areas, <= 12 land hexes, 3 turns): exact planner budget "
          f"{kinds.EXACT_BUDGET:g} CPU-s / {kinds.EXACT_MEMORY_MB:g} MB, whole answer "
          f"{kinds.SMALL_MAP_BUDGET:g} CPU-s")
    print(f"{'seed':>5} {'land':>4} {'value':>5} {'planner':>8} {'CPU-s':>6} {'MB added':>8} "
          f"{'MB peak':>7}")
    rows, seed = [], FIRST_SEED
    while len(rows) < args.count:
        game = random_map(seed)
        if game is not None:
            value, planner, last, cpu, grown, peak, error = solve_measured(game)
            check(game, value, last, f"seed {seed}")
            shown = "-" if value is None and error else str(value)
            print(f"{seed:>5} {len(game.land):>4} {shown:>5} {planner or 'none':>8} {cpu:>6.2f} "
                  f"{grown:>8.0f} {peak:>7.0f}" + (f"  no certified value: {error}" if error else ""),
                  flush=True)
            rows.append((cpu, grown, peak, planner, error))
        seed += 1
    worst_cpu = max(r[0] for r in rows)
    worst_grown = max(r[1] for r in rows)
    exact = sum(r[3] == "exact" for r in rows)
    open_maps = sum(r[4] is not None for r in rows)
    print(f"{len(rows)} maps: {exact} settled by the exact planner, {len(rows) - exact - open_maps} "
          f"certified by the anytime planner, {open_maps} without a certified value; slowest "
          f"{worst_cpu:.2f} CPU-s, most memory added {worst_grown:.0f} MB "
          f"(peak {max(r[2] for r in rows):.0f} MB resident)")
    met = [target(f"every map within {CPU_TARGET:g} CPU-s", worst_cpu <= CPU_TARGET),
           target(f"every map within {MEMORY_TARGET:g} MB added", worst_grown <= MEMORY_TARGET)]
    return verdict(met, False)


if __name__ == "__main__":
    sys.exit(main())
