"""The Age of Steam rules index (zoobook/steam/rules.toml), its drills and quizzes (issue 18).

The index loads, every reference in it resolves, every rule has an engine location, a lesson and
a test; every ruling S.. and every assumed [steam...] key is linked; every refusal the engine gives
in random play names a rule of the index; every drill's solution reaches its goal through DrillRun
and a wrong move is refused naming its rule; every quiz asks at least 5 distinct questions whose
answers are the engine's."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from zoobook.assumed import all_assumed
from zoobook.learn.drill import DrillRun
from zoobook.learn.index import broken_references, coverage, load_index
from zoobook.learn.quiz import questions
from zoobook.rulings import all_rulings
from zoobook.steam.learn import DRILLS, GROUPS, QUIZZES_LEGAL
from tests.steam.test_game_contract import GAMES, candidates

REPO = Path(__file__).resolve().parents[2]
INDEX = load_index("steam")


def leaf_keys(table: dict, prefix: str) -> list[str]:
    out = []
    for key, value in table.items():
        path = f"{prefix}.{key}"
        out += leaf_keys(value, path) if isinstance(value, dict) else [path]
    return out


def test_the_index_loads_with_one_section_per_group():
    assert INDEX.game == "Age of Steam solo maps"
    assert len(INDEX.rules) >= 60
    assert sorted({rule.group for rule in INDEX.rules}) == sorted(GROUPS)


def test_no_reference_is_broken():
    assert broken_references(INDEX) == []


def test_coverage_is_complete():
    cover = coverage(INDEX)
    assert cover.complete, (cover.lacking_engine, cover.lacking_lesson, cover.lacking_tests)
    assert cover.total == cover.with_engine == cover.with_lesson == cover.with_tests == len(INDEX.rules)


def test_every_steam_ruling_and_assumed_key_is_linked():
    linked = {rule.id for rule in INDEX.rules} | {r for rule in INDEX.rules for r in rule.rulings}
    steam_rulings = {r.id for r in all_rulings() if r.id.startswith("S")}
    assert steam_rulings - linked == set()
    keys = set(leaf_keys(all_assumed()["steam"], "steam"))
    assert keys - {key for rule in INDEX.rules for key in rule.assumed} == set()


def test_every_engine_refusal_names_a_rule_in_its_call():
    """Each Refusal(...)/_refuse(...) call of the engine passes a rule (no free text, no empty rule)."""
    for path in sorted((REPO / "zoobook" / "steam" / "game").glob("*.py")):
        if path.name == "editing.py":  # the map editor paints a board; only some of its refusals are rules
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in {"Refusal", "_refuse"}:
                rule = node.args[1] if len(node.args) > 1 else None
                assert rule is not None, f"{path.name}:{node.lineno} names no rule"
                if isinstance(rule, ast.Constant):
                    INDEX.resolve(rule.value)


def _random_refusals(state, rng, steps=60):
    seen = set()
    for _ in range(steps):
        if state.is_terminal():
            for action in candidates(state, rng)[:5]:
                seen.add(state.refusal(action).rule)
            break
        for action in candidates(state, rng):
            why = state.refusal(action)
            if why is not None:
                seen.add(why.rule)
        state.apply(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_every_refusal_seen_in_random_play_resolves_in_the_index(seed):
    rng = random.Random(seed)
    seen = set()
    states = [make().new_state() for make in GAMES.values()] + [drill.start() for drill in DRILLS]
    for state in states:
        seen |= _random_refusals(state, rng)
    assert "" not in seen, "a refusal without a rule"
    for rule in seen:
        INDEX.resolve(rule)
    assert {"S2", "S4", "S9", "S11", "S-END-3", "S-TURN-2"} <= seen


def test_each_group_with_a_decision_has_a_drill_and_a_quiz():
    # setting up is no decision in play: it is taught by a picture, without a drill or a quiz
    assert {drill.group for drill in DRILLS} == set(GROUPS) - {"setup"}
    assert {quiz.group for quiz in QUIZZES_LEGAL} == set(GROUPS) - {"setup"}
    assert [drill.group for drill in DRILLS] == [group for group in GROUPS if group != "setup"], "teaching order"
    assert len({drill.id for drill in DRILLS}) == len(DRILLS)


@pytest.mark.parametrize("drill", DRILLS, ids=lambda d: d.id)
def test_the_drill_solution_reaches_its_goal_and_a_wrong_move_names_its_rule(drill):
    for rule in drill.rules:
        assert INDEX.resolve(rule)
    run = DrillRun(drill)
    assert not drill.reached(run.state)
    choices = drill.choices(run.state)
    wrong = [action for action in choices if run.state.refusal(action) is not None]
    assert wrong and any(run.state.refusal(a) is None for a in choices), "choices mix legal and illegal"
    before = run.state.position
    answer = run.try_action(wrong[0])
    assert not answer.accepted and run.state.position is before
    assert f"[{answer.refusal.rule}]" in answer.message or answer.refusal.rule in answer.message
    for action in drill.solution:
        answer = run.try_action(action)
        assert answer.accepted, answer.message
    assert run.done and answer.reached


@pytest.mark.parametrize("quiz", QUIZZES_LEGAL, ids=lambda q: q.group)
def test_the_quiz_asks_five_distinct_questions_the_engine_answers(quiz):
    asked = questions(quiz, 8, seed=7)
    assert len({q.prompt for q in asked}) >= 5
    assert any(q.legal for q in asked) and any(not q.legal for q in asked)
    for q in asked:
        assert q.legal == (q.refusal is None)
        if not q.legal:
            assert q.refusal.rule and q.refusal.rule in q.explanation
    assert [q.prompt for q in questions(quiz, 8, seed=7)] == [q.prompt for q in asked], "seeded"


def test_the_learn_notebook_has_a_cell_for_every_drill_and_quiz():
    notebook = json.loads((REPO / "notebooks" / "10-learn-steam.ipynb").read_text(encoding="utf-8"))
    ids = {cell.get("id") for cell in notebook["cells"]}
    assert {drill.id for drill in DRILLS} <= ids
    assert {f"quiz-{group}" for group in GROUPS if group != "setup"} | {"quiz-end-points"} <= ids
    assert {f"rules-{group}" for group in GROUPS} <= ids
