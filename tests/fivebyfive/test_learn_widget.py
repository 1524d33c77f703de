"""The Learn widgets on 5x5 Zoo drills and quizzes, driven by clicking their buttons."""

from __future__ import annotations

import pytest

from zoobook.fivebyfive.learn import DRILLS, QUIZZES, drill
from zoobook.widgets.drill import DrillWidget, LearnProgress, QuizWidget


@pytest.mark.parametrize("drill_id", ["drill-lineup-doors", "drill-turn-door", "drill-final-scoring"])
def test_clicking_a_drills_solution_reaches_the_goal_and_ticks_the_bar(drill_id):
    progress = LearnProgress(DRILLS)
    widget = DrillWidget(drill(drill_id), progress)
    assert "<svg" in widget.picture.value or "zoobook-5x5" in widget.picture.value
    for action in widget.drill.solution:
        widget.click(widget.drill.describe(action))
        assert "Refused" not in widget.answer.value
    assert "Goal reached" in widget.answer.value and widget.run.done
    assert progress.label.value == f"1 of {len(DRILLS)} drills done"
    assert all(button.disabled for button in widget.buttons.children)


def test_a_refused_click_names_the_rule_and_leaves_the_board_as_it_was():
    widget = DrillWidget(drill("drill-lineup-doors"))
    picture = widget.picture.value
    widget.click("move to B3")
    assert "Refused [F4]" in widget.answer.value and widget.picture.value == picture
    widget.click("move to A3")
    widget.click("place a red cube")
    widget.click("move to B3")
    assert "Refused [F7]" in widget.answer.value and "wall" in widget.answer.value
    widget.reset_button.click()
    assert widget.run.state.path == () and widget.answer.value.count("Refused") == 0


def test_the_quiz_widget_on_a_real_game_position():
    quiz = QuizWidget(next(q for q in QUIZZES if q.group == "turn"), seed=4, n=5)
    seen = set()
    for _ in range(5):
        question = quiz.question
        seen.add(question.prompt)
        (quiz.legal_button if question.legal else quiz.illegal_button).click()
        assert "Right." in quiz.answer.value
        assert "zoobook-5x5-main" in quiz.picture.value or "zoobook-5x5-zoo" in quiz.picture.value
        quiz.next_button.click()
    assert len(seen) == 5 and quiz.score == [5, 5]
