"""The "Check my answer" button and the challenge's answer box: thin views over :mod:`.checking`.

Both render the :class:`~zoobook.classroom.checking.Report` into an ``HTML``
widget (so a test, nbval or a Voila app reads exactly what the student sees).

>>> from zoobook.classroom.checking import Case, Exercise
>>> double = Exercise("double", "twice n", lambda n: 2 * n, workbook=lambda: [Case("n = 2", (2,))],
...                   random_case=lambda rng: Case("n", (rng.randint(0, 9),)))
>>> button = CheckButton(double, lambda n: n + n)
>>> button.button.click()
>>> "all 31 cases pass" in button.result.value
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from zoobook.classroom.checking import Challenge, Exercise, Report, check, check_answer, report_html

__all__ = ["CheckButton", "AnswerBox", "check_button", "answer_box"]


def _user_namespace() -> dict:
    """The notebook's variables (IPython's user namespace), or ``__main__``'s outside a kernel."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython comes with jupyterlab
        shell = None
    if shell is not None:
        return shell.user_ns
    import __main__

    return vars(__main__)


class CheckButton(widgets.VBox):
    """A "Check my answer" button for one exercise.

    Parameters
    ----------
    exercise : Exercise
    function : callable or str, optional
        The student's function, or its name, looked up in the notebook when the
        button is clicked (so redefining the function and clicking again checks
        the new one). Default: the exercise's name.
    seed : int, optional
        Fixes the hidden random cases (tests); fresh ones each click otherwise.
    """

    def __init__(self, exercise: Exercise, function: Callable | str | None = None, *,
                 seed: int | None = None) -> None:
        self.exercise = exercise
        self.function = exercise.name if function is None else function
        self.seed = seed
        self.button = widgets.Button(description="Check my answer", icon="check",
                                     button_style="primary",
                                     tooltip=f"test {exercise.name} on the workbook's puzzles and hidden cases")
        self.result = widgets.HTML(f"<i>Write <code>{html.escape(exercise.name)}</code>, then click to "
                                   f"check it.</i>")
        self.report: Report | None = None
        self.button.on_click(lambda _: self.run())
        super().__init__([self.button, self.result])

    def resolve(self) -> Callable | None:
        """The function to check now."""
        if callable(self.function):
            return self.function
        return _user_namespace().get(self.function)

    def run(self) -> Report | None:
        """Check the function and show the verdict (what a click does)."""
        function = self.resolve()
        if not callable(function):
            self.report = None
            self.result.value = (f'<div class="zoobook-check zoobook-fail" style="color:#8b1a1a">'
                                 f"&#10008; There is no function <code>{html.escape(str(self.function))}"
                                 f"</code> yet: run the cell that defines it first.</div>")
            return None
        self.result.value = "<i>checking...</i>"
        self.report = check(function, self.exercise, seed=self.seed)
        self.result.value = report_html(self.report)
        return self.report


class AnswerBox(widgets.VBox):
    """A text box and a "Check my answer" button for an open challenge.

    >>> from zoobook.classroom.checking import Challenge
    >>> box = AnswerBox(Challenge("ten", "5 + 5?", solve=lambda: 10))
    >>> box.answer.value = "12"
    >>> box.button.click()
    >>> "too high" in box.result.value
    True
    """

    def __init__(self, challenge: Challenge, *, placeholder: str = "your answer") -> None:
        self.challenge = challenge
        self.answer = widgets.Text(placeholder=placeholder, description="Answer:")
        self.button = widgets.Button(description="Check my answer", icon="check",
                                     button_style="primary")
        self.result = widgets.HTML(f"<i>{html.escape(challenge.question)}</i>")
        self.report: Report | None = None
        self.button.on_click(lambda _: self.run())
        super().__init__([widgets.HBox([self.answer, self.button]), self.result])

    def run(self) -> Report | None:
        text = self.answer.value.strip()
        if not text:
            self.result.value = "<i>Type an answer first.</i>"
            return None
        try:
            value: Any = self.challenge.parse(text)
        except (TypeError, ValueError) as exc:
            self.result.value = (f'<div class="zoobook-check zoobook-fail" style="color:#8b1a1a">'
                                 f"&#10008; {html.escape(text)!s} cannot be read as an answer: "
                                 f"{html.escape(str(exc))}</div>")
            return None
        self.report = check_answer(value, self.challenge)
        self.result.value = report_html(self.report)
        return self.report


def check_button(exercise: Exercise, function: Callable | str | None = None) -> CheckButton:
    """A :class:`CheckButton` (the name reads well in a notebook cell)."""
    return CheckButton(exercise, function)


def answer_box(challenge: Challenge) -> AnswerBox:
    """An :class:`AnswerBox` for *challenge*."""
    return AnswerBox(challenge)
