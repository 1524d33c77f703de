"""The generator of ``steam/decision`` puzzles: a small game played well, with one move gone wrong.

``zoobook review --puzzles`` makes these puzzles from a player's own game; this generator makes
them from a random small Zoo map (:func:`~zoobook.generate.steam_game.sample_zoo_clear`, the
maps of the ``steam-zoo/clear`` generator, which the exact planner settles in a blink): the exact
planner's plan is played up to a random move, and there a random other legal action is played
instead. A candidate is kept when that action is certified to lose a turn or more
(:func:`_problems`); its grade says how much: 2 when it loses one turn of a one-turn plan ... 5
when the map can no longer be cleared in time. Only *rng* is drawn from: the same seed writes the
same bytes.
"""

from __future__ import annotations

import random

from zoobook.generate.grading import Calibration, Facts
from zoobook.generate.registry import Generator
from zoobook.generate.steam_game import sample_zoo_clear
from zoobook.puzzles.solution import Solution
from zoobook.records import Player
from zoobook.steam.game.decision_kind import DEFAULT_BUDGET, DecisionQuestion
from zoobook.steam.game.planner import plan

__all__ = ["sample_decision", "decision_facts", "DECISION_CALIBRATION", "DECISION_GENERATOR"]

THEMES = ("game review", "learn from your mistakes")


def sample_decision(rng: random.Random, difficulty: int) -> DecisionQuestion:
    """A position of the exact plan of a random small Zoo game and a random other action there."""
    while True:
        game = sample_zoo_clear(rng, difficulty)
        found = plan(game)
        if not found.cleared:
            continue
        actions = found.actions
        move = rng.randrange(len(actions))
        state = game.new_state()
        for action in actions[:move]:
            state.apply(action)
        others = [a for a in state.legal_actions() if a != actions[move]]
        if others:
            return DecisionQuestion(state.record([Player.human()]), state, rng.choice(others), DEFAULT_BUDGET)


def _move(question: DecisionQuestion) -> int:
    return len(question.state.history) + 1


def decision_facts(question: DecisionQuestion, solution: Solution) -> Facts:
    """Effort: the legal actions at the position; the "greedy" answer is the move played, whose
    gap is the turns it loses over the best (the map lost counts as one turn after the limit)."""
    effort = len(question.state.legal_actions())
    if solution.value is None:
        return Facts(effort, 0, 0.0, None, None, THEMES)
    after = solution.witness["after played"]
    played = question.game.turns + 1 if after is None else after
    return Facts(effort, 0, (played - solution.value) / solution.value, played, None, THEMES)


def _problems(question: DecisionQuestion, solution: Solution, facts: Facts) -> list[str]:
    if solution.value is None:
        return ["no plan clears the map from the position"]
    if facts.greedy_value is not None and facts.greedy_value <= solution.value:
        return ["the move played loses no turn: not a mistake to find"]
    return []


def _grade(question: DecisionQuestion, solution: Solution, facts: Facts) -> int:
    """2 to 5: by the share of the game the move played throws away (a gap of 1 is twice the turns)."""
    if facts.greedy_right:
        return 2
    return min(5, 2 + round(facts.greedy_gap * 2))


def _title(question: DecisionQuestion, solution: Solution, facts: Facts) -> str:
    return f"Find a better move (move {_move(question)})"


def _describe(question: DecisionQuestion, solution: Solution, facts: Facts) -> str:
    after = solution.witness["after played"]
    lost = ("the map can no longer be cleared by the turn limit" if after is None
            else f"no plan clears the map before turn {after}")
    return (f"A small Zoo map played by the exact planner, until move {_move(question)} played "
            f"{question.played}: after it, {lost}. Find a better move: one that keeps the map clearable "
            f"in turn {solution.value}.")


DECISION_CALIBRATION = Calibration(effort_scale=60, decoy_scale=1, gap_scale=1.0,
                                   thresholds=(0.1, 0.25, 0.4, 0.6))

DECISION_GENERATOR = Generator("steam/decision", sample_decision, decision_facts, DECISION_CALIBRATION, _title,
                               _problems, _describe, grade=_grade)
