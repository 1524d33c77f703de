"""Nothing a student's notebook holds answers a graded question for them.

The student edition imports an exercises module (``from zoobook.classroom.exercises import
lineup as exercises``). Every public callable it reaches there, ``exercises.NAME`` or
``exercises.NAME.ATTR``, is tried on each exercise's workbook cases and, with no
arguments, on each challenge: none may pass. (The answers live in private attributes, which
:func:`zoobook.classroom.check` uses; a student who digs there or imports the library's
solvers does so in plain sight of the grader.)
"""

from __future__ import annotations

import contextlib
import inspect
import signal

import pytest

# The callables tried below draw with matplotlib and the workbook's drawing helpers, which they
# import on first use. Import them here, before any call is timed: an alarm that lands inside a
# first import leaves the module half-run (matplotlib.collections, say, with a second Collection
# class behind it), and every later figure in this test process fails.
import matplotlib.patches  # noqa: F401
import matplotlib.pyplot  # noqa: F401
import networkx  # noqa: F401
import zoobook.widgets.common  # noqa: F401
import zoobook.widgets.hexdraw  # noqa: F401
from zoobook.classroom.checking import Challenge, Exercise, judge_secret
from zoobook.classroom.exercises import easter, hexes, lineup, requests, zoo

MODULES = [hexes, zoo, easter, lineup, requests]


def exposed(module) -> list[tuple[str, object]]:
    """(how a student writes it, the callable) for each public callable the module hands out."""
    found = []
    for name in dir(module):
        value = getattr(module, name)
        if name.startswith("_"):
            continue
        if callable(value) and not inspect.isclass(value):
            found.append((f"exercises.{name}", value))
        if isinstance(value, (Exercise, Challenge)):
            for attr in dir(value):
                member = getattr(value, attr)
                if not attr.startswith("_") and callable(member) and not inspect.isclass(member):
                    found.append((f"exercises.{name}.{attr}", member))
    return found


@contextlib.contextmanager
def at_most(seconds: float):
    """Stop a call that runs longer than *seconds* (a wrong guess at arguments may search forever)."""
    def stop(*_):
        raise TimeoutError

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def answers(call, judge, cases_and_expected) -> bool:
    """Whether *call* gives a right answer on every case."""
    for case, expected in cases_and_expected:
        try:
            with at_most(2), contextlib.redirect_stdout(None):
                got = call(*case.args)
            if judge(case, expected, got) is not None:
                return False
        except Exception:  # a wrong guess at what the callable takes
            return False
    return True


def exercises_and_challenges() -> list:
    return [pytest.param(module, getattr(module, name), id=f"{module.__name__.rsplit('.', 1)[-1]}.{name}")
            for module in MODULES for name in dir(module)
            if isinstance(getattr(module, name), (Exercise, Challenge))]


def test_the_modules_hold_exercises_and_challenges():
    for module in MODULES:
        assert any(isinstance(getattr(module, n), Challenge) for n in dir(module)), module.__name__


@pytest.mark.parametrize("module, question", exercises_and_challenges())
def test_no_public_callable_answers_the_question(module, question):
    if isinstance(question, Exercise):
        cases = list(question.workbook())[:4]
        assert cases, f"{question.name} has no workbook cases"
        expected = [(case, question._reference(*case.args)) for case in cases]
        judge = question.judge
    else:
        from zoobook.classroom.checking import Case

        expected = [(Case("the challenge", (), question.context), question._solve())]
        judge = question.judge or judge_secret
    leaks = [name for name, call in exposed(module) if answers(call, judge, expected)]
    assert not leaks, f"{question.name}: {leaks} answer it"


def test_the_answers_are_not_public_attributes():
    with pytest.raises(AttributeError):
        hexes.CHALLENGE.solve  # noqa: B018
    with pytest.raises(AttributeError):
        hexes.HEX_DISTANCE.reference  # noqa: B018


def test_the_leak_finder_finds_a_leak():
    """The finder itself: a module that hands out its reference is caught."""
    import types

    leaky = types.ModuleType("leaky")
    leaky.HEX_DISTANCE = hexes.HEX_DISTANCE
    leaky.distance_helper = hexes.HEX_DISTANCE._reference
    leaky.CHALLENGE = hexes.CHALLENGE
    leaky.peek = hexes.CHALLENGE._solve
    cases = [(c, hexes.HEX_DISTANCE._reference(*c.args)) for c in hexes.HEX_DISTANCE.workbook()[:3]]
    assert [n for n, call in exposed(leaky) if answers(call, hexes.HEX_DISTANCE.judge, cases)] == \
        ["exercises.distance_helper"]
    from zoobook.classroom.checking import Case

    challenge = [(Case("the challenge", ()), hexes.CHALLENGE._solve())]
    assert [n for n, call in exposed(leaky) if answers(call, judge_secret, challenge)] == ["exercises.peek"]
