"""The planner against an independent brute force written from the rules (tests/steam/twins.py).

The twin shares nothing with the engine: its own track laying (tile by tile, detours, stubs),
shipments, money and S10a score. It tries every share count in every turn (the planner's
last-turn dominance is not in it), so agreement also tests that dominance.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.steam.twins import ZooInstance, has_detour, random_zoo_instance, rows, solve_zoo, zoo_game
from zoobook.progress import Interrupted, SearchBudgetExceeded
from zoobook.steam.game import Game, plan
# From its module: collecting hint.py's doctests can rebind the package's name `hint` to the module.
from zoobook.steam.game.hint import hint
from zoobook.steam.game.planner import EXACT_OVER, replay, turns_lower_bound
from zoobook.steam.zoo.model import Area, ZooMap


def planned(game, found=None):
    """(turns, score, cash) of the planner's plan for *game* (or of *found*, a plan of it already made)."""
    found = plan(game) if found is None else found
    return None if not found.cleared else (found.turns, found.score, found.cash)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_planner_agrees_with_the_twin_on_random_one_turn_zoo_maps(seed):
    inst = random_zoo_instance(random.Random(seed), turns=1)
    game = zoo_game(inst)
    found = plan(game)
    assert planned(game, found) == solve_zoo(inst)
    if found.cleared:  # the plan replays through the engine to the same end
        steps = replay(game, game.start, found.actions)
        assert steps[-1].cash == found.cash and len(steps) == found.turns


@pytest.mark.parametrize("seed", [3, 11, 17])
def test_planner_agrees_with_the_twin_on_two_turn_zoo_maps(seed):
    inst = random_zoo_instance(random.Random(seed), turns=2)
    inst = ZooInstance(inst.areas, inst.land[:3], inst.exits, inst.towns, turns=2, cash=inst.cash,
                       shares=14, level=inst.level)
    assert planned(zoo_game(inst)) == solve_zoo(inst)


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_the_last_turn_dominances_never_change_the_answer(seed):
    inst = random_zoo_instance(random.Random(seed), turns=2)
    inst = ZooInstance(inst.areas, inst.land[:3], inst.exits, inst.towns, turns=2, cash=inst.cash,
                       shares=14, level=inst.level)
    game = zoo_game(inst)
    fast, slow = plan(game), plan(game, dominances=False)
    assert (fast.turns, fast.score, fast.cash) == (slow.turns, slow.score, slow.cash)


def test_planner_and_twin_agree_on_a_map_that_takes_two_turns():
    # Three areas need three shipments: two turns; the twin tries every share count in both (0
    # or 1 here, as in the random two-turn maps above: with two shares left the twin took 4.6
    # CPU-s, with one 1.3; the best plan issues it in turn 1).
    inst = ZooInstance((("a", (0, 0), 1), ("b", (2, 0), 2), ("c", (4, 0), 1)), ((1, 0), (3, 0)),
                       turns=2, cash=16, shares=14, level=1)
    game = zoo_game(inst)
    expected = solve_zoo(inst)
    assert expected is not None and expected[0] == 2
    assert planned(game) == expected  # the twin has no dominance: agreeing also tests it (its run
    # without dominances, 6 s more, is test_the_last_turn_dominances_never_change_the_answer's check)


def test_the_instance_generator_draws_detours_two_rows_exits_and_towns():
    drawn = [random_zoo_instance(random.Random(seed)) for seed in range(60)]
    assert all(rows(inst) >= 2 for inst in drawn)
    assert sum(has_detour(inst) for inst in drawn) >= 10
    assert any(inst.exits for inst in drawn) and any(inst.towns for inst in drawn)


def test_detour_and_row_checks_see_the_shapes():
    straight = ZooInstance((("a", (0, 0), 1), ("b", (2, 0), 1)), ((1, 0),))
    bent = ZooInstance((("a", (0, 0), 1), ("b", (2, 0), 1)), ((1, 0), (1, -1)))
    assert not has_detour(straight) and has_detour(bent)
    assert rows(straight) == 1 and rows(bent) == 2


def test_a_detour_beats_the_cheapest_path_and_the_planner_lays_it():
    # goats (0,0) and yaks (2,0): one tile (1,0) joins them, or two, (1,0)... no: (1,-1) and
    # (2,-1). S10a scores +1 per tile in complete links; the Engineer lays at $2, so the longer
    # link costs $2 more and scores 1 more (the cheapest-path planner scored 4 here, not 5).
    inst = ZooInstance((("goats", (0, 0), 1), ("yaks", (2, 0), 1)), ((1, 0), (1, -1), (2, -1)))
    found = plan(zoo_game(inst))
    assert (found.turns, found.score, found.cash) == solve_zoo(inst) == (1, 5, 1)
    lays = [a for a in found.actions if str(a).startswith("lay track")]
    assert sum(len(a.hexes) - 2 for a in lays) == 2


