"""A lay that joins the last ruin when no cube is left clears Easter Island at once (S13, S13a).

Every planner must count such a turn as a clearing turn, with its score and cash at that
moment: the exact planner (:func:`~zoobook.steam.game.planner.plan`), the anytime planner on a
map too large for the exact one, ``zoobook solve``/``verify`` and the hint. Each case is
checked against the engine played by hand and against the brute-force twin (tests/steam/twins.py),
never against a planner.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.steam.twins import EasterInstance, easter_game, solve_easter
from zoobook.cli import main
from zoobook.steam.game import plan
from zoobook.steam.game.actions import EndBuild, IssueShares, LayTrack, Pass, Select, Ship
from zoobook.steam.game.anytime import exact_fits, plan_anytime
from zoobook.steam.game.hint import hint
from zoobook.steam.game.kinds import solve

#: Three ruins in a row and no cube: the lay that joins the last one clears the map.
NO_CUBE = EasterInstance((("Red 1", (0, 0), "red", True, ()), ("Blue 2", (2, 0), "blue", True, ()),
                          ("Yellow 3", (4, 0), "yellow", True, ())),
                         (((1, 0), "plain"), ((3, 0), "plain")), turns=2, cash=10, shares=2)

#: Red 1's blue cube can go to Blue 2 at once (a link built before the start); Yellow 3 is five
#: tiles away, more than a build lays. Turn 1 ships the cube and lays three tiles towards
#: Yellow 3; turn 2's lay joins it, with no cube left: cleared in the build.
CUBE_FIRST = EasterInstance((("Red 1", (0, 0), "red", True, ("blue",)), ("Blue 2", (2, 0), "blue", True, ()),
                             ("Yellow 3", (8, 0), "yellow", True, ())),
                            tuple(((q, 0), "plain") for q in range(3, 8)), turns=2, cash=10, shares=2,
                            tracks=(((0, 0), (1, 0), (2, 0)),))


def planned(game, **options):
    found = plan(game, **options)
    return None if not found.cleared else (found.turns, found.score, found.cash)


def test_the_engine_clears_three_ruins_with_no_cube_in_the_build_of_turn_1():
    state = easter_game(NO_CUBE).new_state()
    for action in (IssueShares(0), Select(None), LayTrack([(0, 0), (1, 0), (2, 0)])):
        state.apply(action)
    assert not state.is_terminal()
    state.apply(LayTrack([(2, 0), (3, 0), (4, 0)]))
    result = state.result()
    # two plain tiles at $3 each from $10; score: -3 per share (2) + 2 tiles in complete links
    assert (result.cleared, result.turns, result.cash, result.score) == (True, 1, 4, -4)
    assert EndBuild() not in state.legal_actions()


def test_the_exact_planner_clears_three_ruins_with_no_cube_in_turn_1():
    assert solve_easter(NO_CUBE) == (1, -4, 4)            # the twin
    assert planned(easter_game(NO_CUBE)) == (1, -4, 4)
    assert planned(easter_game(NO_CUBE), dominances=False, shortcuts=False) == (1, -4, 4)


def test_the_plan_of_a_clear_in_the_build_replays_through_the_engine():
    game = easter_game(NO_CUBE)
    found = plan(game)
    state = game.new_state()
    for action in found.actions:
        state.apply(action)
    assert state.is_terminal() and state.result().cleared
    assert isinstance(found.actions[-1], LayTrack)          # the clearing lay ends the plan


def test_a_cube_shipped_first_then_the_last_ruin_joined_in_turn_2_keeps_its_cash():
    game = easter_game(CUBE_FIRST)
    # The engine, by hand: turn 1 lays two tiles from Yellow 3 ($6) and ships the cube.
    state = game.new_state()
    for action in (IssueShares(0), Select(None), LayTrack([(8, 0), (7, 0), (6, 0)]), EndBuild(),
                   Ship(("Red 1", "Blue 2"), (0,)), Pass()):
        state.apply(action)
    # $4 + income 1 - expenses 4 (2 shares, locomotive 2) = $1, no cube left
    assert state.position.turn == 2 and state.position.board.cube_count() == 0
    assert state.position.cash == 1
    # Turn 2: two shares pay the three tiles that join Blue 2's network to Yellow 3 ($9): the
    # lay clears the map at once (S13a), before income and expenses, with $1 + $10 - $9 = $2.
    for action in (IssueShares(2), Select(None), LayTrack([(6, 0), (5, 0), (4, 0), (3, 0), (2, 0)])):
        state.apply(action)
    by_hand = state.result()
    assert by_hand.cleared and by_hand.turns == 2
    twin = solve_easter(CUBE_FIRST)
    assert twin == (2, -3, 2)
    assert (by_hand.turns, by_hand.score, by_hand.cash) == twin
    # Without S13a in the planner's builds it settled for shipping in turn 2: $1.
    assert planned(game) == twin
    assert planned(game, dominances=False, shortcuts=False) == twin


def _large(inst: EasterInstance) -> EasterInstance:
    """*inst* on a patch of land too large for the exact planner (so the anytime planner answers)."""
    nodes = {c[1] for c in inst.cities}
    land = tuple(((q, r), "plain") for q in range(-1, 9) for r in range(0, 4) if (q, r) not in nodes)
    return EasterInstance(inst.cities, land, turns=3, cash=10, shares=2)


def test_the_anytime_planner_certifies_a_clear_in_the_build_on_a_large_map():
    game = easter_game(_large(NO_CUBE))
    assert not exact_fits(game)
    found = plan_anytime(game, budget_seconds=20, cpu_budget=True)
    assert not found.proved_impossible
    assert (found.turns, found.lower_bound, found.score, found.cash) == (1, 1, -4, 4)
    solution = solve(game)
    assert solution.value == 1 and solution.witness["cash"] == 4


def test_the_hint_names_a_clearing_first_turn():
    advice = hint(easter_game(NO_CUBE))
    assert advice.action == IssueShares(0)
    assert advice.reasons[0].startswith("It starts a plan that clears the map in turn 1 with a score of -4 "
                                        "and $4 left")


PUZZLE = '''id = "three-ruins-no-cube"
kind = "steam-easter/clear"
title = "Three ruins and no cube"
turns = 2
plain = [[1, 0], [3, 0]]

[[city]]
name = "Red 1"
hex = [0, 0]
colour = "red"
ruin = true

[[city]]
name = "Blue 2"
hex = [2, 0]
colour = "blue"
ruin = true

[[city]]
name = "Yellow 3"
hex = [4, 0]
colour = "yellow"
ruin = true

[answer]
value = 1
'''


@pytest.mark.parametrize("command", ["verify", "solve", "plan"])
def test_the_commands_accept_the_true_answer_of_a_clear_in_the_build(tmp_path: Path, command):
    path = tmp_path / "three-ruins-no-cube.toml"
    path.write_text(PUZZLE, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main([command, str(path)], out=out, err=err)
    assert status == 0, err.getvalue()
    if command == "verify":
        assert out.getvalue() == "1 passed, 0 failed\n"
    else:
        assert "1" in out.getvalue() and "no plan" not in out.getvalue()
