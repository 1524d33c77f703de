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


#: Challenges answered in this kernel (name -> the verdict): a box with one try stays closed when
#: its cell runs again and makes a new box.
_ANSWERED: dict[str, Report] = {}


class AnswerBox(widgets.VBox):
    """A text box and a "Check my answer" button for an open challenge.

    Parameters
    ----------
    challenge : Challenge
    tries : int or None
        How many answers the box takes (``None``: any number). The student edition's box takes
        one and then closes, in this box and in any box for the same challenge made later in
        the same kernel: answering again and again would find the answer by guessing.
    hints : bool
        Tell a wrong answer why ("too low", the rule a network breaks), as the teacher's edition
        does for a class calling out answers. Without hints a box says only right or wrong.

    >>> from zoobook.classroom.checking import Challenge
    >>> box = AnswerBox(Challenge("ten", "5 + 5?", solve=lambda: 10), tries=None, hints=True)
    >>> box.answer.value = "12"
    >>> box.button.click()
    >>> "too high" in box.result.value
    True
    """

    def __init__(self, challenge: Challenge, *, placeholder: str = "your answer", tries: int | None = 1,
                 hints: bool = False) -> None:
        self.challenge = challenge
        self.tries = tries
        self.hints = hints
        self.answers = 0
        self.answer = widgets.Text(placeholder=placeholder, description="Answer:")
        self.button = widgets.Button(description="Check my answer", icon="check",
                                     button_style="primary")
        once = " You have one answer: it is marked right or wrong." if tries == 1 else ""
        self.result = widgets.HTML(f"<i>{html.escape(challenge.question)}{once}</i>")
        self.report: Report | None = None
        self.button.on_click(lambda _: self.run())
        super().__init__([widgets.HBox([self.answer, self.button]), self.result])
        if tries is not None and challenge.name in _ANSWERED:
            self._close(_ANSWERED[challenge.name])

    @property
    def closed(self) -> bool:
        """True when the box takes no more answers."""
        return self.button.disabled

    def _close(self, report: Report) -> None:
        self.report = report
        self.answer.disabled = self.button.disabled = True
        self.result.value = (report_html(report) + "<p><i>This challenge takes one answer, and it has been "
                             "given: the box is closed.</i></p>")

    def run(self) -> Report | None:
        if self.closed:
            return self.report
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
        self.report = check_answer(value, self.challenge, hints=self.hints)
        self.answers += 1
        if self.tries is not None and self.answers >= self.tries:
            _ANSWERED[self.challenge.name] = self.report
            self._close(self.report)
        else:
            self.result.value = report_html(self.report)
        return self.report


def check_button(exercise: Exercise, function: Callable | str | None = None) -> CheckButton:
    """A :class:`CheckButton` (the name reads well in a notebook cell)."""
    return CheckButton(exercise, function)


def answer_box(challenge: Challenge, *, tries: int | None = 1, hints: bool = False) -> AnswerBox:
    """An :class:`AnswerBox` for *challenge*."""
    return AnswerBox(challenge, tries=tries, hints=hints)
