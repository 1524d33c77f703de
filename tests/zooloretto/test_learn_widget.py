"""The Zooloretto drills and quizzes in their widgets: clicks reach each goal, a refused click names the
rule and changes nothing, the progress bar counts, the quiz answers with the engine's rule."""

from __future__ import annotations

import pytest

from zoobook.widgets.drill import DrillWidget, LearnProgress, QuizWidget
from zoobook.zooloretto.learn import DRILLS, QUIZZES


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
    assert all(button.disabled for button in widget.buttons.children)
    widget.reset()
    assert not widget.run.done and repr(widget.run.state) == before


def test_the_picture_shows_the_trucks_and_every_zoo():
    widget = DrillWidget(DRILLS[0])
    assert widget.picture.value.count("<svg") == 2 and "zoobook-trucks" in widget.picture.value
    widget.click("take truck 1")
    assert "taken by player 0" in widget.picture.value


def test_the_quiz_widget_answers_with_the_engines_rule():
    quiz = QuizWidget(QUIZZES[0], seed=2, n=6)
    for _ in range(6):
        question = quiz.question
        quiz.choose(not question.legal)  # the wrong answer: the explanation still names the rule
        assert "Wrong" in quiz.answer.value
        if question.refusal is not None:
            assert f"[{question.refusal.rule}]" in quiz.answer.value
        quiz.next()
    assert quiz.score == [0, 6]
