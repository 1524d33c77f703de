"""The game review of Age of Steam (zoobook.steam.game.review) and its puzzles (steam/decision).

The review's best action is checked against the exact planner run from every child of the
position (a brute-force twin of the planner's root answer); the losses of bad moves are derived by
hand from the rules (S10a: turns, then 3 points a share, ...)."""

from __future__ import annotations

from pathlib import Path

import pytest

from zoobook.puzzles.loading import load_puzzle, parse_puzzle
from zoobook.records import Player, parse_record
from zoobook.review import prefix_text, review_record, write_mistake_puzzles
from zoobook.steam.game.actions import EndBuild, IssueShares, Select
from zoobook.steam.game.planner import plan
from zoobook.steam.game.review import EVALUATOR, LOST_GAME_TURNS, loss_in_turns
from zoobook.steam.game.state import Game
from zoobook.steam.zoo.model import Area, ZooMap

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"


def tiny(turns: int = 3) -> Game:
    """Two animal areas two hexes apart, one land hex between: one track clears it in turn 1."""
    zoo = ZooMap.build(areas=[Area("goats", (0, 0), 1), Area("yaks", (2, 0), 1)])
    return Game.zoo(zoo, land=[(1, 0)], turns=turns)


def warm_up() -> Game:
    return load_puzzle(PUZZLES / "steam-zoo-game" / "zoo-game-warm-up.toml").model


def rank(game, found):
    return (found.turns, -found.score, -found.cash) if found.cleared else (game.turns + LOST_GAME_TURNS, 0, 0)


def children_ranks(state):
    """Every legal action's value by the exact planner from the position after it (or its result)."""
    out = {}
    for action in state.legal_actions():
        after = state.search_copy()
        after.apply(action)
        if after.is_terminal():
            result = after.result()
            out[action] = ((result.turns, -result.score, -result.cash) if result.cleared
                           else (state.game.turns + LOST_GAME_TURNS, 0, 0))
        else:
            out[action] = rank(state.game, plan(state.game, after.position))
    return out


@pytest.mark.parametrize("make, positions", [(tiny, 4), (warm_up, 2)])
def test_the_best_action_is_the_best_child_by_the_exact_planner(make, positions):
    """At each position of the exact plan, and for every legal action there, the review's best
    action is one whose child the exact planner ranks best, and each action's loss is the hand
    formula against that best child."""
    game = make()
    state = game.new_state()
    for played in plan(game).actions[:positions]:
        children = children_ranks(state)
        top = min(children.values())
        for action, value in list(children.items())[:5]:
            appraisal = EVALUATOR.evaluate(state.search_copy(), action, 30.0, 0)
            assert appraisal.proved and appraisal.unit == "turns"
            assert children[appraisal.best] == top
            assert appraisal.loss == loss_in_turns(top, value)
        state.apply(played)


def test_hand_derived_losses_and_labels():
    game = tiny()
    # issuing two shares keeps turn 1 but costs 3 points each (S10a): 6 points, 0.6 of a turn
    two_shares = EVALUATOR.evaluate(game.new_state(), IssueShares(2), 30.0, 0)
    assert (two_shares.loss, EVALUATOR.label(two_shares)) == (0.6, "inaccuracy")
    assert str(two_shares.best) == "issue 0 shares"
    # ending the build without the one track: nothing ships in turn 1, so the map clears in turn 2
    state = game.new_state()
    state.apply(IssueShares(0))
    state.apply(Select("engineer"))
    late = EVALUATOR.evaluate(state.search_copy(), EndBuild(), 30.0, 0)
    assert (late.loss, EVALUATOR.label(late), late.interval) == (1.0, "mistake", None)
    assert any("turn 2" in reason for reason in late.reasons)
    # with one turn only, the same move loses the game: a blunder
    short = tiny(turns=1).new_state()
    short.apply(IssueShares(0))
    short.apply(Select("engineer"))
    lost = EVALUATOR.evaluate(short, EndBuild(), 30.0, 0)
    assert (lost.loss, EVALUATOR.label(lost)) == (1 + LOST_GAME_TURNS - 1, "blunder")


def bad_game_record() -> str:
    """The warm-up map's exact plan, but move 3 ends the build without laying the track; then the
    exact plan from there."""
    game = warm_up()
    state = game.new_state()
    for action in plan(game).actions[:2]:
        state.apply(action)
    state.apply(EndBuild())
    for action in plan(game, state.position).actions:
        state.apply(action)
    return state.record([Player.human()])


def test_a_review_flags_the_bad_move_only_and_its_puzzle_verifies_with_the_same_bytes(tmp_path):
    text = bad_game_record()
    review = review_record(text)
    labelled = [(d.number, d.label, d.appraisal.loss) for d in review.decisions if d.label]
    assert labelled == [(3, "mistake", 1.0)]
    assert review.summary[0].counts["mistake"] == 1 and review.summary[0].decisions == len(review.decisions)
    record, _ = parse_record(text)
    lines = write_mistake_puzzles(review, record, tmp_path / "one")
    write_mistake_puzzles(review, record, tmp_path / "two")
    files = sorted((tmp_path / "one").iterdir())
    assert len(files) == 1 and lines == [f"move 3: wrote the puzzle {files[0]}"]
    assert files[0].read_bytes() == (tmp_path / "two" / files[0].name).read_bytes()
    puzzle = load_puzzle(files[0])
    assert puzzle.kind.name == "steam/decision" and puzzle.answer.value == 2
    assert puzzle.model.prefix == prefix_text(record, 3)
    solution = puzzle.solve()
    assert solution.value == 2 and solution.witness["after played"] == 3
    assert solution.witness["best"] == str(plan(warm_up()).actions[2])


def test_a_decision_puzzle_refuses_an_illegal_played_action_and_a_finished_game():
    text = bad_game_record()
    record, _ = parse_record(text)
    prefix = prefix_text(record, 3)
    base = 'id = "x"\nkind = "steam/decision"\nrecord = \'\'\'\n' + prefix + "'''\n"
    with pytest.raises(Exception, match=r"played: .*not legal"):
        parse_puzzle(base + 'played = \'{"action": "IssueShares", "fields": {"count": 1}}\'\n')
    with pytest.raises(Exception, match=r"played: no action Fly"):
        parse_puzzle(base + 'played = \'{"action": "Fly"}\'\n')
    whole = 'id = "x"\nkind = "steam/decision"\nrecord = \'\'\'\n' + text + "'''\n"
    with pytest.raises(Exception, match="the game is over"):
        parse_puzzle(whole + 'played = \'{"action": "Pass"}\'\n')
