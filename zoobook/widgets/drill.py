"""The Learn widgets: a drill board that answers each click, a progress bar, a quiz.

Thin views: :class:`DrillWidget` shows a :class:`~zoobook.learn.drill.DrillRun` (picture, one
button per offered action, the engine's answer, Undo, Reset, Show me); :class:`QuizWidget` shows
the endless stream of :func:`~zoobook.learn.quiz.question_at` (legal or not, then which rule;
or how many points); :class:`LearnProgress` counts the drills done. No rule lives here: every
answer is the engine's, every statement the rules index's.

Stable names for browser tests: a drill is ``.zoobook-drill``; its action buttons carry
``zoobook-drill-action`` and their action's words; ``Undo`` (``zoobook-drill-undo``), ``Reset``
(``zoobook-drill-reset``) and ``Show me`` (``zoobook-drill-show``) are always there; the answer is
``.zoobook-drill-answer`` (with ``accepted``, ``refused``, ``missed``, ``zoobook-drill-done``). A quiz
is ``.zoobook-quiz``: ``Legal`` / ``Not legal`` (``zoobook-quiz-verdict``), then for an illegal
action one button per rule (``zoobook-quiz-reason``, labelled with the rule's statement), or for a
points question one button per number (``zoobook-quiz-points``, ``"7 points"``), and ``Next``
(``zoobook-quiz-next``); the answer is ``.zoobook-quiz-answer`` (``right`` / ``wrong``).

Examples
--------
>>> from zoobook.learn.drill import Drill
>>> from zoobook.fivebyfive.learn import DRILLS
>>> progress = LearnProgress(DRILLS)
>>> widget = DrillWidget(DRILLS[0], progress)
>>> for action in DRILLS[0].solution:
...     widget.click(DRILLS[0].describe(action))
>>> widget.run.done, progress.done_count
(True, 1)
>>> "Goal reached" in widget.answer.value
True
>>> widget.undo_button.click(); widget.run.done, progress.done_count    # done stays counted
(False, 1)
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence

import ipywidgets as widgets

from zoobook.learn.drill import Drill, DrillRun
from zoobook.learn.index import RulesIndex
from zoobook.learn.quiz import Question, QuizSource, ScoreSource, question_at, rule_index
from zoobook.puzzles.registry import resolve

__all__ = ["DrillWidget", "LearnProgress", "QuizWidget", "draw"]


def draw(picture, state) -> str:
    """A drill's or a quiz's *picture* of *state* as HTML; ``""`` without a picture.

    *picture* is the function itself or its hook, ``"module:function"``, imported on first use
    (:func:`zoobook.puzzles.registry.resolve`): a game's ``learn.py`` names its pictures, which
    live in ``zoobook/widgets/``, so the rules package never imports a widget
    (docs/architecture.md, the layers).

    >>> from zoobook.fivebyfive.learn import DRILLS, LINEUP_PICTURE
    >>> lineup_drill = next(d for d in DRILLS if d.picture == LINEUP_PICTURE)
    >>> draw(LINEUP_PICTURE, lineup_drill.start()).startswith("<svg")
    True
    >>> draw(None, lineup_drill.start())
    ''
    """
    return resolve(picture)(state) if picture else ""


class LearnProgress(widgets.HBox):
    """A bar "3 of 12 drills done", shared by a notebook's drill widgets.

    >>> bar = LearnProgress(["a", "b"])
    >>> bar.mark_done("a"); bar.mark_done("a"); bar.label.value
    '1 of 2 drills done'
    """

    def __init__(self, drills: Sequence) -> None:
        self.ids = tuple(str(getattr(d, "id", d)) for d in drills)       # a Drill or its id
        self.done: set[str] = set()
        self.bar = widgets.IntProgress(value=0, min=0, max=max(1, len(self.ids)))
        self.label = widgets.Label()
        super().__init__([self.bar, self.label])
        self.add_class("zoobook-learn-progress")
        self._update()

    @property
    def done_count(self) -> int:
        return len(self.done)

    def mark_done(self, drill_id: str) -> None:
        """Count *drill_id* as done (once)."""
        if drill_id in self.ids:
            self.done.add(drill_id)
        self._update()

    def _update(self) -> None:
        self.bar.value = len(self.done)
        self.label.value = f"{len(self.done)} of {len(self.ids)} drills done"


class DrillWidget(widgets.VBox):
    """One drill: the goal, the picture, one button per offered action, the answer, Undo, Reset, Show me.

    Parameters
    ----------
    drill : Drill
    progress : LearnProgress, optional
        Told when the goal is reached (by the learner, not by "Show me").
    """

    def __init__(self, drill: Drill, progress: LearnProgress | None = None) -> None:
        self.drill = drill
        self.progress = progress
        self.run = DrillRun(drill)
        self.heading = widgets.HTML(f"<b>{html.escape(drill.title)}</b> — {html.escape(drill.goal)} "
                                    f"<small>({html.escape(', '.join(drill.rules))})</small>")
        self.picture = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.answer = widgets.HTML()
        self.undo_button = widgets.Button(description="Undo", icon="step-backward")
        self.reset_button = widgets.Button(description="Reset", icon="undo")
        self.show_button = widgets.Button(description="Show me", icon="eye")
        for button, css, act in ((self.undo_button, "undo", self.undo), (self.reset_button, "reset", self.reset),
                                 (self.show_button, "show", self.show_me)):
            button.add_class(f"zoobook-drill-{css}")
            button.on_click(lambda _, act=act: act())
        super().__init__([self.heading, self.picture, self.buttons, self.answer,
                          widgets.HBox([self.undo_button, self.reset_button, self.show_button])])
        self.add_class("zoobook-drill")
        self._show("")

    def _show(self, message: str, css: str = "") -> None:
        state = self.run.state
        self.picture.value = draw(self.drill.picture, state)
        buttons = []
        for action in self.run.choices():
            button = widgets.Button(description=self.drill.describe(action), layout=widgets.Layout(width="auto"))
            button.add_class("zoobook-drill-action")
            button.on_click(lambda _, action=action: self._try(action))
            buttons.append(button)
        self.buttons.children = buttons
        self.undo_button.disabled = not self.run.can_undo()
        status = " zoobook-drill-done" if self.run.done else ""
        self.answer.value = (f'<div class="zoobook-drill-answer {css}{status}">{html.escape(message)}</div>'
                             if message else f'<div class="zoobook-drill-answer{status}"></div>')

    def _try(self, action) -> None:
        answer = self.run.try_action(action)
        css = "refused" if answer.refusal is not None else "missed" if answer.missed else "accepted"
        if answer.reached and self.progress is not None:
            self.progress.mark_done(self.drill.id)
        self._show(answer.message, css)

    def click(self, label: str) -> None:
        """Press the action button labelled *label* (tests drive the widget this way)."""
        for button in self.buttons.children:
            if button.description == label:
                button.click()
                return
        raise KeyError(f"no button {label!r} (buttons: {[b.description for b in self.buttons.children]})")

    def undo(self) -> None:
        """Take the last move back."""
        if self.run.undo():
            self._show("Took the last move back." + (f" Still: {self.run.missed}." if self.run.missed else ""))

    def reset(self) -> None:
        """Back to the drill's start."""
        self.run.reset()
        self._show("")

    def show_me(self) -> None:
        """Play the known solution from the start (it does not count as done; Reset to try it yourself)."""
        self.run.play_solution()
        steps = "; ".join(self.drill.describe(action) for action in self.drill.solution)
        self._show(f"One way: {steps}. Press Reset to do it yourself.", "shown")


