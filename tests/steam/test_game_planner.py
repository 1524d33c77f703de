"""The planner against a brute force over every legal action of the engine, on tiny maps.

The brute force knows nothing of segments, share policies or bounds: it tries every action
``legal_actions()`` lists (track one tile at a time, every share count), memoised on positions,
and keeps the fewest turns, then the most cash (ruling S10).
"""

from functools import lru_cache

from hypothesis import given, settings, strategies as st

from zoobook.steam.easter.island import City, Island
from zoobook.steam.game import Economy, Game, hint, plan
from zoobook.steam.game.planner import replay, turns_lower_bound
from zoobook.progress import Interrupted, SearchBudgetExceeded
from zoobook.steam.game.state import OVER, step
from zoobook.steam.zoo.model import Area, ZooMap

import pytest


def brute_force(game):
    """(turns, cash) of the best plan, or None: every legal action, exhaustively."""

    @lru_cache(maxsize=None)
    def best(pos):
        if pos.phase == OVER:
            return (-pos.outcome.turns, pos.outcome.cash) if pos.outcome.cleared else None
        found = None
        from zoobook.steam.game.state import legal_actions
        for action in legal_actions(game, pos):
            result = best(step(game, pos, action)[0])
            if result is not None and (found is None or result > found):
                found = result
        return found

    result = best(game.start)
    return None if result is None else (-result[0], result[1])


def tiny_zoo(dangers, gap, turns, economy=None):
    """Areas in a row, *gap* land hexes apart (and one row of land below, for detours)."""
    areas = [Area(f"a{i}", (i * (gap + 1), 0), d) for i, d in enumerate(dangers)]
    nodes = {a.hex for a in areas}
    land = [(q, 0) for q in range(0, max(h.q for h in nodes) + 1) if (q, 0) not in nodes]
    kwargs = {"economy": economy} if economy else {}
    return Game.zoo(ZooMap.build(areas=areas), land, turns, **kwargs)


#: Two shares left to issue keeps the brute force's share counts (0-2) small; the rest is the same.
FEW_SHARES = Economy(cash=25, shares=13)


@settings(max_examples=6, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=2, max_size=2), st.integers(1, 2), st.integers(1, 2))
def test_planner_agrees_with_brute_force_on_tiny_zoo_maps(dangers, gap, turns):
    game = tiny_zoo(dangers, gap, turns, FEW_SHARES)
    found = plan(game)
    expected = brute_force(game)
    assert (None if not found.cleared else (found.turns, found.cash)) == expected
    if found.cleared:  # the plan replays through the engine to the same end
        steps = replay(game, game.start, found.actions)
        assert steps[-1].cash == found.cash and len(steps) == found.turns


def test_planner_agrees_with_brute_force_on_a_tiny_island():
    island = Island.build(plain=[(1, 0)], cities=[City("Red 3", (0, 0), "red", True, ("blue",)),
                                                  City("Blue 1", (2, 0), "blue", True)])
    game = Game.easter(island, 2, economy=FEW_SHARES)
    found = plan(game)
    assert (found.turns, found.cash) == brute_force(game)


def test_pruning_never_changes_the_answer():
    game = tiny_zoo([2, 3, 1], 1, 2)
    with_bounds, without = plan(game), plan(game, prune=False)
    assert (with_bounds.turns, with_bounds.cash) == (without.turns, without.cash)
    assert with_bounds.stats.expanded <= without.stats.expanded


def test_the_brute_force_finds_feeding_beats_the_locomotive_when_cash_ranks():
    # a0 (danger 2) and a1 (danger 3) one hex apart, one turn: a1's food needs level 3, or
    # Feeding at level 2 -- and Feeding is cheaper than the Locomotive's extra $1 of expenses.
    game = tiny_zoo([2, 3], 1, 1)
    found = plan(game)
    assert (found.turns, found.cash) == brute_force(tiny_zoo([2, 3], 1, 1, None)) == (1, 56)
    assert "select feeding" in found.steps[0].text()


def test_a_map_that_cannot_be_cleared_in_time_is_proved_so():
    game = tiny_zoo([1, 1, 1, 1, 1], 1, 2)  # five areas need three turns of two shipments
    found = plan(game)
    assert not found.cleared and "No plan clears the map by the end of turn 2" in found.explanation[0]
    assert turns_lower_bound(game, game.start)[0] == 3


def test_a_map_without_enough_food_can_never_be_cleared():
    zoo = ZooMap.build(areas=[Area("a", (0, 0), 1, food=0), Area("b", (2, 0), 1, food=0)])
    found = plan(Game.zoo(zoo, [(1, 0)], 5))
    assert not found.cleared and "never be cleared" in found.explanation[0]


def test_hint_gives_the_first_action_of_the_best_plan_from_mid_turn():
    game = tiny_zoo([1, 1], 1, 2)
    state = game.new_state()
    advice = hint(game)
    state.apply(advice.action)
    again = hint(game, state.position)
    assert again.plan.turns == advice.plan.turns and again.plan.cash == advice.plan.cash
    assert "It starts a plan" in again.reasons[0]


def test_progress_callback_can_stop_the_search_cleanly():
    game = tiny_zoo([2, 3, 1], 1, 3)
    calls = []

    def stop(done, total, message):
        calls.append((done, total, message))
        return False

    with pytest.raises(Interrupted):
        plan(game, progress=stop)
    assert calls and calls[0][2].startswith("deadline turn")


def test_a_search_budget_stops_the_planner_just_past_it():
    game = tiny_zoo([2, 3, 1], 1, 2)
    full = plan(game)
    needed = full.stats.expanded
    within = plan(game, max_positions=needed)
    assert (within.turns, within.cash, within.stats.expanded) == (full.turns, full.cash, needed)
    with pytest.raises(SearchBudgetExceeded, match=f"more than {needed - 1} positions"):
        plan(game, max_positions=needed - 1)
