"""The Zooloretto drills and quizzes (issue 43): goals in game terms, a reason for every legal miss, Undo and
Reset always there, the solution reached by clicks; quizzes balanced, endless, about every rule the engine
can cite, "how many points?" from the engine's scoring."""

from __future__ import annotations

import pytest

from zoobook.learn.drill import DrillRun
from zoobook.learn.index import load_index
from zoobook.learn.quiz import citable_rules, question_at
from zoobook.widgets.drill import DrillWidget, LearnProgress, QuizWidget
from zoobook.zooloretto.learn import DRILLS, QUIZZES
from zoobook.zooloretto.scoring import score

INDEX = load_index("zooloretto")


@pytest.mark.parametrize("drill", DRILLS, ids=[d.id for d in DRILLS])
def test_clicking_the_solution_reaches_the_goal_and_a_wrong_click_names_the_rule(drill):
    progress = LearnProgress(DRILLS)
    widget = DrillWidget(drill, progress)
    state = widget.run.state
    wrong = next(a for a in drill.choices(state) if state.refusal(a) is not None)
    before = repr(state)
    widget.click(drill.describe(wrong))
    rule = state.refusal(wrong).rule
    assert f"[{rule}]" in widget.answer.value and "refused" in widget.answer.value
    assert repr(widget.run.state) == before and progress.done_count == 0
    for action in drill.solution:
        widget.click(drill.describe(action))
    assert widget.run.done and "Goal reached" in widget.answer.value
    assert progress.done_count == 1 and progress.label.value == f"1 of {len(DRILLS)} drills done"
    widget.reset()
    assert not widget.run.done and repr(widget.run.state) == before


@pytest.mark.parametrize("drill", DRILLS, ids=[d.id for d in DRILLS])
def test_every_legal_first_move_reaches_the_goal_or_leaves_a_way_or_says_why_it_misses(drill):
    """The stall drill left no button after 2 of its 3 legal moves, silently: now each says why, and Undo
    brings the choices back."""
    run = DrillRun(drill, INDEX)
    first = [a for a in run.choices() if run.state.refusal(a) is None]
    # one legal move only where the drill is about which trucks are closed to a drawn tile
    assert len(first) >= 2 or drill.id == "drill-turn-load", "a drill with one legal move teaches no choice"
    for action in first:
        answer = run.try_action(action)
        assert answer.accepted
        assert answer.reached or answer.missed or run.choices(), drill.describe(action)
        if answer.missed:
            assert "Undo" in answer.message and "[" not in answer.missed
        assert run.undo() and run.history == ()


def test_the_stall_drill_says_why_a_kiosk_elsewhere_misses():
    run = DrillRun(next(d for d in DRILLS if d.id == "drill-scoring-stall"))
    assert "only for the enclosure it stands beside" in run.try_action(run.choices()[1]).missed  # the 4-space
    run.undo()
    barn = next(a for a in run.choices() if a.to == "barn")
    assert "in the barn earns nothing" in run.try_action(barn).missed


@pytest.mark.parametrize("drill", DRILLS, ids=[d.id for d in DRILLS])
def test_a_goal_names_no_button(drill):
    """The goal is in game terms: no label of the solution's buttons is written in it."""
    for action in drill.solution:
        assert drill.describe(action) not in drill.goal


def test_the_picture_shows_the_trucks_and_every_zoo_labelled_as_the_buttons_name_them():
    widget = DrillWidget(DRILLS[0])
    assert widget.picture.value.count("<svg") == 2 and "zoobook-trucks" in widget.picture.value
    assert "truck 1" in widget.picture.value and "player 1" in widget.picture.value
    assert all(name in widget.picture.value for name in ("5-space", "4-space", "6-space", "Barn"))
    widget.click("take truck 1")
    assert "taken by player 0" in widget.picture.value


def test_the_quiz_widget_answers_with_the_engines_rule():
    quiz = QuizWidget(QUIZZES[0], seed=2, index=INDEX)
    for _ in range(6):
        question = quiz.question
        quiz.choose(not question.legal)  # the wrong answer: the explanation still names the rule
        assert "Wrong" in quiz.answer.value
        if question.refusal is not None:
            assert f"[{question.refusal.rule}]" in quiz.answer.value
        quiz.next()
    assert quiz.score == [0, 6]


def test_every_rule_a_source_declares_is_citable_and_the_quizzes_reach_most_of_them():
    citable = set(citable_rules(INDEX))
    declared = {INDEX.resolve(rule).id for source in QUIZZES for rule in source.rules}
    assert declared <= citable, declared - citable
    assert len(declared) >= 0.9 * len(citable), sorted(citable - declared)


def test_a_points_question_is_the_engines_score_with_one_index_rule_per_line():
    source = next(s for s in QUIZZES if s.group == "buildings" and hasattr(s, "score"))
    for k in range(4):
        question = question_at(source, 0, k, index=INDEX)
        zoo = question.state.zoos[question.state.current_player]
        assert question.points == score(zoo).total and question.points in question.options
        assert all(INDEX.resolve(line.rule) for line in question.breakdown)
        assert "pts" not in QuizWidget(source, seed=k).picture.value  # the picture does not give it away


def test_the_engine_s_refusal_helpers_and_rule_constants_make_a_rule_citable():
    """Z-PLACE-2 is cited only through ONE_SPECIES, Z-REST-3 only inside ``_refuse(...)``: both can be a reason."""
    citable = citable_rules(INDEX)
    assert {"Z-PLACE-2", "Z-REST-3", "Z-MONEY-8", "Z-SITES-9"} <= set(citable)


def test_the_notebook_shows_every_drill_and_quiz_and_no_stored_output_gives_a_solution_away():
    import json
    from pathlib import Path

    notebook = Path(__file__).parents[2] / "notebooks" / "30-learn-zooloretto.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    sources = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert all(f'drills["{drill.id}"]' in sources for drill in DRILLS)
    named = {name for name in dir(__import__("zoobook.zooloretto.learn", fromlist=["x"])) if name.endswith("QUIZ")}
    shown = sum(f"learn.{name}" in sources for name in named) + sources.count("learn.SCORING_QUIZZES[")
    assert shown == len(QUIZZES)
    for cell in cells:
        text = json.dumps(cell.get("outputs", []))
        assert "Goal reached" not in text and "One way" not in text and "solution" not in text, cell["id"]
