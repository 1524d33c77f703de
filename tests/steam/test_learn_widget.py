"""The steam drills in the drill widget, driven by clicks as a learner would (no browser)."""

import pytest

from zoobook.steam.learn import DRILLS, QUIZZES, drill_by_id
from zoobook.widgets.drill import DrillWidget, LearnProgress, QuizWidget


def test_clicking_the_feeding_drill_refuses_the_bear_then_reaches_the_goal():
    progress = LearnProgress(DRILLS)
    widget = DrillWidget(drill_by_id("drill-feeding-lion"), progress)
    assert "<img" in widget.picture.value and "locomotive" in widget.picture.value
    widget.click("ship bear -> lion -> goats")
    assert "Refused [S4]" in widget.answer.value and "even with the Feeding discount" in widget.answer.value
    assert not widget.run.history and progress.done_count == 0
    widget.click("ship goats -> lion -> yaks")
    assert "Goal reached" in widget.answer.value and widget.run.done
    assert progress.label.value == f"1 of {len(DRILLS)} drills done"
    widget.reset_button.click()
    assert not widget.run.done and widget.run.state.position.discount_used is False


@pytest.mark.parametrize("drill_id", ["drill-blockers-cycle", "drill-urbanization-black-city"])
def test_every_button_of_a_solution_is_offered_and_leads_to_the_goal(drill_id):
    drill = drill_by_id(drill_id)
    widget = DrillWidget(drill)
    for action in drill.solution:
        assert not widget.run.done
        widget.click(drill.describe(action))
        assert "Refused" not in widget.answer.value, widget.answer.value
    assert widget.run.done and "zoobook-drill-done" in widget.answer.value


def test_the_quiz_widget_answers_with_the_engines_rule():
    quiz = QuizWidget(next(q for q in QUIZZES if q.group == "blockers"), seed=3, n=8)
    for _ in range(8):
        question = quiz.question
        (quiz.illegal_button if question.legal else quiz.legal_button).click()   # the wrong answer
        assert "Wrong." in quiz.answer.value
        if not question.legal:
            assert f"[{question.refusal.rule}]" in quiz.answer.value
        quiz.next_button.click()
    assert quiz.score == [0, 8]