def _statement(rule_id: str, index: RulesIndex | None) -> str:
    index = rule_index(rule_id, index)
    try:
        return index.resolve(rule_id).statement if index is not None else rule_id
    except KeyError:
        return rule_id


class QuizWidget(widgets.VBox):
    """A quiz without end: legal or not (then which rule), or how many points; the engine's answer and why.

    Parameters
    ----------
    source : QuizSource or ScoreSource
    seed : int or None
        The stream (:func:`~zoobook.learn.quiz.question_at`); question *k* is drawn anew from it.
        None: a new stream each time the widget is made (new positions for every reader).
    n : int, optional
        Kept for old callers; the quiz has no end.
    index : RulesIndex, optional
        The game's rules index (statements of the "which rule?" choices).

    >>> from zoobook.fivebyfive.learn import QUIZZES
    >>> quiz = QuizWidget(QUIZZES[0], seed=3)
    >>> quiz.legal_button.click()
    >>> quiz.answer.value.count("Right") + quiz.answer.value.count("Wrong")
    1
    """

    def __init__(self, source: QuizSource | ScoreSource, seed: int | None = 0, n: int | None = None,
                 index: RulesIndex | None = None) -> None:
        self.source = source
        self.seed = random.randrange(10**9) if seed is None else seed
        self.index = index
        self.position = 0
        self.score = [0, 0]
        self.rule_score = [0, 0]
        self._question: Question | None = None
        self.picture = widgets.HTML()
        self.prompt = widgets.HTML()
        self.legal_button = widgets.Button(description="Legal", button_style="success")
        self.illegal_button = widgets.Button(description="Not legal", button_style="danger")
        self.next_button = widgets.Button(description="Next", icon="forward")
        for button in (self.legal_button, self.illegal_button):
            button.add_class("zoobook-quiz-verdict")
        self.next_button.add_class("zoobook-quiz-next")
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.answer = widgets.HTML()
        self.legal_button.on_click(lambda _: self.choose(True))
        self.illegal_button.on_click(lambda _: self.choose(False))
        self.next_button.on_click(lambda _: self.next())
        self.verdicts = widgets.HBox([self.legal_button, self.illegal_button])
        super().__init__([self.picture, self.prompt, self.verdicts, self.choices, self.answer,
                          widgets.HBox([self.next_button])])
        self.add_class("zoobook-quiz")
        self._show()

    @property
    def question(self) -> Question | None:
        if self._question is None:
            self._question = question_at(self.source, self.seed, self.position, index=self.index)
        return self._question

    def _show(self) -> None:
        question = self.question
        self.answer.value = ""
        self.choices.children = ()
        if question is None:
            self.prompt.value = "<i>No questions.</i>"
            return
        self.picture.value = draw(self.source.picture, question.state) if question.state is not None else ""
        self.prompt.value = (f"<b>Question {self.position + 1}</b> ({html.escape(question.group)}): "
                             f"{html.escape(question.prompt)}")
        points = question.kind == "points"
        self.verdicts.layout.display = "none" if points else None
        self.legal_button.disabled = self.illegal_button.disabled = points
        if points:
            self.choices.children = [self._choice(self.source.label(n), "points", lambda n=n: self.choose_points(n))
                                     for n in question.options]

    def _choice(self, label: str, css: str, act) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="auto"), tooltip=label)
        button.add_class(f"zoobook-quiz-{css}")
        button.on_click(lambda _: act())
        return button

    def _say(self, right: bool, text: str, tally: list) -> None:
        verdict = "Right" if right else "Wrong"
        which = " rules" if tally is self.rule_score else ""       # "which rule?" answers are counted apart
        self.answer.value = (f'<div class="zoobook-quiz-answer {verdict.lower()}"><b>{verdict}.</b> '
                             f"{html.escape(text)} <small>({tally[0]} of {tally[1]} right"
                             f"{which})</small></div>")

    def choose(self, legal: bool) -> None:
        """Answer the current question: legal (True) or not (False).

        A right "Not legal" is followed by "which rule?"; a wrong answer gets the engine's words at once.
        """
        question = self.question
        if question is None or question.kind != "legal" or self.legal_button.disabled:
            return
        right = legal == question.legal
        self.score[0] += right
        self.score[1] += 1
        self.legal_button.disabled = self.illegal_button.disabled = True
        if question.legal or not right or len(question.reasons) < 2:   # "which rule?" asks who said "Not legal"
            self._say(right, question.explanation, self.score)
            return
        self._say(right, "It is not legal. Which rule does it break?", self.score)
        self.choices.children = [self._choice(_statement(rule_id, self.index), "reason",
                                              lambda rule_id=rule_id: self.choose_rule(rule_id))
                                 for rule_id in question.reasons]

    def choose_rule(self, rule_id: str) -> None:
        """Answer "which rule?" with *rule_id*; the engine's own words follow."""
        question = self.question
        if question is None or not self.choices.children or question.kind != "legal":
            return
        right = rule_id == question.rule
        self.rule_score[0] += right
        self.rule_score[1] += 1
        self.choices.children = ()
        self._say(right, question.explanation, self.rule_score)

    def choose_points(self, points) -> None:
        """Answer a "how many points?" question (or its kin: who wins, which rank)."""
        question = self.question
        if question is None or question.kind != "points" or not self.choices.children:
            return
        right = points == question.points
        self.score[0] += right
        self.score[1] += 1
        self.choices.children = ()
        self._say(right, question.explanation, self.score)

    def next(self) -> None:
        """The next question (a new position)."""
        self.position += 1
        self._question = None
        self._show()
