"""The bounds on the full Easter Island set-ups are met: a stored plan clears each one in the
bound's turn, so each plan is optimal (issue 16).

The goods bound (:func:`zoobook.steam.game.bounds.goods_bound`) says Easy (16 cubes) cannot be
cleared before turn 8, Normal (18) before turn 9 and Hard (20) before turn 10: each cube leaves by
its own delivery, one per move-goods round, two rounds a turn. Worked by hand, that is tight only
if a plan delivers a cube in *every* round from turn 1 on, never raising the locomotive in a
round, while the money lasts. ``notebooks/data/full-plan-easter-*.json`` hold such plans; here
each one is replayed from a fresh state through the engine's own ``apply`` (which refuses any
illegal action) and must clear the map in exactly the bound's turn. Along the Hard plan no bound
may ever claim more than 10 (from any position on an optimal plan, the optimum is the same turn).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zoobook.steam.game import bounds
from zoobook.steam.game.actions import Pass, RaiseLocomotive, Ship
from zoobook.steam.game.anytime import actions_from_record
from zoobook.steam.game.maps import full_setup
from zoobook.steam.game.state import OVER, step

DATA = Path(__file__).resolve().parents[2] / "notebooks" / "data"
EASTER = {"easter-easy": (16, 8), "easter-normal": (18, 9), "easter-hard": (20, 10)}


def record(name: str) -> dict:
    return json.loads((DATA / f"full-plan-{name}.json").read_text())


@pytest.mark.parametrize("name", sorted(EASTER))
def test_the_stored_plan_clears_in_the_turn_of_the_goods_bound(name):
    cubes, bound_turn = EASTER[name]
    game = full_setup(name)
    assert game.rules.goods.goods_left(game.start.board) == cubes
    bound = bounds.lower_bound(game)
    assert bound.turn == bounds.goods_bound(game, game.start).turn == bound_turn
    rec = record(name)
    state = game.new_state()
    for action in actions_from_record(rec):
        state.apply(action)           # raises IllegalAction on any illegal step
    result = state.result()
    assert state.is_terminal() and result.cleared
    assert result.turns == rec["turns"] == bound_turn
    assert (result.score, result.cash) == (rec["score"], rec["cash"])
    assert rec["lower_bound"] == bound_turn and rec["proved_optimal"] is True
    assert state.conditions() == [("every ruin joined", True), ("no statue left (0 cubes)", True)]


@pytest.mark.parametrize("name", sorted(EASTER))
def test_a_plan_at_the_bound_delivers_in_every_round_from_turn_1(name):
    """The hand-derived tightness: 2 x turns rounds and as many cubes leave no round for a raise
    or a pass, so the plan is shipments only, two in each turn."""
    cubes, turns = EASTER[name]
    game = full_setup(name)
    actions = actions_from_record(record(name))
    assert not any(isinstance(a, (RaiseLocomotive, Pass)) for a in actions)
    pos, per_turn = game.start, {}
    for action in actions:
        if isinstance(action, Ship):
            per_turn[pos.turn] = per_turn.get(pos.turn, 0) + 1
        pos = step(game, pos, action)[0]
    assert per_turn == {t: 2 for t in range(1, turns + 1)}
    assert sum(per_turn.values()) == cubes


def test_no_bound_claims_more_than_10_anywhere_along_the_hard_plan():
    game = full_setup("easter-hard")
    pos, checked = game.start, 0
    for action in actions_from_record(record("easter-hard")):
        for name, bound in bounds.all_bounds(game, pos):
            assert bound.turn <= 10, f"{name} says {bound.turn} at the {pos.phase} of turn {pos.turn}"
        checked += 1
        pos = step(game, pos, action)[0]
    assert pos.phase == OVER and pos.outcome.cleared and checked > 60
