"""Puzzle kind ``5x5/lineup``: the best lineup of one round of 5x5 Zoo.

The puzzle and its file (keys, defaults, refusals) are :mod:`zoobook.fivebyfive.lineup_puzzle`;
the answer is :func:`zoobook.fivebyfive.solver.solve_lineup`.

Examples
--------
>>> from zoobook.puzzles.loading import parse_puzzle
>>> text = '''id = "x"
... kind = "5x5/lineup"
... gate = "W"
... cubes = "RY"
... [[tile]]
... cells = ["A3"]
... kind = "carnivore"
... '''
>>> parse_puzzle(text).solve().value
1
"""

from __future__ import annotations

from zoobook.fivebyfive.decision_kind import DECISION_KIND
from zoobook.fivebyfive.lineup_puzzle import LineupPuzzle, dump, parse
from zoobook.fivebyfive.solver import solve_lineup
from zoobook.puzzles.registry import PuzzleKind
from zoobook.puzzles.solution import Solution

__all__ = ["parse", "solve", "dump", "KINDS"]


def solve(puzzle: LineupPuzzle) -> Solution:
    """The best lineup (:func:`zoobook.fivebyfive.solver.solve_lineup`)."""
    return solve_lineup(puzzle)


KINDS = (PuzzleKind("5x5/lineup", "the most points one round's lineup can score (5x5 Zoo)", parse, solve, dump),
         DECISION_KIND)     # "find a better move" at a position of a recorded game (zoobook review --puzzles)

# Hooks found by the registry, imported only when used (zoobook.puzzles.registry).
VIEWS = {"5x5/lineup": "zoobook.widgets.kind_views:LINEUP_VIEW",
         "5x5/decision": "zoobook.widgets.kind_views:FIVE_DECISION_VIEW"}
GENERATORS = {"5x5/lineup": "zoobook.generate.lineup:LINEUP_GENERATOR"}
