"""Drills: a tiny position per rule, where the learner moves and the engine answers.

A :class:`Drill` is data: a fresh engine state that shows a rule, the actions offered
(legal and illegal ones), a goal stated in game terms (never the clicks), the goal test,
``misses`` (after a legal move: why the goal can no longer be met from here, or None) and
a known solution (for the tests and the widget's "Show me" button, never for stored
output). A :class:`DrillRun` is one learner's attempt: :meth:`DrillRun.try_action` asks
the engine only (``refusal``, then ``apply`` on a legal action) and answers with the
rule's id and the index's statement; :meth:`DrillRun.undo` takes the last move back. A
drill is done only when ``reached(state)``. Drills hold no rules: everything they say
comes from the engine and the rules index.

Examples
--------
A toy engine: take 1 or 2 from a pile; taking more than is left breaks rule ``F-TOY-1``.

>>> from zoobook.game_api import GameState, Refusal
>>> class Pile(GameState):
...     def __init__(self, left=3):
...         self.left = left
...     def legal_actions(self):
...         return [n for n in (1, 2) if n <= self.left]
...     def refusal(self, action):
...         return None if action in self.legal_actions() else Refusal(f"cannot take {action}", "F-TOY-1")
...     def _apply(self, action):
...         self.left -= action
...     def is_terminal(self):
...         return self.left == 0
...     def returns(self):
...         return [0.0]
...     def clone(self):
...         return Pile(self.left)
>>> drill = Drill("drill-toy-take", "toy", "Take", "Empty the pile in exactly two takes.", ("F-TOY-1",),
...               start=Pile, choices=lambda state: [1, 2, 3], reached=lambda state: state.left == 0,
...               solution=(2, 1), describe=lambda n: f"take {n}",
...               misses=lambda state: "one take is left and it cannot empty the pile" if state.left == 2 else None)
>>> run = DrillRun(drill)
>>> answer = run.try_action(3)
>>> answer.accepted, answer.refusal.rule, run.state.left
(False, 'F-TOY-1', 3)
>>> answer.message
'Refused [F-TOY-1]: cannot take 3'
>>> run.try_action(1).message
'take 1: legal, but one take is left and it cannot empty the pile. Undo it, or Reset.'
>>> run.undo(), run.state.left, run.history
(True, 3, ())
>>> [run.try_action(a).reached for a in drill.solution], run.done
([False, True], True)
>>> run.reset(); run.state.left, run.history
(3, ())
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from zoobook.errors import Refusal
from zoobook.game_api import GameState
from zoobook.learn.index import RulesIndex, find_rule

__all__ = ["Drill", "DrillRun", "Answer", "refusal_message", "on_the_way", "out_of_reach"]


def on_the_way(state: GameState) -> str | None:
    """The default ``misses``: a legal move never rules the goal out (None)."""
    return None


def out_of_reach(state: GameState, reached: Callable[[GameState], bool], *, depth: int = 12,
                 budget: int = 20_000, actions: Callable[[GameState], Sequence] | None = None) -> bool:
    """Whether no sequence of at most *depth* legal actions from *state* reaches the goal.

    A small search for a drill's ``misses`` (a drill's position is small). *actions* are the
    moves to try (default ``legal_actions``); past *budget* positions the goal counts as still
    reachable (no false "you missed").

    >>> from zoobook.game_api import GameState
    >>> class Count(GameState):
    ...     def __init__(self, n=0): self.n = n
    ...     def legal_actions(self): return [1] if self.n < 3 else []
    ...     def refusal(self, action): return None if action in self.legal_actions() else "no"
    ...     def _apply(self, action): self.n += action
    ...     def is_terminal(self): return self.n >= 3
    ...     def returns(self): return [self.n]
    ...     def clone(self): return Count(self.n)
    >>> out_of_reach(Count(), lambda s: s.n == 3), out_of_reach(Count(), lambda s: s.n == 4)
    (False, True)
    """
    moves = actions or (lambda s: s.legal_actions())
    left = [budget]

    def search(position: GameState, steps: int) -> bool | None:      # True: reachable; None: gave up
        if reached(position):
            return True
        if steps == 0 or position.is_terminal():
            return False
        for action in moves(position):
            left[0] -= 1
            if left[0] < 0:
                return None
            if position.refusal(action) is not None:
                continue
            after = position.clone()
            after.apply(action)
            found = search(after, steps - 1)
            if found is None or found:
                return found
        return False

    return search(state, depth) is False


@dataclass(frozen=True)
class Drill:
    """One drill: a position that shows a rule, the learner's choices, and the goal.

    Attributes
    ----------
    id : str
        ``"drill-lineup-doors"``: also the id of the notebook cell that shows it.
    group : str
        The rule group (a Learn section).
    title, goal : str
        A short title; one line saying what to achieve, in game terms ("score at least 4 in
        this lineup"), never which buttons to press.
    rules : tuple of str
        The rule ids taught (each resolves in the game's index).
    start : callable
        ``start() -> GameState``: a fresh engine state set up to show the rule.
    choices : callable
        ``choices(state) -> Sequence``: the actions offered, legal and illegal ones.
    reached : callable
        ``reached(state) -> bool``: the goal test; the drill is done only when it holds.
    solution : tuple
        Actions that reach the goal from ``start()`` (walked by the tests and by "Show me").
    describe : callable
        An action's label on its button.
    picture : callable, str or None
        ``picture(state) -> str``: the state as HTML/SVG (the game's own drawing), or its hook
        ``"module:function"`` (a game's pictures live in ``zoobook/widgets/``, above the rules;
        :func:`zoobook.widgets.drill.draw` imports and calls it).
    misses : callable
        ``misses(state) -> str | None``, asked after every legal move that does not reach the
        goal: why the goal can no longer be met from *state* (one clause in game terms, "the
        herbivore can no longer get a visitor"), or None while it still can.
    """

    id: str
    group: str
    title: str
    goal: str
    rules: tuple[str, ...]
    start: Callable[[], GameState]
    choices: Callable[[GameState], Sequence]
    reached: Callable[[GameState], bool]
    solution: tuple = ()
    describe: Callable[[Any], str] = str
    picture: Callable[[GameState], str] | str | None = None
    misses: Callable[[GameState], str | None] = on_the_way


@dataclass(frozen=True)
class Answer:
    """What the engine said to one try: accepted or refused (and why), and whether the goal is reached.

    Attributes
    ----------
    accepted : bool
    refusal : Refusal or None
    reached : bool
    message : str
        One line for the learner: on a refusal it names the rule id and the index's statement;
        on a legal move that misses the goal, why it misses.
    missed : str or None
        After a legal move: why the goal can no longer be met (``Drill.misses``), or None.
    """

    accepted: bool
    refusal: Refusal | None
    reached: bool
    message: str
    missed: str | None = None


def refusal_message(refusal: Refusal, index: RulesIndex | None = None) -> str:
    """``"Refused [F7]: <reason> — <the rule's statement>"`` (the statement when the index knows it).

    >>> refusal_message(Refusal("no such move"))
    'Refused: no such move'
    >>> refusal_message(Refusal("not that way", "F-NOWHERE-1"))
    'Refused [F-NOWHERE-1]: not that way'
    """
    if not refusal.rule:
        return f"Refused: {refusal.reason}"
    rule = None
    if index is not None:
        try:
            rule = index.resolve(refusal.rule)
        except KeyError:
            rule = None
    if rule is None:
        rule = find_rule(refusal.rule)
    text = f"Refused [{refusal.rule}]: {refusal.reason}"
    return f"{text} — {rule.statement}" if rule is not None else text


class DrillRun:
    """One learner's attempt at a drill: the state, the history of accepted actions, the answers.

    Parameters
    ----------
    drill : Drill
    index : RulesIndex, optional
        The game's rules index (statements for refusal messages); found by rule id when omitted.
    """

    def __init__(self, drill: Drill, index: RulesIndex | None = None) -> None:
        self.drill = drill
        self.index = index
        self.reset()

    def reset(self) -> None:
        """Start again from a fresh ``drill.start()``."""
        self.state: GameState = self.drill.start()
        self.history: tuple = ()
        self._before: list[GameState] = []
        self.done: bool = bool(self.drill.reached(self.state))
        self.missed: str | None = None

    def choices(self) -> list:
        """The actions offered now (none once the goal is reached)."""
        return [] if self.done else list(self.drill.choices(self.state))

    def can_undo(self) -> bool:
        """Whether a move can be taken back."""
        return bool(self._before)

    def undo(self) -> bool:
        """Take the last accepted move back (also after the goal is reached); False if there is none."""
        if not self._before:
            return False
        self.state = self._before.pop()
        self.history = self.history[:-1]
        self.done = bool(self.drill.reached(self.state))
        self.missed = self.drill.misses(self.state) if self.history and not self.done else None
        return True

    def try_action(self, action: Any) -> Answer:
        """Ask the engine: a refusal changes nothing; a legal action is applied.

        After a legal action the answer says whether the goal is reached, or why it can no longer
        be (``Drill.misses``), or that the learner is still on the way.
        """
        if self.done:
            return Answer(False, None, True, "Goal already reached: press Reset to try again.")
        why = self.state.refusal(action)
        if why is not None:
            return Answer(False, why, False, refusal_message(why, self.index), self.missed)
        self._before.append(self.state.clone())
        self.state.apply(action)
        self.history += (action,)
        self.done = bool(self.drill.reached(self.state))
        label = self.drill.describe(action)
        if self.done:
            self.missed = None
            return Answer(True, None, True, f"{label}: legal. Goal reached!")
        self.missed = self.drill.misses(self.state)
        if self.missed:
            return Answer(True, None, False, f"{label}: legal, but {self.missed}. Undo it, or Reset.", self.missed)
        if not self.choices():
            return Answer(True, None, False, f"{label}: legal, but no move is left from here. Undo it, or Reset.",
                          "no move is left")
        return Answer(True, None, False, f"{label}: legal. The goal is not met yet: {self.drill.goal}")

    def play_solution(self) -> None:
        """Reset, then play the drill's known solution (the widget's "Show me"; the tests walk it)."""
        self.reset()
        for action in self.drill.solution:
            self.try_action(action)
