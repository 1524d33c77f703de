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


def test_an_illegal_answer_asks_which_rule_with_the_true_rule_among_plausible_ones():
    from zoobook.fivebyfive.learn import QUIZZES
    from zoobook.learn.index import load_index

    index = load_index("fivebyfive")
    quiz = QuizWidget(next(q for q in QUIZZES if q.group == "lineup"), seed=0, index=index)
    while quiz.question.legal:
        quiz.next_button.click()
    question = quiz.question
    quiz.illegal_button.click()
    assert "Right." in quiz.answer.value and "Which rule" in quiz.answer.value
    reasons = [button.description for button in quiz.choices.children]
    assert 3 <= len(reasons) <= 4 and index.resolve(question.rule).statement in reasons
    assert all("zoobook-quiz-reason" in button._dom_classes for button in quiz.choices.children)
    assert {index.resolve(r).group for r in question.reasons} == {index.resolve(question.rule).group}
    wrong = next(b for b in quiz.choices.children if b.description != index.resolve(question.rule).statement)
    wrong.click()
    assert "Wrong." in quiz.answer.value and f"[{question.refusal.rule}]" in quiz.answer.value
    assert quiz.choices.children == () and quiz.rule_score == [0, 1] and quiz.score == [1, 1]
    quiz.next_button.click()
    while quiz.question.legal:
        quiz.next_button.click()
    quiz.legal_button.click()                  # a wrong "Legal": the engine's words at once, no "which rule?"
    assert "Wrong." in quiz.answer.value and f"[{quiz.question.refusal.rule}]" in quiz.answer.value
    assert quiz.choices.children == ()


def test_a_drill_move_that_misses_says_why_and_undo_takes_it_back():
    from zoobook.learn.drill import Drill

    drill = Drill("drill-two", "take", "Two takes", "Empty the pile in exactly two takes.", ("Q-TAKE-1",),
                  start=lambda: Pile(3), choices=lambda s: [1, 2, 3], reached=lambda s: s.left == 0,
                  solution=(2, 1), describe=lambda n: f"take {n}",
                  misses=lambda s: "one take cannot empty the pile now" if s.left == 2 else None)
    widget = DrillWidget(drill)
    assert widget.undo_button.disabled and not widget.reset_button.disabled
    widget.click("take 1")
    assert "legal, but one take cannot empty the pile now" in widget.answer.value
    assert "missed" in widget.answer.value and not widget.undo_button.disabled
    widget.undo_button.click()
    assert widget.run.state.left == 3 and widget.run.history == () and widget.undo_button.disabled
    widget.show_button.click()                      # plays the solution; the learner is not counted done
    assert widget.run.done and "One way: take 2; take 1" in widget.answer.value
    widget.reset_button.click()
    assert widget.run.state.left == 3 and labels(widget) == ["take 1", "take 2", "take 3"]


def test_a_points_question_offers_numbers_and_answers_with_the_breakdown():
    from zoobook.learn.quiz import ScoreLine, ScoreSource

    source = ScoreSource("take", states=lambda rng: Pile(rng.randint(1, 6)),
                         score=lambda s: [ScoreLine(s.left, f"{s.left} left", "Q-TAKE-2"),
                                          ScoreLine(1, "a bonus", "Q-X")],
                         ask="How many points?")
    quiz = QuizWidget(source, seed=5)
    question = quiz.question
    assert question.kind == "points" and question.points == question.state.left + 1
    assert quiz.verdicts.layout.display == "none" and quiz.legal_button.disabled
    labels_now = [b.description for b in quiz.choices.children]
    assert f"{question.points} points" in labels_now and len(labels_now) == 4
    quiz.choices.children[labels_now.index(f"{question.points} points")].click()
    assert "Right." in quiz.answer.value and "a bonus: 1 point (Q-X)" in quiz.answer.value
    assert quiz.score == [1, 1] and quiz.choices.children == ()