def test_no_solution_gives_the_counting_reason_not_a_search_claim():
    inst = ZooInstance(tuple((n, (2 * i, 0), 1) for i, n in enumerate("abcde")),
                       tuple((2 * i + 1, 0) for i in range(4)), turns=2)
    found = plan(zoo_game(inst))
    assert not found.cleared
    assert "5 animal areas still to feed need 5 shipments and 2 turns allow 4" in found.explanation[0]
    assert "tried every plan" not in " ".join(found.explanation)
    assert turns_lower_bound(zoo_game(inst), zoo_game(inst).start)[0] == 3


def test_no_solution_after_a_search_says_what_it_searched():
    # goats and yaks three hexes apart with only one land hex between: no link can join them,
    # which no count sees (one tile serves both), so the search must refute the one turn.
    inst = ZooInstance((("goats", (0, 0), 1), ("yaks", (3, 0), 1)), ((1, 0),), turns=1)
    found = plan(zoo_game(inst))
    assert solve_zoo(inst) is None and not found.cleared
    text = " ".join(found.explanation)
    assert EXACT_OVER in text and "expanded 1 position" in text
    assert "At least 1 turn is needed (" in text and "turn are needed" not in text


def test_a_raise_takes_a_round_from_the_shipments_the_combined_bound():
    # Both of danger 3: food leaves at level 2 with Feeding or 3 without, from level 1. In one
    # turn the card gives one level at most, so a raise is needed: three rounds for two
    # shipments. The goods bound (1 turn) and the level bound (1 turn) each miss it.
    inst = ZooInstance((("goats", (0, 0), 3), ("yaks", (2, 0), 3)), ((1, 0),), turns=1)
    game = zoo_game(inst)
    need, why = turns_lower_bound(game, game.start)
    assert solve_zoo(inst) is None and need == 2 and "raise takes a move-goods round" in why
    found = plan(game)
    assert not found.cleared and "No search was needed" in found.explanation[1]


# Not seed 7: one more map no plan clears (like most of these, seed 8 among them), but 16 s of
# CPU for the planner to refute where the others take under 1 s together.
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5, 6, 8])
def test_the_turns_lower_bound_never_exceeds_the_twins_answer(seed):
    rng = random.Random(seed)
    inst = random_zoo_instance(rng, turns=2)
    inst = ZooInstance(tuple((n, h, rng.randint(1, 5)) for n, h, _ in inst.areas), inst.land[:3],
                       inst.exits, inst.towns, turns=2, cash=inst.cash, shares=14, level=1)
    game = zoo_game(inst)
    expected = solve_zoo(inst)
    bound = turns_lower_bound(game, game.start)[0]
    assert expected is None or bound <= expected[0]
    assert planned(game) == expected


def test_a_map_without_enough_food_can_never_be_cleared():
    zoo = ZooMap.build(areas=[Area("a", (0, 0), 1, food=0), Area("b", (2, 0), 1, food=0)])
    found = plan(Game.zoo(zoo, [(1, 0)], 5))
    assert not found.cleared and "never be cleared" in found.explanation[0]


def test_the_explanation_says_what_is_proved_and_over_which_moves():
    inst = ZooInstance((("goats", (0, 0), 1), ("yaks", (2, 0), 1)), ((1, 0),))
    found = plan(zoo_game(inst))
    text = " ".join(found.explanation)
    assert "No plan can clear it sooner" in text and EXACT_OVER in text
    assert "3 per income level, -3 per issued share, +1 per track tile" in text


def test_hint_gives_the_first_action_of_the_best_plan_from_mid_turn():
    inst = ZooInstance((("goats", (0, 0), 1), ("yaks", (2, 0), 1)), ((1, 0),), turns=2)
    game = zoo_game(inst)
    state = game.new_state()
    advice = hint(game)
    state.apply(advice.action)
    again = hint(game, state.position)
    assert (again.plan.turns, again.plan.score, again.plan.cash) == \
        (advice.plan.turns, advice.plan.score, advice.plan.cash)
    assert "It starts a plan" in again.reasons[0]


def _three_in_a_row(turns):
    zoo = ZooMap.build(areas=[Area("a0", (0, 0), 2), Area("a1", (2, 0), 3), Area("a2", (4, 0), 1)])
    return Game.zoo(zoo, [(1, 0), (3, 0)], turns)


def test_progress_callback_can_stop_the_search_cleanly():
    calls = []

    def stop(done, total, message):
        calls.append((done, total, message))
        return False

    with pytest.raises(Interrupted):
        plan(_three_in_a_row(3), progress=stop)
    assert calls and calls[0][2].startswith("deadline turn")


def test_a_search_budget_stops_the_planner_just_past_it():
    # goats (danger 1) and lions (danger 4): a two-turn plan whose search expands as many
    # positions as _three_in_a_row(2)'s, planned three times in 0.2 CPU-s instead of 5.
    game = Game.zoo(ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("lions", (2, 0), 4)]), [(1, 0)], 3)
    full = plan(game)
    needed = full.stats.expanded
    assert full.turns == 2 and needed >= 1
    within = plan(game, max_positions=needed)
    assert (within.turns, within.cash, within.stats.expanded) == (full.turns, full.cash, needed)
    with pytest.raises(SearchBudgetExceeded, match=f"more than {needed - 1} positions"):
        plan(game, max_positions=needed - 1)
