"""The exact planner's budget, ``solve``'s routing by measured cost, and honest messages (issue 41).

The slow map below is a random Zoo map of the generator (``zoobook/generate/steam_game.py``:
3 areas, 5 land hexes, 3 turns): without a budget the exact planner spent about 60 CPU-s and
245 MB on it (the turn before the last makes 18,484 first turns and works out the last turn's
table for 6,330 boards), and ``zoobook solve`` gave every map of up to 30 land hexes to it.
Its fewest turns are 2, derived by hand: three areas need three shipments, two a turn (so not
1), and the plans found below clear it in turn 2, replayed through the engine.
"""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

from zoobook.cli import main
from zoobook.errors import PuzzleError
from zoobook.puzzles.loading import parse_puzzle
from zoobook.steam.game import kinds
from zoobook.steam.game.anytime import plan_anytime
from zoobook.steam.game.budget import Meter, metered, spend
from zoobook.steam.game.maps import full_setup
from zoobook.steam.game.planner import PlanBudgetExceeded, plan, searched
from zoobook.steam.game.state import Game
from zoobook.steam.zoo.model import Area, ZooMap

ROOT = Path(__file__).resolve().parents[2]

SLOW_MAP = '''id = "slow"
kind = "steam-zoo/clear"
turns = 3
map = """

    O   .   .   .
      .   R   .   Z
"""
area = [
    { name = "okapis", mark = "O", danger = 1 },
    { name = "rhinos", mark = "R", danger = 3 },
    { name = "zebras", mark = "Z", danger = 1 },
]
'''


@pytest.fixture(scope="module")
def slow_game():
    game = parse_puzzle(SLOW_MAP).model
    assert len(game.land) == 5 and game.turns == 3
    return game


class TickingClock:
    """A CPU clock that moves 0.01 s at each reading: the budget's stop counted in the meter's
    readings, the same on an idle machine and a busy one (no timed test)."""

    def __init__(self) -> None:
        self.now = 0.0

    def process_time(self) -> float:
        self.now += 0.01
        return self.now


def test_the_exact_planner_stops_at_its_cpu_budget_and_says_what_it_proved(slow_game, monkeypatch):
    clock = TickingClock()
    monkeypatch.setattr(time, "process_time", clock.process_time)
    with pytest.raises(PlanBudgetExceeded) as stopped:
        plan(slow_game, budget_seconds=0.5)
    exc = stopped.value
    # Stopped at the first reading past the budget (one reading every CPU_EVERY engine steps), not later.
    assert exc.what == "cpu" and 0.5 < exc.cpu_seconds <= 0.5 + 0.03 and clock.now <= 0.5 + 0.05
    assert exc.lower_bound == 2 and exc.clears_in is None
    assert "3 animal areas" in exc.bound_reason
    assert "stopped after" in str(exc) and "CPU budget of 0.5 s" in str(exc)
    assert "while trying deadline turn 2 of 3" in str(exc)
    assert "it proved no plan clears before turn 2" in str(exc)


def test_the_exact_planner_stops_at_its_memory_cap(slow_game):
    with pytest.raises(PlanBudgetExceeded) as stopped:
        plan(slow_game, budget_seconds=30, max_memory_mb=5)
    assert stopped.value.what == "memory"
    assert "memory cap of 5 MB" in str(stopped.value)


def test_a_budget_that_is_not_a_finite_number_is_refused_before_any_work(slow_game):
    for bad in (float("nan"), float("inf"), -1.0):
        with pytest.raises(ValueError, match="finite number"):
            plan(slow_game, budget_seconds=bad)


def test_the_meter_charges_only_the_search_inside_its_block():
    meter = Meter(cpu_seconds=60)
    spend()  # outside: nobody's budget
    with metered(meter):
        spend()
        spend()
    spend()
    assert meter.calls == 2


