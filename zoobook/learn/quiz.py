"""Quizzes: "legal or not?" about real engine states, the answer key from the engine's ``refusal``.

A :class:`QuizSource` makes real states (after random legal play, say) and the
actions to ask about; :func:`questions` turns them into seeded, reproducible
:class:`Question` s whose answers and explanations come from ``refusal()`` and the
rules index.

Examples
--------
>>> import random
>>> from zoobook.game_api import GameState, Refusal
>>> class Pile(GameState):
...     def __init__(self, left):
...         self.left = left
...     def legal_actions(self):
...         return [n for n in (1, 2) if n <= self.left]
...     def refusal(self, action):
...         return None if action in self.legal_actions() else Refusal("too many", "F-TOY-1")
...     def _apply(self, action):
...         self.left -= action
...     def is_terminal(self):
...         return self.left == 0
...     def returns(self):
...         return [0.0]
...     def clone(self):
...         return Pile(self.left)
>>> source = QuizSource("toy", states=lambda rng: Pile(rng.randint(0, 5)),
...                     candidates=lambda state, rng: [1, 2, 3],
...                     describe=lambda n: f"take {n}", context=lambda s: f"{s.left} left.")
>>> quiz = questions(source, 5, seed=1)
>>> len(quiz), quiz == questions(source, 5, seed=1)
(5, True)
>>> all(q.legal == (q.refusal is None) for q in quiz)
True
>>> [q for q in quiz if not q.legal][0].explanation
'Not legal [F-TOY-1]: too many'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from zoobook.errors import Refusal
from zoobook.game_api import GameState
from zoobook.learn.index import RulesIndex, find_rule

__all__ = ["QuizSource", "Question", "questions"]


@dataclass(frozen=True)
class QuizSource:
    """Where a group's questions come from.

    Attributes
    ----------
    group : str
        The rule group.
    states : callable
        ``states(rng) -> GameState``: a real engine state.
    candidates : callable
        ``candidates(state, rng) -> Sequence``: actions to ask about, legal and illegal.
    describe : callable
        An action in words.
    context : callable or None
        ``context(state) -> str``: the state in one line, put before the question.
    picture : callable, str or None
        ``picture(state) -> str``: the state as HTML/SVG, for the quiz widget, or its hook
        ``"module:function"`` (:func:`zoobook.widgets.drill.draw` imports and calls it).
    """

    group: str
    states: Callable[[random.Random], GameState]
    candidates: Callable[[GameState, random.Random], Sequence]
    describe: Callable[[Any], str] = str
    context: Callable[[GameState], str] | None = None
    picture: Callable[[GameState], str] | str | None = None


@dataclass(frozen=True)
class Question:
    """One question: the prompt, the engine's answer and why.

    ``state`` and ``action`` keep what was asked about (not compared).
    """

    group: str
    prompt: str
    legal: bool
    refusal: Refusal | None
    explanation: str
    state: Any = field(default=None, compare=False, repr=False)
    action: Any = field(default=None, compare=False, repr=False)


def _explain(refusal: Refusal | None, label: str, index: RulesIndex | None) -> str:
    if refusal is None:
        return f"Legal: the engine accepts {label} here."
    if not refusal.rule:
        return f"Not legal: {refusal.reason}"
    rule = None
    if index is not None:
        try:
            rule = index.resolve(refusal.rule)
        except KeyError:
            rule = None
    rule = rule or find_rule(refusal.rule)
    text = f"Not legal [{refusal.rule}]: {refusal.reason}"
    return f"{text} — {rule.statement}" if rule is not None else text


def questions(source: QuizSource, n: int, seed: int, *, index: RulesIndex | None = None,
              tries: int = 50) -> list[Question]:
    """Up to *n* distinct questions from *source*, seeded and reproducible.

    Parameters
    ----------
    source : QuizSource
    n : int
        How many questions (fewer if *source* cannot make that many distinct ones).
    seed : int
    index : RulesIndex, optional
        For the rule's statement in explanations (found by rule id when omitted).
    tries : int
        States drawn per wanted question before giving up.
    """
    if n < 0:
        raise ValueError(f"n must be 0 or more, not {n}")
    rng = random.Random(seed)
    found: list[Question] = []
    prompts: set[str] = set()
    for _ in range(max(1, n) * tries):
        if len(found) >= n:
            break
        state = source.states(rng)
        actions = list(source.candidates(state, rng))
        rng.shuffle(actions)
        for action in actions:
            label = source.describe(action)
            context = source.context(state) + " " if source.context else ""
            prompt = f"{context}Is this legal: {label}?"
            if prompt in prompts:
                continue
            why = state.refusal(action)
            prompts.add(prompt)
            found.append(Question(source.group, prompt, why is None, why, _explain(why, label, index),
                                  state, action))
            break
    return found
