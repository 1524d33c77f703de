"""The self-check: a student's function against the library's solver, case by case.

An :class:`Exercise` names the function a student writes, the library function
that gives the right answer (the *reference*), how to judge an answer (equal
value, same set, a valid path of the right length...), the workbook's puzzles as
named cases, and a generator of random cases the student never sees. :func:`check`
runs the student's function on all of them and returns a :class:`Report`: which
case failed first, the expected and the received answer, and a drawing of the
case where a board helps. A :class:`Challenge` is a single harder question whose
answer (a number, a route, a network...) :func:`check_answer` verifies.

An exercise also names the library's own solvers of its problem (``solvers``): the
check runs the student's function with each of them patched to raise, wherever
the library or the notebook holds it, so a function that only wraps the
library's answer fails ("your function calls zoobook's solver; write your own").

Nothing here knows a game: the exercises live in :mod:`zoobook.classroom.exercises`.

Examples
--------
>>> import random
>>> square = Exercise("square", "the square of n", lambda n: n * n,
...                   workbook=lambda: [Case("n = 3", (3,))],
...                   random_case=lambda rng: Case("random n", (rng.randint(-9, 9),)))
>>> check(lambda n: n * n, square, seed=1).passed
True
>>> report = check(lambda n: n + n, square, seed=1)
>>> print(report.text)
square: case "n = 3" failed: expected 9, got 6.
"""

from __future__ import annotations

import contextlib
import copy
import html
import importlib
import random
import reprlib
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import InitVar, dataclass, field
from typing import Any
from unittest import mock

__all__ = ["Case", "Exercise", "Challenge", "Failure", "Report", "check", "check_answer",
           "judge_equal", "judge_same_set", "judge_secret", "show", "SolverCalled", "solver_functions"]

#: How many hidden random cases :func:`check` runs unless the exercise says otherwise.
RANDOM_CASES = 30

_repr = reprlib.Repr()
_repr.maxlist = _repr.maxtuple = _repr.maxset = _repr.maxdict = 12
_repr.maxstring = _repr.maxother = 120
_repr.maxlevel = 4


def show(value: Any) -> str:
    """A value as a student reads it in a report (long containers are shortened).

    >>> show({(0, 1), (1, 0)})
    '{(0, 1), (1, 0)}'
    """
    if isinstance(value, (set, frozenset)):
        try:
            value = sorted(value)
            return "{" + _repr.repr(value)[1:-1] + "}"
        except TypeError:
            pass
    return _repr.repr(value)


@dataclass(frozen=True)
class Case:
    """One input to try.

    Attributes
    ----------
    name : str
        How the report names it: a puzzle's title, "random case 7"...
    args : tuple
        The arguments for the student's function (each call gets a deep copy of
        the mutable ones, so a function that changes its input spoils nothing).
    context : object
        Whatever the exercise's drawing needs (a map, a board); not passed on.
    """

    name: str
    args: tuple
    context: Any = None


def judge_equal(case: Case, expected: Any, got: Any) -> str | None:
    """Right when ``got == expected``."""
    if got == expected:
        return None
    return f"expected {show(expected)}, got {show(got)}"


def judge_same_set(case: Case, expected: Any, got: Any) -> str | None:
    """Right when *got* holds the same items as *expected*, in any order, once each."""
    try:
        items = list(got)
    except TypeError:
        return f"expected a collection like {show(set(expected))}, got {show(got)}"
    want = set(expected)
    if len(items) != len(set(items)):
        return f"some items appear twice in {show(items)}"
    have = set(items)
    if have == want:
        return None
    parts = []
    if want - have:
        parts.append(f"missing {show(want - have)}")
    if have - want:
        parts.append(f"should not contain {show(have - want)}")
    return f"expected {show(want)}, got {show(have)}: " + "; ".join(parts)


