"""``zoobook review`` of Age of Steam records on small maps: each decision against the exact
planner, whose best outcome at the start the tests' brute-force twin confirms; a worse move is
flagged with the outcome it leaves, which the planner's own plan reaches through the engine."""

from __future__ import annotations

import io

import pytest

from tests.steam.twins import solve_zoo, zoo_instance
from zoobook.cli import main
from zoobook.puzzles.loading import load_puzzle, workbook_dir
from zoobook.records import RecordError, write_record
from zoobook.steam.game.actions import Pass, Select, Ship
from zoobook.steam.game.planner import plan
from zoobook.steam.game.review import Outcome, review

WARM_UP = workbook_dir("puzzles") / "steam-zoo-game" / "zoo-game-warm-up.toml"


def _game():
    return load_puzzle(WARM_UP).model


def _played(actions):
    state = _game().new_state()
    for action in actions:
        state.apply(action)
    return state


def test_the_exact_plan_is_best_at_every_decision_and_the_twin_agrees_at_the_start():
    game = _game()
    state = _played(plan(game).actions)
    decisions = review(state.record())
    assert [d.label for d in decisions] == ["best"] * len(state.history)
    assert decisions[0].before == Outcome(*solve_zoo(zoo_instance(game)))
    assert decisions[-1].after == Outcome(state.result().turns, state.result().score, state.result().cash)


def test_a_worse_move_is_flagged_with_what_it_leaves():
    game = _game()
    best = plan(game).actions
    # Where the plan selects a card, select none; where it ships first, pass: a worse outcome or the same.
    index = next(i for i, a in enumerate(best) if isinstance(a, (Select, Ship)))
    worse = Select(None) if isinstance(best[index], Select) and best[index].action is not None else Pass()
    state = _played(best[:index] + [worse])
    for action in plan(game, state.position).actions:
        state.apply(action)
    decisions = review(state.record())
    flagged = decisions[index]
    assert flagged.played == worse and flagged.before == Outcome(*solve_zoo(zoo_instance(game)))
    # What the review says the move leaves is what the planner's plan from there reaches in the engine.
    assert flagged.after == Outcome(state.result().turns, state.result().score, state.result().cash)
    if flagged.after.rank > flagged.before.rank:
        expected = ("inaccuracy" if flagged.after.turns == flagged.before.turns else
                    "mistake" if flagged.after.turns == flagged.before.turns + 1 else "blunder")
        assert flagged.label == expected and flagged.best is not None
    else:
        assert flagged.label == "best"
    assert all(d.label == "best" for d in decisions[index + 1:])


def test_passing_where_the_plan_ships_is_a_mistake_or_worse():
    game = _game()
    best = plan(game).actions
    index = next(i for i, a in enumerate(best) if isinstance(a, Ship))
    state = _played(best[:index] + [Pass(), Pass()])
    flagged = review(state.record())[index]
    assert flagged.after.rank > flagged.before.rank and flagged.label in ("mistake", "blunder")


def test_zoobook_review_prints_each_decision_and_the_accuracy(tmp_path):
    path = write_record(tmp_path / "game.jsonl", _played(plan(_game()).actions).record())
    out = io.StringIO()
    assert main(["review", str(path)], out, io.StringIO()) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("1. turn 1 shares: ") and lines[-1].startswith("accuracy: ")


@pytest.mark.parametrize("record, reason", [
    ("5x5", "the review reads Age of Steam records for now, not 5x5"),
    ("full", "the review uses the exact planner, which takes maps of at most 30"),
])
def test_review_refuses_other_games_and_large_maps_in_one_line(tmp_path, record, reason):
    from zoobook.fivebyfive.game import GameState
    from zoobook.steam.game.maps import full_setup

    state = GameState.new(players=1, seed=1) if record == "5x5" else full_setup("zoo").new_state()
    path = write_record(tmp_path / "game.jsonl", state.record())
    err = io.StringIO()
    assert main(["review", str(path)], io.StringIO(), err) == 2
    assert reason in err.getvalue() and len(err.getvalue().strip().splitlines()) == 1
    with pytest.raises(RecordError):
        review(path.read_text(encoding="utf-8"))
