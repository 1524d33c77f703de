"""The Learn widgets driven by clicks, on the toy pile of the core tests (no game's rules needed)."""

from __future__ import annotations

from tests.foundation.test_learn_core import DRILL, Pile
from zoobook.learn.quiz import QuizSource
from zoobook.widgets.drill import DrillWidget, LearnProgress, QuizWidget


def labels(widget: DrillWidget) -> list[str]:
    return [button.description for button in widget.buttons.children]


def test_clicking_a_drill_to_its_goal_refusals_first_then_reset():
    progress = LearnProgress([DRILL, "drill-other"])
    widget = DrillWidget(DRILL, progress)
    assert labels(widget) == ["take 1", "take 2", "take 3"] and progress.label.value == "0 of 2 drills done"
    widget.click("take 3")
    assert "Refused [Q-TAKE-1]: cannot take 3 of 3" in widget.answer.value and "refused" in widget.answer.value
    assert widget.run.state.left == 3
    widget.click("take 2")
    assert "take 2: legal." in widget.answer.value and widget.run.state.left == 1
    widget.click("take 1")
    assert "Goal reached" in widget.answer.value and "zoobook-drill-done" in widget.answer.value
    assert all(button.disabled for button in widget.buttons.children)
    assert progress.label.value == "1 of 2 drills done" and progress.bar.value == 1
    widget.reset_button.click()
    assert widget.run.state.left == 3 and widget.answer.value.count("Goal") == 0
    assert not any(button.disabled for button in widget.buttons.children)
    widget.click("take 2")
    widget.click("take 1")
    assert progress.label.value == "1 of 2 drills done"     # a drill counts once


def test_the_quiz_widget_says_right_or_wrong_with_the_rule_and_moves_on():
    source = QuizSource("take", states=lambda rng: Pile(rng.randint(0, 4)),
                        candidates=lambda state, rng: [1, 2, 3], describe=lambda n: f"take {n}",
                        context=lambda state: f"{state.left} left.")
    quiz = QuizWidget(source, seed=2, n=6)
    first = quiz.question
    assert "Question 1" in quiz.prompt.value and first.prompt in quiz.prompt.value.replace("&#x27;", "'")
    quiz.choose(not first.legal)
    assert "Wrong." in quiz.answer.value and "0 of 1 right" in quiz.answer.value
    quiz.legal_button.click()                      # answered already: a second click changes nothing
    assert "0 of 1 right" in quiz.answer.value
    quiz.next_button.click()
    second = quiz.question
    assert "Question 2" in quiz.prompt.value and quiz.answer.value == ""
    (quiz.legal_button if second.legal else quiz.illegal_button).click()
    assert "Right." in quiz.answer.value and "1 of 2 right" in quiz.answer.value
    if not second.legal:
        assert "[Q-TAKE-1]" in quiz.answer.value