@dataclass(frozen=True)
class Exercise:
    """A function to write, its reference answer and the cases that test it.

    Attributes
    ----------
    name : str
        The function's name in the notebook (``hex_distance``).
    task : str
        One line: what the function returns.
    reference : callable
        The library's answer for a case's arguments. Kept private (``_reference``):
        the student's notebook holds the exercise, and a public attribute would hand
        the answer out.
    workbook : callable
        ``() -> list[Case]``: the named cases (the workbook's puzzles), shown to students.
    random_case : callable
        ``(random.Random) -> Case``: one hidden random case.
    judge : callable
        ``(case, expected, got) -> None`` when right, else a sentence saying how
        it is wrong. Default: equality.
    draw : callable or None
        ``(case, expected, got) -> matplotlib Figure`` picturing a failed case.
    random_cases : int
        How many random cases a check runs.
    solvers : tuple of str
        Dotted names of the library functions that solve this exercise's problem
        (``"zoobook.steam.zoo.shipping.min_locomotive"``, networkx's own where the
        statement asks for the algorithm networkx has). While the student's function
        runs, each of them, and the reference itself, is patched to raise wherever a
        module of zoobook or networkx, or the notebook, holds it: a function that
        calls one fails the case.
    """

    name: str
    task: str
    reference: InitVar[Callable[..., Any]]
    workbook: Callable[[], Sequence[Case]]
    random_case: Callable[[random.Random], Case]
    judge: Callable[[Case, Any, Any], str | None] = judge_equal
    draw: Callable[[Case, Any, Any], Any] | None = None
    random_cases: int = RANDOM_CASES
    solvers: tuple[str, ...] = ()

    def __post_init__(self, reference: Callable[..., Any]) -> None:
        object.__setattr__(self, "_reference", reference)

    def cases(self, seed: int, count: int | None = None) -> list[Case]:
        """The workbook's cases, then *count* random ones from *seed*."""
        rng = random.Random(seed)
        hidden = []
        for number in range(1, (self.random_cases if count is None else count) + 1):
            case = self.random_case(rng)
            hidden.append(Case(f"random case {number} ({case.name}, seed {seed})", case.args,
                               case.context))
        return [*self.workbook(), *hidden]


@dataclass(frozen=True)
class Failure:
    """How a case failed: the case, what was expected, what came back and why it is wrong."""

    case: Case
    expected: Any
    got: Any
    reason: str
    picture: str = ""  # an <img> of the case, when the exercise draws one
    reveal: bool = True  # False for challenges: a wrong answer does not give the right one away


@dataclass(frozen=True)
class Report:
    """The verdict of :func:`check` or :func:`check_answer`.

    Shown in a notebook it renders as a short coloured note; ``text`` is the
    same in plain words; :meth:`require` turns a failure into an
    ``AssertionError`` for graded cells (nbgrader scores a cell that raises as 0).
    """

    title: str
    passed: bool
    cases: int
    failures: tuple[Failure, ...] = ()
    workbook_cases: int = 0
    note: str = ""

    @property
    def first(self) -> Failure | None:
        return self.failures[0] if self.failures else None

    @property
    def text(self) -> str:
        if self.passed:
            return self.note or (f"{self.title}: all {self.cases} cases pass "
                                 f"({self.workbook_cases} from the workbook, "
                                 f"{self.cases - self.workbook_cases} hidden random ones).")
        failure = self.first
        text = f'{self.title}: case "{failure.case.name}" failed: {failure.reason}.'
        if len(self.failures) > 1:
            text += f" ({len(self.failures) - 1} more failed after it.)"
        return text

    def require(self) -> None:
        """AssertionError with the report's text when a case failed; else the report is shown.

        For graded cells: nbgrader scores a cell that raises 0. A passing report is shown as the
        cell's display output, not returned as its value: nbgrader reads a graded cell's value as
        partial credit and warns that a report "cannot be converted to a float".
        """
        if not self.passed:
            raise AssertionError(self.text)
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython is a dependency
            return
        if get_ipython() is not None:
            from IPython.display import display

            display(self)

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return report_html(self)


def report_html(report: Report) -> str:
    """The report as HTML: green when passed; else the case, expected vs got, the picture."""
    if report.passed:
        return (f'<div class="zoobook-check zoobook-pass" style="color:#1a6b1a">'
                f"&#10004; {html.escape(report.text)}</div>")
    failure = report.first
    shown = [("case", failure.case.name)]
    if failure.reveal:
        shown.append(("expected", show(failure.expected)))
    shown.append(("got", show(failure.got)))
    rows = "".join(f"<tr><th style='text-align:left'>{label}</th><td><code>{html.escape(value)}</code>"
                   f"</td></tr>" for label, value in shown)
    more = (f"<p>{len(report.failures) - 1} more case(s) failed after it.</p>"
            if len(report.failures) > 1 else "")
    return (f'<div class="zoobook-check zoobook-fail" style="color:#8b1a1a">'
            f"&#10008; <b>{html.escape(report.title)}</b>: {html.escape(failure.reason)}."
            f"<table>{rows}</table>{more}{failure.picture}</div>")


def _fresh(args: tuple) -> tuple:
    """A deep copy of each argument; immutable models (frozen, uncopyable) are shared as they are."""
    out = []
    for arg in args:
        try:
            out.append(copy.deepcopy(arg))
        except (TypeError, copy.Error):
            out.append(arg)
    return tuple(out)


class SolverCalled(Exception):
    """Raised in place of a library solver the student's function may not call."""


