"""Benchmark: the anytime planner on the full set-ups, and against the exact planner on small maps.

On each full set-up (the assumed Zoo board; Easter Island Easy, Normal, Hard) the anytime planner
(:mod:`zoobook.steam.game.anytime`) runs for 60 s; from its log of improvements the benchmark
prints the time to the first legal clearing plan, the bound and the plan at 10 s and at 60 s, and
the gap at 60 s. The seconds are CPU seconds of the planner's process (its budget is counted
so too): on a busy shared machine the wall clock runs several times faster than the planner
works, and the CPU time is what a quiet machine shows; the wall-clock time to the first plan is
printed beside it. Every plan is replayed through the engine from a fresh state and must clear the
map in the turn it claims (else the run is void). Target: a first plan within 10 s (a set-up with
no plan found in the whole budget misses it, and the line says so).

On every shipped small map (``puzzles/steam-*-game/`` files the exact planner fits,
:func:`~zoobook.steam.game.anytime.exact_fits`; the shipped full set-ups are certified by
``zoobook verify`` instead) the anytime planner must prove the optimum and agree with the exact
planner (:func:`zoobook.steam.game.planner.plan`) on the fewest turns, the score and the cash.

The link planner at the goods bound (:func:`zoobook.steam.game.linkplan.plan_links`) is judged
alone too, on Easter Island Hard (full mode): it must find a plan clearing in turn 10, the goods
bound, replayed through the engine, within ``LINKS_HARD`` CPU-s (target; the anytime planner
runs it first on Easter Island and gives it 40% of its budget).

Run: ``python -m benchmarks.bench_steam_anytime`` (``--quick``: the imports, one small map
checked against the exact planner and one full set-up loaded; what ``make test`` runs).
``--setup NAME`` (repeatable) runs only those full set-ups and skips the small maps,
``--budget SECONDS`` sets the CPU budget of each (default 60), and ``--write-plans`` stores a
plan in ``notebooks/data/full-plan-NAME.json`` (what notebook 15 shows) when it ranks better
than the one stored there (fewer turns, then a higher score, then more cash; S10a).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from benchmarks.timing import agree, options, target, verdict
from zoobook.puzzles.loading import find_puzzle_files, load_puzzle
from zoobook.steam.game.anytime import (AnytimePlan, actions_from_record, exact_fits, plan_anytime,
                                        plan_record)
from zoobook.steam.game.bounds import lower_bound
from zoobook.steam.game.linkplan import plan_links
from zoobook.steam.game.maps import FULL_SETUPS, full_setup
from zoobook.steam.game.planner import plan

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 60.0
FIRST_PLAN = 10.0
LINKS_HARD = 20.0


def replay_check(game, found: AnytimePlan, what: str) -> None:
    """The plan replayed through the engine clears the map in the turn it claims."""
    if not found.cleared:
        return
    state = game.new_state()
    for action in found.actions:
        state.apply(action)
    result = state.result()
    agree((result.cleared, result.turns, result.cash), (True, found.turns, found.cash),
          f"{what}: the plan replayed through the engine")


def at(found: AnytimePlan, seconds: float) -> tuple[int, int | None]:
    """(bound, best turns) known at *seconds* of CPU time into the run."""
    bound, turns = None, None
    for step in found.history:
        if step.cpu_seconds <= seconds:
            bound, turns = step.bound, step.turns if step.turns is not None else turns
    return bound if bound is not None else found.lower_bound, turns


def stored_plan(name: str) -> dict | None:
    path = ROOT / "notebooks" / "data" / f"full-plan-{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def write_if_better(name: str, game, found: AnytimePlan) -> bool:
    """Store *found* for notebook 15 when it ranks above the stored plan (S10a); True if it did."""
    if not found.cleared:
        return False
    old = stored_plan(name)
    if old is not None and old.get("turns") is not None:
        state = game.new_state()
        for action in actions_from_record(old):
            state.apply(action)
        result = state.result()
        agree((result.cleared, result.turns, result.score, result.cash),
              (True, old["turns"], old["score"], old["cash"]), f"{name}: the stored plan replayed")
        if (found.turns, -found.score, -found.cash) >= (old["turns"], -old["score"], -old["cash"]):
            return False
    path = ROOT / "notebooks" / "data" / f"full-plan-{name}.json"
    path.write_text(json.dumps({"title": f"full set-up {name}", **plan_record(found)}) + "\n")
    print(f"  {name}: plan stored in {path.relative_to(ROOT)}")
    return True


def full_maps(budget: float, names=FULL_SETUPS, write: bool = False) -> list[bool]:
    met = []
    print(f"{'set-up':<14} {'first plan s':>12} {'(wall s)':>8} {'bound@10':>8} {'plan@10':>7} "
          f"{'bound@end':>9} {'plan@end':>8} {'gap@end':>7} {'cash':>5}  (budget {budget:g} CPU-s)")
    for name in names:
        game = full_setup(name)
        found = plan_anytime(game, budget_seconds=budget, cpu_budget=True)
        replay_check(game, found, name)
        firsts = [s for s in found.history if s.turns is not None]
        first = firsts[0].cpu_seconds if firsts else None
        wall = firsts[0].seconds if firsts else None
        b10, p10 = at(found, 10.0)
        show = lambda v: "-" if v is None else str(v)  # noqa: E731
        print(f"{name:<14} {show(first and round(first, 1)):>12} {show(wall and round(wall, 1)):>8} "
              f"{b10:>8} {show(p10):>7} "
              f"{found.lower_bound:>9} {show(found.turns):>8} {show(found.gap):>7} {show(found.cash):>5}"
              + ("  proved optimal" if found.proved_optimal else "")
              + ("  cannot be cleared in time" if found.proved_impossible else ""))
        for step in firsts:
            print(f"    turn {step.turns} at {step.cpu_seconds:.1f} CPU-s: {step.what}")
        if "links at the goods bound" in found.stats:  # the link planner found the plan at the bound
            print(f"    at the goods bound: the link planner's plan, {found.stats['links at the goods bound']} actions")
        if found.proved_impossible:
            met.append(target(f"{name}: no plan exists (proved), nothing to find", True))
        else:
            met.append(target(f"{name}: first legal clearing plan < {FIRST_PLAN:g} CPU-s"
                              + (f" ({first:.1f} CPU-s)" if first is not None else
                                 f" (none found in {budget:g} CPU-s)"),
                              first is not None and first < FIRST_PLAN))
        if write:
            write_if_better(name, game, found)
    return met


def links_alone_on_hard() -> bool:
    """linkplan.py alone plans Easter Island Hard in turn 10 (the goods bound), replayed through
    the engine (about 4 CPU-s on a busy machine)."""
    game = full_setup("easter-hard")
    start = time.process_time()
    actions = plan_links(game, LINKS_HARD)
    seconds = time.process_time() - start
    if actions is not None:
        state = game.new_state()
        for action in actions:
            state.apply(action)
        agree((state.result().cleared, state.result().turns), (True, 10),
              "easter-hard: the plan of linkplan.py replayed through the engine")
    said = f"{seconds:.1f} CPU-s" if actions is not None else f"none in {LINKS_HARD:g} CPU-s"
    return target(f"easter-hard: linkplan.py alone plans turn 10, the goods bound ({said})", actions is not None)


def small_maps(paths) -> None:
    print(f"{'small map':<40} {'exact':>14} {'anytime':>14} {'exact s':>7} {'anytime s':>9}")
    for path in paths:
        puzzle = load_puzzle(path)
        game = puzzle.model
        start = time.perf_counter()
        exact = plan(game)
        exact_s = time.perf_counter() - start
        start = time.perf_counter()
        found = plan_anytime(game, budget_seconds=600)
        any_s = time.perf_counter() - start
        mine = (found.turns, found.score, found.cash)
        theirs = (exact.turns, exact.score, exact.cash)
        print(f"{path.stem:<40} {str(theirs):>14} {str(mine):>14} {exact_s:7.1f} {any_s:9.1f}")
        agree(mine, theirs, f"{path.stem}: anytime against exact")
        agree(found.proved_optimal or found.proved_impossible, True, f"{path.stem}: proved")
        replay_check(game, found, path.stem)


def main(argv=None) -> int:
    extra = argparse.ArgumentParser(add_help=False)
    extra.add_argument("--setup", action="append", choices=FULL_SETUPS)
    extra.add_argument("--budget", type=float, default=BUDGET)
    extra.add_argument("--write-plans", action="store_true")
    mine, rest = extra.parse_known_args(argv)
    args = options(rest, __doc__)
    files = sorted(p for p in find_puzzle_files([ROOT / "puzzles" / "steam-zoo-game",
                                                 ROOT / "puzzles" / "steam-easter-game"])
                   if exact_fits(load_puzzle(p).model))
    if args.quick:
        small_maps([p for p in files if p.stem == "zoo-game-exit-bonus"])
        game = full_setup("easter-hard")
        agree(lower_bound(game).turn, 10, "easter-hard: the goods bound")
        return verdict([], True)
    if not mine.setup:
        small_maps(files)
    met = full_maps(mine.budget, mine.setup or FULL_SETUPS, mine.write_plans)
    if not mine.setup or "easter-hard" in mine.setup:
        met.append(links_alone_on_hard())
    return verdict(met, False)


if __name__ == "__main__":
    sys.exit(main())