def test_a_budget_large_enough_gives_the_same_plan_as_none():
    game = parse_puzzle((ROOT / "puzzles" / "steam-zoo-game" / "zoo-game-warm-up.toml").read_text()).model
    free, budgeted = plan(game), plan(game, budget_seconds=60, max_memory_mb=400)
    assert (budgeted.turns, budgeted.score, budgeted.cash, budgeted.actions) == \
        (free.turns, free.score, free.cash, free.actions)


def test_solve_hands_a_map_too_costly_for_the_exact_planner_to_the_anytime_planner(slow_game, monkeypatch):
    monkeypatch.setattr(kinds, "EXACT_BUDGET", 0.5)
    monkeypatch.setattr(kinds, "SMALL_MAP_BUDGET", 3.0)
    clock = TickingClock()
    monkeypatch.setattr(time, "process_time", clock.process_time)
    solution = kinds.solve(slow_game)
    assert clock.now <= 3.0 + 0.5   # the readings stop soon after the budget: both planners keep it
    assert solution.value == 2 and solution.witness["plan"][-1].startswith("turn 2:")
    search = solution.witness["search"]
    assert search["planner"] == "anytime" and search["bound"] == 2
    assert "stopped after" in search["exact planner"]
    assert "The exact planner stopped after" in solution.explanation[2]
    assert "not proved the best" in solution.explanation[2]


def test_solve_keeps_the_exact_planner_on_a_map_it_settles_in_budget():
    game = parse_puzzle((ROOT / "puzzles" / "steam-zoo-game" / "zoo-game-warm-up.toml").read_text()).model
    solution = kinds.solve(game)
    assert set(solution.witness["search"]) == {"positions", "turns", "refuted"}


def test_the_anytime_planner_keeps_its_budget_while_the_exact_planner_refutes(slow_game, monkeypatch):
    clock = TickingClock()
    monkeypatch.setattr(time, "process_time", clock.process_time)
    found = plan_anytime(slow_game, budget_seconds=1.0, cpu_budget=True)
    assert clock.now <= 1.0 + 0.5  # it gave the exact planner the rest of its budget, not all the time
    assert found.stats["stopped"] == "budget"
    assert found.turns == 2 and found.lower_bound == 2  # plan from the beam, bound from the goods


def test_a_search_that_stops_short_says_how_long_it_ran_and_why():
    with pytest.raises(PuzzleError) as stopped:
        kinds.anytime_solution(full_setup("easter-hard"), budget_seconds=0.01)
    text = str(stopped.value)
    assert "the anytime planner stopped after" in text and "of its 0.01 CPU-s budget" in text
    assert "its budget was spent" in text
    assert "within 0.01 CPU-s" not in text  # the old claim: the search ran longer than that


def test_the_explanation_names_what_the_search_left_out():
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
    game = Game.zoo(zoo, land=[(1, 0)], turns=3)
    pruned = " ".join(plan(game).explanation)
    assert searched(True, True) in pruned
    assert "proven never to do better" in pruned and "bounds show cannot clear" in pruned
    bare = " ".join(plan(game, prune=False, dominances=False).explanation)
    assert searched(False, False) in bare
    assert "fewest shares" not in bare and "bounds" not in bare


@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "1e308", "0", "-1", "1e-400", "ten", "86401"])
def test_plan_refuses_a_budget_that_is_not_a_sane_number_of_seconds(budget):
    out, err = io.StringIO(), io.StringIO()
    path = ROOT / "puzzles" / "steam-zoo-game" / "zoo-game-warm-up.toml"
    status = main(["plan", str(path), f"--budget={budget}"], out=out, err=err)
    assert status == 2 and out.getvalue() == ""
    message = err.getvalue()
    assert message.count("\n") == 1 and "Traceback" not in message and "internal error" not in message
    assert "--budget" in message and "above 0 and at most 86400" in message


def test_plan_takes_a_sane_budget():
    out, err = io.StringIO(), io.StringIO()
    path = ROOT / "puzzles" / "steam-zoo-game" / "zoo-game-warm-up.toml"
    assert main(["plan", str(path), "--budget", "5"], out=out, err=err) == 0
    assert "plan: cleared in turn" in out.getvalue()
