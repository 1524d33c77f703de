"""The planner on Easter Island against its own brute-force twin (tests/steam/twins.py).

The twin is written from the rules (S9, S11-S15) on plain tuples: its own track laying (tile by
tile from any node or incomplete track's end, detours, parallel links), its own moai rules (only
the top cube ships, to the first city of its colour; Rapa Nui swaps a stack of two and pays
\\$5; Urbanization makes a black city for a black cube), its own money, blockers and score. It
shares none of the engine's move generation; it tries every share count in every turn.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.steam.twins import (EasterInstance, cube_free, cubes_first, easter_game, has_detour,
                               random_easter_instance, rows, solve_easter)
from zoobook.steam.game import plan


def planned(game, **options):
    found = plan(game, **options)
    return None if not found.cleared else (found.turns, found.score, found.cash)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_planner_agrees_with_the_easter_twin_on_random_one_turn_islands(seed):
    inst = random_easter_instance(random.Random(seed), turns=1)
    assert planned(easter_game(inst)) == solve_easter(inst)


@pytest.mark.parametrize("seed", [1, 3, 7, 9])
def test_planner_agrees_with_the_easter_twin_on_islands_that_take_two_turns(seed):
    inst = random_easter_instance(random.Random(seed), turns=2)
    expected = solve_easter(inst)
    assert expected is not None and expected[0] == 2
    assert planned(easter_game(inst)) == expected


@pytest.mark.parametrize("seed", [3, 7])
def test_the_last_turn_dominances_never_change_an_easter_answer(seed):
    # The same islands as two of the test above, which compares the planner with the twin on them.
    game = easter_game(random_easter_instance(random.Random(seed), turns=2))
    assert planned(game) == planned(game, dominances=False)


# Drawn cube-free (seeds 15, 24: the lay that joins the last ruin clears, S13a) and cubes-first
# (seeds 10, 13 clear in one turn; 179, 190 ship the cube in turn 1 and join the last ruin in turn 2).
@pytest.mark.parametrize("seed,turns,kind", [(15, 1, cube_free), (24, 2, cube_free), (10, 1, cubes_first),
                                             (13, 2, cubes_first), (179, 2, cubes_first),
                                             (190, 2, cubes_first)])
def test_planner_agrees_with_the_easter_twin_when_a_lay_clears_the_map(seed, turns, kind):
    inst = random_easter_instance(random.Random(seed), turns=turns)
    assert kind(inst)
    expected = solve_easter(inst)
    assert expected is not None
    assert planned(easter_game(inst)) == expected


def test_the_easter_instance_generator_draws_cube_free_and_cubes_first_islands():
    drawn = [random_easter_instance(random.Random(seed)) for seed in range(60)]
    assert sum(cube_free(inst) for inst in drawn) >= 3
    assert sum(cubes_first(inst) for inst in drawn) >= 3
    # the others still carry cubes and start with no track
    assert sum(not cube_free(inst) and not inst.tracks for inst in drawn) >= 30


def test_the_easter_instance_generator_draws_two_rows_detours_stacks_towns_and_mountains():
    drawn = [random_easter_instance(random.Random(seed)) for seed in range(60)]
    assert all(rows(inst) >= 2 for inst in drawn)
    assert sum(has_detour(inst) for inst in drawn) >= 15
    assert any(any(len(c[4]) == 2 for c in inst.cities) for inst in drawn)
    assert any(inst.towns for inst in drawn) and any(len(inst.cities) == 3 for inst in drawn)
    assert any(t == "mountain" for inst in drawn for _, t in inst.land)


def test_the_easter_twin_sees_a_black_cube_go_to_the_city_urbanization_makes():
    # Red 1 holds a black cube; the town at (2, 0) can become a black city (S14, S15: $10).
    inst = EasterInstance((("Red 1", (0, 0), "red", True, ("black",)), ("Blue 2", (4, 0), "blue", True, ())),
                          (((1, 0), "plain"), ((3, 0), "plain")), towns=((2, 0),), turns=1, cash=30,
                          shares=15)
    found = solve_easter(inst)
    assert found is not None and found[0] == 1
    assert planned(easter_game(inst)) == found