def solver_functions(names: Sequence[str]) -> list[tuple[str, Any]]:
    """``(dotted name, function)`` of each name that resolves here (a name another networkx
    version lacks is skipped: nothing to patch).

    >>> [name for name, _ in solver_functions(["zoobook.hexgrid.distance", "zoobook.hexgrid.no_such"])]
    ['zoobook.hexgrid.distance']
    """
    out = []
    for name in names:
        module_name, _, attr = name.rpartition(".")
        while module_name:
            try:
                value: Any = importlib.import_module(module_name)
            except ImportError:
                module_name, _, head = module_name.rpartition(".")
                attr = f"{head}.{attr}"
                continue
            try:
                for part in attr.split("."):
                    value = getattr(value, part)
            except AttributeError:
                break
            out.append((name, value))
            break
    return out


#: The modules searched for a solver's other names (re-exports, ``import ... as``).
_SOLVER_HOMES = ("zoobook", "networkx")


def _namespaces(function: Callable) -> list[dict]:
    """The global namespaces the student's function looks names up in (the notebook's)."""
    found = []
    while function is not None:
        space = getattr(function, "__globals__", None)
        if isinstance(space, dict) and all(space is not s for s in found):
            found.append(space)
        function = getattr(function, "func", None) or getattr(function, "__func__", None)
    return found


@dataclass
class _SolverGuard:
    """Every binding of the forbidden solvers: patched to raise while the student's function runs."""

    bindings: list[tuple[Any, str, str]]  # (module or namespace dict, attribute, the solver's name)
    handed_in: str | None = None  # the solver's name when the "student's function" is the solver itself
    called: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, exercise: "Exercise", function: Callable) -> "_SolverGuard":
        solvers = solver_functions(exercise.solvers)
        reference = exercise._reference
        solvers.append((f"{reference.__module__}.{reference.__qualname__}"
                        if getattr(reference, "__name__", "<lambda>") != "<lambda>" else "the check's own answer",
                        reference))
        by_id: dict[int, str] = {}
        for name, value in solvers:
            by_id.setdefault(id(value), name)  # a library name says more than "the reference"
        bindings: list[tuple[Any, str, str]] = []
        for module_name, module in list(sys.modules.items()):
            if module is None or module_name.split(".")[0] not in _SOLVER_HOMES:
                continue
            for attr, value in list(vars(module).items()):
                if id(value) in by_id:
                    bindings.append((module, attr, by_id[id(value)]))
        for space in _namespaces(function):
            for attr, value in list(space.items()):
                if id(value) in by_id:
                    bindings.append((space, attr, by_id[id(value)]))
        return cls(bindings, by_id.get(id(function)))

    def _refuse(self, name: str) -> Callable[..., Any]:
        def refuse(*args: Any, **kwargs: Any) -> Any:
            self.called.append(name)
            raise SolverCalled(f"{name} is the library's solver of this exercise")
        return refuse

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for holder, attr, name in self.bindings:
                if isinstance(holder, dict):
                    # Not mock.patch.dict: it restores the whole namespace on exit, which would undo the
                    # globals the student's function set (a cache, a counter); only this name goes back.
                    stack.callback(holder.__setitem__, attr, holder[attr])
                    holder[attr] = self._refuse(name)
                else:
                    stack.enter_context(mock.patch.object(holder, attr, self._refuse(name)))
            yield

    @property
    def reason(self) -> str | None:
        if not self.called:
            return None
        name = self.called[0]
        owner = name.split(".")[0] if name.startswith(_SOLVER_HOMES) else "zoobook"
        return f"your function calls {owner}'s solver ({name}); write your own"


def _call(function: Callable, case: Case, guard: _SolverGuard | None = None) -> tuple[Any, str | None]:
    """The student's answer, or the reason it could not be had."""
    if guard is not None:
        guard.called[:] = [guard.handed_in] if guard.handed_in else []
        if guard.called:
            return None, guard.reason
        with guard.active():
            got, reason = _call(function, case)
        return (None, guard.reason) if guard.called else (got, reason)
    try:
        return function(*_fresh(case.args)), None
    except NotImplementedError:
        return None, ("the function is still the stub: replace `raise NotImplementedError()` "
                      "with your code")
    except Exception as exc:  # any mistake in student code is a failed case, not a crash
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        return None, (f"your function raised {type(exc).__name__}: {exc} "
                      f"(line {frame.lineno}: {frame.line})")


def _picture(draw, case: Case, expected: Any, got: Any) -> str:
    if draw is None:
        return ""
    from zoobook.widgets.common import figure_html

    try:
        fig = draw(case, expected, got)
    except Exception:  # a drawing must never hide the verdict
        return ""
    return figure_html(fig, alt=f"{case.name}: expected against got") if fig is not None else ""


