"""The Learn widgets: a drill board that answers each click, a progress bar, a legal-or-not quiz.

Thin views: :class:`DrillWidget` shows a :class:`~zoobook.learn.drill.DrillRun` (picture, one
button per offered action, the engine's answer, Reset); :class:`QuizWidget` shows
:func:`~zoobook.learn.quiz.questions`; :class:`LearnProgress` counts the drills done. No rule
lives here: every answer is the engine's, every statement the rules index's.

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
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from zoobook.learn.drill import Drill, DrillRun
from zoobook.learn.quiz import QuizSource, questions
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
        self.ids = tuple(d.id if isinstance(d, Drill) else str(d) for d in drills)
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
    """One drill: the picture, the goal, one button per offered action, the answer line, Reset.

    Parameters
    ----------
    drill : Drill
    progress : LearnProgress, optional
        Told when the goal is reached.
    """

    def __init__(self, drill: Drill, progress: LearnProgress | None = None) -> None:
        self.drill = drill
        self.progress = progress
        self.run = DrillRun(drill)
        self.heading = widgets.HTML(f"<b>{html.escape(drill.title)}</b> — {html.escape(drill.goal)} "
                                    f"<small>(rules {html.escape(', '.join(drill.rules))})</small>")
        self.picture = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.answer = widgets.HTML()
        self.reset_button = widgets.Button(description="Reset", icon="undo")
        self.reset_button.on_click(lambda _: self.reset())
        super().__init__([self.heading, self.picture, self.buttons, self.answer, self.reset_button])
        self.add_class("zoobook-drill")
        self._show("")

    def _show(self, message: str, css: str = "") -> None:
        state = self.run.state
        self.picture.value = draw(self.drill.picture, state)
        buttons = []
        for action in self.run.choices():
            button = widgets.Button(description=self.drill.describe(action),
                                    layout=widgets.Layout(width="auto"), disabled=self.run.done)
            button.on_click(lambda _, action=action: self._try(action))
            buttons.append(button)
        self.buttons.children = buttons
        status = " zoobook-drill-done" if self.run.done else ""
        self.answer.value = (f'<div class="zoobook-drill-answer {css}{status}">{html.escape(message)}</div>'
                             if message else f'<div class="zoobook-drill-answer{status}"></div>')

    def _try(self, action) -> None:
        answer = self.run.try_action(action)
        css = "refused" if answer.refusal is not None else "accepted"
        if answer.reached and self.progress is not None:
            self.progress.mark_done(self.drill.id)
        self._show(answer.message, css)

    def click(self, label: str) -> None:
        """Press the button labelled *label* (tests drive the widget this way)."""
        for button in self.buttons.children:
            if button.description == label:
                button.click()
                return
        raise KeyError(f"no button {label!r} (buttons: {[b.description for b in self.buttons.children]})")

    def reset(self) -> None:
        """Back to the drill's start."""
        self.run.reset()
        self._show("")


class QuizWidget(widgets.VBox):
    """"Legal or not?": the question, two buttons, the engine's answer with the rule's id and why, Next.

    >>> from zoobook.fivebyfive.learn import QUIZZES
    >>> quiz = QuizWidget(QUIZZES[0], seed=3)
    >>> quiz.legal_button.click()
    >>> quiz.answer.value.count("Right") + quiz.answer.value.count("Wrong")
    1
    """

    def __init__(self, source: QuizSource, seed: int = 0, n: int = 20) -> None:
        self.source = source
        self.quiz = questions(source, n, seed)
        self.position = 0
        self.score = [0, 0]
        self.picture = widgets.HTML()
        self.prompt = widgets.HTML()
        self.legal_button = widgets.Button(description="Legal", button_style="success")
        self.illegal_button = widgets.Button(description="Not legal", button_style="danger")
        self.next_button = widgets.Button(description="Next", icon="forward")
        self.answer = widgets.HTML()
        self.legal_button.on_click(lambda _: self.choose(True))
        self.illegal_button.on_click(lambda _: self.choose(False))
        self.next_button.on_click(lambda _: self.next())
        super().__init__([self.picture, self.prompt,
                          widgets.HBox([self.legal_button, self.illegal_button, self.next_button]),
                          self.answer])
        self.add_class("zoobook-quiz")
        self._show()

    @property
    def question(self):
        return self.quiz[self.position % len(self.quiz)] if self.quiz else None

    def _show(self) -> None:
        question = self.question
        self.answer.value = ""
        if question is None:
            self.prompt.value = "<i>No questions.</i>"
            return
        self.picture.value = draw(self.source.picture, question.state) if question.state is not None else ""
        self.prompt.value = (f"<b>Question {self.position + 1}</b> ({html.escape(question.group)}): "
                             f"{html.escape(question.prompt)}")
        self.legal_button.disabled = self.illegal_button.disabled = False

    def choose(self, legal: bool) -> None:
        """Answer the current question: legal (True) or not (False)."""
        question = self.question
        if question is None or self.legal_button.disabled:
            return
        right = legal == question.legal
        self.score[0] += right
        self.score[1] += 1
        verdict = "Right" if right else "Wrong"
        self.answer.value = (f'<div class="zoobook-quiz-answer {verdict.lower()}"><b>{verdict}.</b> '
                             f"{html.escape(question.explanation)} "
                             f"<small>({self.score[0]} of {self.score[1]} right)</small></div>")
        self.legal_button.disabled = self.illegal_button.disabled = True

    def next(self) -> None:
        """The next question."""
        self.position += 1
        self._show()
