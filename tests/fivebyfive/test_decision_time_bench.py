"""``benchmarks/bench_5x5_decision_time``: the parts of a search-bot decision, timed."""

from __future__ import annotations

import gc

from benchmarks.bench_5x5_decision_time import PARTS, part_timers, report, timed_decision
from zoobook.fivebyfive import search_bot
from zoobook.fivebyfive.game import GameState
from zoobook.fivebyfive.search_bot import SearchBot


class StepClock:
    """A clock that moves one unit each time it is read: every timed part costs what it reads."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_parts_of_a_decision_are_timed_and_the_bot_is_put_back():
    originals = (search_bot.rollout, SearchBot._halving, search_bot._greedy_value)
    state = GameState.new(players=1, seed=3)
    with part_timers() as parts:
        assert search_bot.rollout is not originals[0]
        action, row = timed_decision(SearchBot(1, iterations=6, time_limit=None), state, parts)
    assert (search_bot.rollout, SearchBot._halving, search_bot._greedy_value) == originals
    assert action in state.legal_actions() and set(PARTS) <= set(row)
    assert row["rollouts"] == 6 and 0 < row["ranking"] + row["sweeps"] + row["view"] <= row["total"]
    assert 0 < row["longest rollout"] <= row["sweeps"] and row["ratio"] >= 1.0     # the longest is >= the mean
    assert row["longest valuation"] > 0 and row["longest pass"] <= row["collector"] < row["total"]


def test_the_collector_passes_are_counted_when_they_run():
    clock = StepClock()
    with part_timers(clock) as parts:
        gc.collect()                                   # between decisions: not counted
        assert "collector" not in parts
        parts["inside"] = True
        gc.collect()                                   # inside one (outside a search: the collector runs)
    assert parts["collector"] == 1.0 and parts["longest pass"] == 1.0


def test_the_report_fails_when_a_decision_passes_the_cap(capsys):
    row = {name: 0.1 for name in PARTS} | {"kind": "solo", "seed": 7, "round": 2, "rollouts": 10}
    assert report([row, dict(row, total=1.5)], 2.0) == 0
    assert report([row, dict(row, total=2.5)], 2.0) == 1
    assert "past the cap: solo seed 7 round 2" in capsys.readouterr().out
