"""Learn the rules by trying them: the rules index, drills and quizzes of every game.

- :mod:`~zoobook.learn.index`: ``zoobook/<game>/rules.toml``, every rule with its engine, lesson
  and tests; coverage and broken references (``zoobook rules --coverage``);
- :mod:`~zoobook.learn.drill`: a tiny position per rule, answered by the engine;
- :mod:`~zoobook.learn.quiz`: "legal or not?" about real engine states.

Each game package with a ``rules.toml`` has a ``learn`` module with ``DRILLS`` and ``QUIZZES``
(:func:`drills`, :func:`quizzes`).
"""

from __future__ import annotations

import importlib

from zoobook.learn.drill import Answer, Drill, DrillRun, out_of_reach
from zoobook.learn.index import (Coverage, Rule, RulesIndex, broken_references, coverage, games,
                                 load_index)
from zoobook.learn.quiz import (Question, QuizSource, ScoreLine, ScoreSource, question_at, questions,
                                quiz_coverage)

__all__ = ["Rule", "RulesIndex", "Coverage", "load_index", "games", "coverage", "broken_references",
           "Drill", "DrillRun", "Answer", "out_of_reach", "QuizSource", "ScoreSource", "ScoreLine", "Question",
           "questions", "question_at", "quiz_coverage", "learn_module",
           "drills", "quizzes"]


def learn_module(game: str):
    """The module ``zoobook.<game>.learn`` (``DRILLS``, ``QUIZZES``)."""
    return importlib.import_module(f"zoobook.{game}.learn")


def drills(game: str) -> tuple[Drill, ...]:
    """The drills of *game* (its ``learn`` module's ``DRILLS``)."""
    return tuple(learn_module(game).DRILLS)


def quizzes(game: str) -> tuple[QuizSource, ...]:
    """The quiz sources of *game* (its ``learn`` module's ``QUIZZES``)."""
    return tuple(learn_module(game).QUIZZES)