def check(student_function: Callable, exercise: Exercise, *, seed: int | None = None,
          random_cases: int | None = None, stop_after: int = 1, allow_solvers: bool = False) -> Report:
    """Test *student_function* on the exercise's workbook cases and hidden random cases.

    Parameters
    ----------
    student_function : callable
        Called like the exercise's reference.
    exercise : Exercise
    seed : int, optional
        Seeds the random cases (a fresh seed each call when omitted; a failing
        random case names its seed, so it can be tried again).
    random_cases : int, optional
        Overrides the exercise's number of random cases.
    stop_after : int
        Stop after this many failures (the first one is the one explained).
    allow_solvers : bool
        Let the function call the exercise's ``solvers`` (the library's own tests hold the
        reference against the library this way; a graded check never does).

    Returns
    -------
    Report
    """
    if not callable(student_function):
        raise TypeError(f"check needs your function itself, e.g. check({exercise.name}, ...), "
                        f"not {student_function!r}")
    if seed is None:
        seed = random.randrange(10**6)
    cases = exercise.cases(seed, random_cases)
    workbook = len(cases) - (exercise.random_cases if random_cases is None else random_cases)
    failures: list[Failure] = []
    guard = None if allow_solvers else _SolverGuard.of(exercise, student_function)
    for case in cases:
        expected = exercise._reference(*_fresh(case.args))
        got, crashed = _call(student_function, case, guard)
        reason = crashed or exercise.judge(case, expected, got)
        if reason:
            picture = _picture(exercise.draw, case, expected, got) if not failures and not crashed else ""
            failures.append(Failure(case, expected, got, reason, picture))
            if len(failures) >= stop_after:
                break
    return Report(exercise.name, not failures, len(cases), tuple(failures), workbook)


@dataclass(frozen=True)
class Challenge:
    """One harder question; its answer is verified, never stored.

    Attributes
    ----------
    name : str
    question : str
        The question as the notebook asks it.
    solve : callable
        ``() -> expected``: the library's answer, computed when checking. Kept
        private (``_solve``), as an exercise's reference is.
    judge : callable
        ``(case, expected, got) -> None or reason`` (as for exercises; the case
        is the challenge itself). Default :func:`judge_secret`. Its reason must
        not give the expected answer away.
    parse : callable
        Turns text typed into the answer box into an answer (default: int).
    draw : callable or None
        ``(case, expected, got) -> Figure`` for a wrong answer.
    context : object
        Whatever the drawing needs.
    """

    name: str
    question: str
    solve: InitVar[Callable[[], Any]]
    judge: Callable[[Case, Any, Any], str | None] | None = None
    parse: Callable[[str], Any] = int
    draw: Callable[[Case, Any, Any], Any] | None = None
    context: Any = field(default=None, compare=False)

    def __post_init__(self, solve: Callable[[], Any]) -> None:
        object.__setattr__(self, "_solve", solve)


def judge_secret(case: Case, expected: Any, got: Any) -> str | None:
    """Right when ``got == expected``; a wrong number learns only "too high" or "too low"."""
    if got == expected:
        return None
    if isinstance(got, (int, float)) and isinstance(expected, (int, float)) and not isinstance(got, bool):
        return f"{show(got)} is not it: too {'high' if got > expected else 'low'}"
    return f"{show(got)} is not it"


#: What a wrong answer is told without hints: nothing that narrows the search.
WRONG = "that is not the answer"


def check_answer(answer: Any, challenge: Challenge, *, hints: bool = False) -> Report:
    """Verify *answer* to *challenge* against the library's own solution.

    A wrong answer is never shown the right one. Without *hints* (the student edition, the graded
    cell) it is told only that it is wrong: "too low" or "too high" would let a student find the
    answer by guessing. With *hints* (the teacher's edition, a class calling out answers) it is
    told why: "too low", or which rule a network breaks.

    >>> sum_to_ten = Challenge("sum", "1 + ... + 10?", solve=lambda: sum(range(11)))
    >>> check_answer(55, sum_to_ten).passed, check_answer(50, sum_to_ten).text
    (True, 'sum: case "the challenge" failed: that is not the answer.')
    >>> check_answer(50, sum_to_ten, hints=True).text
    'sum: case "the challenge" failed: 50 is not it: too low.'
    """
    case = Case("the challenge", (), challenge.context)
    if answer is None or answer is NotImplemented or answer is ...:
        failure = Failure(case, None, answer, "no answer yet: set the answer variable first")
        return Report(challenge.name, False, 1, (failure,))
    expected = challenge._solve()
    judge = challenge.judge or judge_secret
    try:
        reason = judge(case, expected, answer)
    except Exception as exc:  # a malformed answer is a wrong answer with a reason
        reason = f"that answer cannot be read ({type(exc).__name__}: {exc})"
    if reason:
        if not hints:
            return Report(challenge.name, False, 1, (Failure(case, expected, answer, WRONG, "", False),))
        picture = _picture(challenge.draw, case, expected, answer)
        return Report(challenge.name, False, 1, (Failure(case, expected, answer, reason, picture, False),))
    return Report(challenge.name, True, 1, (), 1, note=f"{challenge.name}: correct!")
