"""The steam/decision generator: the same seed writes the shipped bytes; a move that loses no turn
is not a puzzle."""

from __future__ import annotations

import random
from pathlib import Path

from zoobook.generate.pipeline import generate
from zoobook.generate.steam_decision import DECISION_GENERATOR, decision_facts, sample_decision
from zoobook.puzzles.registry import get_kind
from zoobook.steam.game.decision_kind import DecisionQuestion
from zoobook.steam.game.planner import plan

SHIPPED = Path(__file__).resolve().parents[2] / "puzzles" / "steam"


def test_the_same_seed_writes_the_shipped_bytes():
    made = generate("steam/decision", seed=2026, count=1)[0]
    assert made.text == (SHIPPED / made.filename).read_text(encoding="utf-8")


def test_a_move_of_the_exact_plan_is_refused_and_a_losing_one_kept():
    question = sample_decision(random.Random(5), 2)
    kind = get_kind("steam/decision")
    # the exact plan's own move from the same position loses nothing: not a puzzle
    best = plan(question.game, question.state.position).actions[0]
    same = DecisionQuestion(question.prefix, question.state, best, question.budget)
    solution = kind.solve(same)
    assert DECISION_GENERATOR.problems(same, solution, decision_facts(same, solution))
    solution = kind.solve(question)
    facts = decision_facts(question, solution)
    problems = DECISION_GENERATOR.problems(question, solution, facts)
    assert (facts.greedy_value > solution.value) == (not problems)
